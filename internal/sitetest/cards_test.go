package sitetest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// overflowJS lists the cards and collection cards that reach past their
// list's right edge, by their text, and last how far the page reaches past
// 390 px (a phone's layout viewport widens to what overflows it).
const overflowJS = `(() => {
  const out = [];
  for (const c of document.querySelectorAll('.np-coll, .np-card')) {
    if (c.getBoundingClientRect().right > c.parentElement.getBoundingClientRect().right + 0.5) out.push(c.textContent.trim().slice(0, 40));
  }
  out.push(String(document.documentElement.scrollWidth - 390));
  return out;
})()`

// TestLongNamesFitAPhone checks that collections and puzzles whose names
// are one long word (folders such as 01_quick_and_easy) keep their cards
// inside a phone's screen: the names wrap instead of widening the grid.
func TestLongNamesFitAPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	dot := picture(2, 2, puzzle.DefaultPalette(), func(x, y int) int { return (x + y) % 2 })
	base := layoutSite(t, map[string]*puzzle.Puzzle{
		"set/01_quick_and_easy_puzzles/a.non":      dot,
		"set/02_not_so_tough/b.non":                dot,
		"set/03_symbols/very_long_puzzle_name.non": dot,
	})
	ctx := browsertest.New(t)
	for _, page := range []string{"set/index.html", "set/03-symbols/index.html"} {
		err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(base+page),
			chromedp.WaitVisible(chromedp.CSS(`.np-coll, .np-card`)))
		if err != nil {
			t.Fatal(err)
		}
		got := evalIn[[]string](t, ctx, overflowJS)
		if over := got[len(got)-1]; over != "0" || len(got) > 1 {
			t.Errorf("%s at 390 px: the page is %s px wider than the screen; cards past its edge: %q", page, over, got[:len(got)-1])
		}
	}
}

// brokenWordsJS lists the words of card titles that a line break cuts in
// two (a word whose text spans more than one line box).
const brokenWordsJS = `(() => {
  const out = [];
  for (const a of document.querySelectorAll('.np-card-title')) {
    const text = a.firstChild;
    let at = 0;
    for (const w of text.textContent.split(' ')) {
      const r = document.createRange();
      r.setStart(text, at); r.setEnd(text, at + w.length);
      const tops = new Set([...r.getClientRects()].map(b => Math.round(b.top)));
      if (tops.size > 1) out.push(w);
      at += w.length + 1;
    }
  }
  return out;
})()`

// TestCardTitlesBreakBetweenWords: on a phone, two cards a row, a title's
// words that fit a card's width are not cut in two ("Skyscrape" / "rs")
// beside the thumbnail: the title goes under it instead. A folder name of
// one word longer than the card still wraps inside it.
func TestCardTitlesBreakBetweenWords(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	titled := func(title string) *puzzle.Puzzle {
		p := picture(5, 5, puzzle.DefaultPalette(), func(x, y int) int { return (x + y) % 2 })
		p.Meta.Title = title
		return p
	}
	base := layoutSite(t, map[string]*puzzle.Puzzle{
		"set/a.non": titled("Skyscrapers"),
		"set/b.non": titled("Hair Everywhere"),
		"set/c.non": titled("Widescreen Monitor"),
		"set/d.non": titled("Pie"),
		"set/e.non": titled("a_folder_name_longer_than_any_card"),
	})
	ctx := browsertest.New(t)
	for _, width := range []int64{390, 1280} {
		err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile), chromedp.Navigate(base+"set/index.html"),
			chromedp.WaitVisible(chromedp.CSS(`.np-card`)))
		if err != nil {
			t.Fatal(err)
		}
		var cut []string
		for _, w := range evalIn[[]string](t, ctx, brokenWordsJS) {
			if w != "a_folder_name_longer_than_any_card" {
				cut = append(cut, w)
			}
		}
		if len(cut) > 0 {
			t.Errorf("at %d px, card titles cut words in two: %q", width, cut)
		}
		if got := evalIn[[]string](t, ctx, overflowJS); width == 390 && (got[len(got)-1] != "0" || len(got) > 1) {
			t.Errorf("at 390 px: the page is %s px wider than the screen; cards past its edge: %q", got[len(got)-1], got[:len(got)-1])
		}
	}
}

// cardLinkJS lists each card link's accessible name and description, as
// Chromium's accessibility tree gives them to a screen reader, and last
// the ids the page has more than once.
const cardLinkJS = `(() => {
  const ids = [...document.querySelectorAll('[id]')].map(e => e.id);
  return [...document.querySelectorAll('.np-card-title')].map(a => a.textContent + ': ' +
    (a.getAttribute('aria-describedby') || '').split(' ').filter(Boolean).map(id => { const d = document.getElementById(id); return d ? d.textContent.trim() + (d.querySelector('[aria-label]') ? ' ' + d.querySelector('[aria-label]').getAttribute('aria-label') : '') : '(no ' + id + ')'; }).join(' '))
    .concat([ids.filter((id, i) => ids.indexOf(id) !== i).join(' ')]);
})()`

// TestCardLinkSaysWhatTheCardSays: a screen reader's list of links names
// each card's link by its puzzle's title and describes it by what the card
// shows under it (size, colours, author, difficulty, the colours' names),
// so that a visitor can choose a puzzle from that list; the description
// is the accessibility tree's, not only the page's markup.
func TestCardLinkSaysWhatTheCardSays(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site and opens it in a browser")
	}
	p := picture(5, 5, puzzle.DefaultPalette(), func(x, y int) int { return (x + y) % 2 })
	p.Meta.Title = "Checkers"
	p.Meta.Author = "Ann Grid"
	base := layoutSite(t, map[string]*puzzle.Puzzle{"set/a.non": p, "set/b.non": p})
	ctx := browsertest.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"set/index.html"), chromedp.WaitVisible(chromedp.CSS(`.np-card`))); err != nil {
		t.Fatal(err)
	}
	got := evalIn[[]string](t, ctx, cardLinkJS)
	if dup := got[len(got)-1]; dup != "" {
		t.Errorf("ids on the page more than once: %s", dup)
	}
	tree, err := chromedp.Call(ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, n := range tree.Nodes {
		if n.Role == nil || strings.Trim(string(n.Role.Value), `"`) != "link" || n.Name == nil || strings.Trim(string(n.Name.Value), `"`) != "Checkers" {
			continue
		}
		var d string
		if n.Description != nil {
			if err := json.Unmarshal(n.Description.Value, &d); err != nil {
				t.Fatal(err)
			}
		}
		said = append(said, d)
	}
	if len(said) != 2 {
		t.Fatalf("links named Checkers: %d, want 2 (%q)", len(said), got)
	}
	for _, d := range said {
		for _, want := range []string{"5×5", "black and white", "by Ann Grid", "Easy", "Colours: black"} {
			if !strings.Contains(d, want) {
				t.Errorf("a card's link is described %q: no %q in it (the card says %q)", d, want, got[0])
			}
		}
	}
}
