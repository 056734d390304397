package build

import (
	"encoding/json"
	"regexp"
	"testing"

	"github.com/nonopress/nonopress/templates"
)

// TestPlayCheckOnlyForUniquePuzzles checks that a puzzle page carries the
// masked solution for the play mode's Check when the puzzle has exactly one
// solution, and nothing when it has several.
func TestPlayCheckOnlyForUniquePuzzles(t *testing.T) {
	s := newSite(t, `-- unique.non --
title "Unique"
license CC0-1.0
width 2
height 2

rows
2
1

columns
2
1
-- twice.non --
title "Twice"
license CC0-1.0
width 2
height 2

rows
1
1

columns
1
1
`)
	s.mustBuild(Config{})
	for page, want := range map[string]bool{"unique/index.html": true, "twice/index.html": false} {
		m := regexp.MustCompile(`(?s)<script type="application/json" id="np-puzzle">(.*?)</script>`).FindStringSubmatch(s.read(page))
		if m == nil {
			t.Fatalf("%s: no play data", page)
		}
		var play templates.PlayData
		if err := json.Unmarshal([]byte(m[1]), &play); err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		if got := play.Check != nil; got != want {
			t.Errorf("%s: check data present = %v, want %v", page, got, want)
		}
		if want && (play.Check.Bits != 1 || play.Check.Cells == "") {
			t.Errorf("%s: check data %+v", page, play.Check)
		}
	}
}
