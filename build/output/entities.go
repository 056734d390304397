package output

import "bytes"

// maxEntityWork bounds the HTML minifier's work on character references.
// tdewolff/minify's HTML minifier rewrites each reference (&amp;, &#38;...)
// by moving the rest of the page, so its time grows with the number of
// references times the page's size: a 400 KB title of "&" (each escaped as
// &amp; by the template) took minutes. A page beyond this product is
// published as the template wrote it, unminified: the same document, a few
// bytes larger. At the measured 0.3 ns per byte moved, the bound is about
// 40 ms of work; an ordinary page (30 KB) may hold 4,000 references.
const maxEntityWork = 1 << 27

// tooManyEntities reports whether minifying an HTML page would cost more
// than maxEntityWork: its count of '&' times its length.
func tooManyEntities(page []byte) bool {
	n := bytes.Count(page, []byte("&"))
	return n > 0 && int64(n)*int64(len(page)) > maxEntityWork
}
