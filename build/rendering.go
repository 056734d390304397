package build

import (
	"bytes"
	"runtime"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/internal/key"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
)

// writeBlankThumbs writes the shared blank thumbnails the cards use, each
// once, found by size in the asset cache when an earlier build made it.
func (r *run) writeBlankThumbs() error {
	sizes := map[string][2]int{}
	for _, e := range r.pub.Entries {
		if strings.HasPrefix(e.Thumb, "thumbs/") {
			sizes[e.Thumb] = [2]int{e.Width, e.Height}
		}
	}
	var buf bytes.Buffer
	for _, p := range sortedKeys(sizes) {
		size := sizes[p]
		k := key.New(r.assets.fingerprint, "blank thumbnail")
		k.Int(size[0])
		k.Int(size[1])
		key := k.Sum()
		name := strings.TrimPrefix(p, "thumbs/")
		if outputs, ok := r.reuseAssets("thumbs/", key); ok && outputs[name] != "" {
			r.assets.store(key, outputs)
			continue
		}
		buf.Reset()
		if err := render.BlankThumbnailOfSize(&buf, size[0], size[1]); err != nil {
			return err
		}
		h, err := r.out.PutExact(p, buf.Bytes()) // render minified it
		if err != nil {
			return &SiteError{Page: p, From: fromSizes, Err: err}
		}
		r.assets.store(key, map[string]string{name: h})
	}
	return nil
}

// renderOptions are the site's options for sheets, solutions and PDFs.
func (r *run) renderOptions() render.Options {
	return render.Options{Paper: render.Paper(r.site.Paper), MonoSafe: r.site.MonoSafe, NameLine: r.site.NameLine, Fonts: r.fonts}
}

// workerScratch is what a worker publishing puzzles reuses from one puzzle
// to the next: render's scratch, the buffer its files are drawn in, the
// one a data: link is made in, and the buffers a page is rendered,
// minified and completed in (each is used up before the next is made).
type workerScratch struct {
	render          render.Scratch
	files, link     []byte
	page, min, full []byte
}

// scratchList lends workerScratch values to the workers publishing puzzles,
// one at a time each, keeping as many as there are processors.
type scratchList chan *workerScratch

func newScratchList() scratchList { return make(scratchList, runtime.GOMAXPROCS(0)) }

// get returns a kept workerScratch, or a new one.
func (l scratchList) get() *workerScratch {
	select {
	case s := <-l:
		return s
	default:
		return new(workerScratch)
	}
}

// put keeps s for the next get, if there is room.
func (l scratchList) put(s *workerScratch) {
	select {
	case l <- s:
	default:
	}
}

// sheetWarnings are the warnings, at the puzzle's file, about its printed
// sheet: characters no font draws (glyphWarnings) and a grid too fine to
// solve on paper (render.TooSmallToPrint).
func (r *run) sheetWarnings(f *content.PuzzleFile, p *puzzle.Puzzle) diag.List {
	ds := r.glyphWarnings(f, p)
	if d := render.TooSmallToPrint(p, r.renderOptions()); d != nil {
		d.File = f.Abs
		ds = append(ds, *d)
	}
	return ds
}

// glyphWarnings is the warning, at the puzzle's file, that its sheet has
// characters no font draws, which print as boxes (render's
// MissingGlyphsError, naming the puzzle and the characters); none when
// every character has a font. It is found with the puzzle's other
// diagnostics, so that a warm build that reuses the sheet warns as the
// build that drew it did.
func (r *run) glyphWarnings(f *content.PuzzleFile, p *puzzle.Puzzle) diag.List {
	missing := render.MissingGlyphs(p, r.renderOptions())
	if missing == nil {
		return nil
	}
	d := missing.Diagnostic()
	d.File = f.Abs
	return diag.List{d}
}
