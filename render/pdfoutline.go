package render

import "fmt"

// writeOutline writes the bookmarks of pages as the document outline,
// rooted at object root: each bookmark a child of the last one before it
// with a lower level, in order.
func (d *pdfDoc) writeOutline(root int, pages []*scene) {
	type entry struct {
		title                              string
		page, parent, first, last          int
		prev, next, descendants, level, at int
		y                                  float64
	}
	var entries []entry
	for i, s := range pages {
		for _, b := range s.Bookmarks {
			entries = append(entries, entry{title: b.Title, level: max(b.Level, 0), page: i,
				y: (s.Height - b.Y) * mmToPt, parent: -1, first: -1, last: -1, prev: -1, next: -1})
		}
	}
	// open holds, for each level, the index of the entry at that level that
	// later entries of the next level belong to.
	var open []int
	rootFirst, rootLast := -1, -1
	for i := range entries {
		e := &entries[i]
		if e.level > len(open) {
			e.level = len(open) // a level skipped: hang it one deeper than its parent
		}
		open = append(open[:e.level], i)
		if e.level == 0 {
			if rootLast >= 0 {
				entries[rootLast].next, e.prev = i, rootLast
			} else {
				rootFirst = i
			}
			rootLast = i
			continue
		}
		p := open[e.level-1]
		e.parent = p
		if last := entries[p].last; last >= 0 {
			entries[last].next, e.prev = i, last
		} else {
			entries[p].first = i
		}
		entries[p].last = i
		for a := p; a >= 0; a = entries[a].parent {
			entries[a].descendants++
		}
	}
	obj := func(i int) int { return root + 1 + i }
	d.begin(root)
	d.end(fmt.Sprintf("<</Type /Outlines /First %d 0 R /Last %d 0 R>>", obj(rootFirst), obj(rootLast)))
	for i, e := range entries {
		d.begin(obj(i))
		d.out = appendTextString(append(d.out, "<</Title "...), printable(e.title))
		parent := root
		if e.parent >= 0 {
			parent = obj(e.parent)
		}
		d.out = fmt.Appendf(d.out, " /Parent %d 0 R", parent)
		for _, link := range []struct {
			key string
			to  int
		}{{"Prev", e.prev}, {"Next", e.next}, {"First", e.first}, {"Last", e.last}} {
			if link.to >= 0 {
				d.out = fmt.Appendf(d.out, " /%s %d 0 R", link.key, obj(link.to))
			}
		}
		d.out = fmt.Appendf(d.out, " /Count %d /Dest [%d 0 R /XYZ 0 ", e.descendants, d.firstPage+2*e.page)
		d.out = appendNum(d.out, e.y)
		d.end(" null]>>")
	}
}
