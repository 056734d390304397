package templates

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

func TestZZShot(t *testing.T) {
	pic := gradedPicture(t, rand.New(rand.NewPCG(19, 1)), 12, 10, solve.Line)
	p := drawnPuzzle(t, puzzle.DefaultPalette(), pic...)
	img := puzzle.NewImage(p.Width, p.Height)
	for y, row := range pic {
		for x, ch := range row {
			if ch == '1' {
				img.Set(x, y, 1)
			}
		}
	}
	site := newTestSite(t)
	url := site.putRaw("/s/p/", "Shot", mustJSON(t, NewPlayData(p, p.ID(), "Shot", WithSolution(img))))
	for _, vw := range []int{1280, 390} {
		ctx := browsertest.New(t)
		do(t, ctx, chromedp.EmulateViewport(int64(vw), 900))
		open(t, ctx, url)
		do(t, ctx, chromedp.Click(cell(5, 0)))
		do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-timer-button`)))
		pressHint(t, ctx)
		if vw == 390 {
			do(t, ctx, chromedp.Click(cell(0, 1)), chromedp.Click(cell(1, 0)))
			do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-check`)))
		}
		buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile("/tmp/shot-"+map[int]string{1280: "desktop", 390: "phone"}[vw]+".png", buf, 0o644)
	}
}
