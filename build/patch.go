package build

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/output"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/nav"
)

// An edit in serve mode usually changes puzzle files the last build knew.
// Rebuild then patches the published site instead of building it again:
// the edited files are processed, the pages that list them (their
// collections' pages up to the home page, their bundles' pages) made again,
// and every other published file carried over as it is, so that the work is
// that of the edit, not of the archive. Booklets and site-wide lists are left
// as published, as by a quick build, for the full build that follows.
// Anything else (a note, a new or removed file, a folder, the setup) takes
// the quick build: notes give puzzles their titles in neighbours' links,
// their order, tags and dates, which a patch leaves as they were.

// lastBuild is what a successful build leaves for patching its site.
type lastBuild struct {
	pub                *site.Site // arranged, never changed afterwards
	files              []*content.PuzzleFile
	index              map[string]int // files by cleaned absolute path
	results            []fileResult   // by file, in path order
	pages              []string       // the HTML pages in the sitemap
	bookletWarnings    diag.List      // of the booklets a patch keeps as published
	memoSite, memoLink string         // the memo's key parts (memoRun)
}

// remember makes what the run leaves for a patch. What the run kept of its
// puzzles for its booklets is let go: a patch makes no booklet. So is what
// it kept of its notes: a patch reads the notes again.
func (r *run) remember() *lastBuild {
	for _, e := range r.pub.Entries {
		e.SetBooklet(nil)
	}
	r.pub.Notes = nil
	last := &lastBuild{pub: r.pub, files: r.files, results: r.results, pages: r.pages}
	if r.memoRun != nil {
		last.memoSite, last.memoLink = r.memoRun.site, r.memoRun.linksHash
	}
	return last
}

// indexFiles maps the files by cleaned absolute path, or takes the index of
// from, a lastBuild of the same files.
func (l *lastBuild) indexFiles(from *lastBuild) {
	if from != nil {
		l.index = from.index
		return
	}
	l.index = make(map[string]int, len(l.files))
	for i, f := range l.files {
		if abs, err := filepath.Abs(f.Abs); err == nil {
			l.index[abs] = i
		}
	}
}

// patchable returns the indexes of the files an edit of changed touches, if
// every changed path is a puzzle file of the last build, still a regular
// file, and the collections of the edited files stay listed whatever the
// files now give (so that no collection appears or vanishes).
func (l *lastBuild) patchable(changed []string) ([]int, bool) {
	if l == nil || len(changed) == 0 {
		return nil, false
	}
	if l.index == nil {
		l.indexFiles(nil)
	}
	var idx []int
	removed := map[*content.Collection]int{}
	for _, p := range changed {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, false
		}
		i, ok := l.index[abs]
		if !ok {
			return nil, false
		}
		if info, err := os.Lstat(abs); err != nil || !info.Mode().IsRegular() {
			return nil, false
		}
		if !slices.Contains(idx, i) {
			idx = append(idx, i)
			for c := l.files[i].Coll; c != nil; c = c.Parent {
				removed[c] += len(l.results[i].entries)
			}
		}
	}
	for c, n := range removed {
		if l.pub.List(c).Total-n <= 0 {
			return nil, false
		}
	}
	slices.Sort(idx)
	return idx, true
}

// patch answers an edit of puzzle files the last build knew (patchable) by
// patching the published site; ok is false when the edit is not such.
func (b *Builder) patch(ctx context.Context, changed []string) (sum Summary, ok bool, err error) {
	last := b.last
	idx, ok := last.patchable(changed)
	if !ok {
		return sum, false, nil
	}
	b.last = nil // until the patch succeeds
	idx = b.retitle(ctx, last, idx)
	start := time.Now()
	out, err := output.Open(b.cfg.Out, b.min, &b.markers)
	if err != nil {
		return sum, true, err
	}
	defer out.Close()
	if out.Damaged() || !out.Trusted() {
		// Files were deleted from the published site, or its manifest
		// cannot be trusted: a patch would carry the gaps over (or carry
		// nothing, and keep the whole old site as a user's files), a quick
		// build writes every file again.
		return sum, false, nil
	}
	b.memo.load()
	notes := content.NewNoteDocs(b.md)
	notes.ReadCollections(last.pub.Root, last.pub.Links, remadeCollections(last, idx))
	pub := &site.Site{Title: last.pub.Title, Description: last.pub.Description, Settings: last.pub.Settings,
		Root: last.pub.Root, Notes: notes, Links: last.pub.Links, Anchors: last.pub.Anchors}
	r := &run{Builder: b, out: out, assets: newAssetCache(b.fingerprint, b.memo.assetOutputs()), pub: pub, quick: true, deferred: 1}
	r.memoRun = &memoRun{memo: b.memo, site: last.memoSite, linksHash: last.memoLink,
		used: map[string]*fileRecord{}, missed: map[string]*missedFile{}}
	b.rendered.Store(0)
	r.files, r.results = last.files, slices.Clone(last.results)
	for _, i := range idx {
		f := last.files[i]
		r.results[i] = r.processFileMemo(ctx, f)
		if err := fromSource(f, r.results[i].fatal); err != nil {
			return sum, true, err
		}
	}
	if err := ctx.Err(); err != nil {
		return sum, true, err
	}
	problems := append(r.gather(r.results, &sum), noteProblems(pub, &sum, r.strict)...)
	if len(problems) > 0 && !b.cfg.SkipInvalid {
		return sum, true, newError(problems)
	}
	r.pub.Arrange()
	drop, err := r.patchPages(last, idx)
	if err != nil {
		return sum, true, err
	}
	if err := out.CarryPublished(drop); err != nil {
		return sum, true, err
	}
	changes, err := out.Commit()
	if err != nil {
		return sum, true, err
	}
	sum.warnAt(last.bookletWarnings...)
	sum.warnAt(foreignWarnings(b.cfg.Out, changes.Foreign)...)
	r.pages = append(r.pages, keptPages(last.pages, drop)...)
	sum.Puzzles = len(r.pub.Entries)
	sum.Pages = len(r.pages) + 1 // and 404.html
	sum.Written, sum.Removed, sum.Changed = changes.Written, changes.Removed, changes.Paths
	sum.Deferred = r.deferred
	b.last = r.remember()
	b.last.indexFiles(last) // the same files
	b.last.bookletWarnings = last.bookletWarnings
	b.logSummary(sum, start)
	return sum, true, nil
}

