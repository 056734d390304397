package render

import (
	"strings"
	"testing"
)

// TestAnswerKeySavesAPage checks that answers which would leave a last
// page of the key nearly empty are drawn a little smaller to fit one page
// fewer, never below answerShrink of their size, and that a one-page key
// keeps the full size.
func TestAnswerKeySavesAPage(t *testing.T) {
	m, _ := newMetrics()
	a4, _ := paperSize(A4)
	full := answerSize{answerCell, (a4.Width - 2*margin - (answerAcross-1)*answerGap) / answerAcross}
	var entries []BookletEntry
	for i := range 200 {
		p := randomPuzzle(15, 15, 1, uint64(i))
		entries = append(entries, BookletEntry{Puzzle: p, Solution: p.Goal})
		_, n := placeAnswers(entries, a4, full)
		if n == 2 {
			break // the first answer that spills onto a second page
		}
	}
	if _, n := placeAnswers(entries, a4, full); n != 2 {
		t.Fatalf("%d answers at full size take %d pages, want 2", len(entries), n)
	}
	pages := answerPages(m, entries, a4, false, 1)
	if len(pages) != 1 {
		t.Errorf("the key of %d answers, one of them alone on a second page at full size, has %d pages, want 1", len(entries), len(pages))
	}
	for _, s := range pages {
		checkInsidePage(t, s)
	}
	// A key of a few answers, on one page anyway, keeps the full size:
	// every filled cell is answerCell wide.
	few := answerPages(m, entries[:3], a4, false, 1)
	cells := 0
	for _, it := range few[0].Items {
		if r, ok := it.(rect); ok && r.Fill == black {
			cells++
			if r.W < answerCell-1e-9 {
				t.Fatalf("a one-page key draws a cell %.2f mm wide, want %.1f", r.W, answerCell)
			}
		}
	}
	if cells == 0 {
		t.Fatalf("no filled cell drawn in the key of 3 answers")
	}
}

// TestFitCaption checks that a caption too long for its answer is cut
// inside the title, keeping at least three letters, or else is the number.
func TestFitCaption(t *testing.T) {
	m, _ := newMetrics()
	if got := fitCaption(m, "6", "Skyscrapers", 100); got != "6. Skyscrapers" {
		t.Errorf("room for all: %q", got)
	}
	got := fitCaption(m, "6", "Skyscrapers", 16)
	if !strings.HasPrefix(got, "6. Sky") || !strings.HasSuffix(got, "…") || m.width(got, answerCaption, true) > 16 {
		t.Errorf("16 mm: %q, want the number and the title's start, cut with …, within 16 mm", got)
	}
	if got := fitCaption(m, "6", "Skyscrapers", 6); got != "6" {
		t.Errorf("6 mm: %q, want the number alone", got)
	}
	if got := fitCaption(m, "7", "", 16); got != "7" {
		t.Errorf("untitled: %q", got)
	}
	// A title of several words is cut after a whole word, not inside one
	// ("16. Such a shame color nonog…", "15. Test C…"), when a word of
	// three letters or more fits; else inside the first word.
	for _, c := range []struct {
		num, title string
		width      float64
		want       string
	}{
		{"16", "Such a shame color nonograms don't exist", 40, "16. Such a shame color…"},
		{"15", "Test Color", 16, "15. Test…"},
		{"12", "Meaning of life the universe and", 40, "12. Meaning of life the…"},
		{"3", "A logo", 7, "3"},
		{"5", "Monster Teeth", 14, "5. Monst…"},
	} {
		got := fitCaption(m, c.num, c.title, c.width)
		if got != c.want {
			t.Errorf("%q in %.0f mm: %q, want %q", c.title, c.width, got, c.want)
		}
		if m.width(got, answerCaption, true) > c.width {
			t.Errorf("%q in %.0f mm: %q is wider", c.title, c.width, got)
		}
	}
}
