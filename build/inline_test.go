package build

import (
	"strings"
	"testing"
)

// TestInlineSheetIsTheSheetFile checks that a puzzle page inlines its sheet
// exactly as sheet.svg holds it, once, and that no slot is left in any page.
func TestInlineSheetIsTheSheetFile(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	for _, dir := range []string{"animals/cross/", "animals/corner/", "shapes/minis/1/"} {
		page, sheet := s.read(dir+"index.html"), stripXMLDecl(s.read(dir+"sheet.svg"))
		if n := strings.Count(page, sheet); n != 1 {
			t.Errorf("%sindex.html holds its sheet %d times, want once", dir, n)
		}
		if strings.Contains(page, "np-sheet-slot") {
			t.Errorf("%sindex.html still has the sheet's slot", dir)
		}
	}
}
