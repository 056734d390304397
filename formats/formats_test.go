package formats

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// dancerID is the identity of webpbn #1, the dancer of both specifications.
func dancerID(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("testdata/spec-example.non")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := Read("spec-example.non", data)
	if err != nil {
		t.Fatal(err)
	}
	return ps[0].ID()
}

func TestSpecExampleNon(t *testing.T) {
	ps, err := ReadFile("testdata/spec-example.non")
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	want := puzzle.Meta{Title: "Demo Puzzle from Front Page", Author: "Jan Wolter",
		Copyright: "© Copyright 2004 by Jan Wolter", License: "CC-BY-3.0", Catalogue: "webpbn.com #1"}
	if fmt.Sprint(p.Meta) != fmt.Sprint(want) {
		t.Errorf("meta = %+v, want %+v", p.Meta, want)
	}
	if p.Width != 5 || p.Height != 10 || p.Goal == nil || len(p.GoalMismatches()) != 0 || len(p.Validate()) != 0 {
		t.Errorf("got %dx%d, goal %v, mismatches %v, invalid %v", p.Width, p.Height, p.Goal != nil, p.GoalMismatches(), p.Validate())
	}
	if len(p.Warnings) != 0 { // the spec's own way of writing reads without a word
		t.Errorf("warnings %v, want none", p.Warnings)
	}
	if o := p.Origin; o.File != "testdata/spec-example.non" || o.Line != 1 || o.Index != 0 || o.Format != "non" {
		t.Errorf("origin = %+v", p.Origin)
	}
	// The same example indented, as the Markdown shows it, reads the same.
	data, _ := os.ReadFile("testdata/spec-example.non")
	indented := "    " + strings.ReplaceAll(string(data), "\n", "\n    ")
	qs, err := Read("indented.non", []byte(indented))
	if err != nil || qs[0].ID() != p.ID() {
		t.Errorf("indented example: %v", err)
	} else if len(qs[0].Warnings) != 0 {
		t.Errorf("indented example: warnings %v, want none", qs[0].Warnings)
	}
}

func TestSpecExampleXML(t *testing.T) {
	ps, err := ReadFile("testdata/spec-example.xml")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 {
		t.Fatalf("%d puzzles", len(ps))
	}
	p := ps[0]
	if p.ID() != dancerID(t) {
		t.Errorf("XML example is not the .non example: %s", describe(p))
	}
	want := puzzle.Meta{Title: "Sample Puzzle", Author: "Jan Wolter", Copyright: "© 2004 by Jan Wolter",
		Catalogue: "webpbn.com", ID: "#1", Description: "A dancing stick figure man."}
	if fmt.Sprint(p.Meta) != fmt.Sprint(want) {
		t.Errorf("meta = %+v, want %+v", p.Meta, want)
	}
	if p.Goal == nil || len(p.GoalMismatches()) != 0 || p.Width != 5 || p.Height != 10 {
		t.Errorf("goal missing or wrong: %s", describe(p))
	}
	// The example closes <clues type="rows"> with </clue>: read, with a warning.
	if len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0].Message, "</clue>") || p.Warnings[0].Line != 39 {
		t.Errorf("warnings = %v, want one about </clue> on line 39", p.Warnings)
	}
	// The goal may also be given without line breaks.
	data, _ := os.ReadFile("testdata/spec-example.xml")
	oneLine := strings.Replace(string(data), "|.XX..|\n    |.XX.X|", "|.XX..||.XX.X|", 1)
	qs, err := Read("oneline.xml", []byte(oneLine))
	if err != nil || qs[0].Goal == nil || !qs[0].Goal.Equal(p.Goal) {
		t.Errorf("goal on fewer lines: %v", err)
	}
}

