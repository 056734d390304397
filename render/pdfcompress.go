package render

import (
	"bytes"
	"compress/zlib"
	"slices"
	"strconv"
)

// A post-pass Flate-compresses the streams of the PDFs fpdf writes
// uncompressed. fpdf compresses each page with a zlib writer of its own, and
// compress/flate's compressor carries hash tables of about 1 MB: for a
// one-page sheet that allocation costs more than drawing the page. The pass
// keeps its compressor in a scratchList, so a site build making a PDF per
// puzzle makes a new one only when more PDFs are made at once than the list
// keeps.
//
// It parses only the layout fpdf's enddoc writes (fpdf.go): a header, then
// objects "N 0 obj\n...endobj\n" back to back, each at the offset its
// cross-reference entry gives, then one cross-reference table ("xref\n0 N\n"
// and N entries of 20 bytes), the trailer, "startxref\n", the table's offset
// and "%%EOF\n". A stream object is "N 0 obj\n<<...>>\nstream\n", /Length
// bytes, "\nendstream\nendobj\n". Objects are found through the table and
// stream data is skipped by its /Length, so no text inside a string or a
// stream (a title saying "endstream") is ever taken for structure. An object
// of another shape is copied as it is; a file of another shape is returned
// unchanged.

// pdfLevel is the zlib level of the post-pass. BestSpeed is fpdf's own, so
// the pass writes the bytes fpdf would have. On a 30x35 sheet with its
// solution (33 KB uncompressed) it makes 7.9 KB in 0.1 ms; the default level
// makes 7.1 KB in 0.4 ms, best compression 7.0 KB in 0.7 ms.
const pdfLevel = zlib.BestSpeed

// pdfFilter is inserted at the start of the dictionary of each stream the
// pass compresses, as fpdf writes it ("<</Filter /FlateDecode /Length 99>>").
const pdfFilter = "/Filter /FlateDecode "

// pdfPass is the scratch of one compressPDF call, kept in pdfPasses between
// calls with its compressor and buffers (scratch.go).
type pdfPass struct {
	zw      *zlib.Writer
	in      bytes.Buffer // fpdf's output, for the caller to fill
	z       bytes.Buffer // the stream being compressed
	out     []byte
	objs    []pdfObject
	offsets []int // new offset by object number
	entries []dictEntry
	content []byte // a page's content stream, for writeCorePDF
}

var pdfPasses = newScratchList[pdfPass]()

// getPDFPass takes a kept pass, or a new one.
func getPDFPass() *pdfPass {
	return pdfPasses.get()
}

// putPDFPass keeps p for the next call, dropping its buffers if they grew
// past maxScratch.
func putPDFPass(p *pdfPass) {
	if p.in.Cap() > maxScratch || cap(p.out) > maxScratch || p.z.Cap() > maxScratch || cap(p.content) > maxScratch {
		p.in, p.z, p.out, p.content = bytes.Buffer{}, bytes.Buffer{}, nil, nil
	}
	p.in.Reset()
	pdfPasses.put(p)
}

// compressPDF returns src, a PDF as fpdf writes it, with each stream that has
// no /Filter yet Flate-compressed, or src itself when it is not laid out as
// expected. The result is valid until p's next use.
func (p *pdfPass) compressPDF(src []byte) []byte {
	tail, ok := p.readXref(src)
	if !ok || len(p.objs) == 0 {
		return src
	}
	// Every object is replaced by one no longer than itself, so the output
	// fits in len(src) and its offsets in the table's 10 digits.
	if cap(p.out) < len(src) {
		p.out = make([]byte, 0, len(src))
	}
	out := append(p.out[:0], src[:p.objs[0].start]...)
	for _, o := range p.objs {
		p.offsets[o.num] = len(out)
		out = p.appendObject(out, src[o.start:o.end], o.head)
	}
	p.out = out
	if len(out) == tail.xref {
		return src // nothing was compressed
	}
	out = p.appendXref(out, src[tail.trailer:tail.startxref])
	p.out = out
	return out
}

// pdfObject is an indirect object of the input: its number, the bytes it
// spans and the length of its "N 0 obj\n" line.
type pdfObject struct {
	num, start, end, head int
}

// pdfTail is where the cross-reference table, the trailer ("trailer\n<<
// ... >>\n") and its "startxref\n" line begin in a PDF.
type pdfTail struct {
	xref, trailer, startxref int
}

