package content

import (
	"bytes"
	"fmt"
	"html/template"
	"net/url"
	"path"
	"path/filepath"
	"strings"

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

// Links maps paths of the content tree (slash-separated, from the content
// root; "" is the root) to the output paths of what they became, so that a
// note's relative links keep pointing at the same things on the site:
//
//   - a folder, or its README.md / _index.md: the collection page;
//   - a puzzle file: the published copy of the file;
//   - a puzzle's note (x.md next to x.non): the puzzle's page (a bundle's
//     page, listing its puzzles, for a file of several);
//   - another file copied with the site (an image...): its copy.
type Links map[string]string

// NewLinks collects the links of a scanned content tree.
func NewLinks(root *Collection, files []*PuzzleFile) Links {
	l := Links{}
	Walk(root, func(c *Collection) {
		l[c.Dir] = c.URL + "index.html"
		if c.NotePath != "" {
			l[path.Join(c.Dir, filepath.Base(c.NotePath))] = c.URL + "index.html"
		}
		for _, res := range c.Resources {
			l[path.Join(c.Dir, res.Name)] = c.URL + res.Out
		}
	})
	for _, f := range files {
		l[f.Rel] = f.Coll.URL + f.Original
		if f.NotePath != "" {
			l[path.Join(f.Coll.Dir, filepath.Base(f.NotePath))] = f.Coll.URL + f.Slug + "/index.html"
		}
	}
	return l
}

// Rebaser returns the function that rewrites a link of a note in content
// folder noteDir, shown on a page in output folder pageDir: a relative link
// to something the site publishes becomes the relative link to its output;
// anything else (absolute URLs, fragments, unknown paths) is left as it is.
func (l Links) Rebaser(noteDir, pageDir string) func(string) string {
	return func(dest string) string {
		if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "/") {
			return dest
		}
		u, err := url.Parse(dest)
		if err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" {
			return dest
		}
		key := path.Clean(path.Join(noteDir, u.Path))
		if key == "." {
			key = ""
		}
		if strings.HasPrefix(key, "../") || key == ".." {
			return dest
		}
		out, ok := l[key]
		if !ok {
			return dest
		}
		link := (&url.URL{Path: RelURL(pageDir, out)}).String()
		if u.RawQuery != "" {
			link += "?" + u.RawQuery
		}
		if u.Fragment != "" {
			link += "#" + u.EscapedFragment()
		}
		return link
	}
}
