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

// TestAppendFilledAppendsFillSlot checks that AppendFilled appends to its
// buffer the page FillSlot makes, and nothing without a slot.
func TestAppendFilledAppendsFillSlot(t *testing.T) {
	page := []byte("a" + SheetSlot + "b" + SheetSlot + "c")
	want, _ := FillSlot(page, "<svg/>")
	got, ok := AppendFilled([]byte("kept|"), page, "<svg/>")
	if !ok || string(got) != "kept|"+string(want) {
		t.Errorf("AppendFilled = %q, %v; want %q, true", got, ok, "kept|"+string(want))
	}
	if got, ok := AppendFilled([]byte("kept|"), []byte("no slot"), "<svg/>"); ok || string(got) != "kept|" {
		t.Errorf("AppendFilled without a slot = %q, %v; want \"kept|\", false", got, ok)
	}
}
