package build

import (
	"bytes"
	"fmt"
	"html/template"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

// newMarkdown returns the converter for notes: CommonMark with GitHub's
// tables, strikethrough, autolinks and task lists. Raw HTML in notes is left
// out unless the site allows it (unsafe_html).
func newMarkdown(unsafe bool) goldmark.Markdown {
	var opts []goldmark.Option
	opts = append(opts, goldmark.WithExtensions(extension.GFM))
	if unsafe {
		opts = append(opts, goldmark.WithRendererOptions(html.WithUnsafe()))
	}
	return goldmark.New(opts...)
}

// renderNote converts a note's body to HTML for a page.
func renderNote(md goldmark.Markdown, path string, n note) (template.HTML, error) {
	if len(bytes.TrimSpace(n.body)) == 0 {
		return "", nil
	}
	var b bytes.Buffer
	if err := md.Convert(n.body, &b); err != nil {
		return "", fmt.Errorf("%s:%d: %v", path, n.bodyLine, err)
	}
	return template.HTML(b.String()), nil // goldmark escapes text; raw HTML only if allowed
}
