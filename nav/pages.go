package nav

import "strconv"

// DefaultPerPage is how many cards a list page shows when the site says
// nothing else.
const DefaultPerPage = 100

// Page is one page of a paginated list: its number (from 1) and the half-open
// range [Start, End) of the list's items it shows.
type Page struct {
	Number     int
	Start, End int
}

// Paginate splits n items into pages of at most per items (per <= 0 means
// DefaultPerPage). An empty list still has one, empty, page.
func Paginate(n, per int) []Page {
	if per <= 0 {
		per = DefaultPerPage
	}
	if n <= 0 {
		return []Page{{Number: 1}}
	}
	pages := make([]Page, 0, (n+per-1)/per)
	for start := 0; start < n; start += per {
		pages = append(pages, Page{Number: len(pages) + 1, Start: start, End: min(start+per, n)})
	}
	return pages
}

// PageDir is the folder of page number k of a list whose first page is
// dir+"index.html": dir itself for the first, dir+"page/k/" after it.
func PageDir(dir string, k int) string {
	if k <= 1 {
		return dir
	}
	return dir + "page/" + strconv.Itoa(k) + "/"
}

// Link is one entry of a pager: a page's label, its number, and whether it
// is the page shown. Gap entries ("…") have Number 0.
type Link struct {
	Label   string
	Number  int
	Current bool
}

// Pager lists the links of a pager on page cur of total pages: first,
// previous, a window of pages around cur, next and last, with gaps shown as
// "…". A single page needs no pager: nil.
func Pager(cur, total int) []Link {
	if total <= 1 {
		return nil
	}
	var out []Link
	if cur > 1 {
		out = append(out, Link{Label: "‹ Previous", Number: cur - 1})
	}
	last := 0
	for k := 1; k <= total; k++ {
		if k != 1 && k != total && (k < cur-2 || k > cur+2) {
			continue
		}
		if last != 0 && k > last+1 {
			out = append(out, Link{Label: "…"})
		}
		out = append(out, Link{Label: strconv.Itoa(k), Number: k, Current: k == cur})
		last = k
	}
	if cur < total {
		out = append(out, Link{Label: "Next ›", Number: cur + 1})
	}
	return out
}
