package build

import (
	"fmt"
	"slices"

	"github.com/nonopress/nonopress/build/site"
)

// putPuzzlePage renders, minifies and writes a puzzle's page, and lists it
// in the sitemap. The page's sheet (inline SVG that render minified
// already, or "" for none) and, where the embedded templates make the page,
// its downloads' data: links are left out of the minifying: the template
// gets slots for them (site.SheetSlot, site.DataSlot), which the minified
// page then gets filled. If the data slots did not come through as
// expected (a note that holds a slot's text), the page is made again
// without them; if the sheet's did not, with the sheet inline, minified as
// a whole: slower, same page. A worker's buffers hold the page at each step.
func (r *run) putPuzzlePage(page string, data *site.PageData, sheet string) error {
	ws := r.scratch.get()
	defer r.scratch.put(ws)
	if r.tpl.Embedded("puzzle") {
		if done, err := r.putWithSlots(ws, page, data, sheet, true); done || err != nil {
			return err
		}
	}
	if done, err := r.putWithSlots(ws, page, data, sheet, false); done || err != nil {
		return err
	}
	html, err := r.tpl.Render("puzzle", data)
	if err != nil {
		return err
	}
	if data.Puzzle.Sheet != "" {
		html, _ = site.FillSlot(html, sheet)
	}
	return r.putHTML(page, html)
}

// putWithSlots is putPuzzlePage with data slots or without: it reports
// false, having written nothing, if a slot did not come through.
func (r *run) putWithSlots(ws *workerScratch, page string, data *site.PageData, sheet string, dataSlots bool) (bool, error) {
	downloads := data.Puzzle.Downloads
	var links []string
	if dataSlots {
		data.Puzzle.Downloads = slices.Clone(downloads)
		for i, d := range data.Puzzle.Downloads {
			if d.Data != "" {
				links = append(links, r.min.DataURI(string(d.Data)))
				data.Puzzle.Downloads[i].Data = site.DataSlot(len(links) - 1)
			}
		}
	}
	html, err := r.tpl.AppendRender(ws.page[:0], "puzzle", data)
	ws.page, data.Puzzle.Downloads = html, downloads
	if err != nil {
		return false, err
	}
	if ws.min, err = r.min.AppendOwned(ws.min[:0], page, html); err != nil {
		return false, fmt.Errorf("minify %s: %w", page, err)
	}
	filled := true
	if len(links) > 0 {
		ws.full, filled = site.AppendDataFilled(ws.full[:0], ws.min, links)
		ws.min, ws.full = ws.full, ws.min
	}
	if filled && data.Puzzle.Sheet != "" {
		ws.full, filled = site.AppendFilled(ws.full[:0], ws.min, sheet)
		ws.min, ws.full = ws.full, ws.min
	}
	if !filled {
		return false, nil
	}
	if _, err := r.out.PutExact(page, ws.min); err != nil {
		return false, err
	}
	r.addPage(page, true)
	return true, nil
}
