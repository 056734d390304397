package render

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// pdfInfo is what pdfinfo says about a PDF.
type pdfInfo struct {
	pages int
	sizes []string // "595.28 x 841.89 pts (A4)" per page
	raw   string
}

// writePDF saves a PDF into a temporary directory and returns its path.
func writePDF(t *testing.T, data []byte) string {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Fatalf("output does not start with %%PDF-: %.20q", data)
	}
	path := filepath.Join(t.TempDir(), "out.pdf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var pageSizeLine = regexp.MustCompile(`(?m)^Page +\d+ size: +(.*)$`)

// readPDFInfo runs pdfinfo over every page.
func readPDFInfo(t *testing.T, path string) pdfInfo {
	t.Helper()
	tool := needTool(t, "pdfinfo")
	out, err := exec.Command(tool, "-f", "1", "-l", "100000", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo: %v: %s", err, out)
	}
	info := pdfInfo{raw: string(out)}
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(l, "Pages:"); ok {
			info.pages, _ = strconv.Atoi(strings.TrimSpace(v))
		}
	}
	for _, m := range pageSizeLine.FindAllStringSubmatch(string(out), -1) {
		info.sizes = append(info.sizes, strings.TrimSpace(m[1]))
	}
	if len(info.sizes) != info.pages {
		t.Fatalf("pdfinfo lists %d page sizes for %d pages:\n%s", len(info.sizes), info.pages, out)
	}
	return info
}

const (
	a4Points     = "595.28 x 841.89 pts (A4)"
	letterPoints = "612 x 792 pts (letter)"
)

func TestSheetPDFPages(t *testing.T) {
	p := dancer(t)
	for _, c := range []struct {
		opt   Options
		sol   *puzzle.Image
		pages int
		size  string
	}{
		{Options{}, p.Goal, 2, a4Points},
		{Options{Paper: Letter}, p.Goal, 2, letterPoints},
		{Options{Paper: Letter}, nil, 1, letterPoints},
	} {
		var b bytes.Buffer
		if err := SheetPDF(&b, p, c.sol, c.opt); err != nil {
			t.Fatal(err)
		}
		info := readPDFInfo(t, writePDF(t, b.Bytes()))
		if info.pages != c.pages {
			t.Errorf("%+v: %d pages, want %d", c.opt, info.pages, c.pages)
		}
		for i, s := range info.sizes {
			if s != c.size {
				t.Errorf("%+v: page %d is %s, want %s", c.opt, i+1, s, c.size)
			}
		}
	}
}

// TestPDFFontAndUnicode checks that the Go fonts are embedded and that a
// title outside Latin-1 comes back out of the PDF as the same text.
func TestPDFFontAndUnicode(t *testing.T) {
	pdffonts := needTool(t, "pdffonts")
	pdftotext := needTool(t, "pdftotext")
	p := dancer(t)
	p.Meta.Title = "Żółć — Танцор Ωμέγα"
	p.Meta.Author = "Jan Wolter 🎨" // beyond the BMP: printed as U+FFFD, no crash
	var b bytes.Buffer
	if err := SheetPDF(&b, p, p.Goal, Options{}); err != nil {
		t.Fatal(err)
	}
	path := writePDF(t, b.Bytes())
	out, err := exec.Command(pdffonts, path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v: %s", err, out)
	}
	fonts := strings.Split(strings.TrimSpace(string(out)), "\n")[2:]
	if len(fonts) < 2 {
		t.Fatalf("want the regular and bold Go fonts, pdffonts says:\n%s", out)
	}
	for _, f := range fonts {
		if fields := strings.Fields(f); len(fields) < 5 || fields[len(fields)-5] != "yes" {
			t.Errorf("font not embedded: %s", f)
		}
	}
	text, err := exec.Command(pdftotext, "-enc", "UTF-8", path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v: %s", err, text)
	}
	for _, want := range []string{"Żółć — Танцор Ωμέγα", "by Jan Wolter", "License: CC-BY-3.0", "Solution"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("PDF text lacks %q:\n%s", want, text)
		}
	}
}

// bookletOf makes n entries cycling through the test puzzles.
func bookletOf(t testing.TB, n int) []BookletEntry {
	var entries []BookletEntry
	for i := range n {
		p := dancer(t)
		if i%2 == 1 {
			p = flag3(t)
		}
		entries = append(entries, BookletEntry{Puzzle: p, Solution: p.Goal})
	}
	return entries
}

