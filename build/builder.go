package build

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/output"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/render"

	"github.com/yuin/goldmark"

	"github.com/nonopress/nonopress/nav"
)

// Builder builds one site. Build may be called again (serve mode does): each
// call reads the content tree afresh and updates the output.
type Builder struct {
	cfg  Config
	site content.Settings
	tpl  *site.Templates
	md   goldmark.Markdown
	min  *output.Minifier
	log  io.Writer
	// fonts finds fonts for what the Go fonts cannot print (nonopress.toml
	// font, then the system's), read once for every build.
	fonts *render.Fonts
	// scratch keeps the workers' render.Scratch between puzzles (a sheet
	// PDF's compressor costs as much to make as the rest of the PDF).
	scratch scratchList
	// fingerprint identifies the running program for the asset cache.
	fingerprint string
	// rendered counts the puzzles rendered (not reused) by the last build.
	rendered atomic.Int64
	// memo remembers each puzzle file's work between builds (memo.go).
	memo *fileMemo
	// titles keeps the puzzle files' own titles between builds (owntitles.go).
	titles ownTitles
	// markers keeps the output folders' manifests between builds (package output).
	markers output.Manifests
	// cacheDir is the folder of the caches kept between runs.
	cacheDir string
	// strict: Config.Strict, or strict = true in nonopress.toml.
	strict bool
	// datedAt: the commit the last build dated its puzzles from git at;
	// "" when it did not (gitinfo.go).
	datedAt string
	// serve mode's state between rebuilds (rebuild.go).
	serving serveState
	// last is what the last build leaves for patching it (patch.go).
	last *lastBuild
	// racy is how recent a change keeps the tree from being stamped
	// (racyWindow; tests shorten it).
	racy time.Duration
	// batch is how many files a batch of publishing holds (filesPerBatch;
	// tests shorten it).
	batch       int
	afterTitles func() // tests: runs after each batch of the title pass (titlePass.name)
}

// CacheDir is the name of the folder beside the content folder where a
// build keeps its caches between runs, unless nonopress.toml's cache_dir
// says otherwise.
const CacheDir = ".nonopress-cache"

// cacheFolder returns the cache folder of a content folder with settings.
func cacheFolder(src string, site content.Settings) string {
	abs, err := filepath.Abs(src)
	if err != nil {
		abs = src
	}
	switch {
	case site.CacheDir == "":
		return filepath.Join(filepath.Dir(abs), CacheDir)
	}
	return filepath.Join(abs, filepath.FromSlash(site.CacheDir))
}

// New checks cfg, reads <Src>/nonopress.toml and the site's templates.
func New(cfg Config) (*Builder, error) {
	if cfg.Src == "" {
		return nil, errors.New("build: no content folder (Src) given")
	}
	if cfg.Out == "" {
		return nil, errors.New("build: no output folder (Out) given")
	}
	if info, err := os.Stat(cfg.Src); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no %s/ here: run in a site folder or pass -src", filepath.ToSlash(filepath.Clean(cfg.Src)))
	} else if err != nil {
		return nil, fmt.Errorf("content folder: %w", err)
	} else if !info.IsDir() {
		return nil, fmt.Errorf("content folder %s: not a folder", cfg.Src)
	}
	b := &Builder{cfg: cfg, min: output.NewMinifier(), log: cfg.Log, scratch: newScratchList(), fingerprint: programFingerprint(), racy: racyWindow, batch: filesPerBatch}
	if b.log == nil {
		b.log = io.Discard
	}
	if err := b.load(); err != nil {
		return nil, err
	}
	return b, nil
}

