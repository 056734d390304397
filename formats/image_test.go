package formats

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/internal/pixeltest"
	"github.com/nonopress/nonopress/puzzle"
)

var pixelColors = map[rune]color.NRGBA{
	'.': {255, 255, 255, 255}, '#': {0, 0, 0, 255}, 'r': {220, 30, 40, 255}, 'R': {225, 35, 45, 255},
	'g': {0, 90, 30, 255}, ' ': {}, '~': {0, 0, 0, 128},
}

func TestReadImage(t *testing.T) {
	data := pixeltest.PNG(t, pixelColors,
		".....",
		".#r#.",
		".rrr.",
		"..g..")
	ps, err := Read("heart.png", data)
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	if p.Width != 5 || p.Height != 4 || p.Colors() != 3 || p.Goal == nil || p.Origin.Format != "image" {
		t.Fatalf("got %dx%d, %d colours, format %q", p.Width, p.Height, p.Colors(), p.Origin.Format)
	}
	var names []string
	for _, c := range p.Palette {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, ","); got != "white,black,red,dark green" {
		t.Errorf("palette names %s", got)
	}
	if got := p.FormatLine(p.Rows[1]); got != "1a,1b,1a" {
		t.Errorf("row 2 clue %s", got)
	}
	if m := p.GoalMismatches(); m != nil || len(p.Validate()) > 0 {
		t.Errorf("derived clues do not fit the goal: %v %v", m, p.Validate())
	}
	roundTrip(t, "heart.png", p)
}

func TestReadImageTransparentBackground(t *testing.T) {
	ps, err := Read("t.png", pixeltest.PNG(t, pixelColors, "  #", " ##", "..#"))
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	if p.Palette[0].RGB != (puzzle.RGB{R: 255, G: 255, B: 255}) || p.Colors() != 2 {
		t.Errorf("palette %+v", p.Palette)
	}
}

func TestReadImageRefusals(t *testing.T) {
	wide := make([]string, 1)
	wide[0] = strings.Repeat("#", MaxImageSide+1)
	many := image.NewNRGBA(image.Rect(0, 0, 40, 1))
	for x := range 40 {
		many.SetNRGBA(x, 0, color.NRGBA{uint8(x * 6), 0, 255 - uint8(x*6), 255})
	}
	var manyPNG bytes.Buffer
	png.Encode(&manyPNG, many)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"huge.png", pixeltest.PNG(t, pixelColors, wide...), "picture is 201x1 pixels: at most 200x200 can be a puzzle"},
		{"aa.png", pixeltest.PNG(t, pixelColors, "..rR.", "....."), "colours #dc1e28 at pixel (3,1) and #e1232d at pixel (4,1) are nearly the same"},
		{"soft.png", pixeltest.PNG(t, pixelColors, ".#~"), "pixel (3,1) is partly transparent (alpha 128)"},
		{"many.png", manyPNG.Bytes(), "picture has 40 colours: at most 32"},
		{"blank.png", pixeltest.PNG(t, pixelColors, "...", "..."), "picture is all background"},
		{"broken.png", []byte("\x89PNG\r\n\x1a\nnot really"), "cannot read the picture"},
	} {
		_, err := Read(c.name, c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), c.name+": ") {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

func TestReadAnimatedGIF(t *testing.T) {
	pal := color.Palette{color.White, color.Black}
	frame := func(x int) *image.Paletted {
		f := image.NewPaletted(image.Rect(0, 0, 3, 2), pal)
		f.SetColorIndex(x, 1, 1)
		return f
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, &gif.GIF{Image: []*image.Paletted{frame(1), frame(2)}, Delay: []int{10, 10}}); err != nil {
		t.Fatal(err)
	}
	ps, err := Read("anim.gif", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	if p.Goal.At(1, 1) == 0 || p.Goal.At(2, 1) != 0 || len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0].Message, "only the first is read") {
		t.Errorf("goal %v, warnings %v", p.Goal.Cells, p.Warnings)
	}
}

func FuzzReadImage(f *testing.F) {
	f.Add(pixeltest.PNG(f, pixelColors, ".#.", "#r#"))
	f.Add([]byte("GIF89a"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range []string{"f.png", "f.gif"} {
			ps, err := Read(name, data)
			if err == nil && (len(ps) != 1 || len(ps[0].Validate()) > 0) {
				t.Fatalf("%s: %d puzzles, problems %v", name, len(ps), ps[0].Validate())
			}
		}
	})
}

// A picture cut short (its header reads, its pixels do not) says the file
// is damaged, in PNG and GIF alike.
func TestCutPictureSaysDamaged(t *testing.T) {
	data := pixeltest.PNG(t, pixelColors, ".#.", "#.#", ".#.")
	var gifData bytes.Buffer
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := gif.Encode(&gifData, img, nil); err != nil {
		t.Fatal(err)
	}
	for name, whole := range map[string][]byte{"cut.png": data, "cut.gif": gifData.Bytes()} {
		cut := whole[:len(whole)*2/3]
		_, err := Read(name, cut)
		var ie *ImageError
		if !errors.As(err, &ie) || !strings.Contains(ie.Hint, "cut short") {
			t.Errorf("%s: %v: want a hint that the file is damaged or cut short", name, err)
		}
	}
}
