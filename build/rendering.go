package build

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"path"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/build/internal/key"
	"github.com/nonopress/nonopress/build/site"

	"github.com/nonopress/nonopress/build/content"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/render"
)

// conversion is the puzzle in a format nonopress writes (.non, PBN XML),
// offered for download.
type conversion struct {
	label, name, mediaType string // name: its file's name in the puzzle's folder
	data                   []byte
}

// maxInlineConversion is the largest conversion offered as a data: link in
// the page; a larger one (a 100x100 puzzle's XML) is a file of its own.
const maxInlineConversion = 32 << 10

// inline reports whether the conversion goes in the page rather than a file.
func (c conversion) inline() bool { return len(c.data) <= maxInlineConversion }

// conversions writes the puzzle as .non and PBN XML. Small ones are links
// with the file in the link itself (data: URLs of a few kilobytes): on a
// large site, creating two more files per puzzle would cost more than the
// rest of its page.
func conversions(p *puzzle.Puzzle) []conversion {
	var out []conversion
	var buf bytes.Buffer
	if formats.WriteNon(&buf, p) == nil {
		out = append(out, conversion{label: "Puzzle (.non)", name: "puzzle.non", mediaType: "text/plain;charset=utf-8", data: bytes.Clone(buf.Bytes())})
	}
	buf.Reset()
	if formats.WriteXML(&buf, []*puzzle.Puzzle{p}) == nil {
		out = append(out, conversion{label: "Puzzle (PBN XML)", name: "puzzle.xml", mediaType: "application/xml", data: bytes.Clone(buf.Bytes())})
	}
	return out
}

// download is the conversion's link from its puzzle's page: to its file,
// or a data: link saved under the puzzle's title.
func (c conversion) download(title string) site.Download {
	if !c.inline() {
		return site.Download{Label: c.label, URL: c.name}
	}
	return site.Download{Label: c.label, Data: dataURL(c.mediaType, c.data), File: content.Slugify(title) + path.Ext(c.name)}
}

// dataURL is a data: URL of the given media type holding data.
func dataURL(mediaType string, data []byte) template.URL {
	return template.URL("data:" + mediaType + ";base64," + base64.StdEncoding.EncodeToString(data))
}

// blankThumbPath is the site path of the spoiler-safe thumbnail that every
// puzzle of a size shares (render.BlankThumbnailOfSize).
func blankThumbPath(width, height int) string {
	return fmt.Sprintf("thumbs/%dx%d.svg", width, height)
}

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

// renderAssets renders and writes a puzzle's files: the conversions too
// large for its page, sheet and solution SVGs, sheet PDF and, with solution
// thumbnails, its thumbnail. It returns their names and hashes, and the
// sheet.
func (r *run) renderAssets(e *site.Entry, p *puzzle.Puzzle, sol *puzzle.Image, convs []conversion) (map[string]string, []byte, error) {
	r.rendered.Add(1)
	opt := r.renderOptions()
	opt.Difficulty = e.Difficulty // the sheet's title block says it in words
	opt.Scratch = r.scratch.get()
	defer r.scratch.put(opt.Scratch)
	assets := map[string]string{}
	var buf bytes.Buffer
	put := func(name string) error {
		write := r.out.Put
		if strings.HasSuffix(name, ".svg") {
			write = r.out.PutExact // render writes its SVGs compact
		}
		h, err := write(e.Dir+name, buf.Bytes())
		assets[name] = h
		buf.Reset()
		return err
	}
	for _, c := range convs {
		if !c.inline() {
			buf.Write(c.data)
			if err := put(c.name); err != nil {
				return nil, nil, err
			}
		}
	}
	// One layout for the sheet SVG, the solution image and the sheet PDF.
	layout, err := render.LayOut(p, opt)
	if err != nil {
		return nil, nil, err
	}
	if err := layout.Sheet(&buf); err != nil {
		return nil, nil, err
	}
	// The page inlines the sheet as written (render minified it), as a
	// reusing build does.
	sheet := bytes.Clone(buf.Bytes())
	if err := put("sheet.svg"); err != nil {
		return nil, nil, err
	}
	if sol != nil {
		if err := layout.Solution(&buf, sol); err != nil {
			return nil, nil, err
		}
		if err := put("solution.svg"); err != nil {
			return nil, nil, err
		}
	}
	if err := layout.PDF(&buf, sol); err != nil {
		return nil, nil, err
	}
	drawn, err := layout.Drawn() // drawn by PDF: the booklet's to reuse
	if err != nil {
		return nil, nil, err
	}
	e.SetDrawn(drawn)
	if err := put("sheet.pdf"); err != nil {
		return nil, nil, err
	}
	if r.site.SolutionThumbnails && sol != nil {
		if err := render.Thumbnail(&buf, p, sol); err != nil {
			return nil, nil, err
		}
		if err := put("thumb.svg"); err != nil {
			return nil, nil, err
		}
	}
	return assets, sheet, nil
}

// svgSize finds the width and height, in millimetres, of an SVG sheet.
var svgSize = regexp.MustCompile(`^\s*<svg[^>]*?\swidth="([0-9.]+)mm"[^>]*?\sheight="([0-9.]+)mm"`)

// landscape reports whether a sheet is wider than high: render turns a sheet
// that does not fit upright, and the page is then printed the same way.
func landscape(sheet []byte) bool {
	m := svgSize.FindSubmatch(sheet)
	if m == nil {
		return false
	}
	w, err1 := strconv.ParseFloat(string(m[1]), 64)
	h, err2 := strconv.ParseFloat(string(m[2]), 64)
	return err1 == nil && err2 == nil && w > h
}

// stripXMLDecl drops an XML declaration, which has no place inside HTML.
func stripXMLDecl(svg string) string {
	s := strings.TrimSpace(svg)
	if strings.HasPrefix(s, "<?xml") {
		if i := strings.Index(s, "?>"); i >= 0 {
			return strings.TrimSpace(s[i+2:])
		}
	}
	return s
}

// renderOptions are the site's options for sheets, solutions and PDFs.
func (r *run) renderOptions() render.Options {
	return render.Options{Paper: render.Paper(r.site.Paper), MonoSafe: r.site.MonoSafe, NameLine: r.site.NameLine, Fonts: r.fonts}
}

// scratchList lends render.Scratch values to the workers rendering puzzles,
// one at a time each, keeping as many as there are processors.
type scratchList chan *render.Scratch

func newScratchList() scratchList { return make(scratchList, runtime.GOMAXPROCS(0)) }

// get returns a kept Scratch, or a new one.
func (l scratchList) get() *render.Scratch {
	select {
	case s := <-l:
		return s
	default:
		return new(render.Scratch)
	}
}

// put keeps s for the next get, if there is room.
func (l scratchList) put(s *render.Scratch) {
	select {
	case l <- s:
	default:
	}
}
