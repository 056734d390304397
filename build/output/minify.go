package output

import (
	"regexp"

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
