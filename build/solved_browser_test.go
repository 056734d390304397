package build

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/nonopress/nonopress/internal/browsertest"
)

// cardStatusesJS lists a page's cards as "title: status" lines, the status
// being the badge cards.js adds ("" for none).
const cardStatusesJS = `[...document.querySelectorAll(".np-card")].map((c) => {
  const s = c.querySelector(".np-card-status");
  return c.dataset.title + ": " + (s ? s.textContent : "");
}).join("\n")`

// cardDescriptionJS is what a screen reader says of a card's link beside
// its name: the text of the elements its aria-describedby names.
const cardDescriptionJS = `(() => {
  const a = document.querySelector('.np-card[data-title="%s"] .np-card-title');
  return a.getAttribute("aria-describedby").split(" ").map((id) => document.getElementById(id).textContent).join(" ");
})()`

// badgeMovesJS says what a card's status badge moves: the card's cards
// and their parts are measured with the badges, then without, and any
// box that differs is named (the badge lies on the card's top edge).
const badgeMovesJS = `(() => {
  const boxes = () => [...document.querySelectorAll(".np-card, .np-card *")].filter((e) => !e.classList.contains("np-card-status"))
    .map((e) => JSON.stringify(e.getBoundingClientRect()));
  const badges = [...document.querySelectorAll(".np-card-status")];
  const before = boxes();
  const parents = badges.map((b) => b.parentNode);
  badges.forEach((b) => b.remove());
  const after = boxes();
  badges.forEach((b, i) => parents[i].appendChild(b));
  const moved = before.filter((r, i) => r !== after[i]).length;
  return badges.length + " badges, " + moved + " boxes moved";
})()`

// plusGoal is the demo's Plus (first-steps/minis.nonpack), 5 by 5.
const plusGoal = "0010000100111110010000100"

func TestBrowserCardsSaySolvedOrInProgress(t *testing.T) {
	ctx := browsertest.New(t)
	out := buildDemo(t)
	collection := fileURL(t, out, "first-steps/index.html")
	openCollection := func() {
		t.Helper()
		do(t, ctx, chromedp.Navigate(collection), chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")))
	}
	openPuzzle := func(title string) {
		t.Helper()
		openCollection()
		follow(t, ctx, chromedp.Click(chromedp.CSS(`.np-card[data-title="`+title+`"] a`)))
		do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#np-play[data-ready="true"]`)))
	}
	cell := func(i int) chromedp.CSS {
		return chromedp.CSS(fmt.Sprintf(`#np-play td[data-x="%d"][data-y="%d"]`, i%5, i/5))
	}

	openCollection()
	if got := eval[int](t, ctx, `document.querySelectorAll(".np-card-status").length`); got != 0 {
		t.Errorf("before any play, %d cards say a status", got)
	}

	// Solve Plus, the smallest puzzle, by clicks; mark one cell of Arrow.
	openPuzzle("Plus")
	for i, c := range plusGoal {
		if c == '1' {
			do(t, ctx, chromedp.Click(cell(i)))
		}
	}
	if !eval[bool](t, ctx, `document.getElementById("np-play").classList.contains("np-solved")`) {
		t.Fatal("Plus is not solved after its cells were filled")
	}
	openPuzzle("Arrow")
	do(t, ctx, chromedp.Click(cell(2)))

	want := "Morning Cup: \nLittle House: \nPlus: Solved\nArrow: In progress\nStairs: \nKey: \nSailboat: "
	openCollection()
	if got := eval[string](t, ctx, cardStatusesJS); got != want {
		t.Errorf("card statuses:\n%s\nwant:\n%s", got, want)
	}
	if got, want := eval[string](t, ctx, fmt.Sprintf(cardDescriptionJS, "Plus")), "5×5 · black and white · by nonopress demo team Easy – line logic Solved"; got != want {
		t.Errorf("Plus's link is described as %q, want %q", got, want)
	}
	// The filter finds the cards by what they say.
	do(t, ctx, chromedp.SendKeys(chromedp.CSS(".np-filter"), "solved"))
	if got := eval[string](t, ctx, `[...document.querySelectorAll(".np-card:not([hidden])")].map((c) => c.dataset.title).join()`); got != "Plus" {
		t.Errorf("filter \"solved\" shows %q, want Plus", got)
	}

	for _, width := range []int64{1280, 390} {
		emulateWidth(t, ctx, width)
		openCollection()
		if got, want := eval[string](t, ctx, badgeMovesJS), "2 badges, 0 boxes moved"; got != want {
			t.Errorf("at %d px: %s, want %s", width, got, want)
		}
		saveScreenshot(t, ctx, fmt.Sprintf("cards-status-%d", width))
	}

	wantTriddlerCardSolved(t, ctx, out)

	// Reset empties Plus's grid; the card still says it was solved.
	openPuzzle("Plus")
	do(t, ctx, chromedp.Click(chromedp.CSS(`#np-play .np-reset`)))
	if eval[bool](t, ctx, `document.getElementById("np-play").classList.contains("np-solved")`) {
		t.Fatal("Plus is still solved after Reset")
	}
	openCollection()
	if got := eval[string](t, ctx, cardStatusesJS); got != want {
		t.Errorf("after Reset, card statuses:\n%s\nwant:\n%s", got, want)
	}
}

// wantTriddlerCardSolved checks that a triddler's card reads what
// triddler.js keeps (triddler_play_test.go tests that it keeps this).
func wantTriddlerCardSolved(t *testing.T, ctx context.Context, out string) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(fileURL(t, out, "triangles/index.html")), chromedp.WaitVisible(chromedp.CSS(".np-card")))
	eval[bool](t, ctx, `localStorage.setItem("nonopress:triddler:" + document.querySelector(".np-card").dataset.id, '{"solved":true}'), true`)
	do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(".np-card-status")))
	if got := eval[string](t, ctx, `document.querySelector('.np-card[data-kind="triddler"] .np-card-status').textContent`); got != "Solved" {
		t.Errorf("a solved triddler's card says %q", got)
	}
}

