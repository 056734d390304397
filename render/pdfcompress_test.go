package render

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// rawPDF returns the document draw makes as fpdf writes it, before the
// post-pass.
func rawPDF(t testing.TB, draw func() (*pdfDoc, error)) []byte {
	t.Helper()
	doc, err := draw()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := doc.output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// postPass runs the post-pass over src with a pooled pass and returns a copy
// of the result.
func postPass(src []byte) []byte {
	p := getPDFPass()
	defer putPDFPass(p)
	return bytes.Clone(p.compressPDF(src))
}

// tinyPDF is a PDF laid out as fpdf writes it, with one object: a stream of
// the given dictionary entries and data.
func tinyPDF(entries, data string) []byte {
	b := []byte("%PDF-1.3\n")
	obj := len(b)
	b = fmt.Appendf(b, "1 0 obj\n<<%s>>\nstream\n%s\nendstream\nendobj\n", entries, data)
	xref := len(b)
	b = fmt.Appendf(b, "xref\n0 2\n0000000000 65535 f \n%010d 00000 n \n", obj)
	return fmt.Appendf(b, "trailer\n<<\n/Size 2\n>>\nstartxref\n%d\n%%%%EOF\n", xref)
}

// parsedPDF is a PDF as the post-pass reads it.
type parsedPDF struct {
	header, trailer []byte
	objs            map[int][]byte // from "N 0 obj\n" to "endobj\n"
}

// parsePDF reads src as the post-pass does; ok is false if it cannot.
func parsePDF(src []byte) (parsedPDF, bool) {
	var p pdfPass
	tail, ok := p.readXref(src)
	if !ok || len(p.objs) == 0 {
		return parsedPDF{}, false
	}
	pdf := parsedPDF{
		header:  src[:p.objs[0].start],
		trailer: src[tail.trailer:tail.startxref],
		objs:    map[int][]byte{},
	}
	for _, o := range p.objs {
		pdf.objs[o.num] = src[o.start:o.end]
	}
	return pdf, true
}

// streamOf splits a stream object into its dictionary and its data, as its
// /Length gives; ok is false if obj is not a stream so laid out.
func streamOf(obj []byte) (dict, data []byte, ok bool) {
	head := bytes.IndexByte(obj, '\n') + 1
	end, entries, ok := readDict(obj, head, nil)
	if !ok || !bytes.HasPrefix(obj[end:], []byte("\nstream\n")) {
		return nil, nil, false
	}
	for _, e := range entries {
		if string(e.key) != "Length" {
			continue
		}
		n, ok := atoi(obj[e.start:e.end])
		start := end + len("\nstream\n")
		if !ok || start+n > len(obj) || string(obj[start+n:]) != "\nendstream\nendobj\n" {
			return nil, nil, false
		}
		return obj[head:end], obj[start : start+n], true
	}
	return nil, nil, false
}

// checkPostPass checks out, the post-pass's output for in: either in itself,
// or a PDF with in's header, trailer and objects, except for streams now
// Flate-compressed that inflate to in's data. The post-pass must also leave
// out as it is.
func checkPostPass(t testing.TB, in, out []byte) {
	t.Helper()
	if bytes.Equal(in, out) {
		return
	}
	src, ok := parsePDF(in)
	if !ok {
		t.Fatalf("the post-pass changed a PDF it cannot read:\n%.200q", in)
	}
	dst, ok := parsePDF(out)
	if !ok {
		t.Fatalf("the post-pass made an unreadable PDF from:\n%.200q", in)
	}
	if !bytes.Equal(src.header, dst.header) || !bytes.Equal(src.trailer, dst.trailer) || len(src.objs) != len(dst.objs) {
		t.Fatalf("the post-pass changed the header, the trailer or the objects:\n%.300q\n%.300q", in, out)
	}
	for num, obj := range src.objs {
		if bytes.Equal(obj, dst.objs[num]) {
			continue
		}
		_, data, ok := streamOf(obj)
		dict, z, zok := streamOf(dst.objs[num])
		if !ok || !zok || !bytes.HasPrefix(dict, []byte("<<"+pdfFilter)) {
			t.Fatalf("object %d changed other than by compression:\n%q\n%q", num, obj, dst.objs[num])
		}
		if got, err := inflate(z); err != nil || !bytes.Equal(got, data) {
			t.Fatalf("object %d does not inflate to its data (%v)", num, err)
		}
	}
	if again := postPass(out); !bytes.Equal(again, out) {
		t.Fatal("a second post-pass changed the PDF")
	}
}

// inflate decompresses zlib data.
func inflate(z []byte) ([]byte, error) {
	r, err := zlib.NewReader(bytes.NewReader(z))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// pdfText is pdftotext's text of a PDF.
func pdfText(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command(needTool(t, "pdftotext"), "-enc", "UTF-8", path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v: %s", err, out)
	}
	return string(out)
}

// qpdfCheck runs qpdf --check over the PDF at path, if qpdf is installed.
func qpdfCheck(t *testing.T, path string) {
	t.Helper()
	qpdf, err := exec.LookPath("qpdf")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("qpdf not installed (.ci/run installs it)")
		}
		t.Log("qpdf not installed: not checked with it")
		return
	}
	if out, err := exec.Command(qpdf, "--check", path).CombinedOutput(); err != nil {
		t.Errorf("qpdf --check: %v:\n%s", err, out)
	}
}

