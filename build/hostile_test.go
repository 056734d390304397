package build

import (
	"encoding/json"
	"encoding/xml"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/nonopress/nonopress/internal/browsertest"
)

// payload would set window.pwned if any page let it run, as markup or script.
const payload = `"><img src=x onerror="window.pwned=1"><script>window.pwned=1</script>'`

// hostileSite puts the payload in every field content controls: puzzle
// metadata in .non and XML, colour names, notes and their front matter, and a
// javascript: link.
var hostileSite = `-- nonopress.toml --
title = "Site ` + strings.ReplaceAll(payload, `"`, `\"`) + `"
-- evil/README.md --
---
title: "Coll ` + strings.ReplaceAll(payload, `"`, `\"`) + `"
tags: ["tag ` + strings.ReplaceAll(payload, `"`, `\"`) + `"]
---
A note with [a link](javascript:window.pwned=1) and <script>window.pwned=1</script> and
<img src=x onerror="window.pwned=1">.
-- evil/dot.non --
title "T ` + strings.ReplaceAll(payload, `"`, "&quot;") + `"
by "A ` + strings.ReplaceAll(payload, `"`, "&quot;") + `"
copyright "C ` + strings.ReplaceAll(payload, `"`, "&quot;") + `"
catalogue "K ` + strings.ReplaceAll(payload, `"`, "&quot;") + `"
license "L ` + strings.ReplaceAll(payload, `"`, "&quot;") + `"
width 1
height 1
rows
1
columns
1
-- evil/dot.md --
---
title: "Note ` + strings.ReplaceAll(payload, `"`, `\"`) + `"
---
[click](javascript:window.pwned=1) <script>window.pwned=1</script>
-- evil/set.xml --
<puzzleset><puzzle>
<title>X &lt;script&gt;window.pwned=1&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=&quot;window.pwned=1&quot;&gt;</title>
<author>&lt;script&gt;window.pwned=1&lt;/script&gt;</author>
<color name="&quot;&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;" char="a">f00</color>
<color name="blue" char="b">00f</color>
<clues type="rows"><line><count color="&quot;&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;">1</count><count color="blue">1</count></line></clues>
<clues type="columns"><line><count color="&quot;&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;">1</count></line><line><count color="blue">1</count></line></clues>
</puzzle></puzzleset>
`

func TestHostileContentStaysText(t *testing.T) {
	s := newSite(t, hostileSite)
	s.mustBuild(Config{})
	var htmlPages []string
	filepath.WalkDir(s.out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(s.out, path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch filepath.Ext(path) {
		case ".html":
			htmlPages = append(htmlPages, filepath.ToSlash(rel))
		case ".svg":
			checkSVGHasNoActiveContent(t, rel, data)
		case ".json":
			var v any
			if err := json.Unmarshal(data, &v); err != nil {
				t.Errorf("%s is not JSON: %v", rel, err)
			}
		}
		return nil
	})
	if len(htmlPages) < 5 {
		t.Fatalf("only %d pages built: %v", len(htmlPages), htmlPages)
	}

	// In a real browser: nothing from content runs, no element of the page
	// came from content markup, and the payload shows as text.
	ctx := browsertest.New(t)
	for _, page := range htmlPages {
		do(t, ctx, chromedp.Navigate(fileURL(t, s.out, page)))
		if eval[bool](t, ctx, `window.pwned === 1`) {
			t.Errorf("%s: content ran as script", page)
		}
		counts := eval[[]int](t, ctx, `[
			document.querySelectorAll('script:not([src]):not([type="application/json"])').length,
			document.querySelectorAll('[onerror],[onload],[onclick]').length,
			document.querySelectorAll('a[href^="javascript:" i]').length,
			document.querySelectorAll('img[src="x"]').length]`)
		// The 404 page of a site without a base URL has one inline
		// script of its own, which finds the site's root (base.html);
		// no other page has any.
		want := []int{0, 0, 0, 0}
		if page == "404.html" {
			want[0] = 1
			if own := eval[string](t, ctx, `document.querySelector('script:not([src]):not([type])').text`); !strings.Contains(own, `fetch(location.href)`) || strings.Contains(own, "pwned") {
				t.Errorf("%s: an inline script not the page's own: %s", page, own)
			}
		}
		for i, what := range []string{"inline scripts", "event-handler attributes", "javascript: links", "injected images"} {
			if counts[i] != want[i] {
				t.Errorf("%s: %d %s", page, counts[i], what)
			}
		}
	}
	do(t, ctx, chromedp.Navigate(fileURL(t, s.out, "index.html")))
	if !eval[bool](t, ctx, `document.body.textContent.includes('<script>window.pwned=1</script>')`) {
		t.Error("home page does not show the hostile site title as text")
	}
}

// checkSVGHasNoActiveContent parses an SVG and fails on any script element or
// event-handler attribute.
func checkSVGHasNoActiveContent(t *testing.T, name string, data []byte) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(string(data)))
	for {
		tok, err := d.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Errorf("%s does not parse: %v", name, err)
			}
			return
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if strings.EqualFold(el.Name.Local, "script") || strings.EqualFold(el.Name.Local, "foreignObject") {
			t.Errorf("%s has a <%s> element", name, el.Name.Local)
		}
		for _, a := range el.Attr {
			if strings.HasPrefix(strings.ToLower(a.Name.Local), "on") {
				t.Errorf("%s: <%s %s=...>", name, el.Name.Local, a.Name.Local)
			}
		}
	}
}
