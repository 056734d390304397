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