// postPassCases are documents to compare before and after the post-pass.
func postPassCases(t *testing.T) map[string]func() (*pdfDoc, error) {
	d, f, r := dancer(t), flag3(t), randomPuzzle(30, 35, 1, 1)
	u := flag3(t)
	u.Meta.Title = "Żółw"
	return map[string]func() (*pdfDoc, error){
		"dancer":        func() (*pdfDoc, error) { return sheetDoc(d, d.Goal, Options{}) },
		"flag-mono":     func() (*pdfDoc, error) { return sheetDoc(f, nil, Options{MonoSafe: true, Paper: Letter}) },
		"random-30x35":  func() (*pdfDoc, error) { return sheetDoc(r, r.Goal, Options{}) },
		"unicode-title": func() (*pdfDoc, error) { return sheetDoc(u, u.Goal, Options{}) },
		"booklet":       func() (*pdfDoc, error) { return bookletDoc(Cover{Title: "Three"}, bookletOf(t, 3), Options{}) },
	}
}

// TestPostPassValid compares each document as fpdf writes it, uncompressed,
// with what the post-pass makes of it: same pages, same text, every stream
// inflating to the same bytes, qpdf finding no error; and checks that
// SheetPDF and Booklet write just that.
func TestPostPassValid(t *testing.T) {
	for name, draw := range postPassCases(t) {
		t.Run(name, func(t *testing.T) {
			raw := rawPDF(t, draw)
			out := postPass(raw)
			checkPostPass(t, raw, out)
			doc, err := draw()
			if err != nil {
				t.Fatal(err)
			}
			if len(out) >= len(raw) {
				t.Errorf("post-pass output is %d bytes for %d uncompressed", len(out), len(raw))
			}
			var written bytes.Buffer
			if err := doc.write(&written); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(written.Bytes(), out) {
				t.Error("write does not write the post-pass output")
			}
			rawPath, outPath := writePDF(t, raw), writePDF(t, out)
			before, after := readPDFInfo(t, rawPath), readPDFInfo(t, outPath)
			if fmt.Sprint(before.pages, before.sizes) != fmt.Sprint(after.pages, after.sizes) {
				t.Errorf("pdfinfo: %d pages %v uncompressed, %d pages %v compressed", before.pages, before.sizes, after.pages, after.sizes)
			}
			if a, b := pdfText(t, rawPath), pdfText(t, outPath); a != b {
				t.Errorf("pdftotext differs:\nuncompressed:\n%s\ncompressed:\n%s", a, b)
			}
			qpdfCheck(t, outPath)
		})
	}
}

