package validate

import (
	"context"
	"testing"
)

// A cache over a caller's store asks it for a result once, keeps what it
// found, and reports as changes only the results it stored itself, until
// they are saved.
func TestCacheOverAsksOnceAndReportsItsOwn(t *testing.T) {
	p := grid("##.", "#..", "...")
	multi := grid("#.", ".#")
	multi.Goal = nil
	solved := NewCache(nil)
	first := Check(context.Background(), p, Options{Cache: solved})
	stored, _ := solved.Snapshot()

	asked := map[string]int{}
	c := NewCacheOver(func(id string) (CacheEntry, bool) {
		asked[id]++
		e, ok := stored[id]
		return e, ok
	})
	for range 2 {
		if r := Check(context.Background(), p, Options{Cache: c}); !r.Cached || !r.Solution.Equal(first.Solution) {
			t.Fatalf("check over the store: %+v, want the stored verdict", r)
		}
	}
	if asked[first.ID] != 1 {
		t.Errorf("the store was asked for %s %d times, want once", first.ID, asked[first.ID])
	}
	if ch := c.Changes(); len(ch) != 0 || c.Changed() {
		t.Errorf("a verdict read from the store counts as a change: %v", ch)
	}
	m := Check(context.Background(), multi, Options{Cache: c})
	if ch := c.Changes(); len(ch) != 1 || ch[m.ID].Verdict != "multiple" || !c.Changed() {
		t.Errorf("changes after solving a new puzzle: %v, want its verdict alone", ch)
	}
	c.Saved()
	if ch := c.Changes(); len(ch) != 0 {
		t.Errorf("changes after saving: %v", ch)
	}
}
