package content

import (
	"bytes"
	"fmt"
	"html/template"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

// NewMarkdown returns the converter for notes: CommonMark with GitHub's
// tables, strikethrough, autolinks and task lists. Raw HTML in notes is left
// out unless the site allows it (unsafe_html).
func NewMarkdown(unsafe bool) goldmark.Markdown {
	var opts []goldmark.Option
	opts = append(opts, goldmark.WithExtensions(extension.GFM))
	if unsafe {
		opts = append(opts, goldmark.WithRendererOptions(html.WithUnsafe()))
	}
	return goldmark.New(opts...)
}

// RenderNote converts a note's body to HTML for a page. rebase, if not nil,
// rewrites the destination of every Markdown link and image (see
// siteLinks.rebaser).
func RenderNote(md goldmark.Markdown, path string, n Note, rebase func(string) string) (template.HTML, error) {
	if len(bytes.TrimSpace(n.Body)) == 0 {
		return "", nil
	}
	doc := md.Parser().Parse(text.NewReader(n.Body))
	if rebase != nil {
		ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
			if entering {
				switch l := node.(type) {
				case *ast.Link:
					l.Destination = []byte(rebase(string(l.Destination)))
				case *ast.Image:
					l.Destination = []byte(rebase(string(l.Destination)))
				}
			}
			return ast.WalkContinue, nil
		})
	}
	var b bytes.Buffer
	if err := md.Renderer().Render(&b, n.Body, doc); err != nil {
		return "", fmt.Errorf("%s:%d: %v", path, n.BodyLine, err)
	}
	return template.HTML(b.String()), nil // goldmark escapes text; raw HTML only if allowed
}
