package render

import (
	"bytes"
	"sync"
	"testing"
)

// TestConcurrentCalls renders from several goroutines at once (run with
// -race): the package keeps no shared state, and each output must equal the
// one made alone.
func TestConcurrentCalls(t *testing.T) {
	p := flag3(t)
	var wantSVG, wantFig, wantPDF bytes.Buffer
	if err := Sheet(&wantSVG, p, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := SheetFigure(&wantFig, p, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := SheetPDF(&wantPDF, p, p.Goal, Options{}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			var svg, fig, pdf bytes.Buffer
			if err := Sheet(&svg, p, Options{}); err != nil || !bytes.Equal(svg.Bytes(), wantSVG.Bytes()) {
				t.Errorf("concurrent Sheet: err %v, same bytes %v", err, bytes.Equal(svg.Bytes(), wantSVG.Bytes()))
			}
			if err := SheetFigure(&fig, p, Options{}); err != nil || !bytes.Equal(fig.Bytes(), wantFig.Bytes()) {
				t.Errorf("concurrent SheetFigure: err %v, same bytes %v", err, bytes.Equal(fig.Bytes(), wantFig.Bytes()))
			}
			if err := SheetPDF(&pdf, p, p.Goal, Options{}); err != nil || !bytes.Equal(pdf.Bytes(), wantPDF.Bytes()) {
				t.Errorf("concurrent SheetPDF: err %v, same bytes %v", err, bytes.Equal(pdf.Bytes(), wantPDF.Bytes()))
			}
		})
	}
	wg.Wait()
}

// TestLayoutShared writes one Layout's sheet, solution and PDF from several
// goroutines, each in its own order: a Layout is read-only, so every output
// equals the one its stand-alone function makes.
func TestLayoutShared(t *testing.T) {
	p := flag3(t)
	opt := Options{MonoSafe: true, Paper: Letter}
	var wantSVG, wantSol, wantPDF bytes.Buffer
	if err := Sheet(&wantSVG, p, opt); err != nil {
		t.Fatal(err)
	}
	if err := Solution(&wantSol, p, p.Goal, opt); err != nil {
		t.Fatal(err)
	}
	if err := SheetPDF(&wantPDF, p, p.Goal, opt); err != nil {
		t.Fatal(err)
	}
	l, err := LayOut(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	writes := []struct {
		name  string
		want  []byte
		write func(*bytes.Buffer) error
	}{
		{"Sheet", wantSVG.Bytes(), func(b *bytes.Buffer) error { return l.Sheet(b) }},
		{"Solution", wantSol.Bytes(), func(b *bytes.Buffer) error { return l.Solution(b, p.Goal) }},
		{"PDF", wantPDF.Bytes(), func(b *bytes.Buffer) error { return l.PDF(b, p.Goal) }},
	}
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Go(func() {
			for i := range writes {
				w := writes[(i+g)%len(writes)]
				var got bytes.Buffer
				if err := w.write(&got); err != nil || !bytes.Equal(got.Bytes(), w.want) {
					t.Errorf("Layout.%s (goroutine %d): err %v, same bytes as %s alone: %v", w.name, g, err, w.name, bytes.Equal(got.Bytes(), w.want))
				}
			}
		})
	}
	wg.Wait()
	if err := l.Solution(&bytes.Buffer{}, imageOf(t, []string{"#"}, ".#")); err == nil {
		t.Error("Layout.Solution of a 1x1 image for a larger puzzle: no error")
	}
}
