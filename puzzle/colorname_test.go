package puzzle

import (
	"strings"
	"testing"
)

func TestNearestColorName(t *testing.T) {
	for hex, want := range map[string]string{
		"#d62828": "red", "#f58231": "orange", "#006400": "dark green", "#4363d8": "blue",
		"#000000": "black", "#ffffff": "white", "#ffe119": "yellow", "#000075": "navy", "#808080": "grey", "#c0c0c0": "light grey",
	} {
		rgb, err := ParseRGB(hex)
		if err != nil {
			t.Fatal(err)
		}
		if got := NearestColorName(rgb); got != want {
			t.Errorf("NearestColorName(%s) = %q, want %q", hex, got, want)
		}
	}
}

func TestNameColors(t *testing.T) {
	pal := []Color{
		{Char: '.', RGB: RGB{255, 255, 255}},
		{Char: 'a', RGB: RGB{220, 30, 40}},
		{Char: 'b', RGB: RGB{200, 20, 30}}, // red too: the next nearest free name
		{Char: 'c', Name: "Crimson", RGB: RGB{150, 0, 20}},
	}
	NameColors(pal)
	if pal[0].Name != "white" || pal[1].Name != "red" || pal[2].Name == "red" || pal[2].Name == "" || pal[3].Name != "Crimson" {
		t.Errorf("names %q %q %q %q", pal[0].Name, pal[1].Name, pal[2].Name, pal[3].Name)
	}
	if !pal[1].Derived || pal[3].Derived {
		t.Errorf("Derived: %v %v", pal[1].Derived, pal[3].Derived)
	}
	// More colours than well-known names: numbered, never a hex code.
	many := make([]Color, 40)
	for i := range many {
		many[i].RGB = RGB{uint8(i * 6), 0, 0}
	}
	NameColors(many)
	seen := map[string]bool{}
	for _, c := range many {
		if seen[c.Name] || c.Name == "" || strings.HasPrefix(c.Name, "#") {
			t.Errorf("name %q repeated, empty or a hex code", c.Name)
		}
		seen[c.Name] = true
	}
	if (Color{RGB: RGB{0, 0, 110}}).DisplayName() != "navy" || (Color{Name: "ink"}).DisplayName() != "ink" {
		t.Error("DisplayName")
	}
}

// TestNamesThatSpellTheValue checks that a name that is only the colour's
// hex code (number-loom's character and code, "aF78900") is replaced by a
// well-known name, and that real names, and codes of another colour, stay.
func TestNamesThatSpellTheValue(t *testing.T) {
	orange := RGB{0xf7, 0x89, 0x00}
	for name, want := range map[string]string{
		"aF78900": "orange", "#f78900": "orange", "F78900": "orange", "bF78900": "orange",
		"aF78901": "aF78901", "Pumpkin": "Pumpkin", "xyF78900": "xyF78900",
	} {
		pal := []Color{{Char: '.', RGB: RGB{255, 255, 255}}, {Char: 'a', Name: name, RGB: orange}}
		NameColors(pal)
		if pal[1].Name != want || pal[1].Derived != (want != name) {
			t.Errorf("a colour named %q is named %q (derived %v), want %q", name, pal[1].Name, pal[1].Derived, want)
		}
	}
	white := []Color{{Char: '.', Name: "#fff", RGB: RGB{255, 255, 255}}}
	if NameColors(white); white[0].Name != "white" {
		t.Errorf("a white named #fff is named %q, want white", white[0].Name)
	}
}

func TestIsColorName(t *testing.T) {
	for name, want := range map[string]bool{"yellow": true, "dark green": true, "note": false, "Yellow": false, "": false} {
		if got := IsColorName(name); got != want {
			t.Errorf("IsColorName(%q) = %v, want %v", name, got, want)
		}
	}
}
