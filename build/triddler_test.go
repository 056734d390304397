package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTriddlerPageWithoutSheet(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(corpus(t, "number-loom/puzzles"), "wake_up.xml"))
	if err != nil {
		t.Fatal(err)
	}
	s := newSite(t, smallSite)
	writeTree(t, s.src, "-- odd/wake_up.xml --\n"+string(data))
	sum := s.mustBuild(Config{})
	if sum.Puzzles != 5 {
		t.Errorf("Puzzles = %d, want 5", sum.Puzzles)
	}
	found := false
	for _, w := range sum.Warnings {
		found = found || strings.Contains(w, "wake_up.xml") && strings.Contains(w, "triddler")
	}
	if !found {
		t.Errorf("no triddler warning in %q", sum.Warnings)
	}
	page := s.read("odd/wake-up/index.html")
	if !strings.Contains(page, "Wake up!") || !strings.Contains(page, "triddler") || strings.Contains(page, "np-sheet") ||
		strings.Contains(page, `id="np-puzzle"`) || strings.Contains(page, "0×0") {
		t.Errorf("triddler page should show title and warning, no sheet and no player")
	}
	if s.exists("odd/wake-up/sheet.svg") || s.exists("odd/booklet.pdf") || !s.exists("odd/wake_up.xml") {
		t.Errorf("triddler outputs wrong")
	}
	checkLinks(t, s.out)
	if _, err := s.build(Config{Strict: true}); err == nil {
		t.Errorf("strict build accepted an unsupported triddler")
	}
}

func TestSolverCacheReused(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	cache := filepath.Join(s.cache(), "verdicts.json")
	data, err := os.ReadFile(cache)
	if err != nil {
		t.Fatalf("no solver cache after a build: %v", err)
	}
	// Poison the cache: a build that trusts it publishes the cached verdict.
	poisoned := strings.ReplaceAll(string(data), `"difficulty":"line"`, `"difficulty":"search"`)
	if poisoned == string(data) {
		t.Fatalf("cache holds no line difficulty:\n%s", data)
	}
	if err := os.WriteFile(cache, []byte(poisoned), 0o644); err != nil {
		t.Fatal(err)
	}
	// The file memo would skip checking altogether.
	os.Remove(filepath.Join(s.cache(), storeFile))
	s.mustBuild(Config{})
	if !strings.Contains(s.read("catalogue.json"), `"difficulty":"search"`) {
		t.Errorf("second build did not use the solver cache")
	}
}
