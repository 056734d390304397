package formats

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"path/filepath"
	"strings"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// This file reads pixel art as a goal-only puzzle: a PNG or GIF whose every
// pixel is a cell. Each distinct colour is a palette entry, the background
// is transparency when the image has any, else the colour most common along
// its edges, and the clues are derived from the picture.

// Limits of a picture read as a puzzle: a nonogram is solved by hand, so
// these are far below what the text formats accept.
const (
	// MaxImageSide is the widest and tallest picture read as a puzzle.
	MaxImageSide = 200
	// MaxImageColors is the most colours a picture may have, background
	// included.
	MaxImageColors = 32
	// nearColorDistance is the largest difference in any of red, green and
	// blue under which two colours are taken for anti-aliasing of one.
	nearColorDistance = 12
)

// imageExtensions are the picture formats read as puzzles.
var imageExtensions = map[string]string{".png": "png", ".gif": "gif"}

// IsImage reports whether path names a picture Read takes as a goal-only
// puzzle (.png or .gif). Known does not include them: in a content tree a
// picture is a puzzle only where the caller says so.
func IsImage(path string) bool {
	_, ok := imageExtensions[strings.ToLower(filepath.Ext(path))]
	return ok
}

// ImageError is a picture that cannot be a puzzle, with the pixels that
// show why (X, Y from 0; shown from 1).
type ImageError struct {
	File string
	Msg  string
	Hint string
}

func (e *ImageError) Error() string { d := e.Diagnostic(); return d.String() }

// Diagnostic returns the error as an error diagnostic of the file.
func (e *ImageError) Diagnostic() diag.Diagnostic {
	return diag.Diagnostic{File: e.File, Severity: diag.Error, Message: e.Msg, Hint: e.Hint}
}

// readImage reads a PNG or GIF picture as one goal-only puzzle.
func readImage(file string, data []byte) (*puzzle.Puzzle, error) {
	cfg, kind, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil && !errors.Is(err, image.ErrFormat) {
		return nil, damaged(file, err) // a PNG or GIF header, cut short or damaged
	}
	if err != nil {
		return nil, &ImageError{File: file, Msg: fmt.Sprintf("cannot read the picture: %v", err),
			Hint: "save it as a PNG or GIF from your image editor"}
	}
	if cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
		return nil, &ImageError{File: file, Msg: fmt.Sprintf("picture is %dx%d pixels: at most %dx%d can be a puzzle",
			cfg.Width, cfg.Height, MaxImageSide, MaxImageSide), Hint: "each pixel is a cell: scale the picture down to one pixel per cell"}
	}
	if cfg.Width < 1 || cfg.Height < 1 {
		return nil, &ImageError{File: file, Msg: "picture has no pixels"}
	}
	var img image.Image
	var warnings diag.List
	switch kind {
	case "gif":
		g, err := gif.DecodeAll(bytes.NewReader(data))
		if err != nil {
			return nil, damaged(file, err)
		}
		img = g.Image[0]
		if len(g.Image) > 1 {
			warnings = append(warnings, diag.Diagnostic{File: file, Severity: diag.Warning,
				Message: fmt.Sprintf("animated GIF of %d frames: only the first is read", len(g.Image))})
		}
	case "png":
		if img, err = png.Decode(bytes.NewReader(data)); err != nil {
			return nil, damaged(file, err)
		}
	default:
		return nil, &ImageError{File: file, Msg: fmt.Sprintf("%s pictures are not read as puzzles", kind), Hint: "save it as a PNG or GIF"}
	}
	p, err := imagePuzzle(file, img)
	if err != nil {
		return nil, err
	}
	p.Warnings = warnings
	return p, nil
}

// pixel is a cell's colour, or transparency.
type pixel struct {
	rgb         puzzle.RGB
	transparent bool
}

