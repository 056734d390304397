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
