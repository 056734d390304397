package build

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/treefile"
)

// collection is a folder of the content tree: its note, its puzzle files and
// its sub-folders. The root collection is the site itself.
type collection struct {
	dir      string // relative to the content root, slash-separated; "" for the root
	url      string // output folder relative to the site root: "" or "a/b/"
	name     string // folder name
	notePath string // README.md or _index.md, "" if none
	note     note
	parent   *collection
	children []*collection
	files    []*sourceFile
	entries  []*entry // its published puzzles, in display order (after processing)
	total    int      // published puzzles here and below
	booklet  bool     // a booklet of its puzzles was written
	// resources are the other files published with the collection: images
	// and documents its notes may show or link to.
	resources []resource
}

// title is the collection's title: the site's for the root, else its note's,
// else its folder name.
func (c *collection) title(site string) string {
	if c.parent == nil {
		return site
	}
	if c.note.front.Title != "" {
		return c.note.front.Title
	}
	return c.name
}

// resource is a file copied as it is into its collection's output folder.
type resource struct {
	name, abs string // its name in the content tree, and its path as opened
	out       string // its name in the output folder
}

// resourceExts are the extensions of the files published as resources.
var resourceExts = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".avif": true, ".svg": true,
	".pdf": true, ".txt": true,
}

// sourceFile is one puzzle file of the content tree.
type sourceFile struct {
	rel      string // relative to the content root, slash-separated
	abs      string // as opened, for messages: filepath.Join(Src, rel)
	slug     string // unique among its collection's slugs
	original string // output name of the file's copy in its collection's folder: its own name when URL-safe
	notePath string // the Markdown note with the same base name, "" if none
	coll     *collection
	order    int // position of the file in path order over the whole tree
}

// noteNames are the file names of a collection's note, in order of preference.
var noteNames = []string{"_index.md", "README.md", "readme.md", "index.md"}

// scanner walks a content tree.
type scanner struct {
	ctx   context.Context
	tree  *treefile.Tree // what links may lead to
	src   string
	skip  map[string]bool // absolute, cleaned paths not to enter (the output folders)
	files []*sourceFile
}

// scanTree reads the content tree rooted at src into collections. Hidden files
// and folders, the site's templates/ folder, nonopress.toml and the output
// folders (when inside src) are left out. Folders with no puzzle below them and
// draft collections are dropped.
func scanTree(ctx context.Context, src string, skip ...string) (*collection, []*sourceFile, error) {
	s := &scanner{ctx: ctx, src: src, skip: map[string]bool{}}
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
	root := &collection{}
	if err := s.scan(root); err != nil {
		return nil, nil, err
	}
	for i, f := range s.files {
		f.order = i
	}
	return root, s.files, nil
}

func (s *scanner) scan(c *collection) error {
	dirPath := filepath.Join(s.src, filepath.FromSlash(c.dir))
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
	for _, n := range noteNames {
		if names[n] {
			c.notePath = filepath.Join(dirPath, n)
			if err := s.checkEntry(c.notePath, types[n]); err != nil {
				return fmt.Errorf("read note: %w", err)
			}
			data, err := readSource(s.ctx, c.notePath, maxNoteBytes)
			if err != nil {
				return fmt.Errorf("read note: %w", err)
			}
			if c.note, err = parseNote(c.notePath, data); err != nil {
				return err
			}
			break
		}
	}
	if c.note.front.Draft {
		return nil
	}
	taken := map[string]bool{}
	var subdirs []*collection
	// os.ReadDir sorts by name: path order.
	for _, e := range ents {
		name := e.Name()
		full := filepath.Join(dirPath, name)
		if strings.HasPrefix(name, ".") || (c.parent == nil && c.dir == "" && (name == "templates" || name == ConfigFile)) {
			continue
		}
		if abs, err := filepath.Abs(full); err == nil && s.skip[abs] {
			continue
		}
		rel := path.Join(c.dir, name)
		if e.IsDir() {
			sub := &collection{dir: rel, name: name, parent: c}
			subdirs = append(subdirs, sub)
			continue
		}
		if !e.Type().IsRegular() {
			continue
		}
		if !formats.Known(name) {
			if resourceExts[strings.ToLower(path.Ext(name))] {
				c.resources = append(c.resources, resource{name: name, abs: full})
			}
			continue
		}
		f := &sourceFile{rel: rel, abs: full, coll: c}
		base := baseName(name)
		if names[base+".md"] && !isNoteName(base+".md") {
			f.notePath = filepath.Join(dirPath, base+".md")
			if err := s.checkEntry(f.notePath, types[base+".md"]); err != nil {
				return fmt.Errorf("read note: %w", err)
			}
		}
		c.files = append(c.files, f)
	}
	// Slugs: files first, then folders, each unique within the collection.
	for _, f := range c.files {
		name := path.Base(f.rel)
		f.slug = uniqueSlug(slugify(baseName(name)), taken)
		f.original = name
		if !urlSafe(name) || !strings.Contains(name, ".") {
			f.original = f.slug + strings.ToLower(path.Ext(name))
		}
		if reservedFiles[f.original] || (c.dir == "" && reservedRootFiles[f.original]) {
			f.original = f.slug + "-source" + strings.ToLower(path.Ext(name))
		}
		s.files = append(s.files, f)
	}
	for i := range c.resources {
		res := &c.resources[i]
		res.out = res.name
		if !urlSafe(res.out) {
			res.out = slugify(strings.TrimSuffix(res.name, path.Ext(res.name))) + strings.ToLower(path.Ext(res.name))
		}
		if reservedFiles[res.out] || (c.dir == "" && reservedRootFiles[res.out]) || taken[res.out] {
			res.out = fitFileName("file-" + res.out)
		}
		taken[res.out] = true
	}
	for _, sub := range subdirs {
		sub.url = c.url + uniqueSlug(slugify(sub.name), taken) + "/"
		if err := s.scan(sub); err != nil {
			return err
		}
		if len(sub.files) == 0 && len(sub.children) == 0 {
			// A folder of resources only (images...) is no collection: its
			// files are published under its name in this one's folder.
			prefix := strings.TrimPrefix(sub.url, c.url)
			for _, res := range sub.resources {
				res.name = sub.name + "/" + res.name
				res.out = prefix + res.out
				c.resources = append(c.resources, res)
			}
			continue
		}
		c.children = append(c.children, sub)
	}
	return nil
}

