package content

import (
	"net/url"
	"path"
	"path/filepath"
	"strings"
)

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
		for _, p := range pagePaths(c) {
			l[p] = c.URL + "index.html"
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

// pagePaths are the content paths that lead to a collection's page: its
// folder, and its note when it has one.
func pagePaths(c *Collection) []string {
	if c.NotePath == "" {
		return []string{c.Dir}
	}
	return []string{c.Dir, path.Join(c.Dir, filepath.Base(c.NotePath))}
}

// Rebaser returns the function that rewrites a link of a note in content
// folder noteDir, shown on a page in output folder pageDir: a relative link
// to something the site publishes becomes the relative link to its output;
// anything else (absolute URLs, fragments, unknown paths) is left as it is.
func (l Links) Rebaser(noteDir, pageDir string) func(string) string {
	return func(dest string) string {
		key, ok := linkPath(noteDir, dest)
		if !ok {
			return dest
		}
		u, _ := url.Parse(dest) // linkPath parsed it
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

// RootOf returns the relative way from a page folder ("a/b/") up to the site
// root ("../../").
func RootOf(dir string) string {
	return strings.Repeat("../", strings.Count(dir, "/"))
}

// RelURL returns the link from a page in folder from ("a/b/", "" for the
// root) to target (a path from the site root), as short as it can be:
// RelURL("a/b/", "a/c/index.html") is "../c/index.html".
func RelURL(from, target string) string {
	for from != "" {
		i := strings.IndexByte(from, '/')
		seg := from[:i+1]
		if !strings.HasPrefix(target, seg) {
			break
		}
		from, target = from[i+1:], target[i+1:]
	}
	return RootOf(from) + target
}
