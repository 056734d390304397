package build

import (
	"bytes"
	"runtime"
	"strings"

	"github.com/nonopress/nonopress/build/internal/key"
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