// baseName is a puzzle file's name without its extension, compound ones
// included: "minis.nonpack.gz" gives "minis".
func baseName(name string) string {
	base := strings.TrimSuffix(name, path.Ext(name))
	for _, inner := range []string{".nonpack", ".nonopack"} {
		if strings.HasSuffix(strings.ToLower(base), inner) && len(base) > len(inner) {
			return base[:len(base)-len(inner)]
		}
	}
	return base
}

// urlSafe reports whether a file name can be used in URLs as it is. Such a
// name (with its dot) never collides with a slug, which has no dot.
func urlSafe(name string) bool {
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_') {
			return false
		}
	}
	return !strings.HasPrefix(name, ".")
}

// isNoteName reports whether a file name is a collection note's.
func isNoteName(name string) bool {
	for _, n := range noteNames {
		if n == name {
			return true
		}
	}
	return false
}

// slugify turns a name into a URL path segment: lower-case letters and digits,
// runs of anything else as one '-'.
func slugify(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	if b.Len() == 0 {
		return "item"
	}
	return fitSlug(b.String())
}

// uniqueSlug returns slug, or slug-2, slug-3... the first not yet taken, and
// takes it. Reserved names of the site root are never given out.
func uniqueSlug(slug string, taken map[string]bool) string {
	s := slug
	for i := 2; taken[s] || reservedSlugs[s]; i++ {
		s = fmt.Sprintf("%s-%d", slug, i)
	}
	taken[s] = true
	return s
}

// reservedSlugs are output names the site uses for itself.
var reservedSlugs = map[string]bool{"static": true, "thumbs": true, "authors": true, "licenses": true, "tags": true, "index": true, "404": true}

// reservedFiles are names the site writes in every collection folder, and
// reservedRootFiles those it writes at its root: a puzzle file so named is
// published under another name.
var (
	reservedFiles     = map[string]bool{"index.html": true, "booklet.pdf": true}
	reservedRootFiles = map[string]bool{"404.html": true, "catalogue.json": true, "sitemap.xml": true, "atom.xml": true}
)

// walkCollections calls fn for c and every collection below it, parents first,
// in path order.
func walkCollections(c *collection, fn func(*collection)) {
	fn(c)
	for _, sub := range c.children {
		walkCollections(sub, fn)
	}
}

// sortEntries orders a collection's puzzles: by weight (front matter), then in
// path order.
func sortEntries(es []*entry) {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Weight != es[j].Weight {
			return es[i].Weight < es[j].Weight
		}
		return es[i].order < es[j].order
	})
}

// sortCollections orders sub-collections by weight, then by path.
func sortCollections(cs []*collection) {
	sort.SliceStable(cs, func(i, j int) bool {
		wi, wj := cs[i].note.front.Weight, cs[j].note.front.Weight
		if wi != wj {
			return wi < wj
		}
		return cs[i].dir < cs[j].dir
	})
}