// emulateWidth shows pages width px wide, as a phone does below 500.
func emulateWidth(t *testing.T, ctx context.Context, width int64) {
	t.Helper()
	if width < 500 {
		do(t, ctx, chromedp.EmulateViewport(width, 844, chromedp.EmulateMobile))
	} else {
		do(t, ctx, chromedp.EmulateViewport(width, 844))
	}
}

// saveScreenshot writes a screenshot of the whole page to the test output
// folder (NONOPRESS_TEST_OUTPUT) as NAME.png, for a reviewer to look at;
// without that folder it writes nothing.
func saveScreenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("NONOPRESS_TEST_OUTPUT")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserCardsReadEntriesAsTheGameDoes: a card says "In progress" only
// of an entry its puzzle's page would open with its marks; an entry of
// another version or format, of another size or with colours the puzzle
// lacks, the game ignores (its grid opens empty) and the card says
// nothing. The cards read the games' entries without their checks, so
// that such an entry marked a card "In progress" that opened on an empty
// grid.
func TestBrowserCardsReadEntriesAsTheGameDoes(t *testing.T) {
	ctx := browsertest.New(t)
	out := buildDemo(t)
	collection := fileURL(t, out, "first-steps/index.html")
	marked := "2" + strings.Repeat("0", 24) // Plus, 5×5, with one cell filled
	for _, c := range []struct{ name, entry, badge string }{
		{"this version", `{"v":1,"width":5,"height":5,"cells":"` + marked + `"}`, "In progress"},
		{"another version", `{"v":2,"width":5,"height":5,"cells":"` + marked + `"}`, ""},
		{"no version", `{"width":5,"height":5,"cells":"` + marked + `"}`, ""},
		{"another size", `{"v":1,"width":25,"height":1,"cells":"` + marked + `"}`, ""},
		{"a colour the puzzle lacks", `{"v":1,"width":5,"height":5,"cells":"3` + strings.Repeat("0", 24) + `"}`, ""},
		{"too few cells", `{"v":1,"width":5,"height":5,"cells":"2"}`, ""},
	} {
		do(t, ctx, chromedp.Navigate(collection), chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")))
		eval[bool](t, ctx, `localStorage.clear(), localStorage.setItem("nonopress:progress:" + document.querySelector('.np-card[data-title="Plus"]').dataset.id, `+strconv.Quote(c.entry)+`), true`)
		do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")))
		if got := eval[string](t, ctx, `(document.querySelector('.np-card[data-title="Plus"] .np-card-status') || {}).textContent || ""`); got != c.badge {
			t.Errorf("%s: Plus's card says %q, want %q", c.name, got, c.badge)
		}
		follow(t, ctx, chromedp.Click(chromedp.CSS(`.np-card[data-title="Plus"] a`)))
		do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#np-play[data-ready="true"]`)))
		if got := eval[int](t, ctx, `document.querySelectorAll("#np-play td.np-filled").length`); (got > 0) != (c.badge != "") {
			t.Errorf("%s: the game opens with %d cells filled, where the card says %q", c.name, got, c.badge)
		}
	}

	// A triddler's entry: before version 1 its marks alone, or once solved
	// {solved, state} (no state once cleared), which its game still reads;
	// of another version, number of triangles or a colour it lacks,
	// nothing. Its game opens with the marks its card says are there.
	triangles := fileURL(t, out, "triangles/index.html")
	for _, c := range []struct {
		name, entry, badge string
		marked             int // triangles the game opens with marked
	}{
		{"the marks alone", `MARKS`, "In progress", 1},
		{"this version", `{"v":1,"state":MARKS}`, "In progress", 1},
		{"solved before version 1", `{"solved":true,"state":MARKS}`, "Solved", 1},
		{"solved and cleared before version 1", `{"solved":true}`, "Solved", 0},
		{"another version", `{"v":2,"state":MARKS}`, "", 0},
		{"other triangles", `[1,-1]`, "", 0},
		{"a colour the puzzle lacks", `LACKING`, "", 0},
	} {
		do(t, ctx, chromedp.Navigate(triangles), chromedp.WaitVisible(chromedp.CSS(".np-card")))
		eval[bool](t, ctx, `(() => {
  const c = document.querySelector('.np-card[data-kind="triddler"]');
  const marks = (first) => JSON.stringify([first].concat(Array(Number(c.dataset.size) - 1).fill(-1)));
  localStorage.clear();
  localStorage.setItem("nonopress:triddler:" + c.dataset.id, `+strconv.Quote(c.entry)+`.replace("MARKS", marks(1)).replace("LACKING", marks(9)));
  return true;
})()`)
		do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(".np-card")))
		if got := eval[string](t, ctx, `(document.querySelector('.np-card[data-kind="triddler"] .np-card-status') || {}).textContent || ""`); got != c.badge {
			t.Errorf("triddler, %s: its card says %q, want %q", c.name, got, c.badge)
		}
		follow(t, ctx, chromedp.Click(chromedp.CSS(`.np-card[data-kind="triddler"] a`)))
		do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#np-tplay[data-ready="true"]`)))
		got := eval[int](t, ctx, `document.querySelectorAll('#np-tplay polygon:not([data-state="."])').length`)
		if got != c.marked {
			t.Errorf("triddler, %s: the game opens with %d triangles marked, want %d (its card says %q)", c.name, got, c.marked, c.badge)
		}
	}
}

