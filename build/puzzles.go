package build

import (
	"context"
	"errors"
	"fmt"
	"html/template"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/internal/key"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/treefile"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/validate"
)

// fileResult is what processing one puzzle file gave.
type fileResult struct {
	entries []*site.Entry
	// diags are its problems: errors keep puzzles out (with SkipInvalid,
	// they say which were left out and why), warnings are published.
	diags diag.List
	// leftOut are the puzzles (or unreadable parts, or the note) its
	// errors keep out: what -skip-invalid reports as skipped. Their
	// warnings, which often say why (a colour with no color line, then
	// clue sums that disagree), are in diags too.
	leftOut []Skip
	bundle  *bundlePage // the page of a file of several puzzles
	fatal   error       // the build cannot go on (output not writable, template error)
	// read is what processFile made the result of: the memo records it
	// only under a key of the same bytes (sourceDigests.made).
	read sourceDigests
	// anchors are the headings its note's warnings depend on.
	anchors anchorDeps
}

// sourceDigests are the digests (fileHashOf) of a puzzle file's bytes and
// its note's, "" for none read.
type sourceDigests struct{ file, note string }

// made reports whether a result made from the bytes d names is the work of
// the bytes keyed names. A file can change between the key's digest and
// the step's read (or the title pass's, whose parse the step takes): its
// result then belongs to no key, and a later build, told of the change,
// makes it again. A result made without reading the puzzle file (its note
// left it out) depends on the note only.
func (d sourceDigests) made(keyed sourceDigests) bool {
	return d.note == keyed.note && (d.file == "" || d.file == keyed.file)
}

// fileContext is what the pages of one file's puzzles share, and the hash
// of its bytes.
type fileContext struct {
	site.FilePages
	fileHash string
	bundle   *bundlePage // the page listing the file's puzzles; nil for a file of one
}

// checkedPuzzle is a puzzle of a file that passed its checks, waiting to be
// published.
type checkedPuzzle struct {
	e   *site.Entry
	p   *puzzle.Puzzle
	rep validate.Report
}

// bundlePage is the page of a file of several puzzles, and its key.
type bundlePage struct {
	site.Bundle
	// memoKey is its file's memo key (memo.go), which determines the page;
	// "" without a memo.
	memoKey string
}

// processFileMemo is the step a worker takes with each puzzle file: the
// file's record from an earlier build when the memo knows its work (by its
// key: memoRun.fileKey) and its outputs are still at hand, else
// processFile, whose result the memo records once the build is written.
func (r *run) processFileMemo(ctx context.Context, f *content.PuzzleFile) fileResult {
	m := r.memoRun
	if !m.enabled() {
		return r.processFile(ctx, f)
	}
	key, keyed, err := m.fileKey(f, r.pub.Title)
	if err != nil {
		return fileResult{fatal: err}
	}
	var res fileResult
	if rec := m.memo.lookup(key); rec != nil && rec.Anchors.hold(r.pub.Anchors) && r.out.Reuse(rec.Outputs) {
		m.hit(key, rec)
		res = r.resultOf(f, rec)
	} else {
		res = r.processFile(ctx, f)
		if res.fatal == nil && ctx.Err() == nil && res.read.made(keyed) {
			m.miss(key, f, &res)
		}
	}
	if res.bundle != nil {
		res.bundle.memoKey = key
	}
	return res
}

// resultOf turns a file's record back into its result.
func (r *run) resultOf(f *content.PuzzleFile, rec *fileRecord) fileResult {
	res := fileResult{diags: rec.Diags, leftOut: rec.LeftOut, anchors: rec.Anchors}
	pages := make([]string, 0, len(rec.Entries))
	for i := range rec.Entries {
		e := rec.Entries[i] // a copy: the record stays as kept
		e.Place(f.Coll, f, f.Order<<20|e.Index)
		if e.AssetKey != "" {
			r.assets.store(e.AssetKey, e.Assets)
		}
		res.entries = append(res.entries, &e)
		pages = append(pages, e.Page)
	}
	if rec.Bundle != nil {
		res.bundle = &bundlePage{Bundle: site.Bundle{Coll: f.Coll, Dir: rec.Bundle.Dir, Title: rec.Bundle.Title,
			Description: rec.Bundle.Description, Note: template.HTML(rec.Bundle.Note), Entries: res.entries}}
	}
	r.mu.Lock()
	r.pages = append(r.pages, pages...)
	r.mu.Unlock()
	return res
}