// load reads what the site's setup says (nonopress.toml, the templates) and
// starts the caches that depend on it afresh. On error the builder is left
// as it was.
func (b *Builder) load() error {
	settings, err := content.ReadSettings(b.cfg.Src)
	if err != nil {
		return err
	}
	if b.cfg.BaseURL != "" {
		settings.BaseURL = b.cfg.BaseURL
	}
	settings.BaseURL = strings.TrimSuffix(settings.BaseURL, "/")
	if settings.BaseURL != "" {
		if err := content.CheckBaseURL(settings.BaseURL); err != nil {
			return fmt.Errorf("build: %w", err)
		}
	}
	tpl, err := site.LoadTemplates(b.cfg.Src)
	if err != nil {
		return err
	}
	b.site, b.tpl, b.md = settings, tpl, content.NewMarkdown(settings.UnsafeHTML)
	b.fonts = render.NewFonts(settings.FontPath(b.cfg.Src))
	b.strict = b.cfg.Strict || settings.Strict
	b.cacheDir = cacheFolder(b.cfg.Src, settings)
	b.memo = newFileMemo(b.cacheDir, b.fingerprint, tpl)
	b.last = nil
	return nil
}

// run is the state of one build.
type run struct {
	*Builder
	out    *output.Store
	assets *assetCache
	// pub is the site being published: its entries, tree and settings,
	// which its pages are made from.
	pub     *site.Site
	bundles []*bundlePage
	pages   []string // every HTML page written, for the sitemap
	mu      sync.Mutex
	memoRun *memoRun
	// files and results are the puzzle files and what each gave, in path
	// order (patch.go).
	files   []*content.PuzzleFile
	results []fileResult
	// quick keeps the published booklets and site-wide lists (BuildQuick);
	// deferred counts them, under mu.
	quick    bool
	deferred int
	// bookletWarnings are the booklets' render warnings, under mu.
	bookletWarnings diag.List
	// bookletsMade are the collections whose booklets were made with their
	// batch of files (publishFiles).
	bookletsMade map[*content.Collection]bool
}

// Build builds the site into Out. On any error the published output is left
// exactly as it was.
func (b *Builder) Build(ctx context.Context) (Summary, error) { return b.build(ctx, false) }

// buildQuick is Build for an author waiting on a page: it makes the changed
// puzzles' pages and files and the collection and bundle pages that list
// them, but keeps as they were published what every edit would otherwise
// make again: the collection booklets, the authors, licenses and tag pages,
// catalogue.json, the sitemap and the feed (see deferredPage). It does not
// save the caches to disk either (they stay in memory for the next build).
// Summary.Deferred counts what it left; a Build afterwards brings it up to
// date. `serve` does that right after
// telling the browser to reload.
func (b *Builder) buildQuick(ctx context.Context) (Summary, error) {
	return b.build(ctx, true)
}

func (b *Builder) build(ctx context.Context, quick bool) (Summary, error) {
	start := time.Now()
	b.last = nil // until this build succeeds
	tree := ""
	if !quick {
		var sum Summary
		var ok bool
		if tree, sum, ok = b.stamped(); ok {
			b.logSummary(sum, start)
			return sum, nil
		}
	}
	sum, err := b.publish(ctx, quick, tree)
	if err != nil {
		if !quick {
			// The verdicts found are worth keeping for the next try.
			if err := b.memo.saveVerdicts(); err != nil {
				b.memo.warnNotSaved(b.log, err)
			}
		}
		return sum, err
	}
	b.logSummary(sum, start)
	return sum, nil
}

