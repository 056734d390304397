package content

import (
	"bytes"
	"strings"
)

// Archives often wrap their puzzles in folders of one folder each, as a
// repository's data/puzzles/. The site shows such a chain as one
// collection, as a file browser shows compact folders: its cards and
// breadcrumbs lead past the wrappers to the first collection with
// something to show, titled by the whole chain ("nonny / data / puzzles").

// wraps reports whether c is a wrapper: below the root, with no puzzle
// file of its own, one sub-collection, and no note or one with nothing to
// show (a README.md with only credits or tags for the puzzles below, which
// it still gives them). The scanner decides it from the tree as read,
// before the build leaves out any puzzle, so that a page's breadcrumbs
// follow from the tree and the files' titles alone.
func wraps(c *Collection) bool {
	return c.Parent != nil && len(c.Files) == 0 && len(c.Children) == 1 && (c.NotePath == "" || c.Note.showsNothing())
}

// showsNothing reports whether a collection's note would leave its page
// as bare as no note: no title, description or body.
func (n Note) showsNothing() bool {
	return strings.TrimSpace(n.Front.Title) == "" && strings.TrimSpace(n.Front.Description) == "" && len(bytes.TrimSpace(n.Body)) == 0
}

// Landing returns the collection c's cards and breadcrumbs lead to: c, or
// past the wrappers from c down, the first collection that is not one.
func (c *Collection) Landing() *Collection {
	for c.Wrapper && len(c.Children) == 1 {
		c = c.Children[0]
	}
	return c
}

// Heading is the collection's title as its page, cards and breadcrumbs
// show it: its Title, after the titles of the wrappers right above it.
func (c *Collection) Heading(site string) string {
	title := c.Title(site)
	for p := c.Parent; p != nil && p.Wrapper; p = p.Parent {
		title = p.Title(site) + " / " + title
	}
	return title
}
