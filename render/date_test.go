package render

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/nonopress/nonopress/puzzle"
)

// TestPDFDate checks that a PDF carries the date it is given and none when
// given none, in core-font documents (a sheet) and embedded-font ones (a booklet),
// and stays a valid file either way.
func TestPDFDate(t *testing.T) {
	p := dancer(t)
	date := time.Date(2024, 3, 9, 10, 30, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		make func(Options) ([]byte, error)
	}{
		{"sheet", func(o Options) ([]byte, error) {
			var b bytes.Buffer
			err := SheetPDF(&b, p, p.Goal, o)
			return b.Bytes(), err
		}},
		{"booklet", func(o Options) ([]byte, error) {
			var b bytes.Buffer
			err := Booklet(&b, "Dates", []BookletEntry{{Puzzle: p, Solution: p.Goal}}, o)
			return b.Bytes(), err
		}},
	} {
		dated, err := c.make(Options{Date: date})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(dated, []byte("/CreationDate (D:20240309103000)")) {
			t.Errorf("%s: the given date is not the creation date", c.name)
		}
		undated, err := c.make(Options{})
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(undated, []byte("CreationDate")) || bytes.Contains(undated, []byte("ModDate")) {
			t.Errorf("%s: a PDF given no date has one", c.name)
		}
		qpdfCheck(t, writeTemp(t, c.name+".pdf", undated))
	}
}

// TestScratchChangesNothing checks that a PDF made with a lent Scratch,
// used before, is the PDF made without one.
func TestScratchChangesNothing(t *testing.T) {
	s := new(Scratch)
	for _, p := range []*puzzle.Puzzle{flag3(t), dancer(t), dancer(t)} {
		var with, without bytes.Buffer
		if err := SheetPDF(&with, p, p.Goal, Options{Scratch: s}); err != nil {
			t.Fatal(err)
		}
		if err := SheetPDF(&without, p, p.Goal, Options{}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(with.Bytes(), without.Bytes()) {
			t.Errorf("%s: the PDF differs with a Scratch", p.Meta.Title)
		}
	}
}

// TestOptionsKey checks that Options encode as JSON, the same way twice,
// with the site's font file and without what changes no output.
func TestOptionsKey(t *testing.T) {
	opt := func() Options {
		return Options{Paper: A5, NameLine: true, Fonts: NewFonts("fonts/site.ttf"), Scratch: new(Scratch), Warn: func(error) {}}
	}
	a, err := json.Marshal(opt())
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(opt())
	if !bytes.Equal(a, b) || !bytes.Contains(a, []byte(`"Fonts":"fonts/site.ttf"`)) || bytes.Contains(a, []byte("Scratch")) {
		t.Errorf("Options encode as %s, then %s", a, b)
	}
}
