package templates

import (
	"regexp"
	"testing"
)

// TestPlayScriptStaysPlain guards the rules play.js and the coach scripts live by: it builds the
// page from text nodes only (titles and colour names come from puzzle files)
// and it uses no network and no modules, so that pages work from file://.
func TestPlayScriptStaysPlain(t *testing.T) {
	for _, name := range []string{"static/play.js", "static/coach.js", "static/coach-panel.js", "static/progress.js"} {
		src, err := Static.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checkPlainScript(t, name, src)
	}
	if _, err := Static.ReadFile("static/play.css"); err != nil {
		t.Errorf("play.css is not shipped: %v", err)
	}
}

// checkPlainScript fails t when the script src uses HTML parsing, code from
// strings, the network or modules.
func checkPlainScript(t *testing.T, name string, src []byte) {
	t.Helper()
	forbidden := map[string]*regexp.Regexp{
		"HTML parsing":      regexp.MustCompile(`innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser`),
		"code from strings": regexp.MustCompile(`\beval\s*\(|new\s+Function\s*\(|setTimeout\s*\(\s*['"]`),
		"network":           regexp.MustCompile(`\bfetch\s*\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon|importScripts`),
		"modules":           regexp.MustCompile(`(?m)^\s*(import|export)\b|\bimport\s*\(`),
	}
	for what, re := range forbidden {
		if loc := re.FindIndex(src); loc != nil {
			t.Errorf("%s uses %s: %q", name, what, src[loc[0]:loc[1]])
		}
	}
}
