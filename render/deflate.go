package render

import (
	"bytes"
	"compress/zlib"
)

// pdfLevel is the zlib level of PDF streams, the fastest. On a 30x35 sheet
// with its solution (33 KB uncompressed) it makes 7.9 KB in 0.1 ms; the
// default level makes 7.1 KB in 0.4 ms, best compression 7.0 KB in 0.7 ms.
const pdfLevel = zlib.BestSpeed

// Scratch is memory a caller lends to render for one call at a time:
// the zlib compressor of PDF streams, whose hash tables take about 1 MB and
// cost 0.6 ms of CPU to make, as much as the rest of a 30x35 sheet PDF, and
// the buffers a PDF's content streams and file are built in. A caller
// making many PDFs (a site build's worker) keeps one Scratch per goroutine
// and sets it in Options; without one, each PDF makes its own. render
// keeps no scratch between calls itself.
type Scratch struct {
	z            deflater
	content, out []byte
}

// deflater compresses streams with one zlib writer, made at the first
// stream and reused.
type deflater struct {
	zw  *zlib.Writer
	buf bytes.Buffer
}

// deflate returns data zlib-compressed, valid until the next call.
func (d *deflater) deflate(data []byte) ([]byte, error) {
	d.buf.Reset()
	if d.zw == nil {
		zw, err := zlib.NewWriterLevel(&d.buf, pdfLevel)
		if err != nil {
			return nil, err
		}
		d.zw = zw
	} else {
		d.zw.Reset(&d.buf)
	}
	if _, err := d.zw.Write(data); err != nil {
		return nil, err
	}
	if err := d.zw.Close(); err != nil {
		return nil, err
	}
	return d.buf.Bytes(), nil
}
