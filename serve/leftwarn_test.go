package serve

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/diag"
)

// undeclared is a puzzle in error whose warning says why: its third row
// names a colour "y" with no color line (line 11), so the clue sums
// disagree (two errors at the rows block, line 8).
func undeclared(t *testing.T) string {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "undeclared-colour.non"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// panelState builds a content tree of files (name → text) and returns
// the event a browser that connects gets first, its data, and in it the
// problems and the other warnings its panel lists.
func panelState(t *testing.T, files map[string]string) (state event, data map[string]any, problems, warnings []problem) {
	t.Helper()
	s := builtSite(t, files)
	_, state, _ = s.hub.subscribe(-1)
	data, _ = state.Data.(map[string]any)
	problems, _ = data["problems"].([]problem)
	warnings, _ = data["warnings"].([]problem)
	return state, data, problems, warnings
}

// TestPanelListsTheWarningsOfAPuzzleLeftOut: the panel lists a puzzle's
// warnings with the errors that leave it out, in line order as check
// does, and the other warnings apart; its message counts the errors.
func TestPanelListsTheWarningsOfAPuzzleLeftOut(t *testing.T) {
	state, data, problems, warnings := panelState(t, map[string]string{
		"undecl.non": undeclared(t),
		"free.non":   strings.Replace(twoDots, "license CC0-1.0\n", "", 1),
	})
	var got []string
	for _, p := range problems {
		got = append(got, filepath.Base(p.File)+":"+p.Severity+":"+p.Message[:min(len(p.Message), 24)])
	}
	want := "undecl.non:error:row clues fill 3 cells o|undecl.non:error:row clues fill 5 cells o|undecl.non:warning:colour 'y' has no color "
	if state.Name != "builderror" || strings.Join(got, "|") != want {
		t.Errorf("state %s, problems\n%s\nwant\n%s", state.Name, strings.Join(got, "|"), want)
	}
	if len(warnings) != 1 || filepath.Base(warnings[0].File) != "free.non" || data["warning_count"] != 1 {
		t.Errorf("warnings %+v (%v): want free.non's alone", warnings, data["warning_count"])
	}
	msg, _ := data["message"].(string)
	if !strings.HasPrefix(msg, "2 problems left puzzles out") || !strings.Contains(msg, "undecl.non:11:1: warning: colour 'y'") {
		t.Errorf("message:\n%s\nwant the two errors counted and the warning labelled", msg)
	}
}

// TestFailedBuildPanelListsTheWarningsOfItsPuzzles: a build that fails
// sends the warnings it lists with its problems among them.
func TestFailedBuildPanelListsTheWarningsOfItsPuzzles(t *testing.T) {
	err := &build.Error{Diagnostics: diag.List{
		{File: "a.non", Line: 8, Severity: diag.Error, Message: "row clues fill 5 cells of red but column clues fill 8"},
		{File: "a.non", Line: 11, Severity: diag.Warning, Message: "colour 'y' has no color line"},
	}}
	failure := failureDiagnostics(err)
	ev := problemEvent(true, failure, failure)
	data, _ := ev.Data.(map[string]any)
	problems, _ := data["problems"].([]problem)
	if ev.Name != "builderror" || len(problems) != 2 || problems[1].Severity != "warning" || data["warning_count"] != 0 {
		t.Errorf("event %s %+v: want the error, then the warning, among the problems", ev.Name, data)
	}
}

// TestPanelShowsTheWarningsOfAPuzzleLeftOut checks, in a browser, that the
// panel shows the warning with the errors, the others under their own
// heading, and, folded, counts the warnings of both.
func TestPanelShowsTheWarningsOfAPuzzleLeftOut(t *testing.T) {
	if testing.Short() {
		t.Skip("serves a site to a browser")
	}
	_, url := browsedSite(t, map[string]string{"undecl.non": undeclared(t), "free.non": strings.Replace(twoDots, "license CC0-1.0\n", "", 1)})
	ctx, text := panelText(t, url+"/")
	errAt, warnAt, othersAt := strings.Index(text, "undecl.non:8: error"), strings.Index(text, "undecl.non:11:1: warning"), strings.Index(text, "nonopress: 1 other warning")
	if errAt < 0 || warnAt < errAt || othersAt < warnAt || !strings.Contains(text[othersAt:], "free.non") {
		t.Errorf("the panel says:\n%s\nwant undecl.non's errors, then its warning, then 1 other warning (free.non's)", text)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`document.querySelector('#nonopress-error-overlay button').click()`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the folded panel counts both warnings", `/nonopress: 2 errors, 2 warnings/.test(document.querySelector('#nonopress-error-overlay').innerText)`)
}

// TestPanelListsOnlyTheLeftOutPuzzlesWarningsOfABundle: in a bundle with
// one puzzle in error and another published, the panel lists with the
// errors the warning of the puzzle they leave out, and the published
// one's apart with the other warnings, as the build knows them by puzzle
// (Summary.LeftOut), not by file.
func TestPanelListsOnlyTheLeftOutPuzzlesWarningsOfABundle(t *testing.T) {
	bundle := undeclared(t) + "====\n" + strings.Replace(twoDots, "license CC0-1.0\n", "", 1)
	state, data, problems, warnings := panelState(t, map[string]string{"set.nonpack": bundle})
	var got []string
	for _, p := range problems {
		got = append(got, p.Severity+":"+strconv.Itoa(p.Line))
	}
	if want := "error:8|error:8|warning:11"; state.Name != "builderror" || strings.Join(got, "|") != want {
		t.Errorf("state %s, problems %s; want %s (the left-out puzzle's errors and warning)", state.Name, strings.Join(got, "|"), want)
	}
	if len(warnings) != 1 || warnings[0].Line != 18 || !strings.HasPrefix(warnings[0].Message, "no license") || data["warning_count"] != 1 {
		t.Errorf("warnings %+v (%v): want the published puzzle's no license (line 18) alone", warnings, data["warning_count"])
	}
	if msg, _ := data["message"].(string); strings.Contains(msg, "no license") {
		t.Errorf("message:\n%s\nwant the published puzzle's warning left out of it", msg)
	}
}
