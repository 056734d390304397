package content

import (
	"cmp"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/nonopress/nonopress/internal/treefile"
	"github.com/nonopress/nonopress/puzzle"
)

// A puzzle's credits are its author, its license and its copyright. A file
// may leave them out (a .nin file has no place for them, an archive's files
// rarely repeat them): the notes then state them. A puzzle's own note
// states them over its file's, as its title; a collection's note (README.md)
// gives them to every puzzle in it and below that has none, the nearest
// note first, as a LICENSE file beside a folder of puzzles does.

// Credit returns p with the credits its own note (own) and the notes of its
// folders (folders, nearest first) state; p itself is not changed (a parsed
// puzzle may be shared), and p is returned as it is when they change nothing.
func Credit(p *puzzle.Puzzle, own FrontMatter, folders []FrontMatter) *puzzle.Puzzle {
	m := p.Meta
	var from *FrontMatter // the note the license is from
	m.Author, _ = credited(m.Author, own, folders, func(fm FrontMatter) string { return fm.Author })
	m.License, from = credited(m.License, own, folders, func(fm FrontMatter) string { return fm.License })
	m.Copyright, _ = credited(m.Copyright, own, folders, func(fm FrontMatter) string { return fm.Copyright })
	if m.Author == p.Meta.Author && m.License == p.Meta.License && m.Copyright == p.Meta.Copyright {
		return p
	}
	q := *p
	q.Meta = m
	if from != nil && from.LicenseFile != "" && m.License != p.Meta.License {
		var places puzzle.Places
		if p.Origin.Places != nil {
			places = *p.Origin.Places
		}
		places.LicenseFile = from.LicenseFile // the note warns of its license (LicenseWarnings), not the puzzle
		q.Origin.Places = &places
	}
	return &q
}

// credited is one credit as a puzzle ends up with it, which of reads from
// a front matter: its own note's (own), else its file's (file), else the
// nearest folder note's (of each of folders); with the front matter that
// gives it (nil for the file's).
func credited(file string, own FrontMatter, folders []FrontMatter, of func(FrontMatter) string) (string, *FrontMatter) {
	if v := strings.TrimSpace(of(own)); v != "" {
		return v, &own
	}
	if strings.TrimSpace(file) != "" {
		return file, nil
	}
	for i, fm := range folders {
		if v := strings.TrimSpace(of(fm)); v != "" {
			return v, &folders[i]
		}
	}
	return file, nil
}

// Fronts returns the front matter of the notes of c and the collections
// above it, nearest first: the folders a puzzle of c is credited by.
func (c *Collection) Fronts() []FrontMatter {
	var out []FrontMatter
	for ; c != nil; c = c.Parent {
		out = append(out, c.Note.Front)
	}
	return out
}

// FolderNotes reads, for puzzle files read outside a site build (check,
// print), the front matter of their folders' notes, as a build of the site
// would credit them (Fronts). Each folder's note is read, and each folder
// asked for nonopress.toml, once however many files share the folder. It
// is safe for concurrent use.
type FolderNotes struct {
	tops []string // the folders named on the command line
	mu   sync.Mutex
	// front holds each folder's note's front matter (ok false for none or
	// one that cannot be read or parsed), root each folder's site root
	// (siteRootAbove), by absolute path.
	front map[string]folderNote
	root  map[string]string
	// checks holds the link check of each tree notes were checked in
	// (Links), by its root's absolute path.
	checks map[string]*LinkCheck
}

// folderNote is a folder's note's front matter, if it has one that parses.
type folderNote struct {
	front FrontMatter
	ok    bool
}

// NewFolderNotes returns a FolderNotes for the files found from tops, the
// paths named on the command line.
func NewFolderNotes(tops []string) *FolderNotes {
	return &FolderNotes{tops: tops, front: map[string]folderNote{}, root: map[string]string{}, checks: map[string]*LinkCheck{}}
}

