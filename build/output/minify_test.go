package output

import (
	"bytes"
	"strings"
	"testing"
)

// A page whose character references would make the minifier quadratic is
// published as it is; an ordinary page is minified.
func TestMinifierKeepsEntityFloodsAway(t *testing.T) {
	m := NewMinifier()
	flood := []byte("<p>  " + strings.Repeat("&amp;", 30000) + "  </p>")
	got, err := m.Bytes("a.html", flood)
	if err != nil || !bytes.Equal(got, flood) {
		t.Errorf("flood of references: minified (%d bytes from %d), %v", len(got), len(flood), err)
	}
	small := []byte("<p>  Tom &amp; Jerry  </p>")
	if got, err := m.Bytes("b.html", small); err != nil || bytes.Equal(got, small) {
		t.Errorf("ordinary page not minified: %q, %v", got, err)
	}
}

// AppendOwned appends what Bytes returns, for minified pages, for a flood
// of references kept as it is, and for files minify does not know.
func TestAppendOwnedIsBytesAppended(t *testing.T) {
	m := NewMinifier()
	cases := map[string]string{
		"a.html":  "<p>  Tom &amp; Jerry  </p>\n<a href=\"data:text/plain;charset=utf-8;base64,aGk=\">x</a>",
		"b.html":  "<p>  " + strings.Repeat("&amp;", 30000) + "  </p>",
		"c.svg":   "<svg  xmlns=\"http://www.w3.org/2000/svg\" > <g> </g> </svg>",
		"d.pdf":   "%PDF-1.7  ",
		"e.json":  "{ \"a\" : [ 1 , 2 ] }",
		"f.HTML":  "<div>  </div>",
		"g.html":  "",
		"h.css":   "a  {  color : red ; }",
		"i.other": "  x  ",
	}
	for name, page := range cases {
		want, err := m.Bytes(name, []byte(page))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		dst := []byte("kept|")
		got, err := m.AppendOwned(dst, name, []byte(page))
		if err != nil || string(got) != "kept|"+string(want) {
			t.Errorf("%s: AppendOwned = %q, %v; want %q", name, got, err, "kept|"+string(want))
		}
	}
}

// A page with a data: link minified whole has the link DataURI makes, in
// double quotes: text that is shorter percent-encoded, XML kept in base64,
// and text with quotes and ampersands; an URL DataURI cannot parse comes
// back as it was, in a slice of its own.
func TestDataURIIsTheMinifiersLink(t *testing.T) {
	m := NewMinifier()
	for _, raw := range []string{
		"data:text/plain;charset=utf-8;base64,dGl0bGUgIkNyb3NzIgp3aWR0aCAzCg==",
		"data:application/xml;base64,PD94bWwgdmVyc2lvbj0iMS4wIj8+PHB1enpsZSB0eXBlPSJncmlkIi8+Cg==",
		"data:text/plain;charset=utf-8;base64,J3F1b3RlcycgJiAiZG91YmxlIiA8YW5nbGVzPgo=",
	} {
		page, err := m.Bytes("p.html", []byte(`<p>x</p><a href="`+raw+`" download="x.non">x</a>`))
		if err != nil {
			t.Fatal(err)
		}
		if want := `href="` + string(m.DataURI([]byte(raw))) + `"`; !strings.Contains(string(page), want) {
			t.Errorf("%s: page minified whole %s, lacks %s", raw, page, want)
		}
	}
}

func TestDataURIOwnsWhatItReturns(t *testing.T) {
	url := []byte("data:text/plain;base64,%%%")
	got := NewMinifier().DataURI(url)
	if string(got) != "data:text/plain;base64,%%%" || &got[0] == &url[0] {
		t.Errorf("DataURI of an URL it cannot parse = %q (shares its input: %v)", got, &got[0] == &url[0])
	}
}
