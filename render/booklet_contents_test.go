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
		for _, m := range contentsLine.FindAllStringSubmatch(layoutText(t, path, 2, 1+contentsPageCount(size, len(entries))), -1) {
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
// wider than a grid's "00×00, 00 colours") and grids on the contents page of
// A5, A4 and Letter booklets, and measures from pdftotext's word boxes that
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
		var lines [][]pdfWord // the contents page's words, by line
		for _, w := range pdfWords(t, writeTemp(t, "booklet.pdf", b.Bytes())) {
			if w.Page != 2 {
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
