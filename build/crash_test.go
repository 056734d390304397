package build

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain runs the tests, or, when TestKillDuringBuild starts this test
// binary again with NP_CRASH_SRC set, the build loop that it kills.
func TestMain(m *testing.M) {
	if src := os.Getenv("NP_CRASH_SRC"); src != "" {
		crashChild(src, os.Getenv("NP_CRASH_OUT"))
		return
	}
	m.Run()
}

// crashChild builds over and over until killed, alternating between two
// configurations so that every page changes from one build to the next.
func crashChild(src, out string) {
	for i := 0; ; i++ {
		cfg := Config{Src: src, Out: out}
		if i%2 == 1 {
			cfg.BaseURL = "https://example.org"
		}
		b, err := New(cfg)
		if err == nil {
			_, err = b.Build(context.Background())
		}
		if err != nil {
			fmt.Println("build failed:", err)
			return
		}
		fmt.Println("built") // the parent counts completed builds
	}
}

// TestKillDuringBuild kills (SIGKILL) a process that builds over and over at
// random moments, and checks that the published folder is each time one
// complete site, never a mix or a half-written one, and that the next build
// recovers.
func TestKillDuringBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	// The sites the published folder may hold: the first build, and the
	// output of the child's two alternating configurations.
	want := map[string]map[string][]byte{"first": snapshot(t, s.out)}
	for name, baseURL := range map[string]string{"plain": "", "reload": "https://example.org"} {
		out := filepath.Join(t.TempDir(), name)
		s.mustBuild(Config{Out: out, BaseURL: baseURL})
		want[name] = snapshot(t, out)
	}
	// Make the first build's output differ from both (a puzzle added).
	writeTree(t, s.src, "-- later.non --\ntitle \"Later\"\nlicense CC0-1.0\nwidth 1\nheight 1\n\nrows\n1\n\ncolumns\n1\n")
	for name, baseURL := range map[string]string{"plain": "", "reload": "https://example.org"} {
		out := filepath.Join(t.TempDir(), name)
		s.mustBuild(Config{Out: out, BaseURL: baseURL})
		want[name] = snapshot(t, out)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]int{}
	for i := range 12 {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "NP_CRASH_SRC="+s.src, "NP_CRASH_OUT="+s.out)
		var stdout strings.Builder
		cmd.Stdout = &stdout
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.IntN(1500)) * time.Millisecond)
		cmd.Process.Kill() // SIGKILL: no deferred cleanup runs
		cmd.Wait()
		got := snapshot(t, s.out)
		match := ""
		for name, w := range want {
			if diffSnapshots(w, got) == "" {
				match = name
			}
		}
		if strings.Contains(stdout.String(), "build failed") {
			t.Fatalf("child: %s", stdout.String())
		}
		if match == "" {
			t.Fatalf("kill %d (after %d builds): the published folder is no complete site:\n%s", i,
				strings.Count(stdout.String(), "built"), diffSnapshots(want["plain"], got))
		}
		seen[match]++
		t.Logf("kill %d: %d builds done, published: %s", i, strings.Count(stdout.String(), "built"), match)
	}
	t.Logf("published folder after each kill: %v", seen)
	// A normal build after all this gives the expected site.
	s.mustBuild(Config{})
	if d := diffSnapshots(want["plain"], snapshot(t, s.out)); d != "" {
		t.Errorf("build after the kills:\n%s", d)
	}
}