// imagePuzzle turns a decoded picture into a puzzle.
func imagePuzzle(file string, img image.Image) (*puzzle.Puzzle, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	px := make([]pixel, w*h)
	for y := range h {
		for x := range w {
			c := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
			switch c.A {
			case 0:
				px[y*w+x] = pixel{transparent: true}
			case 255:
				px[y*w+x] = pixel{rgb: puzzle.RGB{R: c.R, G: c.G, B: c.B}}
			default:
				return nil, &ImageError{File: file, Msg: fmt.Sprintf("pixel (%d,%d) is partly transparent (alpha %d)", x+1, y+1, c.A),
					Hint: "a cell is filled or empty: paint without anti-aliasing or soft brushes"}
			}
		}
	}
	colors, first := distinctPixels(px)
	if len(colors) > MaxImageColors {
		return nil, &ImageError{File: file, Msg: fmt.Sprintf("picture has %d colours: at most %d (background included) can be a puzzle", len(colors), MaxImageColors),
			Hint: "reduce the palette in your image editor (indexed colour)"}
	}
	if err := checkNearColors(file, colors, first, w); err != nil {
		return nil, err
	}
	bg := backgroundPixel(px, w, h)
	bgRGB := bg.rgb
	if bg.transparent {
		bgRGB = puzzle.RGB{R: 255, G: 255, B: 255}
	}
	pal := []puzzle.Color{{Char: '.', RGB: bgRGB}}
	index := map[pixel]int{bg: 0}
	for _, c := range colors {
		if _, ok := index[c]; ok {
			continue
		}
		if c.transparent {
			return nil, &ImageError{File: file, Msg: fmt.Sprintf("pixel (%d,%d) is transparent but the background is %s",
				first[c]%w+1, first[c]/w+1, bgRGB.Hex()), Hint: "make the background transparent everywhere, or nowhere"}
		}
		index[c] = len(pal)
		pal = append(pal, puzzle.Color{Char: rune('a' + len(pal) - 1), RGB: c.rgb})
	}
	if len(pal) == 1 {
		return nil, &ImageError{File: file, Msg: "picture is all background: nothing to fill"}
	}
	goal := puzzle.NewImage(w, h)
	for i, c := range px {
		goal.Cells[i] = uint8(index[c])
	}
	rows, cols := puzzle.CluesOf(goal)
	return &puzzle.Puzzle{Kind: puzzle.Grid, Width: w, Height: h, Rows: rows, Cols: cols, Palette: pal, Goal: goal}, nil
}

// distinctPixels returns the distinct pixels in order of first appearance,
// with the index of the first pixel of each.
func distinctPixels(px []pixel) ([]pixel, map[pixel]int) {
	first := map[pixel]int{}
	var out []pixel
	for i, c := range px {
		if _, ok := first[c]; !ok {
			first[c] = i
			out = append(out, c)
		}
	}
	return out, first
}

// checkNearColors refuses two colours so close that they are anti-aliasing
// of one, naming a pixel of each.
func checkNearColors(file string, colors []pixel, first map[pixel]int, w int) error {
	for i, a := range colors {
		for _, b := range colors[i+1:] {
			if a.transparent || b.transparent || !near(a.rgb, b.rgb) {
				continue
			}
			pa, pb := first[a], first[b]
			return &ImageError{File: file,
				Msg: fmt.Sprintf("colours %s at pixel (%d,%d) and %s at pixel (%d,%d) are nearly the same",
					a.rgb.Hex(), pa%w+1, pa/w+1, b.rgb.Hex(), pb%w+1, pb/w+1),
				Hint: "turn anti-aliasing off (pencil tool) or paint both with one colour"}
		}
	}
	return nil
}

// near reports whether two colours differ by at most nearColorDistance in
// each of red, green and blue.
func near(a, b puzzle.RGB) bool {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return d(a.R, b.R) <= nearColorDistance && d(a.G, b.G) <= nearColorDistance && d(a.B, b.B) <= nearColorDistance
}

// backgroundPixel returns transparency when the picture has any, else the
// colour most common along its edges (the first met, clockwise from the top
// left, on a tie).
func backgroundPixel(px []pixel, w, h int) pixel {
	for _, c := range px {
		if c.transparent {
			return c
		}
	}
	count := map[pixel]int{}
	var order []pixel
	add := func(x, y int) {
		c := px[y*w+x]
		if count[c] == 0 {
			order = append(order, c)
		}
		count[c]++
	}
	for x := range w {
		add(x, 0)
		add(x, h-1)
	}
	for y := range h {
		add(0, y)
		add(w-1, y)
	}
	best := order[0]
	for _, c := range order {
		if count[c] > count[best] {
			best = c
		}
	}
	return best
}

// damaged is the error of a picture whose header reads but whose pixels do
// not: a file cut short or damaged.
func damaged(file string, err error) *ImageError {
	return &ImageError{File: file, Msg: fmt.Sprintf("cannot read the picture: %v", err),
		Hint: "the file is damaged or cut short: save it again from your image editor"}
}