// retitle reads the own titles of the edited files (idx) of the last build
// again, as the title pass does, and keeps them for the next build. Where one
// changed, the files beside it in its collection link to it by the new
// title, so they are made again too: it returns the files to process.
func (b *Builder) retitle(ctx context.Context, l *lastBuild, idx []int) []int {
	t := b.lockTitles()
	defer t.mu.Unlock()
	for _, i := range slices.Clone(idx) {
		f := l.files[i]
		if f.Title != "" {
			continue // its note names it
		}
		k, title, ok := t.own(ctx, f)
		if !ok {
			continue // processing the file reports it
		}
		t.m[k] = title // the next build need not read it again
		if title == f.OwnTitle {
			continue
		}
		f.OwnTitle = title
		content.Relink([]*content.PuzzleFile{f})
		page := f.Coll.URL + f.Slug + "/index.html"
		for _, g := range f.Coll.Files {
			if g.Prev.Page != page && g.Next.Page != page {
				continue
			}
			if j, ok := l.index[g.Abs]; ok && !slices.Contains(idx, j) {
				idx = append(idx, j)
			}
		}
	}
	slices.Sort(idx)
	return idx
}

// patchPages makes again the pages that list the edited files (idx): the
// pages of their collections and of the collections above them, and the
// shared blank thumbnails their cards may need (their own pages and
// bundles' pages were made with them), and the site-wide lists' pages the
// published site lacks (newListPages). It returns which published files
// are not to be carried over: the edited files' outputs and the listing
// pages as the last build paginated them.
func (r *run) patchPages(last *lastBuild, idx []int) (output.Drop, error) {
	var drop output.Drop
	for _, i := range idx {
		f := last.files[i]
		drop.Dirs = append(drop.Dirs, f.Coll.URL+f.Slug+"/")
		drop.Files = append(drop.Files, f.Coll.URL+f.Original)
	}
	remade := remadeCollections(last, idx)
	var order []*content.Collection
	content.Walk(r.pub.Root, func(c *content.Collection) {
		if !remade(c) {
			return
		}
		order = append(order, c)
		for _, pg := range nav.Paginate(len(last.pub.List(c).Entries), r.site.PerPage) {
			drop.Files = append(drop.Files, nav.PageDir(c.URL, pg.Number)+"index.html")
		}
	})
	if err := r.writeBlankThumbs(); err != nil {
		return drop, err
	}
	for _, c := range order {
		pages, err := r.pub.CollectionPages(c)
		if err != nil {
			return drop, err
		}
		if err := r.putPages(r.collectionSource(c), pages...); err != nil {
			return drop, err
		}
	}
	for _, i := range idx {
		if bp := r.results[i].bundle; bp != nil {
			if err := r.writeBundle(bp); err != nil {
				return drop, err
			}
		}
	}
	return drop, r.putPages(fromEveryPuzzle, r.newListPages()...)
}

// newListPages returns the pages of the site-wide lists that the published
// site lacks: a patch keeps the lists as published, but an edited puzzle
// may now link to a group none had (a new author's or license's page),
// which is made with the patch, so that no page it writes links to one not
// yet written. The full build that follows makes the lists' indexes again.
func (r *run) newListPages() []site.Page {
	var pages []site.Page
	for _, pg := range slices.Concat(r.pub.AuthorsPages(), r.pub.LicensesPages(), r.pub.TagPages()) {
		if _, ok := r.out.Published(pg.Path); !ok {
			pages = append(pages, pg)
		}
	}
	return pages
}

// keptPages returns the pages of the last build that a patch carried over.
func keptPages(pages []string, drop output.Drop) []string {
	var kept []string
	for _, p := range pages {
		if !drop.Has(p) {
			kept = append(kept, p)
		}
	}
	return kept
}

// remadeCollections reports which collections a patch of the files at idx
// makes the pages of again: their own and every one above them.
func remadeCollections(last *lastBuild, idx []int) func(*content.Collection) bool {
	colls := map[*content.Collection]bool{}
	for _, i := range idx {
		for c := last.files[i].Coll; c != nil; c = c.Parent {
			colls[c] = true
		}
	}
	return func(c *content.Collection) bool { return colls[c] }
}
