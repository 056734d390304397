package site

import "testing"

// TestFillSlotFillsTheLastSlot checks the slot filler, and that a page
// without a slot is reported.
func TestFillSlotFillsTheLastSlot(t *testing.T) {
	got, ok := FillSlot([]byte("a"+SheetSlot+"b"+SheetSlot+"c"), "<svg/>")
	if want := "a" + SheetSlot + "b<svg/>c"; !ok || string(got) != want {
		t.Errorf("FillSlot = %q, %v; want %q, true", got, ok, want)
	}
	if _, ok := FillSlot([]byte("no slot"), "<svg/>"); ok {
		t.Error("FillSlot found a slot in a page without one")
	}
}
