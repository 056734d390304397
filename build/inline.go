package build

import (
	"bytes"
	"html/template"
)

// A puzzle page inlines its sheet, an SVG that render has minified already.
// Minifying the page with the sheet in it would minify the sheet a second
// time (the HTML minifier hands inline SVG to the SVG minifier), which is
// most of the cost of minifying a page. So the template is given a slot, an
// empty element that minifies to itself, and the sheet goes into the slot
// once the page is minified.

// sheetSlot is the stand-in for the inline sheet. html/template escapes every
// text of the page's data, so the slot can only come from the template's own
// use of the sheet, or from a note's raw HTML when a site allows it; the
// puzzle template puts the sheet after the note, so the last slot is filled.
const sheetSlot = "<np-sheet-slot></np-sheet-slot>"

// sheetView is what the template is given for an inline sheet.
func sheetView() template.HTML { return sheetSlot }

// putPageWithSheet minifies a puzzle page made with sheetView and writes it
// with the sheet in its slot. If the minifier did not keep the slot as it
// was, the page is minified again with the sheet inline: slower, same page.
func (r *run) putPageWithSheet(page string, html []byte, sheet string) error {
	min, err := r.min.Bytes(page, html)
	if err != nil {
		return err
	}
	full, ok := fillSlot(min, sheet)
	if !ok {
		full, _ = fillSlot(html, sheet)
		return r.putPage(page, full)
	}
	if _, err := r.out.PutExact(page, full); err != nil {
		return err
	}
	r.mu.Lock()
	r.pages = append(r.pages, page)
	r.mu.Unlock()
	return nil
}

// fillSlot puts the sheet into the last slot of a page.
func fillSlot(page []byte, sheet string) ([]byte, bool) {
	i := bytes.LastIndex(page, []byte(sheetSlot))
	if i < 0 {
		return page, false
	}
	full := make([]byte, 0, len(page)+len(sheet))
	full = append(full, page[:i]...)
	full = append(full, sheet...)
	return append(full, page[i+len(sheetSlot):]...), true
}
