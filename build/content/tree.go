// Package content reads a content tree: its folders as collections, their
// puzzle files and notes (front matter and Markdown), the resources published
// beside them, nonopress.toml, and the links from a note's relative paths to
// what they became on the site. It reads; it writes nothing.
package content

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/treefile"
	"github.com/nonopress/nonopress/nav"
)

// Collection is a folder of the content tree: its note, its puzzle files and
// its sub-folders. The root Collection is the site itself.
type Collection struct {
	Dir      string // relative to the content root, slash-separated; "" for the root
	URL      string // output folder relative to the site root: "" or "a/b/"
	Name     string // folder name
	NotePath string // README.md or _index.md, "" if none
	Note     Note
	Parent   *Collection
	Children []*Collection
	Files    []*PuzzleFile
	// Resources are the other files published with the collection: images
	// and documents its notes may show or link to.
	Resources []Resource
	// NoteErr is the mistake that left its note out: a collection below
	// the root is then left out with its puzzles (which the note may hold
	// back as drafts) until the note is fixed; the root keeps its puzzles.
	NoteErr error
	// Broken lists, on the root only, the collections whose note has a
	// mistake (NoteErr), in path order: the rest of the tree is read.
	Broken []*Collection
	// Wrapper marks a folder that holds one folder and nothing else to
	// show (wrapper.go): the site leads past it.
	Wrapper bool
}

// Tags returns the tags the front matter of the collection's note and of
// the notes of the collections above it give their puzzles, nearest first.
func (c *Collection) Tags() []string {
	var out []string
	for ; c != nil; c = c.Parent {
		out = append(out, c.Note.Front.Tags...)
	}
	return out
}

// Title is the collection's Title: the site's for the root, else its note's,
// else its folder's name as a title (FolderTitle).
func (c *Collection) Title(site string) string {
	if c.Parent == nil {
		return site
	}
	if c.Note.Front.Title != "" {
		return c.Note.Front.Title
	}
	return FolderTitle(c.Name)
}

// PuzzleFile is one puzzle file of the content tree.
type PuzzleFile struct {
	Rel      string // relative to the content root, slash-separated
	Name     string // its name without extensions (BaseName): "minis" for minis.nonpack.gz
	Abs      string // as opened, for messages: filepath.Join(Src, rel)
	Slug     string // unique among its collection's slugs
	Original string // output name of the file's copy in its collection's folder: its own name when URL-safe
	NotePath string // the Markdown note with the same base name, "" if none
	Coll     *Collection
	Order    int // position of the file in path order over the whole tree
	// From its note, read when the tree is scanned: its title and weight,
	// and its place among its collection's files (order.go).
	Title  string
	Weight int
	// OwnTitle is the title the file itself gives: its puzzle's, or a
	// set's own; the builder reads it before linking neighbours (Relink).
	OwnTitle   string
	Prev, Next Link // the files before and after it in display order
	// GitAdded and GitChanged are the dates (RFC 3339) of the commit that
	// added the file and of the last that changed it or its note, filled
	// by the builder with git_info.
	GitAdded, GitChanged string
}

// noteNames are the file names of a collection's note, in order of preference.
var noteNames = []string{"_index.md", "README.md", "readme.md", "index.md"}

// scanner walks a content tree.
type scanner struct {
	tree  *treefile.Tree // what links may lead to
	src   string
	skip  map[string]bool // absolute, cleaned paths not to enter (the output folders)
	files []*PuzzleFile
	// broken are the collections whose note has a mistake.
	broken []*Collection
}