// resultStatusesJS lists the search results shown in the element of
// selector %s (links of results only) as "title: status" lines, the status being the badge
// search.js adds ("" for none).
const resultStatusesJS = `[...document.querySelectorAll(%q)].filter((a) => a.querySelector(".np-result-title")).map((a) => {
  const s = a.querySelector(".np-result-status");
  return a.querySelector(".np-result-title").textContent + ": " + (s ? s.textContent : "");
}).join("\n")`

// TestBrowserSearchResultsSaySolvedOrInProgress: the search page's results
// and the header box's say what the cards say of the puzzles this
// browser keeps progress on, from the start of each id the index keeps;
// an entry the game would not open (another version), nor one of another
// puzzle whose id starts the same but whose shape differs, says nothing.
func TestBrowserSearchResultsSaySolvedOrInProgress(t *testing.T) {
	ctx := browsertest.New(t)
	out := buildDemo(t)
	do(t, ctx, chromedp.Navigate(fileURL(t, out, "first-steps/index.html")), chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")))
	marked := "2" + strings.Repeat("0", 24)
	eval[bool](t, ctx, `(() => {
  const id = (title) => document.querySelector('.np-card[data-title="' + title + '"]').dataset.id;
  localStorage.clear();
  localStorage.setItem("nonopress:progress:" + id("Plus"), '{"v":1,"width":5,"height":5,"solved":true}');
  localStorage.setItem("nonopress:progress:" + id("Arrow"), '{"v":1,"width":5,"height":5,"cells":"`+marked+`"}');
  localStorage.setItem("nonopress:progress:" + id("Morning Cup"), '{"v":2,"width":5,"height":5,"cells":"`+marked+`"}');
  // Entries of other puzzles whose ids start as these do, of another
  // shape: Plus's own still says Solved, and a puzzle of no entry nothing.
  const other = [...document.querySelectorAll('.np-card')].find((c) => !["Plus", "Arrow", "Morning Cup"].includes(c.dataset.title)).dataset.title;
  for (const title of ["Plus", other]) {
    localStorage.setItem("nonopress:progress:" + id(title).slice(0, 8) + "ffffffffffff", '{"v":1,"width":99,"height":1,"cells":"2`+strings.Repeat("0", 98)+`"}');
  }
  return true;
})()`)
	do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(".np-cards-tools")))
	cards := eval[string](t, ctx, cardStatusesJS)
	wantTriddlerCardSolved(t, ctx, out)

	// The search page, for every puzzle of the first collection and the
	// triddler: what each result says is what its card says.
	do(t, ctx, chromedp.Navigate(fileURL(t, out, "search/index.html")+"?q=first+steps"))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll(".np-search-list a").length > 0`)); err != nil {
		t.Fatalf("search page: no results: %v", err)
	}
	if got := eval[string](t, ctx, fmt.Sprintf(resultStatusesJS, ".np-search-list a")); got != cards {
		t.Errorf("search results:\n%s\nwant what the cards say:\n%s", got, cards)
	}
	if !strings.Contains(cards, "Plus: Solved") || !strings.Contains(cards, "Arrow: In progress") || !strings.Contains(cards, "Morning Cup: \n") {
		t.Errorf("the cards say:\n%s", cards)
	}
	do(t, ctx, chromedp.Navigate(fileURL(t, out, "search/index.html")+"?q=snowflake"))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll(".np-search-list a").length > 0`)); err != nil {
		t.Fatalf("search page: no results: %v", err)
	}
	if got := eval[string](t, ctx, fmt.Sprintf(resultStatusesJS, ".np-search-list a")); got != "Snowflake: Solved" {
		t.Errorf("the solved triddler's result: %q", got)
	}
	for _, width := range []int64{1280, 390} {
		emulateWidth(t, ctx, width)
		do(t, ctx, chromedp.Navigate(fileURL(t, out, "search/index.html")+"?q=easy"))
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll(".np-search-list .np-result-status").length > 0`)); err != nil {
			t.Fatalf("search page at %d px: no status: %v", width, err)
		}
		saveScreenshot(t, ctx, fmt.Sprintf("search-status-%d", width))
		openBox(t, ctx, out, "a")
		if got := eval[string](t, ctx, fmt.Sprintf(resultStatusesJS, ".np-search-results a")); !strings.Contains(got, "Arrow: In progress") {
			t.Errorf("at %d px, the header box's results:\n%s", width, got)
		}
		saveScreenshot(t, ctx, fmt.Sprintf("search-box-status-%d", width))
	}
}
