package content

import (
	"path/filepath"

	"github.com/nonopress/nonopress/diag"
)

// Links returns the link warnings (LinkCheck.Note) of a note read outside a
// site build, checked against what a build of its tree would publish: the
// tree rooted as for Fronts, scanned once for all its notes, with its
// nonopress.toml's unsafe_html. Without nonopress.toml the tree may be part
// of a larger site: links climbing out of it are not judged. A tree that
// cannot be scanned gives no warnings (the build reports why).
func (n *FolderNotes) Links(notePath string, note Note) diag.List {
	dir, err := filepath.Abs(filepath.Dir(notePath))
	if err != nil {
		return nil
	}
	n.mu.Lock()
	root := n.rootOf(dir)
	check, seen := n.checks[root]
	if !seen {
		check = treeLinkCheck(root, n.siteRootAbove(dir) == root)
		n.checks[root] = check
	}
	n.mu.Unlock()
	rel, err := filepath.Rel(root, dir)
	if check == nil || err != nil {
		return nil
	}
	if rel = filepath.ToSlash(rel); rel == "." {
		rel = ""
	}
	return check.Note(notePath, rel, note)
}

// treeLinkCheck is the link check of the tree rooted at root, or nil when
// it cannot be scanned; site says root holds nonopress.toml.
func treeLinkCheck(root string, site bool) *LinkCheck {
	settings := DefaultSettings()
	if site {
		var err error
		if settings, err = ReadSettings(root); err != nil {
			return nil
		}
	}
	top, files, err := Scan(root)
	if err != nil {
		return nil
	}
	docs := NewNoteDocs(NewMarkdown(settings.UnsafeHTML))
	return &LinkCheck{Links: NewLinks(top, files), Anchors: NewAnchors(docs, top), Docs: docs,
		RawHTML: settings.UnsafeHTML, Partial: !site, LeftOut: top.Broken}
}