// Scan reads the content tree rooted at src into collections. Hidden files
// and folders, the site's templates/ folder, nonopress.toml and the output
// folders (when inside src) are left out. Folders with no puzzle below them and
// draft collections are dropped.
func Scan(src string, skip ...string) (*Collection, []*PuzzleFile, error) {
	s := &scanner{src: src, skip: map[string]bool{}}
	tree, err := treefile.New(src)
	if err != nil {
		return nil, nil, fmt.Errorf("read content folder: %w", err)
	}
	s.tree = tree
	for _, p := range skip {
		if abs, err := filepath.Abs(p); err == nil {
			s.skip[abs] = true
		}
	}
	root := &Collection{}
	if err := s.scan(root); err != nil {
		return nil, nil, err
	}
	for i, f := range s.files {
		f.Order = i
	}
	root.Broken = s.broken
	return root, s.files, nil
}

func (s *scanner) scan(c *Collection) error {
	dirPath := filepath.Join(s.src, filepath.FromSlash(c.Dir))
	ents, err := os.ReadDir(dirPath)
	if err != nil {
		return fmt.Errorf("read content folder: %w", err)
	}
	names := map[string]bool{}
	types := map[string]fs.FileMode{}
	for _, e := range ents {
		names[e.Name()] = true
		types[e.Name()] = e.Type()
	}
	if err := s.readCollectionNote(c, dirPath, types); err != nil {
		return err
	}
	if c.NoteErr != nil {
		s.broken = append(s.broken, c)
	}
	if c.Note.Front.Draft || (c.NoteErr != nil && c.Parent != nil) {
		return nil
	}
	taken := map[string]bool{}
	var subdirs []*Collection
	// os.ReadDir sorts by name: path order.
	for _, e := range ents {
		name := e.Name()
		full := filepath.Join(dirPath, name)
		if s.leftOut(c, name, full) {
			continue
		}
		rel := path.Join(c.Dir, name)
		if e.IsDir() {
			sub := &Collection{Dir: rel, Name: name, Parent: c}
			subdirs = append(subdirs, sub)
			continue
		}
		if err := s.addFile(c, dirPath, e, names, types); err != nil {
			return err
		}
	}
	// Slugs: files first, then folders, each unique within the collection.
	nameFiles(c, taken)
	orderFiles(c.Files)
	linkNeighbours(c.Files)
	s.files = append(s.files, c.Files...)
	nameResources(c, taken)
	for _, sub := range subdirs {
		sub.URL = c.URL + uniqueSlug(Slugify(sub.Name), taken) + "/"
		if err := s.scan(sub); err != nil {
			return err
		}
		if len(sub.Files) == 0 && len(sub.Children) == 0 {
			// A folder of resources only (images...) is no collection: its
			// files are published under its name in this one's folder.
			prefix := strings.TrimPrefix(sub.URL, c.URL)
			for _, res := range sub.Resources {
				res.Name = sub.Name + "/" + res.Name
				res.Out = prefix + res.Out
				c.Resources = append(c.Resources, res)
			}
			continue
		}
		c.Children = append(c.Children, sub)
	}
	c.Wrapper = wraps(c)
	return nil
}

// addFile adds a regular file of a collection's folder to the collection:
// a puzzle file (with its note, unless a draft), or a resource the notes
// may show. names and types are the folder's entries.
func (s *scanner) addFile(c *Collection, dirPath string, e fs.DirEntry, names map[string]bool, types map[string]fs.FileMode) error {
	name := e.Name()
	full := filepath.Join(dirPath, name)
	if !e.Type().IsRegular() {
		return nil
	}
	// A picture (.png, .gif) is a puzzle when a Markdown note of the same
	// name stands beside it; else it is a resource the notes may show.
	if !formats.Known(name) && !(formats.IsImage(name) && names[BaseName(name)+".md"]) {
		if isResource(c, name) {
			c.Resources = append(c.Resources, Resource{Name: name, Abs: full})
		}
		return nil
	}
	base := BaseName(name)
	f := &PuzzleFile{Rel: path.Join(c.Dir, name), Name: base, Abs: full, Coll: c}
	if names[base+".md"] && !isNoteName(base+".md") {
		f.NotePath = filepath.Join(dirPath, base+".md")
		if err := s.checkEntry(f.NotePath, types[base+".md"]); err != nil {
			return fmt.Errorf("read note: %w", err)
		}
	}
	fm := fileNote(f)
	if fm.Draft {
		return nil
	}
	f.Title, f.Weight = fm.Title, fm.Weight
	c.Files = append(c.Files, f)
	return nil
}

