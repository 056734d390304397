package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// writeTemp writes b to a file of the test's temporary folder and returns
// its path.
func writeTemp(t *testing.T, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// rasterPDF renders page (from 1) of a PDF file with pdftoppm at dpi, in grey.
func rasterPDF(t *testing.T, pdf string, page, dpi int) image.Image {
	t.Helper()
	tool := needTool(t, "pdftoppm")
	n := strconv.Itoa(page)
	root := filepath.Join(t.TempDir(), "page")
	if out, err := exec.Command(tool, "-f", n, "-l", n, "-r", strconv.Itoa(dpi), "-gray", "-png", "-singlefile", pdf, root).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm %s: %v: %s", pdf, err, out)
	}
	f, err := os.Open(root + ".png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decoding pdftoppm's PNG: %v", err)
	}
	return img
}

// pdfWord is a word as pdftotext -bbox places it, in points from the top
// left of its page.
type pdfWord struct {
	Page                   int
	Text                   string
	XMin, YMin, XMax, YMax float64
}

// pdfWords reads every word of a PDF file with its box (pdftotext -bbox).
func pdfWords(t *testing.T, pdf string) []pdfWord {
	t.Helper()
	tool := needTool(t, "pdftotext")
	out, err := exec.Command(tool, "-bbox", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext -bbox %s: %v", pdf, err)
	}
	var words []pdfWord
	dec := xml.NewDecoder(bytes.NewReader(out))
	dec.Strict = false
	dec.AutoClose = xml.HTMLAutoClose
	dec.Entity = xml.HTMLEntity
	page := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch start.Name.Local {
		case "page":
			page++
		case "word":
			w := pdfWord{Page: page}
			for _, a := range start.Attr {
				v, _ := strconv.ParseFloat(a.Value, 64)
				switch a.Name.Local {
				case "xMin":
					w.XMin = v
				case "yMin":
					w.YMin = v
				case "xMax":
					w.XMax = v
				case "yMax":
					w.YMax = v
				}
			}
			var text string
			if err := dec.DecodeElement(&text, &start); err == nil {
				w.Text = text
			}
			words = append(words, w)
		}
	}
	return words
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

// xrefDescribesObjects says whether pdf's cross-reference table, found
// through startxref, points at each object's "N 0 obj" line.
func xrefDescribesObjects(pdf []byte) bool {
	at := bytes.LastIndex(pdf, []byte("startxref\n"))
	if at < 0 {
		return false
	}
	var xref, n int
	if _, err := fmt.Sscanf(string(pdf[at+len("startxref\n"):]), "%d", &xref); err != nil || xref < 0 || xref >= len(pdf) {
		return false
	}
	if _, err := fmt.Sscanf(string(pdf[xref:]), "xref\n0 %d\n", &n); err != nil || n < 2 {
		return false
	}
	table := pdf[xref:]
	table = table[bytes.IndexByte(table, '\n')+1:]
	table = table[bytes.IndexByte(table, '\n')+1:]
	for i := 1; i < n; i++ {
		if len(table) < 20*(i+1) {
			return false
		}
		off, err := strconv.Atoi(string(table[20*i : 20*i+10]))
		if err != nil || off < 0 || off >= len(pdf) || !bytes.HasPrefix(pdf[off:], []byte(strconv.Itoa(i)+" 0 obj")) {
			return false
		}
	}
	return true
}
