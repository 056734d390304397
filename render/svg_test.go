package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// svgNode is a parsed SVG element.
type svgNode struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []svgNode  `xml:",any"`
}

func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// walk calls f on n and every element below it.
func (n *svgNode) walk(f func(*svgNode)) {
	f(n)
	for i := range n.Children {
		n.Children[i].walk(f)
	}
}

// parseSVG parses an SVG document strictly, failing the test if it is not
// well-formed XML with an <svg> root.
func parseSVG(t *testing.T, data []byte) *svgNode {
	t.Helper()
	var root svgNode
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	if err := d.Decode(&root); err != nil {
		t.Fatalf("SVG is not well-formed XML: %v\n%.400s", err, data)
	}
	if root.XMLName.Local != "svg" {
		t.Fatalf("root element is <%s>, want <svg>", root.XMLName.Local)
	}
	return &root
}

// mmAttr reads an attribute like "210mm".
func mmAttr(t *testing.T, n *svgNode, name string) float64 {
	t.Helper()
	v := n.attr(name)
	num, ok := strings.CutSuffix(v, "mm")
	if !ok {
		t.Fatalf("%s=%q: want a length in mm", name, v)
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, v, err)
	}
	return f
}

func TestSVGStructure(t *testing.T) {
	for name, render := range goldenCases(t) {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := render(&b); err != nil {
				t.Fatal(err)
			}
			root := parseSVG(t, b.Bytes())
			w, h := mmAttr(t, root, "width"), mmAttr(t, root, "height")
			if w <= 0 || h <= 0 {
				t.Errorf("size %gx%g mm", w, h)
			}
			if vb := strings.Fields(root.attr("viewBox")); len(vb) != 4 {
				t.Errorf("viewBox %q", root.attr("viewBox"))
			}
			title := ""
			root.walk(func(n *svgNode) {
				if n.XMLName.Local == "title" && title == "" {
					title = n.Text
				}
			})
			if title == "" {
				t.Error("no <title>: the SVG has no accessible name")
			}
		})
	}
}

// TestSheetSizes checks the page sizes written on sheets.
func TestSheetSizes(t *testing.T) {
	for _, c := range []struct {
		paper Paper
		w, h  float64
	}{{"", 210, 297}, {A4, 210, 297}, {Letter, 215.9, 279.4}, {A3, 297, 420}, {"Letter", 215.9, 279.4}, {" A4 ", 210, 297}} {
		var b bytes.Buffer
		if err := Sheet(&b, dancer(t), Options{Paper: c.paper}); err != nil {
			t.Fatal(err)
		}
		root := parseSVG(t, b.Bytes())
		if w, h := mmAttr(t, root, "width"), mmAttr(t, root, "height"); w != c.w || h != c.h {
			t.Errorf("paper %q: %gx%g mm, want %gx%g", c.paper, w, h, c.w, c.h)
		}
	}
	if err := Sheet(io.Discard, dancer(t), Options{Paper: "a2"}); err == nil || !strings.Contains(err.Error(), `"a2"`) {
		t.Errorf("paper a2: err = %v, want an unknown-paper error", err)
	}
}

// texts returns the character data of every <text> element.
func texts(root *svgNode) []string {
	var out []string
	root.walk(func(n *svgNode) {
		if n.XMLName.Local == "text" {
			out = append(out, n.Text)
		}
	})
	return out
}

// TestEveryClueIsOneText checks that each block of each clue is its own
// <text> holding its number, with explicit x and y.
func TestEveryClueIsOneText(t *testing.T) {
	p := flag3(t)
	var b bytes.Buffer
	if err := Sheet(&b, p, Options{}); err != nil {
		t.Fatal(err)
	}
	root := parseSVG(t, b.Bytes())
	got := map[string]int{}
	root.walk(func(n *svgNode) {
		if n.XMLName.Local == "text" {
			if n.attr("x") == "" || n.attr("y") == "" {
				t.Errorf("<text>%s</text> without x or y", n.Text)
			}
			got[n.Text]++
		}
	})
	want := map[string]int{}
	for _, lines := range [][]puzzle.Line{p.Rows, p.Cols} {
		for _, l := range lines {
			if len(l) == 0 {
				want["0"]++
			}
			for _, c := range l {
				want[strconv.Itoa(c.Len)]++
			}
		}
	}
	for num, n := range want {
		if got[num] != n {
			t.Errorf("%d texts %q, want %d (one per clue block)", got[num], num, n)
		}
	}
}

