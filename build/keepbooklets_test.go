package build

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BuildKeepingBooklets answers an edit without making the collection's
// booklet again; the next Build brings the booklet up to date, to the same
// bytes as a build from scratch.
func TestBuildKeepingBooklets(t *testing.T) {
	s := newSite(t, smallSite)
	b, err := New(Config{Src: s.src, Out: s.out})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := b.Build(ctx); err != nil {
		t.Fatal(err)
	}
	before := s.read("animals/booklet.pdf")

	file := filepath.Join(s.src, "animals", "cross.non")
	data, _ := os.ReadFile(file)
	if err := os.WriteFile(file, []byte(strings.Replace(string(data), `by "Ann Author"`, `by "Ann Other"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := b.BuildKeepingBooklets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if sum.DeferredBooklets != 1 {
		t.Errorf("DeferredBooklets = %d, want 1", sum.DeferredBooklets)
	}
	if !strings.Contains(s.read("animals/cross/index.html"), "Ann Other") {
		t.Error("the puzzle page does not show the edit")
	}
	if s.read("animals/booklet.pdf") != before {
		t.Error("the booklet was made again")
	}

	sum, err = b.Build(ctx)
	if err != nil {
		t.Fatal(err)
	}
	after := s.read("animals/booklet.pdf")
	if sum.DeferredBooklets != 0 || after == before || !contains(sum.Changed, "animals/booklet.pdf") {
		t.Errorf("Build after: deferred %d, booklet changed %v, Changed %v", sum.DeferredBooklets, after != before, sum.Changed)
	}
	fresh := &site{t: t, src: s.src, out: filepath.Join(t.TempDir(), "public")}
	os.RemoveAll(filepath.Join(s.src, CacheDir))
	fresh.mustBuild(Config{})
	if fresh.read("animals/booklet.pdf") != after {
		t.Error("the brought-up-to-date booklet differs from a build from scratch")
	}
}