// TestCorpusSamePuzzleSameID reads the webpbn puzzles that three sources
// carry, in .non and XML: each must get one identity.
func TestCorpusSamePuzzleSameID(t *testing.T) {
	corpustest.Dir(t)
	for n, extra := range map[int]string{1: "00001-dancer", 6: "00006-cat", 16: "00016-knot", 21: "00021-skid", 529: "00529-swing"} {
		files := []string{
			fmt.Sprintf("nonogram-db/db/webpbn/%d.non", n),
			fmt.Sprintf("saulrh-nonogram/puzzles/%d.xml", n),
			fmt.Sprintf("picross-solver/inputs/webpbn/webpbn-%s.non", extra),
		}
		ids := map[string]bool{}
		for _, f := range files {
			ps, err := ReadFile(corpustest.Path(t, f))
			if err != nil {
				t.Fatal(err)
			}
			ids[ps[0].ID()] = true
		}
		if len(ids) != 1 {
			t.Errorf("webpbn #%d: %d different ids across %v", n, len(ids), files)
		}
		if n == 1 && !ids[dancerID(t)] {
			t.Errorf("webpbn #1 is not the spec example's dancer")
		}
	}
	for _, name := range []string{"flower", "sun", "tiger"} {
		a, errA := ReadFile(corpustest.Path(t, "nonogram-db/db/qnonograms/examples/"+name+".non"))
		b, errB := ReadFile(corpustest.Path(t, "picross-solver/inputs/qnonograms/"+name+".non"))
		if errA != nil || errB != nil || a[0].ID() != b[0].ID() {
			t.Errorf("qnonograms %s: %v %v, or different ids", name, errA, errB)
		}
	}
}

func TestParseErrorMessage(t *testing.T) {
	inner := errors.New("bad thing")
	e := &ParseError{File: "a.non", Line: 3, Err: inner}
	if e.Error() != "a.non:3: bad thing" || !errors.Is(e, inner) {
		t.Errorf("got %q", e.Error())
	}
	e.Line = 0
	if e.Error() != "a.non: bad thing" {
		t.Errorf("got %q", e.Error())
	}
}

func TestKnown(t *testing.T) {
	for path, want := range map[string]bool{
		"a.non": true, "dir/B.NON": true, "x.nonpack": true, "x.nonpack.gz": true, "x.nonopack.gz": true,
		"x.xml": true, "x.pbn": true, "x.nin": true, "x.g": true,
		"x.gz": false, "x.txt": false, ".non": false, "readme": false, "x.non.bak": false,
	} {
		if Known(path) != want {
			t.Errorf("Known(%q) = %v", path, !want)
		}
	}
}

// bundle is a two-puzzle .nonpack used by the compression tests.
const bundle = "title \"one\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n====\ntitle \"two\"\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n"