// TestHostileMetadata puts markup in every string a puzzle file supplies and
// checks it stays text.
func TestHostileMetadata(t *testing.T) {
	const evil = `"><script>alert(1)</script>`
	p := flag3(t)
	p.Meta.Title = evil
	p.Meta.Author = `Eve" onload="alert(2)`
	p.Meta.Copyright = `<![CDATA[ x ]]> & co`
	p.Meta.License = `' onclick='alert(3)`
	p.Palette[1].Name = `red" style="fill:url(javascript:alert(4))` // long: the legend shortens it
	p.Palette[2].Name = `yellow'><script>alert(5)</script>`
	for name, render := range map[string]func(*bytes.Buffer) error{
		"sheet":    func(b *bytes.Buffer) error { return Sheet(b, p, Options{MonoSafe: true}) },
		"solution": func(b *bytes.Buffer) error { return Solution(b, p, p.Goal, Options{}) },
		"thumb":    func(b *bytes.Buffer) error { return Thumbnail(b, p, p.Goal) },
	} {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := render(&b); err != nil {
				t.Fatal(err)
			}
			root := parseSVG(t, b.Bytes())
			root.walk(func(n *svgNode) {
				if n.XMLName.Local == "script" {
					t.Error("a <script> element got through")
				}
				for _, a := range n.Attrs {
					if strings.Contains(a.Value, "alert") || strings.HasPrefix(a.Name.Local, "on") {
						t.Errorf("attribute %s=%q carries puzzle text", a.Name.Local, a.Value)
					}
				}
			})
			all := strings.Join(texts(root), "\n")
			var title string
			root.walk(func(n *svgNode) {
				if n.XMLName.Local == "title" {
					title = n.Text
				}
			})
			if !strings.Contains(title, evil) {
				t.Errorf("title %q does not hold the puzzle title as text", title)
			}
			if name == "sheet" {
				for _, s := range []string{evil, `by Eve" onload="alert(2)`, `red"…`, `yellow'><script>alert(5)</script>`} {
					if !strings.Contains(all, s) {
						t.Errorf("text %q not printed as text; texts:\n%s", s, all)
					}
				}
			}
		})
	}
}

// failingWriter fails after n bytes.
type failingWriter struct{ n int }

var errDiskFull = errors.New("disk full")

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		n := f.n
		f.n = 0
		return n, errDiskFull
	}
	f.n -= len(p)
	return len(p), nil
}

