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

// TestFillSlotFillsTheLastSlot checks the slot filler, and that a page
// without a slot is reported.
func TestFillSlotFillsTheLastSlot(t *testing.T) {
	got, ok := fillSlot([]byte("a"+sheetSlot+"b"+sheetSlot+"c"), "<svg/>")
	if want := "a" + sheetSlot + "b<svg/>c"; !ok || string(got) != want {
		t.Errorf("fillSlot = %q, %v; want %q, true", got, ok, want)
	}
	if _, ok := fillSlot([]byte("no slot"), "<svg/>"); ok {
		t.Error("fillSlot found a slot in a page without one")
	}
}
