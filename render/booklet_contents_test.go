package render

import (
	"bytes"
	"fmt"
	"math"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nonopress/nonopress/internal/corpustest"
)

// mixedBooklet is n entries of mixed sizes and colours, with difficulties:
// small puzzles that share pages, middling ones that take half a page, and
// big ones with a page of their own.
func mixedBooklet(t testing.TB, n int) []BookletEntry {
	sizes := [][2]int{{5, 5}, {10, 10}, {15, 15}, {20, 20}, {25, 25}, {30, 20}, {40, 40}, {8, 12}, {12, 8}, {35, 45}}
	grades := []string{"line", "probe", "search", ""}
	var entries []BookletEntry
	for i := range n {
		s := sizes[i%len(sizes)]
		p := randomPuzzle(s[0], s[1], 1+i%3, uint64(i))
		p.Meta.Title = fmt.Sprintf("Mixed %d", i+1)
		p.Meta.Author = fmt.Sprintf("Author %d", i%4)
		entries = append(entries, BookletEntry{Puzzle: p, Solution: p.Goal, Difficulty: grades[i%len(grades)]})
	}
	return entries
}

// TestBookletContents makes a booklet of 60 mixed puzzles on A4 and Letter
// (20 on A5 and A3, to keep the test short), reads its text
// back with pdftotext, and checks that every page the contents names holds
// its puzzle's heading (and the answers page the answers), that each page
// after the cover shows its own number, and that the answer key takes at
// most a quarter as many pages as the puzzles.
func TestBookletContents(t *testing.T) {
	for _, paper := range []Paper{A4, Letter, A5, A3} {
		var b bytes.Buffer
		entries := mixedBooklet(t, 60)
		if paper == A5 || paper == A3 {
			entries = entries[:20]
		}
		if err := CoverBooklet(&b, Cover{Title: "Sixty", Note: "Mixed sizes."}, entries, Options{Paper: paper}); err != nil {
			t.Fatal(err)
		}
		path := writeTemp(t, "booklet.pdf", b.Bytes())
		pages := strings.Split(pdfText(t, path), "\f")
		pages = pages[:len(pages)-1] // the text ends with a form feed
		listed := map[string]int{}   // "Puzzle 7" or "Answers" → page
		contentsLine := regexp.MustCompile(`(?m)^\s*(?:(\d+)\. Mixed \d+|(Answers)) .*?(\d+)\s*$`)
		size, _ := paperSize(paper)
		for _, m := range contentsLine.FindAllStringSubmatch(layoutText(t, path, 1, 1+contentsPageCount(size, len(entries))), -1) {
			n, _ := strconv.Atoi(m[3])
			key := "Puzzle " + m[1]
			if m[2] != "" {
				key = "Answers"
			}
			listed[key] = n
		}
		if len(listed) != len(entries)+1 {
			t.Fatalf("%s: the contents list %d puzzles and answers, want %d: %v", paper, len(listed), len(entries)+1, listed)
		}
		for key, n := range listed {
			if n < 2 || n > len(pages) || !hasLine(pages[n-1], key) {
				t.Errorf("%s: the contents put %q on page %d, which does not show it", paper, key, n)
			}
		}
		for i := 1; i < len(pages); i++ {
			if !hasLine(pages[i], strconv.Itoa(i+1)) {
				t.Errorf("%s: page %d does not show its number", paper, i+1)
			}
		}
		puzzlePages := listed["Answers"] - listed["Puzzle 1"]
		answerPages := len(pages) - listed["Answers"] + 1
		t.Logf("%s: %d pages: %d of puzzles, %d of answers", paper, len(pages), puzzlePages, answerPages)
		if 4*answerPages > puzzlePages {
			t.Errorf("%s: %d answer pages for %d puzzle pages, want at most a quarter", paper, answerPages, puzzlePages)
		}
	}
}

// layoutText is pdftotext -layout's text of pages from to to of a PDF
// file, so that a contents line's columns stay on one line.
func layoutText(t *testing.T, path string, from, to int) string {
	t.Helper()
	out, err := exec.Command(needTool(t, "pdftotext"), "-layout", "-f", strconv.Itoa(from), "-l", strconv.Itoa(to), path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext -layout: %v", err)
	}
	return strings.ReplaceAll(string(out), "\f", "")
}

// hasLine says whether text has a line that is s, spaces aside.
func hasLine(text, s string) bool {
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == s {
			return true
		}
	}
	return false
}