// TestPostPassKeepsFilteredStreams checks that the streams fpdf compresses
// itself (the embedded fonts) come out of the post-pass untouched.
func TestPostPassKeepsFilteredStreams(t *testing.T) {
	raw := rawPDF(t, func() (*pdfDoc, error) { return bookletDoc(Cover{Title: "Fonts"}, bookletOf(t, 1), Options{}) })
	src, ok := parsePDF(raw)
	if !ok {
		t.Fatal("cannot read fpdf's booklet")
	}
	dst, ok := parsePDF(postPass(raw))
	if !ok {
		t.Fatal("cannot read the post-pass booklet")
	}
	filtered := 0
	for num, obj := range src.objs {
		if dict, _, ok := streamOf(obj); ok && bytes.Contains(dict, []byte("/Filter")) {
			filtered++
			if !bytes.Equal(obj, dst.objs[num]) {
				t.Errorf("object %d, which has a filter, changed", num)
			}
		}
	}
	if filtered == 0 {
		t.Error("the booklet has no stream with a filter: nothing tested")
	}
}

// TestPostPassMatchesFpdf checks that at fpdf's level the post-pass makes
// the very bytes fpdf's own compression makes of a sheet, object for object,
// except for the streams fpdf leaves uncompressed even then (the fonts'
// ToUnicode maps), which the post-pass compresses too.
func TestPostPassMatchesFpdf(t *testing.T) {
	if pdfLevel != zlib.BestSpeed {
		t.Skip("the post-pass does not use fpdf's level")
	}
	p := randomPuzzle(30, 35, 2, 7)
	draw := func() *pdfDoc {
		doc, err := sheetDoc(p, p.Goal, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	doc := draw()
	doc.pdf.SetCompression(true)
	var fpdf, ours bytes.Buffer
	if err := doc.output(&fpdf); err != nil {
		t.Fatal(err)
	}
	if err := draw().write(&ours); err != nil {
		t.Fatal(err)
	}
	theirs, ok1 := parsePDF(fpdf.Bytes())
	mine, ok2 := parsePDF(ours.Bytes())
	if !ok1 || !ok2 || len(theirs.objs) != len(mine.objs) {
		t.Fatalf("cannot compare: parsed %v %v, %d and %d objects", ok1, ok2, len(theirs.objs), len(mine.objs))
	}
	same := 0
	for num, obj := range theirs.objs {
		if bytes.Equal(obj, mine.objs[num]) {
			same++
			continue
		}
		dict, data, ok := streamOf(obj)
		myDict, myData, myOK := streamOf(mine.objs[num])
		if !ok || !myOK || bytes.Contains(dict, []byte("/Filter")) || !bytes.Contains(myDict, []byte("/Filter")) {
			t.Errorf("object %d differs from fpdf's, and is not a stream fpdf left uncompressed", num)
			continue
		}
		if plain, err := inflate(myData); err != nil || !bytes.Equal(plain, data) {
			t.Errorf("object %d: the post-pass's stream does not inflate to fpdf's (%v)", num, err)
		}
	}
	if same == 0 {
		t.Error("no object came out as fpdf writes it")
	}
}

// TestPostPassTrickyTitles puts PDF keywords, delimiters and unbalanced
// parentheses in titles, which land in the page streams and in the outline
// and info dictionaries: the PDF must stay valid and show them.
func TestPostPassTrickyTitles(t *testing.T) {
	for _, title := range []string{
		"endstream", "endobj", "stream", "\nendstream\nendobj\n",
		"x) >> endobj 9 0 obj << /Length 5 >> stream", `\(\`,
		"trailer << >> startxref 0 %%EOF", "xref 0 1 0000000000 65535 f",
	} {
		p := dancer(t)
		p.Meta.Title, p.Meta.Author = title, "stream ( endstream"
		// The core-font writer (SheetPDF), and fpdf through the post-pass.
		var core bytes.Buffer
		if err := SheetPDF(&core, p, p.Goal, Options{}); err != nil {
			t.Fatal(err)
		}
		raw := rawPDF(t, func() (*pdfDoc, error) { return sheetDoc(p, p.Goal, Options{}) })
		compressed := postPass(raw)
		if bytes.Equal(compressed, raw) {
			t.Errorf("title %q: the post-pass left the PDF uncompressed", title)
		}
		checkPostPass(t, raw, compressed)
		for _, pdf := range []struct {
			writer string
			data   []byte
		}{{"core", core.Bytes()}, {"fpdf", compressed}} {
			path := writePDF(t, pdf.data)
			if info := readPDFInfo(t, path); info.pages != 2 {
				t.Errorf("%s, title %q: %d pages, want 2", pdf.writer, title, info.pages)
			}
			want := strings.TrimSpace(printable(title))
			if text := pdfText(t, path); !strings.Contains(text, want) {
				t.Errorf("%s, title %q: PDF text lacks it:\n%s", pdf.writer, title, text)
			}
			qpdfCheck(t, path)
		}
	}
}

// TestPostPassUnexpected feeds the post-pass files not laid out as fpdf
// writes them: each must come back unchanged.
func TestPostPassUnexpected(t *testing.T) {
	raw := rawPDF(t, func() (*pdfDoc, error) { return sheetDoc(dancer(t), nil, Options{}) })
	xref := bytes.LastIndex(raw, []byte("\nxref\n")) + 1
	trailer := bytes.LastIndex(raw, []byte("trailer\n<<\n")) + len("trailer\n<<\n")
	edit := func(at int, old, new string) []byte {
		i := at + bytes.Index(raw[at:], []byte(old))
		if i < at {
			t.Fatalf("no %q in the test PDF", old)
		}
		return append(append(bytes.Clone(raw[:i]), new...), raw[i+len(old):]...)
	}
	for name, in := range map[string][]byte{
		"empty":                {},
		"header only":          []byte("%PDF-1.3\n%%EOF\n"),
		"not a PDF":            []byte("<html>stream\nendstream\n</html>"),
		"truncated":            raw[:len(raw)-1],
		"no xref":              raw[:xref],
		"garbage after EOF":    append(bytes.Clone(raw), "x"...),
		"CRLF":                 bytes.ReplaceAll(raw, []byte("\n"), []byte("\r\n")),
		"offset off by one":    edit(xref, "0 00000 n \n", "1 00000 n \n"),
		"xref offset wrong":    edit(xref, "startxref\n", "startxref\n1"),
		"two xref sections":    edit(xref, "xref\n0 ", "xref\n0 1\n0000000000 65535 f \n1 "),
		"size mismatch":        edit(trailer, "/Size ", "/Size 1"),
		"encrypted":            edit(trailer, "/Size", "/Encrypt 99 0 R\n/Size"),
		"earlier revision":     edit(trailer, "/Size", "/Prev 9\n/Size"),
		"object number wrong":  edit(0, "\n3 0 obj\n", "\n7 0 obj\n"),
		"generation not zero":  edit(0, "\n3 0 obj\n", "\n3 1 obj\n"),
		"unterminated trailer": edit(trailer, ">>\nstartxref", "\nstartxref"),
		"no xref offset":       append(bytes.Clone(raw)[:bytes.LastIndex(raw, []byte("\nstartxref\n"))+len("\nstartxref")], "\n%%EOF\n"...),
	} {
		if out := postPass(in); !bytes.Equal(out, in) {
			t.Errorf("%s: the post-pass changed it", name)
		}
	}
	// A stream whose /Length is not its length is copied as it is; the
	// others are still compressed.
	bad := edit(0, "<</Length ", "<</Length 1")
	out := postPass(bad)
	checkPostPass(t, bad, out)
	if !bytes.Contains(out, []byte("<</Length 1")) {
		t.Error("the stream with a wrong /Length was changed")
	}
}

// TestPostPassStreamDicts checks which streams the post-pass compresses,
// by their dictionaries, and that it finds their data by /Length whatever
// the data and the strings of the dictionary say.
func TestPostPassStreamDicts(t *testing.T) {
	data := strings.Repeat("endstream\nendobj\n", 20)
	n := fmt.Sprint(len(data))
	for _, c := range []struct {
		entries string
		want    bool
	}{
		{"/Length " + n, true},
		{" /Type /XObject /Length " + n + " /BBox [0 0 1 1] ", true},
		{"/Title (>>\nstream\n\\) /Length 3) /Length " + n, true},
		{"/Resources << /Font << /F1 3 0 R >> >> /Length " + n, true},
		{"/Length " + n + " /Filter /FlateDecode", false},
		{"/Filter [] /Length " + n, false},
		{"/Length " + n + " /DecodeParms << >>", false},
		{"/Type /Metadata /Subtype /XML /Length " + n, false},
		{"/Length 9 0 R", false},
		{"/Length " + n + " /Length " + n, false},
		{"/Length 1" + n, false},
		{"/Length", false},
		{"/Length " + n + " % comment", false},
		{"/Title (unbalanced /Length " + n, false},
	} {
		in := tinyPDF(c.entries, data)
		out := postPass(in)
		checkPostPass(t, in, out)
		if got := !bytes.Equal(in, out); got != c.want {
			t.Errorf("<<%s>>: compressed %v, want %v", c.entries, got, c.want)
		}
	}
	if in := tinyPDF("/Length 3", "abc"); !bytes.Equal(postPass(in), in) {
		t.Error("a stream that does not shrink was compressed")
	}
}

// TestPostPassDeterministic checks that the same document gives the same
// bytes, from a fresh pass or from one that compressed something else.
func TestPostPassDeterministic(t *testing.T) {
	p := randomPuzzle(30, 35, 3, 5)
	raw := rawPDF(t, func() (*pdfDoc, error) { return sheetDoc(p, p.Goal, Options{}) })
	want := postPass(raw)
	pass := new(pdfPass)
	pass.compressPDF(rawPDF(t, func() (*pdfDoc, error) { return bookletDoc(Cover{Title: "Other"}, bookletOf(t, 2), Options{}) }))
	if got := pass.compressPDF(raw); !bytes.Equal(got, want) {
		t.Error("a used pass and a fresh one compress differently")
	}
	doc, err := sheetDoc(p, p.Goal, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var written bytes.Buffer
	if err := doc.write(&written); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(written.Bytes(), want) {
		t.Error("pdfDoc.write differs from the post-pass")
	}
	var a, b bytes.Buffer
	if err := SheetPDF(&a, p, p.Goal, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := SheetPDF(&b, p, p.Goal, Options{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two SheetPDF calls differ")
	}
}

// TestPostPassMutations changes, truncates and cuts a real PDF at every
// byte outside its stream data: the post-pass must not panic, and what it
// changes must stay a valid PDF (checkPostPass).
func TestPostPassMutations(t *testing.T) {
	p := puzzleOf(t, []string{"X."}, puzzle.DefaultPalette())
	raw := rawPDF(t, func() (*pdfDoc, error) { return sheetDoc(p, nil, Options{}) })
	inStream := streamBytes(raw)
	for i := range raw {
		if inStream[i] && i%97 != 0 {
			continue
		}
		for _, c := range []byte{'\n', '0', '(', '>', raw[i] ^ 0x20} {
			in := bytes.Clone(raw)
			in[i] = c
			checkPostPass(t, in, postPass(in))
		}
		checkPostPass(t, raw[:i], postPass(raw[:i]))
		cut := append(bytes.Clone(raw[:i]), raw[i+1:]...)
		checkPostPass(t, cut, postPass(cut))
	}
}

// streamBytes marks the bytes of src that are stream data.
func streamBytes(src []byte) []bool {
	marks := make([]bool, len(src))
	for at := 0; ; {
		i := bytes.Index(src[at:], []byte("\nstream\n"))
		j := bytes.Index(src[at:], []byte("\nendstream\n"))
		if i < 0 || j < i {
			return marks
		}
		for k := at + i + len("\nstream\n"); k < at+j; k++ {
			marks[k] = true
		}
		at += j + 1
	}
}

// FuzzCompressPDF feeds the post-pass arbitrary bytes, seeded with real
// PDFs, cut and not: it must not panic, and must either return its input or
// a valid PDF with the same content (checkPostPass).
func FuzzCompressPDF(f *testing.F) {
	p := puzzleOf(f, []string{"X."}, puzzle.DefaultPalette())
	raw := rawPDF(f, func() (*pdfDoc, error) { return sheetDoc(p, nil, Options{}) })
	f.Add(raw)
	f.Add(postPass(raw))
	for _, n := range []int{10, len(raw) / 2, len(raw) - 30, len(raw) - 7} {
		f.Add(raw[:n])
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 4 {
		b := make([]byte, r.IntN(200))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		f.Add(b)
	}
	f.Add(tinyPDF("/Length 60", strings.Repeat("stream", 10)))
	f.Fuzz(func(t *testing.T, in []byte) {
		checkPostPass(t, in, postPass(in))
	})
}
