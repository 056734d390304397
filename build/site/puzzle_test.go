package site

import (
	"bytes"
	"strings"
	"testing"
)

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

// TestAppendDataFilled checks that data slots are filled in order, and
// that a slot missing, found twice, out of order or outside a double-quoted
// href, or a link with a double quote, fills none.
func TestAppendDataFilled(t *testing.T) {
	slot := func(i int) string { return string(DataSlot(i)) }
	page := `<a href="` + slot(0) + `" download>a</a><a href="` + slot(1) + `">b</a>`
	got, ok := AppendDataFilled([]byte("kept|"), []byte(page), links("data:,x", "data:,y%20z"))
	if want := `kept|<a href="data:,x" download>a</a><a href="data:,y%20z">b</a>`; !ok || string(got) != want {
		t.Errorf("AppendDataFilled = %q, %v; want %q, true", got, ok, want)
	}
	odd := "np-data-01-slot np-data-np-data-x " + page
	if got, ok := AppendDataFilled(nil, []byte(odd), links("data:,x", "data:,y")); !ok || !strings.HasSuffix(string(got), `<a href="data:,y">b</a>`) {
		t.Errorf("AppendDataFilled beside text like a slot = %q, %v; want the slots filled", got, ok)
	}
	for _, c := range []struct {
		page  string
		links []string
	}{
		{slot(1) + page, []string{"data:,x", "data:,y"}},
		{page, []string{"data:,x", "data:,y", "data:,z"}},
		{page + slot(0), []string{"data:,x", "data:,y"}},
		{`<a href="` + slot(1) + `"><a href="` + slot(0) + `">`, []string{"data:,x", "data:,y"}},
		{`<a href=` + slot(0) + `>`, []string{"data:,x"}},
		{`<a title="` + slot(0) + `">`, []string{"data:,x"}},
		{`<a href="` + slot(0) + `x">`, []string{"data:,x"}},
		{page, []string{`data:,"x"`, "data:,y"}},
	} {
		if got, ok := AppendDataFilled([]byte("kept|"), []byte(c.page), links(c.links...)); ok || string(got) != "kept|" {
			t.Errorf("AppendDataFilled(%q, %q) = %q, %v; want \"kept|\", false", c.page, c.links, got, ok)
		}
	}
}

// lastIndex finds what bytes.LastIndex finds, overlapping matches included.
func TestLastIndexIsBytesLastIndex(t *testing.T) {
	for _, c := range [][2]string{{"", "ab"}, {"ab", "ab"}, {"xabyabz", "ab"}, {"aaaa", "aa"}, {"abc", "d"}, {"a" + SheetSlot + SheetSlot, SheetSlot}} {
		if got, want := lastIndex([]byte(c[0]), []byte(c[1])), bytes.LastIndex([]byte(c[0]), []byte(c[1])); got != want {
			t.Errorf("lastIndex(%q, %q) = %d, want %d", c[0], c[1], got, want)
		}
	}
}

// links is the data: links as AppendDataFilled takes them.
func links(ls ...string) [][]byte {
	out := make([][]byte, len(ls))
	for i, l := range ls {
		out[i] = []byte(l)
	}
	return out
}
