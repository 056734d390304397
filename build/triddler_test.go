package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTriddlerPage builds a site with a triddler: it gets its page with
// the sheet, solution and PDF, a verdict, and a place in the booklet.
func TestTriddlerPage(t *testing.T) {
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
	for _, w := range sum.Warnings {
		if strings.Contains(w, "triddler") {
			t.Errorf("warning %q", w)
		}
	}
	page := s.read("odd/wake-up/index.html")
	if !strings.Contains(page, "Wake up!") || !strings.Contains(page, "np-sheet") || strings.Contains(page, "0×0") {
		t.Errorf("triddler page should show its title and sheet, and no 0×0 size")
	}
	for _, f := range []string{"odd/wake-up/sheet.svg", "odd/wake-up/solution.svg", "odd/wake-up/sheet.pdf", "odd/booklet.pdf", "odd/wake_up.xml"} {
		if !s.exists(f) {
			t.Errorf("no %s", f)
		}
	}
	if !strings.Contains(s.read("catalogue.json"), `"kind":"triddler","cells":24,"verdict":"unique"`) {
		t.Errorf("catalogue has no size and verdict for the triddler:\n%s", s.read("catalogue.json"))
	}
	if list := s.read("odd/index.html"); !strings.Contains(list, "triddler, 24 triangles") || strings.Contains(list, "0×0") {
		t.Errorf("the triddler's card should give its size in triangles")
	}
	// Its card shows its blank outline, of its own: no shared one fits it.
	if !strings.Contains(s.read("odd/index.html"), `src="wake-up/thumb.svg"`) || !strings.Contains(s.read("odd/wake-up/thumb.svg"), "<polygon") {
		t.Errorf("the triddler's card should show its blank outline")
	}
	if !strings.Contains(page, `id="np-triddler"`) || strings.Contains(page, `id="np-puzzle"`) {
		t.Errorf("the triddler's page should have triddler play and no grid player")
	}
	checkLinks(t, s.out)
}

func TestSolverCacheReused(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	// Poison the cache: a build that trusts it publishes the cached verdict.
	poisoned := false
	s.editStore(func(d *storeData) {
		verdicts := decodeVerdicts(d.verdicts)
		for id, v := range verdicts {
			if v.Difficulty == "line" {
				v.Difficulty, poisoned = "search", true
				verdicts[id] = v
			}
		}
		var err error
		if d.verdicts, err = encodeVerdicts(verdicts); err != nil {
			t.Fatal(err)
		}
		// The file memo would skip checking altogether.
		d.records, d.assets, d.stamp = nil, nil, buildStamp{}
	})
	if !poisoned {
		t.Fatal("cache holds no line difficulty")
	}
	s.mustBuild(Config{})
	if !strings.Contains(s.read("catalogue.json"), `"difficulty":"search"`) {
		t.Errorf("second build did not use the solver cache")
	}
}
