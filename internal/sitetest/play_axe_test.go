package sitetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// axeJS runs axe-core (injected before) on the page and lists its serious
// and critical violations, and last, after a "|", the others' ids.
const axeJS = `axe.run(document, { resultTypes: ['violations'] }).then(r => {
  const bad = r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.impact + ' ' + v.id + ': ' + v.help + ' (' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ') + ')');
  return bad.concat(['|' + r.violations.filter(v => v.impact !== 'serious' && v.impact !== 'critical').map(v => v.id).join(' ')]);
})`

// playStates are the moments of a solve the axe run looks at, each a
// script run on the page after the one before.
var playStates = []struct{ name, js string }{
	{"fresh", `true`},
	// A few cells filled and crossed with the keyboard.
	{"mid solve", `(() => {
  const c = document.querySelectorAll('#np-play td.np-cell');
  c[0].focus();
  for (const [i, key] of [[0, 'f'], [1, 'x'], [2, 'f']]) c[i].dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  return true; })()`},
	{"hint shown", `document.querySelector('#np-play .np-hint-button').click(), true`},
	// Check, where the page has the solution to check against.
	{"checked", `document.querySelector('#np-play .np-check')?.click(), true`},
	// Hints, pressed until the grid is solved (a line puzzle: each hint is
	// found at once).
	{"solved", `(async () => {
  for (let i = 0; i < 200 && !document.getElementById('np-play').classList.contains('np-solved'); i++) {
    document.querySelector('#np-play .np-hint-button').click();
    await new Promise(r => requestAnimationFrame(r));
  }
  return document.getElementById('np-play').classList.contains('np-solved'); })()`},
}

// TestPlayStatesAxe runs axe-core on a puzzle's page through a solve (mid
// solve, a hint shown, a check, solved), in the light and dark themes and
// at desktop and phone widths, on a black-and-white and a colour puzzle:
// the site audit (TestDemoSiteInBrowser) looks at pages only as they load.
// A serious or critical violation fails the test.
func TestPlayStatesAxe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	axe, err := os.ReadFile(filepath.Join("testdata", "npm", "node_modules", "axe-core", "axe.min.js"))
	need(t, err == nil, "axe-core (npm ci in testdata/npm)")
	colours := []puzzle.Color{{Char: '.', Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}},
		{Char: 'r', Name: "red", RGB: puzzle.RGB{R: 200, G: 30, B: 30}},
		{Char: 'y', Name: "yellow", RGB: puzzle.RGB{R: 250, G: 220, B: 60}}}
	base := layoutSite(t, map[string]*puzzle.Puzzle{
		"axe/rings.non": picture(10, 10, puzzle.DefaultPalette(), rings),
		"axe/colour.non": picture(8, 8, colours, func(x, y int) int {
			if x > y {
				return 0
			}
			return 1 + y%2
		}),
	})
	ctx := browsertest.New(t)
	for _, page := range []string{"rings", "colour"} {
		for _, scheme := range []string{"light", "dark"} {
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
				t.Fatal(err)
			}
			for _, width := range []int{1280, 390} {
				openGrid(t, ctx, base+"axe/"+page+"/index.html", width)
				evalIn[bool](t, ctx, `localStorage.clear(), true`)
				openGrid(t, ctx, base+"axe/"+page+"/index.html", width)
				evalIn[bool](t, ctx, string(axe)+`; true`)
				for _, st := range playStates {
					if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](st.js, chromedp.EvalAwaitPromise)); err != nil || !ok {
						t.Fatalf("%s (%s, %d px): %s: %v %v", page, scheme, width, st.name, ok, err)
					}
					found, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](axeJS, chromedp.EvalAwaitPromise))
					if err != nil {
						t.Fatal(err)
					}
					minor := found[len(found)-1]
					for _, f := range found[:len(found)-1] {
						t.Errorf("%s (%s, %d px), %s: %s", page, scheme, width, st.name, f)
					}
					if minor != "|" {
						t.Logf("%s (%s, %d px), %s: minor or moderate: %s", page, scheme, width, st.name, strings.TrimPrefix(minor, "|"))
					}
				}
			}
		}
	}
}
