package build

import (
	"context"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/internal/parallel"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"
)

// The puzzle files are published a batch of whole collections at a time.
// A batch's own titles are read (the title pass, titlePass.name) just
// before its files are published, so that the parses the title pass keeps
// for their publish steps are held for one batch, not the whole tree; and
// the booklets of its collections are made as soon as its files are, so
// that what a booklet draws of its puzzles is let go then, not held for
// every puzzle of the site until its pages are written.

// filesPerBatch is how many files a batch holds at least (its last
// collection's may take it over; the last batch may hold fewer): enough
// for every worker to have files to take while the others finish theirs.
const filesPerBatch = 128

// publishFiles publishes every puzzle file on the pool of workers, each
// file's step returning its entries and diagnostics, gathered in path order:
// warnings and skipped puzzles go to sum, and the problems are returned.
func (r *run) publishFiles(ctx context.Context, files []*content.PuzzleFile, sum *Summary) (diag.List, error) {
	results := make([]fileResult, len(files))
	r.bookletsMade = map[*content.Collection]bool{}
	prog := newProgress(r.log, r.cfg.Quiet, len(files))
	titles := r.startTitles()
	err := r.publishBatches(ctx, files, results, titles, prog)
	titles.done()
	prog.stop()
	r.titles.parsed.reset() // those no file step took (broken notes')
	r.recordMisses()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r.files, r.results = files, results
	return r.gather(results, sum), nil
}

// publishBatches names and publishes files a batch at a time, and makes
// each batch's booklets while the next batch is named and published (the
// booklets of one batch at a time), until a build that would fail is known
// (a file with an error, without SkipInvalid): its booklets would never be
// published.
func (r *run) publishBatches(ctx context.Context, files []*content.PuzzleFile, results []fileResult, titles *titlePass, prog *progress) error {
	booklets := true
	var making chan error // the booklets of the batch before, being made
	made := func() error {
		if making == nil {
			return nil
		}
		err := <-making
		making = nil
		return err
	}
	for _, batch := range collectionBatches(files, r.batch) {
		in := make([]*content.PuzzleFile, len(batch))
		for j, i := range batch {
			in[j] = files[i]
		}
		titles.name(ctx, in)
		err := parallel.Do(ctx, len(batch), func(j int) error {
			i := batch[j]
			results[i] = r.processFileMemo(ctx, files[i])
			prog.done()
			return fromSource(files[i], results[i].fatal)
		})
		if berr := made(); err == nil {
			err = berr
		}
		if err != nil {
			return err
		}
		booklets = booklets && (r.cfg.SkipInvalid || !anyError(results, batch))
		if booklets {
			making = make(chan error, 1)
			go func() { making <- r.writeBatchBooklets(ctx, in, batch, results) }()
		}
	}
	return made()
}

// collectionBatches splits the indices of files into batches of whole
// collections: each collection's files in path order, the collections in
// the order of their first files, a batch closed once it holds size files
// or more.
func collectionBatches(files []*content.PuzzleFile, size int) [][]int {
	byColl := map[*content.Collection][]int{}
	var colls []*content.Collection
	for i, f := range files {
		if _, ok := byColl[f.Coll]; !ok {
			colls = append(colls, f.Coll)
		}
		byColl[f.Coll] = append(byColl[f.Coll], i)
	}
	var batches [][]int
	var batch []int
	for _, c := range colls {
		batch = append(batch, byColl[c]...)
		if len(batch) >= size {
			batches, batch = append(batches, batch), nil
		}
	}
	if len(batch) > 0 {
		batches = append(batches, batch)
	}
	return batches
}

// anyError reports whether a file of batch gave an error.
func anyError(results []fileResult, batch []int) bool {
	for _, i := range batch {
		for _, d := range results[i].diags {
			if d.Severity == diag.Error {
				return true
			}
		}
	}
	return false
}

// writeBatchBooklets makes the booklets of the collections of a batch's
// files (in, at indices batch), all published, and lets go what the
// entries kept for them. writeSite makes the others.
func (r *run) writeBatchBooklets(ctx context.Context, in []*content.PuzzleFile, batch []int, results []fileResult) error {
	var colls []*content.Collection
	entries := map[*content.Collection][]*site.Entry{}
	for j, f := range in {
		if _, ok := entries[f.Coll]; !ok {
			colls = append(colls, f.Coll)
		}
		entries[f.Coll] = append(entries[f.Coll], results[batch[j]].entries...)
	}
	err := parallel.Do(ctx, len(colls), func(j int) error {
		return r.writeBooklet(ctx, colls[j], site.BookletEntries(entries[colls[j]]))
	})
	for _, c := range colls {
		for _, e := range entries[c] {
			e.SetBooklet(nil)
		}
		r.bookletsMade[c] = true
	}
	return err
}

// gather collects the files' results, in path order, into the run's
// entries and bundles and sum's warnings and skipped puzzles, and returns
// the problems (duplicate ids among them), with the warnings of the
// puzzles left out among them, each after its puzzle's errors at the
// lines above: a failed build lists them together.
func (r *run) gather(results []fileResult, sum *Summary) diag.List {
	var problems diag.List
	for _, res := range results {
		sum.skip(res.leftOut...) // one line per puzzle left out
		for _, d := range res.diags {
			if d.Severity == diag.Error {
				problems = append(problems, d)
			} else {
				sum.Warnings = append(sum.Warnings, d.String())
				if leftOutWarning(res.leftOut, d) {
					// Listed with the puzzle's errors, which it often explains.
					problems = append(problems, d)
				}
			}
			sum.Diagnostics = append(sum.Diagnostics, d)
		}
		r.pub.Entries = append(r.pub.Entries, res.entries...)
		if res.bundle != nil {
			r.bundles = append(r.bundles, res.bundle)
		}
	}
	dupSeverity := diag.Warning
	if r.strict {
		dupSeverity = diag.Error
	}
	for _, d := range duplicateDiagnostics(r.pub.Entries, dupSeverity) {
		if d.Severity == diag.Error {
			problems = append(problems, d)
		}
		sum.warnAt(d)
	}
	return problems
}