// TestWriteErrorsAreReturned checks that every product reports a failing
// writer, wherever the failure comes.
func TestWriteErrorsAreReturned(t *testing.T) {
	d := dancer(t)
	products := map[string]func(io.Writer) error{
		"sheet":     func(w io.Writer) error { return Sheet(w, d, Options{}) },
		"figure":    func(w io.Writer) error { return SheetFigure(w, d, Options{}) },
		"solution":  func(w io.Writer) error { return Solution(w, d, d.Goal, Options{}) },
		"thumbnail": func(w io.Writer) error { return Thumbnail(w, d, d.Goal) },
		"blank":     func(w io.Writer) error { return BlankThumbnail(w, d) },
		"pdf":       func(w io.Writer) error { return SheetPDF(w, d, d.Goal, Options{}) },
		"booklet": func(w io.Writer) error {
			return Booklet(w, "b", []BookletEntry{{Puzzle: d, Solution: d.Goal}}, Options{})
		},
	}
	for name, write := range products {
		for _, after := range []int{0, 10, 500} {
			err := write(&failingWriter{n: after})
			if !errors.Is(err, errDiskFull) {
				t.Errorf("%s failing after %d bytes: err = %v, want %v", name, after, err, errDiskFull)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	tri := &puzzle.Puzzle{Kind: puzzle.Triddler, Origin: puzzle.Origin{File: "t.xml", Line: 4}}
	for name, err := range map[string]error{
		"sheet":    Sheet(io.Discard, tri, Options{}),
		"pdf":      SheetPDF(io.Discard, tri, nil, Options{}),
		"thumb":    BlankThumbnail(io.Discard, tri),
		"booklet":  Booklet(io.Discard, "x", []BookletEntry{{Puzzle: tri}}, Options{}),
		"solution": Solution(io.Discard, tri, nil, Options{}),
	} {
		// A triddler without clues has no shape.
		if !errors.Is(err, puzzle.ErrTriddlerShape) || !strings.Contains(err.Error(), "t.xml:4: ") {
			t.Errorf("%s of a clueless triddler: err = %v, want t.xml:4: %v", name, err, puzzle.ErrTriddlerShape)
		}
	}

	p := dancer(t)
	p.Rows = p.Rows[:3]
	if err := Sheet(io.Discard, p, Options{}); err == nil || !strings.HasPrefix(err.Error(), "test.non:1: render: ") {
		t.Errorf("missing rows: err = %v, want test.non:1: render: ...", err)
	}
	p = dancer(t)
	p.Rows[0] = puzzle.Line{{Len: 2, Color: 7}}
	if err := Sheet(io.Discard, p, Options{}); err == nil || !strings.Contains(err.Error(), "colour 7") {
		t.Errorf("clue colour out of palette: err = %v", err)
	}
	p = dancer(t)
	small := puzzle.NewImage(3, 3)
	if err := Solution(io.Discard, p, small, Options{}); err == nil || !strings.Contains(err.Error(), "3x3") {
		t.Errorf("wrong-size solution: err = %v", err)
	}
	bad := puzzle.NewImage(5, 10)
	bad.Cells[7] = 9
	if err := Thumbnail(io.Discard, p, bad); err == nil || !strings.Contains(err.Error(), "colour 9") {
		t.Errorf("solution colour out of palette: err = %v", err)
	}
	if err := Sheet(io.Discard, nil, Options{}); err == nil {
		t.Error("nil puzzle: no error")
	}
}

// A blank thumbnail depends on the puzzle's size alone, so that a site can
// share one file per size.
func TestBlankThumbnailOfSize(t *testing.T) {
	p := randomPuzzle(15, 20, 2, 1)
	var a, b bytes.Buffer
	if err := BlankThumbnail(&a, p); err != nil {
		t.Fatal(err)
	}
	if err := BlankThumbnailOfSize(&b, 15, 20); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("BlankThumbnail and BlankThumbnailOfSize differ")
	}
	for _, size := range [][2]int{{0, 5}, {5, -1}, {puzzle.MaxSide + 1, 1}} {
		if err := BlankThumbnailOfSize(io.Discard, size[0], size[1]); err == nil {
			t.Errorf("size %v: no error", size)
		}
	}
}

// TestSVGStartsAtRoot checks that every SVG begins with its root element,
// without svgo's XML declaration or comment: pages inline the sheet, and
// the build reads the sheet's size from the root element's start.
func TestSVGStartsAtRoot(t *testing.T) {
	for name, render := range goldenCases(t) {
		var b bytes.Buffer
		if err := render(&b); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b.Bytes(), []byte("<svg ")) || bytes.Contains(b.Bytes(), []byte("<?xml")) || bytes.Contains(b.Bytes(), []byte("<!--")) {
			t.Errorf("%s begins %.60q, want <svg and no declaration or comment", name, b.Bytes())
		}
	}
}

// TestSVGAttrsEscape checks that attribute values are escaped, whether
// they need it or not, and that an element's attributes are separated by
// one space.
func TestSVGAttrsEscape(t *testing.T) {
	var a svgAttrs
	a.str("plain", "#fadc28")
	a.str("hostile", `x" onload="alert(1)' <&>`)
	a.num("n", -42)
	a.color("fill", puzzle.RGB{R: 0xff, G: 0xee, B: 0x00})
	a.color("stroke", puzzle.RGB{R: 0x12, G: 0x34, B: 0x56})
	a.str("bad", "a\xffb\x01")
	want := `plain="#fadc28" hostile="x&#34; onload=&#34;alert(1)&#39; &lt;&amp;&gt;" n="-42" fill="#fe0" stroke="#123456" bad="a` + "\uFFFD" + `b` + "\uFFFD" + `"`
	if got := a.String(); got != want {
		t.Errorf("attributes\n got %s\nwant %s", got, want)
	}
	a.reset()
	if a.String() != "" {
		t.Errorf("after reset: %q", a.String())
	}
	root := parseSVG(t, []byte("<svg "+want+"></svg>"))
	if got := root.attr("hostile"); got != `x" onload="alert(1)' <&>` {
		t.Errorf("hostile attribute parses back as %q", got)
	}
}

// TestLinesShareOnePath checks that each run of lines with one stroke is
// drawn as one path, each segment as H or V when it is one.
func TestLinesShareOnePath(t *testing.T) {
	got := string(appendSegment(nil, 1, 2, 30, 2)) + string(appendSegment(nil, 5, 6, 5, 70)) + string(appendSegment(nil, 1, 2, 3, 4))
	if want := "M1 2H30M5 6V70M1 2L3 4"; got != want {
		t.Errorf("segments %q, want %q", got, want)
	}
	l, err := LayOut(dancer(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	runs, lines := 0, 0
	var prev item
	for _, it := range l.sheet.scene.Items {
		if ln, ok := it.(line); ok {
			lines++
			if p, ok := prev.(line); !ok || p.Width != ln.Width || p.Color != ln.Color {
				runs++
			}
		}
		prev = it
	}
	var b bytes.Buffer
	if err := l.Sheet(&b); err != nil {
		t.Fatal(err)
	}
	paths := 0
	parseSVG(t, b.Bytes()).walk(func(n *svgNode) {
		if n.XMLName.Local == "path" {
			paths++
		}
	})
	if paths != runs || runs >= lines {
		t.Errorf("%d paths for %d lines in %d runs of one stroke, want one path a run", paths, lines, runs)
	}
}

// svgAttrs.color writes puzzle.RGB.Hex, shortened to #rgb where each
// channel's two digits are the same.
func TestSVGColorIsShortHex(t *testing.T) {
	for _, v := range []uint8{0, 0x01, 0x10, 0x11, 0x3c, 0x80, 0x88, 0xc8, 0xee, 0xef, 0xfe, 0xff} {
		for _, c := range []puzzle.RGB{{R: v, G: v, B: v}, {R: v, G: 0x11, B: 0xff}, {R: 0x22, G: v, B: 0x23}, {R: 0xaa, G: 0xbb, B: v}} {
			want := c.Hex()
			if want[1] == want[2] && want[3] == want[4] && want[5] == want[6] {
				want = string([]byte{'#', want[1], want[3], want[5]})
			}
			var a svgAttrs
			a.color("fill", c)
			if got := a.String(); got != `fill="`+want+`"` {
				t.Errorf("color %v = %s, want %s", c, got, want)
			}
		}
	}
}

// onlyWriter hides a writer's type: writeSVG buffers what it writes to it.
type onlyWriter struct{ w io.Writer }

func (o onlyWriter) Write(p []byte) (int, error) { return o.w.Write(p) }

// TestSVGToBufferIsBuffered checks that an SVG written straight into a
// bytes.Buffer (kept content before it) has the bytes of one written
// through the buffered writer.
func TestSVGToBufferIsBuffered(t *testing.T) {
	d := dancer(t)
	products := map[string]func(io.Writer) error{
		"sheet":     func(w io.Writer) error { return Sheet(w, d, Options{}) },
		"solution":  func(w io.Writer) error { return Solution(w, d, d.Goal, Options{}) },
		"thumbnail": func(w io.Writer) error { return Thumbnail(w, d, d.Goal) },
	}
	for name, write := range products {
		var via, direct bytes.Buffer
		if err := write(onlyWriter{&via}); err != nil {
			t.Fatal(err)
		}
		direct.WriteString("kept|")
		if err := write(&direct); err != nil {
			t.Fatal(err)
		}
		if got := direct.String(); got != "kept|"+via.String() {
			t.Errorf("%s into a bytes.Buffer: %d bytes, want \"kept|\" and %d", name, len(got), len(via.String()))
		}
	}
}
