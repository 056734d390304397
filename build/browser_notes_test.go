package build

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/nonopress/nonopress/internal/browsertest"
)

// TestBrowserNoteFitsPhone: a note with what authors write (a long URL, a
// long word, a wide code line, a wide table, a picture wider than the
// screen, pictures beside it and in another folder) fits a 390 px phone
// screen, opened from disk: nothing widens the page, and every picture
// loads, on the collection's page and on a puzzle's.
func TestBrowserNoteFitsPhone(t *testing.T) {
	ctx := browsertest.New(t)
	s := newSite(t, `
-- animals/README.md --
A link: https://example.org/a/very/long/path/that/goes/on/and/on/and/on/forever/and/ever/without/a/break/index.html

Averyveryverylongwordwithoutanyspacesthatgoesonandonandonandonandonforeverandeverandever.

`+"```"+`
func main() { fmt.Println("a very long line of code that overflows a phone screen of 390 pixels") }
`+"```"+`

| a | very | wide | table | with | many | columns | that | cannot | fit | on | a | phone | at | all |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
| 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 |

![wide](wide.png) ![other](../birds/pics/owl.png)
-- animals/cat.non --
`+dotPuzzle+`-- animals/cat.md --
![wide](wide.png) and ![other](../birds/pics/owl.png)
-- birds/owl.non --
`+dotPuzzle)
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewNRGBA(image.Rect(0, 0, 1600, 200))); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"animals/wide.png", "birds/pics/owl.png"} {
		p := filepath.Join(s.src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s.mustBuild(Config{})
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	for _, page := range []string{"animals/index.html", "animals/cat/index.html"} {
		do(t, ctx, chromedp.Navigate(fileURL(t, s.out, page)))
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete"`)); err != nil {
			t.Fatal(err)
		}
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s is %d px wide on a 390 px screen", page, w)
		}
		broken := eval[[]string](t, ctx, `[...document.querySelectorAll(".np-note img")].filter(i => !i.complete || i.naturalWidth === 0).map(i => i.getAttribute("src"))`)
		if n := eval[int](t, ctx, `document.querySelectorAll(".np-note img").length`); n != 2 || len(broken) > 0 {
			t.Errorf("%s: %d pictures in the note, want 2; not loaded: %v", page, n, broken)
		}
	}
}
