package build

import "github.com/nonopress/nonopress/build/site"

// A puzzle page inlines its sheet in a slot (site.SheetSlot) once the page
// is minified: minifying the sheet a second time, inside the page, is most
// of the cost of minifying a page.

// putPageWithSheet minifies a puzzle page made with a sheet slot and writes it
// with the sheet in its slot. If the minifier did not keep the slot as it
// was, the page is minified again with the sheet inline: slower, same page.
func (r *run) putPageWithSheet(page string, html []byte, sheet string) error {
	min, err := r.min.Bytes(page, html)
	if err != nil {
		return err
	}
	full, ok := site.FillSlot(min, sheet)
	if !ok {
		full, _ = site.FillSlot(html, sheet)
		return r.putHTML(page, full)
	}
	if _, err := r.out.PutExact(page, full); err != nil {
		return err
	}
	r.addPage(page, true)
	return nil
}