// readXref checks the end of src (cross-reference table, trailer, startxref)
// and fills p.objs with the objects the table lists, in file order, each
// spanning up to the next one or the table, and p.offsets with room for
// their new offsets. ok is false when src is not laid out as fpdf writes it.
func (p *pdfPass) readXref(src []byte) (tail pdfTail, ok bool) {
	const eof = "\n%%EOF\n"
	if !bytes.HasPrefix(src, []byte("%PDF-")) || !bytes.HasSuffix(src, []byte(eof)) {
		return tail, false
	}
	at := bytes.LastIndex(src, []byte("\nstartxref\n"))
	if at < 0 || at+len("\nstartxref\n") > len(src)-len(eof) {
		return tail, false
	}
	tail.startxref = at + 1
	tail.xref, ok = atoi(src[at+len("\nstartxref\n") : len(src)-len(eof)])
	if !ok || tail.xref >= at {
		return tail, false
	}
	i, ok := skipPrefix(src, tail.xref, "xref\n0 ")
	if !ok || i > at {
		return tail, false
	}
	eol := bytes.IndexByte(src[i:at], '\n')
	if eol < 0 {
		return tail, false
	}
	size, ok := atoi(src[i : i+eol])
	i += eol + 1
	if !ok || size < 1 || size > (at-i)/xrefEntry {
		return tail, false
	}
	tail.trailer = i + size*xrefEntry
	ok = p.readEntries(src[i:tail.trailer], tail.xref) &&
		p.checkTrailer(src[tail.trailer:tail.startxref], size) &&
		p.checkObjects(src, tail.xref)
	return tail, ok
}

// xrefEntry is the length of a cross-reference entry, "0000012345 00000 n \n".
const xrefEntry = 20

// readEntries reads the table entries: the free entry 0, then one in-use
// entry per object, into p.objs (sorted by offset) and p.offsets.
func (p *pdfPass) readEntries(table []byte, xref int) bool {
	if string(table[:xrefEntry]) != "0000000000 65535 f \n" {
		return false
	}
	size := len(table) / xrefEntry
	p.objs = p.objs[:0]
	p.offsets = slices.Grow(p.offsets[:0], size)[:size]
	for num := 1; num < size; num++ {
		e := table[num*xrefEntry : (num+1)*xrefEntry]
		off, ok := atoi(e[:10])
		if !ok || string(e[10:]) != " 00000 n \n" || off <= 0 || off >= xref {
			return false
		}
		p.objs = append(p.objs, pdfObject{num: num, start: off})
	}
	slices.SortFunc(p.objs, func(a, b pdfObject) int { return a.start - b.start })
	return true
}

// checkTrailer checks "trailer\n<<...>>\n": its dictionary has only the keys
// fpdf writes for an unencrypted file without earlier revisions, and /Size
// matches the table.
func (p *pdfPass) checkTrailer(tr []byte, size int) bool {
	i, ok := skipPrefix(tr, 0, "trailer\n")
	if !ok {
		return false
	}
	end, entries, ok := readDict(tr, i, p.entries[:0])
	p.entries = entries
	if !ok || end != len(tr)-1 || tr[end] != '\n' {
		return false
	}
	sized := false
	for _, e := range entries {
		switch string(e.key) {
		case "Size":
			n, ok := atoi(tr[e.start:e.end])
			sized = ok && n == size
		case "Root", "Info", "ID":
		default:
			return false
		}
	}
	return sized
}

// checkObjects sets the end of each object (the start of the next, or of the
// table) and checks that each is "N 0 obj\n...endobj\n" with the number its
// table entry has, and that they follow the header without a gap.
func (p *pdfPass) checkObjects(src []byte, xref int) bool {
	if len(p.objs) == 0 {
		return true
	}
	// The header is "%PDF-1.x\n" and a comment line of high bytes.
	if bytes.Contains(src[:p.objs[0].start], []byte("obj")) {
		return false
	}
	var num []byte
	for k := range p.objs {
		o := &p.objs[k]
		o.end = xref
		if k+1 < len(p.objs) {
			o.end = p.objs[k+1].start
		}
		num = strconv.AppendInt(append(num[:0], '\n'), int64(o.num), 10)
		num = append(num, " 0 obj\n"...)
		obj := src[o.start-1 : o.end]
		if !bytes.HasPrefix(obj, num) || !bytes.HasSuffix(obj, []byte("\nendobj\n")) || len(obj) < len(num)+len("endobj\n") {
			return false
		}
		o.head = len(num) - 1
	}
	return true
}

