//go:build linux

package serve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestEditWaitsForAnotherBuildOfTheOutput checks that an edit built while
// another build holds the output folder (a second serve on the same site,
// a build run by hand) is built once that one is done, where serve told
// "output folder ...: another build is writing it" in the log and a red
// panel, and the page kept the old text until the next edit. The log says
// once that it waits, where it said nothing until the build was done.
func TestEditWaitsForAnotherBuildOfTheOutput(t *testing.T) {
	var log syncLog
	s, src := loggedSite(t, map[string]string{"dot.non": dot}, &log)
	awaitPreparedBack(t, s.cfg.Out)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sse := connect(t, ctx, s.URL())
	sse.await(t, "ok", nil)

	// The other build: the lock a build takes on the back buffer.
	back, err := os.Open(filepath.Join(filepath.Dir(s.cfg.Out), "."+filepath.Base(s.cfg.Out)+".nonopress-next"))
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if err := unix.Flock(int(back.Fd()), unix.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(src, "dot.non"), []byte(strings.Replace(dot, `"Dot"`, `"Spot"`, 1)), 0o644)
	waiting := waitingLine(s.cfg.Out)
	log.await(t, waiting)
	unix.Flock(int(back.Fd()), unix.LOCK_UN)

	deadline := time.After(20 * time.Second)
	for {
		select {
		case ev := <-sse.events:
			if ev.Name == "builderror" {
				t.Fatalf("the edit failed while another build wrote the output: %v", ev.Data)
			}
			if ev.Name == "reload" && hasPath("/dot/index.html")(ev.Data.(map[string]any)) {
				if _, page := get(t, s.URL()+"dot/"); !strings.Contains(page, "Spot") {
					t.Errorf("the page reloaded is not the edit's")
				}
				if n := strings.Count(log.String(), waiting); n != 1 {
					t.Errorf("the log says %d times that the build waits, want once:\n%s", n, log.String())
				}
				return
			}
		case <-deadline:
			t.Fatal("the edit was not built within 20 s of the other build's end")
		}
	}
}
