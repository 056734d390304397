package site

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
)

// OGImagePath is the site's Open Graph image, from the site root: the
// picture a shared link previews with. It shows the site's mark (the
// favicon's grid), never a puzzle's solution.
const OGImagePath = "static/og.png"

// ogMark is the favicon's 3×3 grid: 2 a filled cell, 1 a faint one.
var ogMark = [3][3]int{{2, 1, 2}, {2, 2, 2}, {2, 1, 2}}

// OGImage draws the 1200×630 Open Graph image as a PNG. It depends on
// nothing but this code, so every build writes the same bytes.
func OGImage() ([]byte, error) {
	const w, h = 1200, 630
	bg := color.RGBA{0x23, 0x46, 0xb0, 0xff}
	full := color.RGBA{0xff, 0xff, 0xff, 0xff}
	faint := color.RGBA{0x7b, 0x90, 0xd0, 0xff}
	img := image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{bg, full, faint})
	fill := func(x0, y0, x1, y1 int, c uint8) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				img.SetColorIndex(x, y, c)
			}
		}
	}
	const cell, gap = 130, 30
	size := 3*cell + 2*gap
	left, top := (w-size)/2, (h-size)/2
	for r, row := range ogMark {
		for c, v := range row {
			x, y := left+c*(cell+gap), top+r*(cell+gap)
			fill(x, y, x+cell, y+cell, [3]uint8{0, 2, 1}[v]) // palette index: 2 is full, 1 faint
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("open graph image: %w", err)
	}
	return b.Bytes(), nil
}
