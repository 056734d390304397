package build

import (
	"fmt"

	"github.com/nonopress/nonopress/build/site"
)

// puzzlePage is a puzzle's page to make: its data, its sheet (inline SVG
// that render minified already, "" for none), and the conversions whose
// data: links the data holds as slots (site.DataSlot), in slot order.
type puzzlePage struct {
	path, title string
	data        *site.PageData
	sheet       string
	inline      []conversion
}

// putPuzzlePage renders, minifies and writes a puzzle's page, and lists it
// in the sitemap. The page's sheet and its downloads' data: links are left
// out of the minifying: the template gets slots for them (site.SheetSlot,
// site.DataSlot), which the minified page then gets filled. If the data
// slots did not come through as expected (a note that holds a slot's
// text), the page is made again with the links written in; if the sheet's
// did not, with the sheet inline too, minified as a whole: slower, same
// page. The worker's buffers ws hold the page at each step.
func (r *run) putPuzzlePage(ws *workerScratch, pg *puzzlePage) error {
	if len(pg.inline) > 0 {
		links := make([][]byte, len(pg.inline))
		for i, c := range pg.inline {
			ws.link = c.appendDataURL(ws.link[:0])
			links[i] = r.min.DataURI(ws.link)
		}
		if done, err := r.putWithSlots(ws, pg, links); done || err != nil {
			return err
		}
		pg.writeLinksIn()
	}
	if done, err := r.putWithSlots(ws, pg, nil); done || err != nil {
		return err
	}
	html, err := r.tpl.Render("puzzle", pg.data)
	if err != nil {
		return err
	}
	if pg.sheet != "" {
		html, _ = site.FillSlot(html, pg.sheet)
	}
	return r.putHTML(pg.path, html)
}

// writeLinksIn replaces the page's data slots by their data: links.
func (pg *puzzlePage) writeLinksIn() {
	downloads := pg.data.Puzzle.Downloads
	for i := range downloads {
		for k, c := range pg.inline {
			if downloads[i].Data == site.DataSlot(k) {
				downloads[i] = c.download(pg.title)
			}
		}
	}
	pg.inline = nil
}

// putWithSlots renders and minifies the page and fills its slots, the
// data slots with links (minified as the minifier writes them), and writes
// it. It reports false, having written nothing, if a slot did not come
// through.
func (r *run) putWithSlots(ws *workerScratch, pg *puzzlePage, links [][]byte) (bool, error) {
	html, err := r.tpl.AppendRender(ws.page[:0], "puzzle", pg.data)
	ws.page = html
	if err != nil {
		return false, err
	}
	if ws.min, err = r.min.AppendOwned(ws.min[:0], pg.path, html); err != nil {
		return false, fmt.Errorf("minify %s: %w", pg.path, err)
	}
	filled := true
	if len(links) > 0 {
		ws.full, filled = site.AppendDataFilled(ws.full[:0], ws.min, links)
		ws.min, ws.full = ws.full, ws.min
	}
	if filled && pg.sheet != "" {
		ws.full, filled = site.AppendFilled(ws.full[:0], ws.min, pg.sheet)
		ws.min, ws.full = ws.full, ws.min
	}
	if !filled {
		return false, nil
	}
	if _, err := r.out.PutExact(pg.path, ws.min); err != nil {
		return false, err
	}
	r.addPage(pg.path, true)
	return true, nil
}