// publish reads the content tree, publishes every puzzle file and then the
// site's pages into the back buffer, commits it, and keeps the store
// (stamped with tree, the tree's digest, after a full build).
func (b *Builder) publish(ctx context.Context, quick bool, tree string) (Summary, error) {
	var sum Summary
	root, files, err := content.Scan(b.cfg.Src, b.cfg.Out, output.BackName(b.cfg.Out), output.KeptName(b.cfg.Out))
	if err != nil {
		return sum, err
	}
	b.readGitDates(ctx, files)
	// A tree whose puzzles are all in collections left out for their
	// note's mistake has puzzle files: the note's error says why none is
	// published.
	if len(files) == 0 && !slices.ContainsFunc(root.Broken, func(c *content.Collection) bool { return c.Parent != nil }) {
		sum.warnAt(diag.Diagnostic{File: b.cfg.Src, Severity: diag.Warning, Message: "no puzzle files found", Hint: NoPuzzlesHint})
	}
	out, err := output.Open(b.cfg.Out, b.min, &b.markers)
	if err != nil {
		return sum, err
	}
	defer out.Close()
	b.memo.load()
	links, notes := content.NewLinks(root, files), content.NewNoteDocs(b.md)
	notes.ReadCollections(root, links, nil)
	pub := &site.Site{Title: site.FirstNonEmpty(b.site.Title, root.Note.Front.Title, defaultTitle),
		Description: site.FirstNonEmpty(b.site.Description, root.Note.Front.Description, nav.FirstLine(root.Note.Body),
			"Nonogram puzzles to play online, print and download."),
		Settings: b.site, Root: root, Notes: notes, Links: links, Anchors: content.NewAnchors(notes, root)}
	r := &run{Builder: b, out: out, assets: newAssetCache(b.fingerprint, b.memo.assetOutputs()), pub: pub, quick: quick}
	b.rendered.Store(0)
	r.startMemo()
	problems, err := r.publishFiles(ctx, files, &sum)
	if err != nil {
		return sum, err
	}
	problems = append(problems, noteProblems(r.pub, &sum, r.strict)...)
	if len(problems) > 0 && !b.cfg.SkipInvalid {
		return sum, newError(problems)
	}
	r.pub.Arrange()
	if err := r.writeSite(ctx); err != nil {
		return sum, err
	}
	changes, err := out.Commit()
	if err != nil {
		return sum, err
	}
	bookletWarnings := r.takeBookletWarnings()
	sum.warnAt(bookletWarnings...)
	sum.warnAt(foreignWarnings(b.cfg.Out, changes.Foreign)...)
	sum.Puzzles = len(r.pub.Entries)
	sum.Pages = len(r.pages) + 1 // and 404.html
	sum.Written, sum.Removed, sum.Changed = changes.Written, changes.Removed, changes.Paths
	sum.Repaired = out.Repaired()
	if changes.Foreign.Unknown {
		tree = "" // no stamp: its warning of the manifest holds for this build alone
	}
	if err := r.keepMemo(b.stampOf(tree, sum, out)); err != nil {
		b.memo.warnNotSaved(b.log, err)
	}
	if quick {
		r.deferred++ // the full build that follows saves the caches
	}
	sum.Deferred = r.deferred
	b.last = r.remember()
	b.last.bookletWarnings = bookletWarnings
	return sum, nil
}

// prepareBack readies the back buffer for quick rebuilds (output.Prepare):
// serve calls it after its first build, before any edit comes.
func (b *Builder) prepareBack(ctx context.Context) error {
	return output.Prepare(ctx, b.cfg.Out, b.min, &b.markers)
}

// NoPuzzlesHint is the hint of a folder without puzzle files, as a build
// and check say it.
const NoPuzzlesHint = "add puzzle files: .non, .nonpack, .xml, .pbn, .nin or .g, or a .png or .gif picture with a note of the same name"

// SourceError is a failure to publish one source file (its output could not
// be written, say): File names the file of the content tree it came from,
// so that an error about an output path can be traced to its cause.
type SourceError struct {
	File string // as opened: the content folder joined with its path
	Err  error
}

func (e *SourceError) Error() string { return fmt.Sprintf("%s: %v", e.File, e.Err) }

// Unwrap returns the underlying error.
func (e *SourceError) Unwrap() error { return e.Err }

// fromSource wraps err (if any) with the source file it came from.
func fromSource(f *content.PuzzleFile, err error) error {
	if err == nil {
		return nil
	}
	return &SourceError{File: f.Abs, Err: err}
}