func TestCompressedBundles(t *testing.T) {
	var gz, zl bytes.Buffer
	gw := gzip.NewWriter(&gz)
	gw.Write([]byte(bundle))
	gw.Close()
	zw := zlib.NewWriter(&zl)
	zw.Write([]byte(bundle))
	zw.Close()
	for name, data := range map[string][]byte{
		"a.nonpack.gz": gz.Bytes(), "b.nonopack.gz": zl.Bytes(), "c.nonpack.gz": []byte(bundle),
		"d.nonpack": gz.Bytes(), "e.unknown": zl.Bytes(),
	} {
		ps, err := Read(name, data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(ps) != 2 || ps[1].Meta.Title != "two" || ps[1].Origin.Line != 9 || ps[1].Origin.Index != 1 || ps[1].Origin.Format != "nonpack" {
			t.Errorf("%s: got %d puzzles, second %+v", name, len(ps), ps[len(ps)-1].Origin)
		}
	}
}

func TestDecompressionBomb(t *testing.T) {
	var gz bytes.Buffer
	gw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	chunk := bytes.Repeat([]byte("\n"), 1<<20)
	for range MaxFileSize>>20 + 1 {
		gw.Write(chunk)
	}
	gw.Close()
	_, err := Read("bomb.nonpack.gz", gz.Bytes())
	var pe *ParseError
	if !errors.Is(err, ErrTooBig) || !errors.As(err, &pe) || pe.File != "bomb.nonpack.gz" {
		t.Errorf("err = %v, want ErrTooBig naming the file", err)
	}
	_, err = Read("corrupt.nonpack.gz", gz.Bytes()[:len(gz.Bytes())/2])
	if err == nil || !strings.HasPrefix(err.Error(), "corrupt.nonpack.gz: ") {
		t.Errorf("truncated stream: err = %v", err)
	}
}

func TestFileTooLarge(t *testing.T) {
	big := make([]byte, MaxFileSize+1)
	if _, err := Read("big.non", big); !errors.Is(err, ErrTooBig) {
		t.Errorf("err = %v, want ErrTooBig", err)
	}
	path := filepath.Join(t.TempDir(), "big.non")
	if err := os.WriteFile(path, big, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(path); !errors.Is(err, ErrTooBig) {
		t.Errorf("ReadFile: err = %v, want ErrTooBig", err)
	}
	if _, err := ReadFile(filepath.Join(t.TempDir(), "missing.non")); err == nil || !strings.Contains(err.Error(), "missing.non") {
		t.Errorf("missing file: err = %v", err)
	}
}

func TestSizeLimits(t *testing.T) {
	cases := map[string]string{
		"wide.non":   "width 1025\nheight 1\n",
		"tall.nin":   "1 1025\n",
		"long.non":   "width 1\nheight 1\nrows\n99999999999999999999\ncolumns\n1\n",
		"count.xml":  "<puzzleset><puzzle><clues type=\"rows\"><line><count>2000</count></line></clues></puzzle></puzzleset>",
		"many.xml":   "<puzzleset><puzzle><clues type=\"rows\">" + strings.Repeat("<line/>", 1025) + "</clues></puzzle></puzzleset>",
		"image.xml":  "<puzzleset><puzzle><solution><image>|" + strings.Repeat("X", 1025) + "|</image></solution></puzzle></puzzleset>",
		"blocks.non": "width 1\nheight 1\nrows\n" + strings.Repeat("1,", 1025) + "\ncolumns\n1\n",
	}
	for name, src := range cases {
		_, err := Read(name, []byte(src))
		if !errors.Is(err, puzzle.ErrTooLarge) && !strings.Contains(fmt.Sprint(err), "more than 1024") {
			t.Errorf("%s: err = %v, want a size error", name, err)
		}
		if !strings.HasPrefix(fmt.Sprint(err), name+":") {
			t.Errorf("%s: error does not name the file: %v", name, err)
		}
	}
}

func TestXMLDepthLimit(t *testing.T) {
	deep := strings.Repeat("<a>", 100000) + strings.Repeat("</a>", 100000)
	_, err := Read("deep.xml", []byte(deep))
	if err == nil || !strings.Contains(err.Error(), "nested more than") {
		t.Errorf("err = %v", err)
	}
}

func TestInvalidUTF8(t *testing.T) {
	src := "width 1\nheight 1\ntitle \"caf\xe9\"\nrows\n1\ncolumns\n1\n"
	ps, err := Read("latin.non", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	if p.Meta.Title != "caf\uFFFD" || len(p.Warnings) != 1 || p.Warnings[0].Line != 3 {
		t.Errorf("title %q, warnings %v", p.Meta.Title, p.Warnings)
	}
	xmlSrc := "<puzzleset>\n<puzzle><title>caf\xe9</title><clues type=\"rows\"><line><count>1</count></line></clues>\n" +
		"<clues type=\"columns\"><line><count>1</count></line></clues></puzzle>\n<puzzle>\n<title>\xff</title>" +
		"<clues type=\"rows\"><line/></clues><clues type=\"columns\"><line/></clues></puzzle></puzzleset>"
	ps, err = Read("bad.xml", []byte(xmlSrc))
	if err != nil || len(ps) != 2 {
		t.Fatalf("%v, %d puzzles", err, len(ps))
	}
	if ps[0].Meta.Title != "caf\uFFFD" || len(ps[0].Warnings) != 1 || ps[0].Warnings[0].Line != 2 {
		t.Errorf("first: title %q, warnings %v", ps[0].Meta.Title, ps[0].Warnings)
	}
	if len(ps[1].Warnings) != 1 || ps[1].Warnings[0].Line != 5 {
		t.Errorf("second: warnings %v", ps[1].Warnings)
	}
}

// A file saved in Windows-1252 (an old Windows editor's "ANSI"): each line
// with a byte that is not UTF-8 is warned of at that byte's column, with
// the word as Windows-1252 reads it, to say what happened and what to do;
// a byte Windows-1252 has no character for gets the hint alone.
func TestInvalidUTF8SaysWindows1252(t *testing.T) {
	src := "title \"Caf\xe9 \x93cat\x94\"\r\nby Ren\xe9e\r\nlicense \x81\r\nwidth 1\r\nheight 1\r\nrows\r\n1\r\ncolumns\r\n1\r\n"
	ps, err := Read("ansi.non", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		line, col int
		hint      string
	}{
		{1, 11, `save the file as UTF-8: it seems written in Windows-1252, where this reads "Café"`},
		{2, 7, `save the file as UTF-8: it seems written in Windows-1252, where this reads "Renée"`},
		{3, 9, `save the file as UTF-8`},
	}
	ws := ps[0].Warnings
	if len(ws) != len(want) {
		t.Fatalf("warnings %v, want %d", ws, len(want))
	}
	for i, w := range want {
		if got := ws[i]; got.Line != w.line || got.Col != w.col || got.Hint != w.hint || got.Message != "invalid UTF-8 replaced with U+FFFD" {
			t.Errorf("warning %d = %d:%d %q (%s), want %d:%d (%s)", i, got.Line, got.Col, got.Message, got.Hint, w.line, w.col, w.hint)
		}
	}
}

func TestLatin1XML(t *testing.T) {
	src := "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<puzzleset><puzzle><title>Caf\xe9</title>" +
		"<clues type=\"rows\"><line><count>1</count></line></clues><clues type=\"columns\"><line><count>1</count></line></clues></puzzle></puzzleset>"
	ps, err := Read("latin1.xml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if ps[0].Meta.Title != "Café" || len(ps[0].Warnings) != 0 {
		t.Errorf("title %q, warnings %v", ps[0].Meta.Title, ps[0].Warnings)
	}
	// Declared Latin-1 but written in UTF-8: read as UTF-8.
	ps, err = Read("mislabelled.xml", []byte(strings.Replace(src, "\xe9", "é", 1)))
	if err != nil || ps[0].Meta.Title != "Café" {
		t.Errorf("mislabelled: %v, title %q", err, ps[0].Meta.Title)
	}
}

func TestCRLFAndBOM(t *testing.T) {
	src := "\xef\xbb\xbfwidth 2\r\nheight 1\r\nrows\r\n\r\n2\r\ncolumns\r\n1\r\n1\r\n"
	ps, err := Read("dos.non", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := ps[0].FormatLine(ps[0].Rows[0]); got != "2" {
		t.Errorf("row = %s", got)
	}
}

func TestWriteNonRefuses(t *testing.T) {
	tri := &puzzle.Puzzle{Kind: puzzle.Triddler, Palette: puzzle.DefaultPalette(), TriddlerClues: map[string][]puzzle.Line{}}
	if err := WriteNon(&bytes.Buffer{}, tri); !errors.Is(err, ErrUnsupported) {
		t.Errorf("triddler: err = %v", err)
	}
	many := &puzzle.Puzzle{Kind: puzzle.Grid, Width: 1, Height: 1, Rows: []puzzle.Line{nil}, Cols: []puzzle.Line{nil}}
	many.Palette = append(many.Palette, puzzle.DefaultPalette()[0])
	for i := range 27 {
		many.Palette = append(many.Palette, puzzle.Color{RGB: puzzle.RGB{R: uint8(i)}})
	}
	if err := WriteNon(&bytes.Buffer{}, many); !errors.Is(err, ErrUnsupported) {
		t.Errorf("27 colours: err = %v", err)
	}
	// XML has room for them: every colour gets a distinct character.
	many.Goal = puzzle.NewImage(1, 1)
	many.Goal.Cells[0] = 27
	many.Rows[0] = puzzle.Line{{Len: 1, Color: 27}}
	many.Cols[0] = puzzle.Line{{Len: 1, Color: 27}}
	roundTripXMLOnly(t, many)
}

// roundTripXMLOnly checks a puzzle .non cannot hold through XML alone.
func roundTripXMLOnly(t *testing.T, p *puzzle.Puzzle) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteXML(&buf, []*puzzle.Puzzle{p}); err != nil {
		t.Fatal(err)
	}
	ps, err := Read("x.xml", buf.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if ps[0].ID() != p.ID() || ps[0].Colors() != p.Colors() || !ps[0].Goal.Equal(p.Goal) {
		t.Errorf("XML round trip changed the puzzle:\n%s\n%s", describe(p), describe(ps[0]))
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWritersReportWriteErrors(t *testing.T) {
	ps, err := ReadFile("testdata/spec-example.non")
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteNon(failingWriter{}, ps[0]); err == nil {
		t.Error("WriteNon: no error")
	}
	if err := WriteNonpack(failingWriter{}, ps); err == nil {
		t.Error("WriteNonpack: no error")
	}
	if err := WriteXML(failingWriter{}, ps); err == nil {
		t.Error("WriteXML: no error")
	}
}

func TestMetadataEscaping(t *testing.T) {
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: 1, Height: 1, Palette: puzzle.DefaultPalette(),
		Rows: []puzzle.Line{{{Len: 1, Color: 1}}}, Cols: []puzzle.Line{{{Len: 1, Color: 1}}}}
	p.Meta = puzzle.Meta{Title: `He said "&copy;" <b> & left`, Author: "tab\there\nnewline", License: "CC BY 4.0",
		Copyright: "&amp; literal", Extra: []puzzle.Property{{Key: "collection", Value: "Ünïcødé ☺"}}}
	roundTrip(t, "escaping", p)
}

func TestWarningsAndPropertiesBounded(t *testing.T) {
	var src strings.Builder
	src.WriteString("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
	for range 5000 {
		src.WriteString("key value\xff\n")
	}
	ps, err := Read("many.non", []byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	if len(p.Meta.Extra) != maxExtra {
		t.Errorf("%d extra properties kept, want %d", len(p.Meta.Extra), maxExtra)
	}
	if len(p.Warnings) != maxWarnings+1 || !strings.Contains(p.Warnings[len(p.Warnings)-1].Message, "4900 more lines") {
		t.Errorf("%d warnings, last %v", len(p.Warnings), p.Warnings[len(p.Warnings)-1])
	}
}

func TestTruncatedXMLKeepsEarlierPuzzles(t *testing.T) {
	src := "<puzzleset>\n<puzzle><title>whole</title><solution><image>|X|</image></solution></puzzle>\n<puzzle><title>cut"
	ps, err := Read("cut.xml", []byte(src))
	if len(ps) != 1 || ps[0].Meta.Title != "whole" {
		t.Fatalf("got %d puzzles", len(ps))
	}
	if err == nil || !strings.Contains(err.Error(), "cut.xml:3: <title> is never closed") {
		t.Errorf("err = %v", err)
	}
}

// A puzzle's texts do not keep its whole file alive: a title kept from a
// file of 8 MB holds a few bytes, not the file.
func TestReadDoesNotKeepTheFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("title \"Kept\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n")
	b.WriteString("description \"" + strings.Repeat("x", 8<<20) + "\"\n")
	data := []byte(b.String())
	b.Reset()
	ps, err := Read("big.non", data)
	if err != nil || len(ps) != 1 {
		t.Fatalf("Read: %v", err)
	}
	title := ps[0].Meta.Title
	data, ps = nil, nil
	runtime.GC()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	if mem.HeapAlloc > 4<<20 {
		t.Errorf("%d bytes in use with only the title kept: the file's text is among them", mem.HeapAlloc)
	}
	if title != "Kept" {
		t.Errorf("title %q", title)
	}
}

// TestSetMetadataSurvivesWriters: a bundle's own block of keys comes back
// as the set of every puzzle after .nonpack and XML, and the puzzles keep
// their own titles.
func TestSetMetadataSurvivesWriters(t *testing.T) {
	src := "title \"Animals\"\nby \"Ann\"\n====\ntitle \"Cat\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n====\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n"
	ps, err := Read("animals.nonpack", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []struct {
		ext   string
		write func(*bytes.Buffer) error
	}{
		{".nonpack", func(b *bytes.Buffer) error { return WriteNonpack(b, ps) }},
		{".xml", func(b *bytes.Buffer) error { return WriteXML(b, ps) }},
	} {
		var buf bytes.Buffer
		if err := w.write(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := Read("back"+w.ext, buf.Bytes())
		if err != nil || len(back) != 2 {
			t.Fatalf("%s: %d puzzles, %v\n%s", w.ext, len(back), err, buf.String())
		}
		for i, q := range back {
			if q.Origin.Set == nil || q.Origin.Set.Title != "Animals" || q.Origin.Set.Author != "Ann" || q.Meta.Title != ps[i].Meta.Title || q.Meta.Author != "Ann" {
				t.Errorf("%s puzzle %d: set %+v, title %q author %q\n%s", w.ext, i, q.Origin.Set, q.Meta.Title, q.Meta.Author, buf.String())
			}
		}
	}
}

// TestGuessNumber checks the guesses at a clue's number typed with a
// letter for a digit or with a sign, and that other words get none.
func TestGuessNumber(t *testing.T) {
	for _, c := range []struct {
		word, guess string
		ok          bool
	}{
		{"l", "1", true}, {"l8", "18", true}, {"O", "0", true}, {"-4", "4", true}, {"+2b", "2b", true},
		{"Ol", "01", true}, {"4", "4", false}, {"title", "title", false}, {"orange", "0range", true}, {"x", "x", false},
	} {
		g, ok := guessNumber(c.word)
		if g != c.guess || ok != c.ok {
			t.Errorf("guessNumber(%q) = %q, %v; want %q, %v", c.word, g, ok, c.guess, c.ok)
		}
	}
	if isClueNumber("0range") || !isClueNumber("12b") || isClueNumber("b") {
		t.Error("isClueNumber: a word is a number with at most one colour character after it")
	}
}

// A .non file of many junk lines, stray clue lines and misspelt keys gets
// at most maxWarnings warnings of each kind.
func TestNonWarningsBounded(t *testing.T) {
	text := "width 1\nheight 1\nrows\n1\ncolumns\n1\n" + strings.Repeat("}}}\nwidht 3\n5\ntitle x\n", 3*maxWarnings)
	ps, err := Read("junk.non", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(ps[0].Warnings); n > 3*maxWarnings {
		t.Errorf("%d warnings, want at most %d", n, 3*maxWarnings)
	}
}

// A bundle's leading block of shared keys gets at most maxWarnings warnings
// of misspelt keys, as a puzzle does, and they go to its first puzzle.
func TestSetMetaTyposCapped(t *testing.T) {
	var b strings.Builder
	for range maxWarnings + 50 {
		b.WriteString("auther someone\n")
	}
	b.WriteString("\n====\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n")
	ps, err := Read("set.nonpack", []byte(b.String()))
	if err != nil || len(ps) != 1 {
		t.Fatalf("Read: %d puzzles, %v", len(ps), err)
	}
	n := 0
	for _, w := range ps[0].Warnings {
		if strings.Contains(w.Message, `unknown key "auther"`) {
			n++
		}
	}
	if n != maxWarnings {
		t.Errorf("%d warnings of the misspelt set key, want %d", n, maxWarnings)
	}
}

// A title given twice, differently, is warned of even after maxWarnings
// warnings of another kind: the bound is one kind's.
func TestGivenTwiceWarnedAfterOtherWarnings(t *testing.T) {
	text := strings.Repeat("}}}\n", maxWarnings) + "title a\ntitle b\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n"
	ps, err := Read("twice.non", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range ps[0].Warnings {
		if strings.Contains(w.Message, "title given twice") {
			return
		}
	}
	t.Errorf("no warning of the title given twice among %d warnings", len(ps[0].Warnings))
}

// References inside comments are not warned of, however many comments come
// before them; one in the text after them is.
func TestEntityInManyComments(t *testing.T) {
	text := `<puzzleset>` + strings.Repeat("<!-- &nbsp -->\n", 3*maxWarnings) +
		`<puzzle type="grid"><title>A &eacut; B</title><clues type="columns"><line><count>1</count></line></clues>` +
		`<clues type="rows"><line><count>1</count></line></clues></puzzle></puzzleset>`
	ps, err := Read("comments.xml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range ps[0].Warnings {
		got = append(got, w.Message)
	}
	if len(got) != 1 || !strings.Contains(got[0], "&eacut;") {
		t.Errorf("warnings %q: want only the one of &eacut;", got)
	}
}

// defaultcolour= and backgroundcolour= are read as defaultcolor= and
// backgroundcolor=, with a warning each.
func TestXMLBritishColourAttributes(t *testing.T) {
	text := `<puzzleset><puzzle type="grid" defaultcolour="red" backgroundcolour="paper">` +
		`<color name="red" char="r">ff0000</color><color name="paper" char=".">eeeeee</color>` +
		`<clues type="columns"><line><count>1</count></line></clues>` +
		`<clues type="rows"><line><count>1</count></line></clues></puzzle></puzzleset>`
	ps, err := Read("colour.xml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	if p.Palette[p.Rows[0][0].Color].Name != "red" || p.Palette[puzzle.Background].Name != "paper" {
		t.Errorf("block colour %q, background %q: want red and paper", p.Palette[p.Rows[0][0].Color].Name, p.Palette[puzzle.Background].Name)
	}
	read := 0
	for _, w := range p.Warnings {
		if strings.Contains(w.Message, "colour= read as") {
			read++
		}
	}
	if read != 2 {
		t.Errorf("%d warnings of a colour attribute read as color: want 2 (%v)", read, p.Warnings)
	}
}
