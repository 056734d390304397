package render

import (
	"bytes"
	"encoding/xml"
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
