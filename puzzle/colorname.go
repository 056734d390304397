package puzzle

import (
	"math"
	"strconv"
	"strings"
)

// wellKnownColors are the names a colour without one is given: common
// English colour words a reader recognises, spread over the colour space.
var wellKnownColors = []struct {
	name string
	rgb  RGB
}{
	{"black", RGB{0, 0, 0}},
	{"white", RGB{255, 255, 255}},
	{"grey", RGB{128, 128, 128}},
	{"light grey", RGB{200, 200, 200}},
	{"dark grey", RGB{64, 64, 64}},
	{"red", RGB{220, 30, 40}},
	{"dark red", RGB{128, 0, 0}},
	{"pink", RGB{255, 170, 200}},
	{"orange", RGB{245, 130, 30}},
	{"brown", RGB{140, 80, 30}},
	{"beige", RGB{235, 220, 180}},
	{"yellow", RGB{255, 225, 25}},
	{"gold", RGB{210, 170, 20}},
	{"olive", RGB{128, 128, 0}},
	{"lime", RGB{170, 240, 60}},
	{"green", RGB{50, 170, 60}},
	{"dark green", RGB{0, 90, 30}},
	{"teal", RGB{0, 128, 128}},
	{"cyan", RGB{60, 210, 240}},
	{"light blue", RGB{150, 200, 240}},
	{"blue", RGB{40, 80, 220}},
	{"navy", RGB{0, 0, 110}},
	{"purple", RGB{130, 30, 170}},
	{"lavender", RGB{200, 180, 250}},
	{"magenta", RGB{230, 50, 220}},
	{"skin", RGB{250, 205, 170}},
}

// NearestColorName returns the well-known colour name closest to c (by
// distance in CIE L*a*b*): "orange", "dark green", "blue".
func NearestColorName(c RGB) string {
	return wellKnownColors[nearestKnown(c, nil)].name
}

// IsColorName reports whether name, in lower case, is a well-known colour
// name ("yellow", "dark green"), one NearestColorName may return.
func IsColorName(name string) bool {
	for _, k := range wellKnownColors {
		if k.name == name {
			return true
		}
	}
	return false
}

// nearestKnown returns the index of the well-known colour closest to c that
// taken does not mark, or -1 when every one is taken.
func nearestKnown(c RGB, taken map[string]bool) int {
	l := toLab(c)
	best, bestD := -1, math.Inf(1)
	for i, k := range wellKnownColors {
		if taken[k.name] {
			continue
		}
		if d := l.dist(toLab(k.rgb)); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// DisplayName returns the colour's name, or when it has none the nearest
// well-known colour name: what a page, legend or sheet shows a reader.
func (c Color) DisplayName() string {
	if c.Name != "" {
		return c.Name
	}
	return NearestColorName(c.RGB)
}

// NameColors gives every palette entry without a name one a reader can use:
// the nearest well-known colour name no other entry of the palette uses yet
// (the names the palette already has are kept), or when all are used, the
// nearest name followed by a number ("red 2"). Entries named this way have
// Derived set, so that writers of formats with names of their own may leave
// them out.
//
// A name that only spells the colour's value (number-loom writes "aF78900",
// its character and hex code; others "#F78900") is no name to a reader: it
// is replaced the same way.
func NameColors(pal []Color) {
	taken := map[string]bool{}
	for i := range pal {
		c := &pal[i]
		if spellsValue(c.Name, c.RGB) {
			c.Name = ""
		}
		if c.Name != "" {
			taken[c.Name] = true
		}
	}
	for i := range pal {
		c := &pal[i]
		if c.Name != "" {
			continue
		}
		name := ""
		if k := nearestKnown(c.RGB, taken); k >= 0 {
			name = wellKnownColors[k].name
		} else {
			base := NearestColorName(c.RGB)
			for n := 2; name == "" || taken[name]; n++ {
				name = base + " " + strconv.Itoa(n)
			}
		}
		c.Name, c.Derived, taken[name] = name, true, true
	}
}

// spellsValue reports whether name is nothing but c's hex code, in six or
// three digits, after at most one other character ("aF78900", "#f78900",
// "F78900", "#fff" for white).
func spellsValue(name string, c RGB) bool {
	if len(name) > 7 || len(name) < 3 {
		return false
	}
	code := strings.ToLower(name)
	for _, want := range []string{c.Hex()[1:], shortHex(c)} {
		if want != "" && (code == want || len(code) == len(want)+1 && code[1:] == want) {
			return true
		}
	}
	return false
}

// shortHex is c's three-digit hex code ("fff"), or "" when it has none.
func shortHex(c RGB) string {
	full := c.Hex()[1:]
	if full[0] != full[1] || full[2] != full[3] || full[4] != full[5] {
		return ""
	}
	return string([]byte{full[0], full[2], full[4]})
}

// lab is a colour in CIE L*a*b* (D65).
type lab struct{ l, a, b float64 }

func (x lab) dist(y lab) float64 {
	return math.Sqrt((x.l-y.l)*(x.l-y.l) + (x.a-y.a)*(x.a-y.a) + (x.b-y.b)*(x.b-y.b))
}

// toLab converts an sRGB colour to L*a*b*.
func toLab(c RGB) lab {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	r, g, b := lin(c.R), lin(c.G), lin(c.B)
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return lab{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}
