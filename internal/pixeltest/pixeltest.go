// Package pixeltest draws small pictures for the tests of pixel-art
// puzzles: rows of characters, one per pixel, each character a colour.
package pixeltest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// PNG encodes rows of characters (all of one length) as a PNG, each
// character a colour of colors; a character colors lacks fails the test.
func PNG(t testing.TB, colors map[rune]color.NRGBA, rows ...string) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, len([]rune(rows[0])), len(rows)))
	for y, r := range rows {
		for x, ch := range []rune(r) {
			c, ok := colors[ch]
			if !ok {
				t.Fatalf("pixeltest: no colour for %q", ch)
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