// processFile reads, checks and publishes the puzzles of one file: each
// gets its page and files written to the back buffer; what is kept is their
// entries only.
func (r *run) processFile(ctx context.Context, f *content.PuzzleFile) fileResult {
	var res fileResult
	n, err := readNote(ctx, f, &res.read)
	if err != nil || n.Front.Draft {
		if errors.As(err, new(*notePathError)) {
			res.fatal = err
		} else if err != nil {
			res.diags = append(res.diags, diag.FromError(f.NotePath, err))
			res.leftOut = append(res.leftOut, Skip{Problems: res.diags})
		}
		return res
	}
	res.diags = append(res.diags, n.Warnings...)
	// The license the note gives, warned about once for all the file's
	// puzzles; with strict an error that keeps them out, as a license in
	// their file would.
	license := licenseDiagnostics(n.Front, r.strict)
	res.diags = append(res.diags, license...)
	if license.HasErrors() {
		res.leftOut = append(res.leftOut, Skip{Problems: license})
		return res
	}
	doc := r.pub.Notes.Parse(n.Body) // for its links and its pages
	check := r.pub.LinkCheck()
	res.diags = append(res.diags, check.Parsed(f.NotePath, f.Coll.Dir, n, doc)...)
	res.anchors.Links = check.AnchorLinks(f.Coll.Dir, doc)
	res.anchors.State = r.pub.Anchors.State(res.anchors.Links)
	fm := n.Front
	src, err := sourceOf(ctx, f, &r.titles.parsed)
	if err != nil {
		res.fatal = fmt.Errorf("read puzzle file: %w", err)
		return res
	}
	data, puzzles, perr := src.data, src.puzzles, src.err
	res.read.file = fileHashOf(data)
	if perr != nil {
		// The warnings given before reading failed are listed with its
		// errors, as those of a puzzle in error are: one may say why.
		unread, warnings := formats.Diagnostics(f.Abs, perr), formats.Warnings(perr)
		res.diags = append(res.diags, inLineOrder(unread, warnings)...)
		res.leftOut = append(res.leftOut, Skip{Problems: unread, Warnings: warnings})
	}
	fc, err := r.fileContextOf(f, n, doc, puzzles, res.read.file)
	if err != nil {
		d := diag.FromError(f.NotePath, err)
		res.diags = append(res.diags, d)
		res.leftOut = append(res.leftOut, Skip{Problems: diag.List{d}})
		return res
	}
	checked := r.checkPuzzles(ctx, f, puzzles, fm, fc, &res)
	if ctx.Err() != nil {
		return res
	}
	if err := r.publishPuzzles(checked, fm, fc); err != nil {
		res.fatal = err
		return res
	}
	if len(res.entries) > 0 {
		if _, err := r.out.Put(f.Coll.URL+f.Original, data); err != nil {
			res.fatal = err
		}
		if fc.bundle != nil {
			fc.bundle.Entries = res.entries
			res.bundle = fc.bundle
		}
	}
	return res
}

// sourceOf is a puzzle file read and parsed: as the title pass kept it
// when it did, else read now.
func sourceOf(ctx context.Context, f *content.PuzzleFile, kept *parsedSources) (parsedSource, error) {
	if src, ok := kept.take(f.Abs); ok {
		return src, nil
	}
	data, err := readSource(ctx, f.Abs, formats.MaxFileSize)
	if err != nil {
		return parsedSource{}, err
	}
	puzzles, perr := formats.Read(f.Abs, data)
	return parsedSource{data, puzzles, perr}, nil
}

// notePathError is a note that could not be read at all.
type notePathError struct{ err error }

func (e *notePathError) Error() string { return "read note: " + e.err.Error() }
func (e *notePathError) Unwrap() error { return e.err }

// readNote reads and parses a puzzle file's note, if it has one, and sets
// read.note to the digest of its bytes. An error is a *notePathError when
// the file could not be read, else the note's mistake.
func readNote(ctx context.Context, f *content.PuzzleFile, read *sourceDigests) (content.Note, error) {
	if f.NotePath == "" {
		return content.Note{}, nil
	}
	data, err := readSource(ctx, f.NotePath, content.MaxNoteBytes)
	if err != nil {
		return content.Note{}, &notePathError{err}
	}
	read.note = fileHashOf(data)
	return content.ParseNote(f.NotePath, data)
}

