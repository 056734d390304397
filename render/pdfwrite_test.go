package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// TestCorePDFAnswerPage rasterises the solution page of a core-font sheet
// PDF and checks every cell's colour against the goal at the place the
// layout gives it, as TestSolutionPixels does for the SVG; it also checks
// the document information and that the clues come out as text.
func TestCorePDFAnswerPage(t *testing.T) {
	pdftoppm := needTool(t, "pdftoppm")
	p := randomPuzzle(23, 17, 3, 4)
	p.Meta.Title, p.Meta.Author = "Three (colours) \\ café", "Ann Author"
	var b bytes.Buffer
	if err := SheetPDF(&b, p, p.Goal, Options{}); err != nil {
		t.Fatal(err)
	}
	path := writePDF(t, b.Bytes())
	info := readPDFInfo(t, path)
	fields := map[string]string{}
	for _, line := range strings.Split(info.raw, "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			fields[k] = strings.TrimSpace(v)
		}
	}
	for k, want := range map[string]string{"Title": `Three (colours) \ café`, "Author": "Ann Author", "Creator": "nonopress", "Pages": "2"} {
		if fields[k] != want {
			t.Errorf("pdfinfo says %s: %q, want %q", k, fields[k], want)
		}
	}
	if fonts := b.Bytes(); bytes.Contains(fonts, []byte("/FontFile")) {
		t.Error("a core-font sheet embeds a font")
	}
	text := pdfText(t, path)
	for _, c := range p.Rows[0] {
		if !strings.Contains(text, fmt.Sprint(c.Len)) {
			t.Errorf("PDF text lacks the first row's clue %d", c.Len)
		}
	}
	qpdfCheck(t, path)

	prefix := filepath.Join(t.TempDir(), "page")
	out, err := exec.Command(pdftoppm, "-f", "2", "-l", "2", "-r", "254", "-png", path, prefix).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	f, err := os.Open(prefix + "-2.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	l, err := LayOut(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkCells(t, img, p, p.Goal, l.sheet.gridX, l.sheet.gridY, l.sheet.cell)
}

// outlineItem is an outline entry as qpdf's JSON shows it.
type outlineItem struct {
	Title string        `json:"title"`
	Page  int           `json:"destpageposfrom1"`
	Dest  []any         `json:"dest"`
	Kids  []outlineItem `json:"kids"`
}

// TestCorePDFOutline writes bookmarks of several levels, one of them
// skipping a level, and reads the outline back with qpdf: each bookmark
// under the last one before it of a lower level, pointing at its page and
// height.
func TestCorePDFOutline(t *testing.T) {
	qpdf := needTool(t, "qpdf")
	pages := []*scene{
		{Width: 100, Height: 200, Bookmarks: []bookmark{{Title: "A", Y: 10}, {Title: "A.1", Level: 1, Y: 20}, {Title: "A.2 (x)", Level: 1, Y: 30}}},
		{Width: 100, Height: 200},
		{Width: 150, Height: 100, Bookmarks: []bookmark{{Title: "B", Y: 0}, {Title: "B.1, too deep", Level: 3, Y: 50}, {Title: "C — end", Y: 100}}},
	}
	var b bytes.Buffer
	if err := writeDocument(&b, "Outline", "", pages, nil, Options{}); err != nil {
		t.Fatal(err)
	}
	path := writePDF(t, b.Bytes())
	qpdfCheck(t, path)
	out, err := exec.Command(qpdf, "--json=2", "--json-key=outlines", path).Output()
	if err != nil {
		t.Fatalf("qpdf --json: %v", err)
	}
	var doc struct {
		Outlines []outlineItem `json:"outlines"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("qpdf's JSON: %v\n%s", err, out)
	}
	var got []string
	var walk func(items []outlineItem, depth int)
	walk = func(items []outlineItem, depth int) {
		for _, it := range items {
			y := "?"
			if len(it.Dest) == 5 {
				y = fmt.Sprint(it.Dest[3])
			}
			got = append(got, fmt.Sprintf("%s%s p%d y%s", strings.Repeat("  ", depth), it.Title, it.Page, y))
			walk(it.Kids, depth+1)
		}
	}
	walk(doc.Outlines, 0)
	// Heights are in points from the bottom: (page height - Y) × 72 / 25.4.
	want := []string{
		"A p1 y538.58",
		"  A.1 p1 y510.24",
		"  A.2 (x) p1 y481.89",
		"B p3 y283.46",
		"  B.1, too deep p3 y141.73",
		"C — end p3 y0",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("outline:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCorePDFNumbers checks the number and string forms of the content
// streams: two decimals at most, no "-0", escaped delimiters.
func TestCorePDFNumbers(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{0, "0"}, {-0.001, "0"}, {1190.551, "1190.55"}, {12.5, "12.5"}, {-3.999, "-4"}, {7, "7"}} {
		if got := string(appendNum(nil, c.v)); got != c.want {
			t.Errorf("appendNum(%v) = %q, want %q", c.v, got, c.want)
		}
	}
	if got := string(appendEscaped(nil, "a(b)c\\d\re")); got != `a\(b\)c\\d\re` {
		t.Errorf("appendEscaped = %q", got)
	}
	if got := string(appendColor(nil, puzzle.RGB{R: 255, G: 128}, " rg")); got != "1 0.502 0 rg" {
		t.Errorf("appendColor = %q", got)
	}
}

// appendNum's integer path writes what strconv's shortest form of the
// number rounded to hundredths writes, at every magnitude and on both
// sides of the point where it hands over to strconv.
func TestAppendNumIsShortestHundredths(t *testing.T) {
	shortest := func(v float64) string {
		v = math.Round(v*100) / 100
		if v == 0 {
			return "0"
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	values := []float64{0.005, -0.005, 0.015, 1.005, 2.675, 99.995, 1e13 - 0.01, 1e13, -1e13, 1e13 + 0.5, 1e300, math.Inf(-1)}
	for range 200000 {
		scale := math.Pow(10, float64(rng.IntN(20)-3))
		values = append(values, (rng.Float64()*2-1)*scale, float64(rng.IntN(1<<20))/100+0.005)
	}
	for _, v := range values {
		if got, want := string(appendNum(nil, v)), shortest(v); got != want {
			t.Fatalf("appendNum(%v) = %q, strconv gives %q", v, got, want)
		}
	}
}