// appendObject appends obj, an object from "N 0 obj\n" to "endobj\n" whose
// first line is head bytes long, to out: compressed if it is a stream without
// a filter that compresses, else as it is.
func (p *pdfPass) appendObject(out, obj []byte, head int) []byte {
	const (
		stream    = "\nstream\n"
		endstream = "\nendstream\nendobj\n"
	)
	if !bytes.HasPrefix(obj[head:], []byte("<<")) {
		return append(out, obj...)
	}
	end, entries, ok := readDict(obj, head, p.entries[:0])
	p.entries = entries
	data := end + len(stream)
	dataEnd := len(obj) - len(endstream)
	if !ok || data > dataEnd || string(obj[end:data]) != stream || string(obj[dataEnd:]) != endstream {
		return append(out, obj...)
	}
	length, ok := streamLength(obj, entries)
	if !ok || length.n != dataEnd-data {
		return append(out, obj...)
	}
	z, ok := p.deflate(obj[data:dataEnd])
	if !ok || len(z)+len(pdfFilter) >= length.n {
		return append(out, obj...)
	}
	out = append(out, obj[:head+len("<<")]...)
	out = append(out, pdfFilter...)
	out = append(out, obj[head+len("<<"):length.start]...)
	out = strconv.AppendInt(out, int64(len(z)), 10)
	out = append(out, obj[length.end:data]...)
	out = append(out, z...)
	return append(out, endstream...)
}

// pdfLength is the /Length of a stream and where its value lies.
type pdfLength struct{ n, start, end int }

// streamLength returns the /Length of a stream dictionary whose entries are
// given, and false if the stream already has a filter, is an XMP metadata
// stream (which PDF/A wants readable as it is) or has no direct length.
func streamLength(obj []byte, entries []dictEntry) (pdfLength, bool) {
	var l pdfLength
	found := false
	for _, e := range entries {
		v := obj[e.start:e.end]
		switch string(e.key) {
		case "Length":
			n, ok := atoi(v)
			if !ok || found {
				return l, false
			}
			l, found = pdfLength{n, e.start, e.end}, true
		case "Filter", "DecodeParms", "F", "FFilter", "FDecodeParms", "DL":
			return l, false
		case "Type":
			if string(v) == "/Metadata" {
				return l, false
			}
		}
	}
	return l, found
}

// deflate compresses data in zlib format with p's pooled compressor. The
// result is valid until p's next deflate.
func (p *pdfPass) deflate(data []byte) ([]byte, bool) {
	p.z.Reset()
	if p.zw == nil {
		zw, err := zlib.NewWriterLevel(&p.z, pdfLevel)
		if err != nil {
			return nil, false
		}
		p.zw = zw
	} else {
		p.zw.Reset(&p.z)
	}
	if _, err := p.zw.Write(data); err != nil {
		return nil, false
	}
	if err := p.zw.Close(); err != nil {
		return nil, false
	}
	return p.z.Bytes(), true
}

// appendXref appends a cross-reference table of p.offsets, the trailer
// ("trailer\n<<...>>\n") and the end of file, pointing at the new table.
func (p *pdfPass) appendXref(out, trailer []byte) []byte {
	at := len(out)
	out = append(out, "xref\n0 "...)
	out = strconv.AppendInt(out, int64(len(p.offsets)), 10)
	out = append(out, "\n0000000000 65535 f \n"...)
	for _, off := range p.offsets[1:] {
		out = appendPadded(out, off, 10)
		out = append(out, " 00000 n \n"...)
	}
	out = append(out, trailer...)
	out = append(out, "startxref\n"...)
	out = strconv.AppendInt(out, int64(at), 10)
	return append(out, "\n%%EOF\n"...)
}

// appendPadded appends n in decimal, zero-padded to width digits.
func appendPadded(out []byte, n, width int) []byte {
	var digits [20]byte
	d := strconv.AppendInt(digits[:0], int64(n), 10)
	for range width - len(d) {
		out = append(out, '0')
	}
	return append(out, d...)
}

// skipPrefix returns the index after prefix if b[i:] starts with it.
func skipPrefix(b []byte, i int, prefix string) (int, bool) {
	if !bytes.HasPrefix(b[i:], []byte(prefix)) {
		return 0, false
	}
	return i + len(prefix), true
}

// atoi parses a non-negative decimal integer of at most 10 digits (all of
// b), as fpdf writes lengths and offsets.
func atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 10 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