// leftOut reports whether an entry of a collection's folder is no part of
// the content: hidden, the site's templates or configuration at the root,
// or an output folder.
func (s *scanner) leftOut(c *Collection, name, full string) bool {
	if strings.HasPrefix(name, ".") || (c.Parent == nil && c.Dir == "" && (name == "templates" || name == ConfigFile)) {
		return true
	}
	abs, err := filepath.Abs(full)
	return err == nil && s.skip[abs]
}

// readCollectionNote reads a collection's note, the first of noteNames in
// its folder.
func (s *scanner) readCollectionNote(c *Collection, dirPath string, types map[string]fs.FileMode) error {
	for _, n := range noteNames {
		typ, ok := types[n]
		if !ok {
			continue
		}
		c.NotePath = filepath.Join(dirPath, n)
		if err := s.checkEntry(c.NotePath, typ); err != nil {
			return fmt.Errorf("read note: %w", err)
		}
		// A regular file by now: the read cannot block.
		data, err := treefile.ReadFile(context.Background(), c.NotePath, MaxNoteBytes)
		if err != nil {
			return fmt.Errorf("read note: %w", err)
		}
		if c.Note, err = ParseNote(c.NotePath, data); err != nil {
			c.Note, c.NoteErr = Note{}, err // a mistake, not a file to refuse
		}
		return nil
	}
	return nil
}

// nameFiles gives a collection's puzzle files their slugs and the names of
// their published copies.
func nameFiles(c *Collection, taken map[string]bool) {
	for _, f := range c.Files {
		name := path.Base(f.Rel)
		f.Slug = uniqueSlug(Slugify(f.Name), taken)
		f.Original = name
		if !urlSafe(name) || !strings.Contains(name, ".") {
			f.Original = f.Slug + strings.ToLower(path.Ext(name))
		}
		if reservedFiles[f.Original] || (c.Dir == "" && reservedRootFiles[f.Original]) {
			f.Original = f.Slug + "-source" + strings.ToLower(path.Ext(name))
		}
	}
}

// nameResources gives a collection's resources their output names.
func nameResources(c *Collection, taken map[string]bool) {
	for i := range c.Resources {
		res := &c.Resources[i]
		res.Out = res.Name
		if !urlSafe(res.Out) {
			res.Out = Slugify(strings.TrimSuffix(res.Name, path.Ext(res.Name))) + strings.ToLower(path.Ext(res.Name))
		}
		if reservedFiles[res.Out] || (c.Dir == "" && reservedRootFiles[res.Out]) || taken[res.Out] {
			res.Out = fitFileName("file-" + res.Out)
		}
		taken[res.Out] = true
	}
}

// Walk calls fn for c and every collection below it, parents first,
// in path order.
func Walk(c *Collection, fn func(*Collection)) {
	fn(c)
	for _, sub := range c.Children {
		Walk(sub, fn)
	}
}

// SortCollections orders sub-collections by weight, then by path in natural
// order.
func SortCollections(cs []*Collection) {
	sort.SliceStable(cs, func(i, j int) bool {
		wi, wj := cs[i].Note.Front.Weight, cs[j].Note.Front.Weight
		if wi != wj {
			return wi < wj
		}
		return nav.NaturalLess(cs[i].Dir, cs[j].Dir)
	})
}

// ReadTreeFile reads a file of the content tree rooted at src that the
// scanner does not see (nonopress.toml, the site's templates and assets)
// under the tree's rules: a link leading out of the tree, a loop or a
// special file is an error naming the file.
func ReadTreeFile(src, path string, limit int64) ([]byte, error) {
	tree, err := treefile.New(src)
	if err != nil {
		return nil, err
	}
	return tree.Read(context.Background(), path, limit)
}