// fileContextOf starts what the pages of a file's puzzles share: its note
// (n, its body parsed as doc) rendered for their pages, and for a file of
// several puzzles its bundle page. An error is the note's.
func (r *run) fileContextOf(f *content.PuzzleFile, n content.Note, doc *content.NoteDoc, puzzles []*puzzle.Puzzle, fileHash string) (*fileContext, error) {
	fm := n.Front
	fc := &fileContext{fileHash: fileHash}
	fc.Description = fm.Description
	dir := f.Coll.URL + f.Slug + "/"
	pageDir := dir
	var err error
	if len(puzzles) > 1 {
		pageDir += "1/" // the depth of every puzzle page of the bundle
		fc.bundle = &bundlePage{Bundle: site.Bundle{Coll: f.Coll, Dir: dir, Title: site.FirstNonEmpty(fm.Title, setTitle(puzzles), f.Name), Description: fm.Description}}
		fc.Bundle = &fc.bundle.Bundle
		if fc.bundle.Note, err = doc.Render(f.NotePath, n.BodyLine, r.pub.Links.Rebaser(f.Coll.Dir, dir)); err != nil {
			return nil, err
		}
	}
	if fc.Note, err = doc.Render(f.NotePath, n.BodyLine, r.pub.Links.Rebaser(f.Coll.Dir, pageDir)); err != nil {
		return nil, err
	}
	return fc, nil
}

// checkPuzzles checks a file's puzzles, adding their problems and warnings
// to res, and returns those that may be published, with their entries (in
// res too).
func (r *run) checkPuzzles(ctx context.Context, f *content.PuzzleFile, puzzles []*puzzle.Puzzle, fm content.FrontMatter, fc *fileContext, res *fileResult) []checkedPuzzle {
	var checked []checkedPuzzle
	for i, p := range puzzles {
		if ctx.Err() != nil {
			return nil
		}
		if err := content.CheckTitle(p.Meta.Title); err != nil {
			d := diag.Diagnostic{File: f.Abs, Line: p.Origin.Line, Severity: diag.Error, Message: err.Error()}
			res.diags = append(res.diags, d)
			res.leftOut = append(res.leftOut, Skip{Problems: diag.List{d}})
			continue
		}
		p = content.Credit(p, fm, f.Coll.Fronts())
		rep := validate.Check(ctx, p, validate.Options{Timeout: r.site.Budget, Cache: r.memo.verdicts.get()})
		problems, warnings := r.judge(f, &rep)
		if len(problems) > 0 {
			res.diags = append(res.diags, inLineOrder(problems, warnings)...)
			res.leftOut = append(res.leftOut, Skip{Problems: problems, Warnings: warnings})
			continue
		}
		res.diags = append(res.diags, warnings...)
		res.diags = append(res.diags, r.sheetWarnings(f, p)...)
		e := site.FileEntry(f, i, fc.bundle != nil, p, &rep, fm)
		e.BookletPart = bookletPart(fc.fileHash, i, e.BookletTitle(p), p, rep.Solution)
		checked = append(checked, checkedPuzzle{e, p, rep})
		res.entries = append(res.entries, e)
	}
	return checked
}

// bookletPart is a puzzle's part of its collection's booklet key: its file's
// bytes, its place in the file, the title the booklet gives it (which a
// note may give an untitled puzzle), its credits and its solution.
func bookletPart(fileHash string, index int, title string, p *puzzle.Puzzle, sol *puzzle.Image) string {
	k := key.New("", "booklet part")
	k.String(fileHash)
	k.Int(index)
	k.String(title)
	creditsKey(k, p)
	k.Value(sol)
	return k.Sum()
}

// creditsKey adds to k the credits of p, which its sheets show and its
// notes may give it (content.Credit): the file's bytes alone do not settle
// them.
func creditsKey(k *key.Hasher, p *puzzle.Puzzle) {
	k.String(p.Meta.Author).String(p.Meta.License).String(p.Meta.Copyright)
}

// setTitle returns the title of the bundle or set the puzzles came in, or
// "".
func setTitle(ps []*puzzle.Puzzle) string {
	if len(ps) > 0 && ps[0].Origin.Set != nil {
		return ps[0].Origin.Set.Title
	}
	return ""
}

// readSource reads a file the scanner found in the content tree (symbolic
// links checked by then: see content's checkEntry), as treefile.ReadFile:
// regular files only, capped, stopped by ctx.
func readSource(ctx context.Context, path string, limit int64) ([]byte, error) {
	return treefile.ReadFile(ctx, path, limit)
}