// TestContentsColumnsDoNotTouch lists a triddler ("triddler, 96 triangles",
// wider than a grid's "00×00, 00 colours") and grids in the contents of A5,
// A4 and Letter booklets (on their cover), and measures from pdftotext's word boxes that
// each line's size ends at least 2 mm before its difficulty begins: the
// number-loom booklet printed "triddler, 96 triangleseasy".
func TestContentsColumnsDoNotTouch(t *testing.T) {
	corpustest.Dir(t)
	tri, sol := solvedTriddler(t, "number-loom/puzzles/cut_and_polished.xml")
	entries := []BookletEntry{{Puzzle: tri, Solution: sol, Difficulty: "line"}}
	for _, e := range mixedBooklet(t, 4) {
		e.Difficulty = "probe"
		entries = append(entries, e)
	}
	const minGap = 2 * mmToPt
	for _, paper := range []Paper{A5, A4, Letter} {
		var b bytes.Buffer
		if err := Booklet(&b, "Columns", entries, Options{Paper: paper}); err != nil {
			t.Fatal(err)
		}
		var lines [][]pdfWord // the contents' words (under the cover's text), by line
		for _, w := range pdfWords(t, writeTemp(t, "booklet.pdf", b.Bytes())) {
			if w.Page != 1 {
				continue
			}
			if n := len(lines); n > 0 && math.Abs(lines[n-1][0].YMin-w.YMin) < 1 {
				lines[n-1] = append(lines[n-1], w)
				continue
			}
			lines = append(lines, []pdfWord{w})
		}
		checked := 0
		for _, l := range lines {
			for i := 1; i < len(l); i++ {
				if l[i].Text != "easy" && l[i].Text != "medium" {
					continue
				}
				checked++
				if gap := l[i].XMin - l[i-1].XMax; gap < minGap {
					t.Errorf("%s: %q ends %.1f pt before %q begins, want %.1f pt (2 mm)", paper, l[i-1].Text, gap, l[i].Text, minGap)
				}
			}
		}
		if checked != len(entries) {
			t.Errorf("%s: found the difficulty of %d contents lines, want %d (a word run into it?)", paper, checked, len(entries))
		}
	}
}

// TestShortBookletListsItsContentsOnTheCover: a booklet whose contents fit
// under its cover's text lists them there, below the authors and above the
// date, and its puzzles start on page 2 (a contents page of its own was a
// sheet of paper mostly blank, beside a cover mostly blank); one whose
// contents do not fit keeps them on page 2.
func TestShortBookletListsItsContentsOnTheCover(t *testing.T) {
	date := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		paper    Paper
		n        int
		contents int // the page of the contents
	}{{A4, 5, 1}, {A5, 6, 1}, {Letter, 13, 1}, {A4, 40, 2}, {A5, 20, 2}} {
		var b bytes.Buffer
		err := CoverBooklet(&b, Cover{Title: "Club night", Note: "For Thursday."}, mixedBooklet(t, c.n), Options{Paper: c.paper, Date: date})
		if err != nil {
			t.Fatal(err)
		}
		var authors, contents, first, last, dated float64 // tops of words of page 1
		puzzle1 := 0                                      // the page headed "Puzzle 1"
		words := pdfWords(t, writeTemp(t, "booklet.pdf", b.Bytes()))
		for i, w := range words {
			switch {
			case w.Page == 1 && w.Text == "Puzzles" && words[i+1].Text == "by":
				authors = w.YMax
			case w.Text == "Contents" && w.Page == c.contents:
				contents = w.YMin
			case w.Page == c.contents && w.Text == "1." && first == 0:
				first = w.YMin
			case w.Page == c.contents && w.Text == "Answers":
				last = w.YMax
			case w.Page == 1 && w.Text == "2026":
				dated = w.YMin
			case w.Text == "Puzzle" && i+1 < len(words) && words[i+1].Text == "1" && puzzle1 == 0:
				puzzle1 = w.Page
			}
		}
		name := fmt.Sprintf("%d puzzles on %s", c.n, c.paper)
		if contents == 0 || first == 0 || last == 0 {
			t.Errorf("%s: no contents on page %d", name, c.contents)
			continue
		}
		if puzzle1 != c.contents+1 {
			t.Errorf("%s: puzzle 1 on page %d, want %d", name, puzzle1, c.contents+1)
		}
		if c.contents == 1 && !(authors < contents && contents < first && first < last && last < dated) {
			t.Errorf("%s: the cover's authors end at %.0f pt, its contents run from %.0f (first line %.0f) to %.0f pt, its date starts at %.0f pt: want them in that order",
				name, authors, contents, first, last, dated)
		}
	}
}
