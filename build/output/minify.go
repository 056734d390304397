package output

import (
	"bytes"
	"path"
	"regexp"
	"strings"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/html"
	"github.com/tdewolff/minify/v2/js"
	"github.com/tdewolff/minify/v2/json"
	"github.com/tdewolff/minify/v2/svg"
)

// Minifier shrinks the text outputs of a build by their extension. It is
// safe for concurrent use.
type Minifier struct{ m *minify.M }

// mediaTypes maps the extensions that are minified to their media type.
var mediaTypes = map[string]string{
	".html": "text/html",
	".css":  "text/css",
	".js":   "application/javascript",
	".svg":  "image/svg+xml",
	".json": "application/json",
}

// NewMinifier returns a minifier for HTML, CSS, JavaScript, SVG and JSON.
func NewMinifier() *Minifier {
	m := minify.New()
	m.Add("text/html", &html.Minifier{KeepDocumentTags: true, KeepEndTags: true, KeepQuotes: true})
	m.AddFunc("text/css", css.Minify)
	m.AddFuncRegexp(regexp.MustCompile(`^(application|text)/(x-)?(java|ecma)script$`), js.Minify)
	m.AddFunc("image/svg+xml", svg.Minify)
	m.AddFuncRegexp(regexp.MustCompile(`[/+]json$`), json.Minify)
	return &Minifier{m: m}
}

// Bytes minifies data if its name's extension is one minify knows; other
// files (PDF, puzzle files, XML) pass through unchanged.
func (m *Minifier) Bytes(name string, data []byte) ([]byte, error) {
	mt, ok := mediaTypes[strings.ToLower(path.Ext(name))]
	if !ok || (mt == "text/html" && tooManyEntities(data)) {
		return data, nil
	}
	// The minifier's lexers may write into their input: give them a copy, so
	// the caller's bytes (an embedded asset reused by the next build) stay intact.
	return m.m.Bytes(mt, append([]byte(nil), data...))
}

// maxEntityWork bounds the HTML minifier's work on character references.
// tdewolff/minify's HTML minifier rewrites each reference (&amp;, &#38;...)
// by moving the rest of the page, so its time grows with the number of
// references times the page's size: a 400 KB title of "&" (each escaped as
// &amp; by the template) took minutes. A page beyond this product is
// published as the template wrote it, unminified: the same document, a few
// bytes larger. At the measured 0.3 ns per byte moved, the bound is about
// 40 ms of work; an ordinary page (30 KB) may hold 4,000 references.
const maxEntityWork = 1 << 27

// tooManyEntities reports whether minifying an HTML page would cost more
// than maxEntityWork: its count of '&' times its length.
func tooManyEntities(page []byte) bool {
	n := bytes.Count(page, []byte("&"))
	return n > 0 && int64(n)*int64(len(page)) > maxEntityWork
}