// Fronts returns the front matter of a file's folders' notes, nearest
// first: from the file's folder up to the site's root, the nearest folder
// above that holds nonopress.toml, or else the widest of tops the file is
// in, or else the file's folder alone. A note that cannot be read or
// parsed is left out (the build reports it).
func (n *FolderNotes) Fronts(file string) []FrontMatter {
	fileDir, err := filepath.Abs(filepath.Dir(file))
	if err != nil {
		return nil
	}
	dir := fileDir
	n.mu.Lock()
	defer n.mu.Unlock()
	stop := n.rootOf(dir)
	var out []FrontMatter
	for {
		fn, seen := n.front[dir]
		if !seen {
			fn.front, fn.ok = folderFront(dir)
			n.front[dir] = fn
		}
		if fn.ok {
			out = append(out, asSeenFrom(fn.front, file, fileDir))
		}
		if dir == stop {
			return out
		}
		up := filepath.Dir(dir)
		if up == dir {
			return out
		}
		dir = up
	}
}

// asSeenFrom returns a folder note's front matter with the path of its
// license's note written as the path of file, a puzzle file as named on
// the command line, leads to it ("content/README.md" for
// "content/animals/cat.nin"), for messages; fileDir is file's folder as
// an absolute path, which the caller has.
func asSeenFrom(fm FrontMatter, file, fileDir string) FrontMatter {
	if fm.LicenseFile == "" {
		return fm
	}
	if rel, err := filepath.Rel(fileDir, fm.LicenseFile); err == nil {
		fm.LicenseFile = filepath.Join(filepath.Dir(file), rel)
	}
	return fm
}

// rootOf returns the root of the tree a folder is checked in: the nearest
// folder above that holds nonopress.toml, or else the widest of tops it is
// in, or else the folder alone. n.mu is held.
func (n *FolderNotes) rootOf(dir string) string {
	return cmp.Or(n.siteRootAbove(dir), widestTop(dir, n.tops), dir)
}

// siteRootAbove returns the nearest of dir and the folders above it that
// holds nonopress.toml, or "", each folder asked once. n.mu is held.
func (n *FolderNotes) siteRootAbove(dir string) string {
	if root, seen := n.root[dir]; seen {
		return root
	}
	root := ""
	if info, err := os.Stat(filepath.Join(dir, ConfigFile)); err == nil && info.Mode().IsRegular() {
		root = dir
	} else if up := filepath.Dir(dir); up != dir {
		root = n.siteRootAbove(up)
	}
	n.root[dir] = root
	return root
}

// widestTop returns the shortest of tops (made absolute) that dir is in,
// or "".
func widestTop(dir string, tops []string) string {
	best := ""
	for _, top := range tops {
		t, err := filepath.Abs(top)
		if err != nil {
			continue
		}
		if _, in := treefile.Inside(t, dir); in && (best == "" || len(t) < len(best)) {
			best = t
		}
	}
	return best
}

// folderFront reads the front matter of a folder's note (README.md,
// _index.md...), as the scanner chooses it.
func folderFront(dir string) (FrontMatter, bool) {
	path := CollectionNote(dir)
	if path == "" {
		return FrontMatter{}, false
	}
	data, err := ReadTreeFile(dir, path, MaxNoteBytes)
	if err != nil {
		return FrontMatter{}, false
	}
	n, err := ParseNote(path, data)
	return n.Front, err == nil
}

// CollectionNote returns the path of the note of the collection in folder
// dir, as the scanner chooses it (README.md, _index.md...), or "".
func CollectionNote(dir string) string {
	for _, name := range noteNames {
		path := filepath.Join(dir, name)
		if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
			return path
		}
	}
	return ""
}

// Titled returns p with the title its own note gives, which stands over its
// file's on its page, sheets and booklets alike; p itself is not changed
// (the downloads converted from it keep the file's own title). A bundle's
// note titles the bundle, not its puzzles: bundled leaves p as it is.
func Titled(p *puzzle.Puzzle, own FrontMatter, bundled bool) *puzzle.Puzzle {
	if bundled {
		return p
	}
	return Retitled(p, own.Title)
}

// Retitled returns p titled title, or p itself when title is blank or
// already p's; p is not changed.
func Retitled(p *puzzle.Puzzle, title string) *puzzle.Puzzle {
	title = strings.TrimSpace(title)
	if title == "" || title == p.Meta.Title {
		return p
	}
	q := *p
	q.Meta.Title = title
	return &q
}