func TestBookletPages(t *testing.T) {
	pdftotext := needTool(t, "pdftotext")
	for _, c := range []struct {
		n     int
		paper Paper
		size  string
		pages int
	}{
		// Cover, with the contents under its text when they fit, else
		// a contents page; puzzles, up to four to a page; a page left
		// blank when the puzzles end on an odd one, so that the answers
		// begin on an odd page; the answers, packed on one page (two
		// for 60).
		{1, A4, a4Points, 1 + 1 + 1},
		{5, A4, a4Points, 1 + 2 + 1 + 1},
		{13, Letter, letterPoints, 1 + 4 + 1 + 1},
		{60, A4, a4Points, 1 + 1 + 15 + 2},
	} {
		var b bytes.Buffer
		if err := Booklet(&b, "Test booklet", bookletOf(t, c.n), Options{Paper: c.paper}); err != nil {
			t.Fatal(err)
		}
		path := writePDF(t, b.Bytes())
		info := readPDFInfo(t, path)
		if info.pages != c.pages {
			t.Errorf("%d puzzles on %s: %d pages, want %d", c.n, c.paper, info.pages, c.pages)
		}
		for i, s := range info.sizes {
			if s != c.size {
				t.Errorf("%d puzzles: page %d is %s, want %s", c.n, i+1, s, c.size)
			}
		}
		if !bytes.Contains(b.Bytes(), []byte("/Outlines")) {
			t.Error("booklet has no bookmarks (/Outlines)")
		}
		for _, title := range []string{"Test booklet", "Puzzle 1", "Puzzle " + strconv.Itoa(c.n), "Answers"} {
			if !bytes.Contains(b.Bytes(), utf16BE(title)) {
				t.Errorf("%d puzzles: no bookmark %q", c.n, title)
			}
		}
		text, err := exec.Command(pdftotext, "-enc", "UTF-8", path, "-").CombinedOutput()
		if err != nil {
			t.Fatalf("pdftotext: %v: %s", err, text)
		}
		for _, want := range []string{"Test booklet", "Puzzle 1", "Puzzle " + strconv.Itoa(c.n), "Answers", strconv.Itoa(c.n) + ". "} {
			if !strings.Contains(string(text), want) {
				t.Errorf("%d puzzles: booklet text lacks %q", c.n, want)
			}
		}
		// Every page but the title page carries its number.
		pages := strings.Split(string(text), "\f")
		for i := 1; i < info.pages; i++ {
			if !regexp.MustCompile(`(?m)^` + strconv.Itoa(i+1) + `$`).MatchString(pages[i]) {
				t.Errorf("%d puzzles: page %d does not show its number", c.n, i+1)
			}
		}
	}
}

// utf16BE encodes an ASCII string as a PDF text string in UTF-16BE with its
// byte-order mark, as the writer writes bookmark titles.
func utf16BE(s string) []byte {
	out := []byte{0xfe, 0xff}
	for _, r := range s {
		out = append(out, byte(r>>8), byte(r))
	}
	return out
}

func TestEmptyBooklet(t *testing.T) {
	var b bytes.Buffer
	if err := Booklet(&b, "Nothing yet", nil, Options{Paper: Letter}); err != nil {
		t.Fatal(err)
	}
	info := readPDFInfo(t, writePDF(t, b.Bytes()))
	if info.pages != 1 || info.sizes[0] != letterPoints {
		t.Errorf("empty booklet: %d pages %v, want a title page on Letter", info.pages, info.sizes)
	}
}

// TestFontRunsReuseTheirBuffers checks that runs, which reuses its
// buffers from call to call, gives a string the glyphs and widths a fresh
// font set gives it, after runs of a longer string.
func TestFontRunsReuseTheirBuffers(t *testing.T) {
	glyphsOf := func(runs []fontRun) (out []fontGlyph, width int) {
		for _, r := range runs {
			out = append(out, r.glyphs...)
			width += r.width
		}
		return out, width
	}
	used, err := newFontSet(nil)
	if err != nil {
		t.Fatal(err)
	}
	used.runs("A much longer title — Танцор Ωμέγα 0123456789", true)
	for _, s := range []string{"Dancer", "15×20 · a…", ""} {
		fresh, err := newFontSet(nil)
		if err != nil {
			t.Fatal(err)
		}
		got, gotW := glyphsOf(used.runs(s, false))
		want, wantW := glyphsOf(fresh.runs(s, false))
		if !slices.Equal(got, want) || gotW != wantW {
			t.Errorf("runs(%q) after another: %v (width %d), want %v (width %d)", s, got, gotW, want, wantW)
		}
	}
}
