package build

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"os"

	"github.com/nonopress/nonopress/internal/treefile"
	"github.com/nonopress/nonopress/validate"
)

// The verdicts are the store file's last section, after the gob stream of
// the rest (storefile.go): a record per puzzle id, in id order, each its id
// and its validate.CacheEntry as JSON, both length-prefixed (uvarint), then
// a trailer (verdictsMagic and the records' length). Verdicts take most of
// the store of a large archive (2.4 KB a puzzle: the solutions), and most
// builds need none or a few of them: a build reads the ids when it first
// needs a verdict and then only the records it asks for; saving copies the
// records from the old file to the new one as they are, with the verdicts
// the build stored merged in by id. No build decodes or holds them all.

// verdictsMagic starts the section's trailer, which ends with the length
// of its records (8 bytes, big-endian): a cut file is no store.
const verdictsMagic = "npverd1\n"

const verdictsTrailerLen = len(verdictsMagic) + 8

// maxVerdictID bounds the id of a record read back (ids are 20 hex digits).
const maxVerdictID = 1 << 10

// errBadVerdicts reports a verdicts section that is not one.
var errBadVerdicts = errors.New("damaged verdicts section")

// verdictSection is where a store file on disk holds its verdicts' records:
// size bytes from start. file is the store file as read: a file replaced
// since holds no records of this section.
type verdictSection struct {
	path        string
	start, size int64
	file        os.FileInfo
	// onlyAsked: the records a build asked for are the only ones written
	// again (trailingVerdicts: a store of another version's).
	onlyAsked bool
}

// span is a record's JSON, from the section's start.
type span struct{ off, n int64 }

// open opens the store file if it is still the one the section is in.
func (s verdictSection) open() (*os.File, error) {
	if s.file == nil || s.size == 0 {
		return nil, os.ErrNotExist
	}
	f, err := treefile.OpenRegular(s.path)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil || !os.SameFile(info, s.file) || info.Size() != s.file.Size() || !info.ModTime().Equal(s.file.ModTime()) {
		f.Close()
		return nil, os.ErrNotExist
	}
	return f, nil
}

// index returns where each id's record is: read once, at a build's first
// lookup, from the ids alone. A damaged record ends it.
func (s verdictSection) index() map[string]span {
	m := map[string]span{}
	f, err := s.open()
	if err != nil {
		return m
	}
	defer f.Close()
	r := newVerdictReader(io.NewSectionReader(f, s.start, s.size))
	for {
		id, n, err := r.next()
		if err != nil {
			return m
		}
		m[id] = span{r.off(), n}
		if r.skip(n) != nil {
			return m
		}
	}
}

// read decodes the record at sp from f, the section's file as open
// returned it; false when the record is damaged.
func (s verdictSection) read(f io.ReaderAt, sp span) (validate.CacheEntry, bool) {
	var e validate.CacheEntry
	data := make([]byte, sp.n)
	if _, err := f.ReadAt(data, s.start+sp.off); err != nil || json.Unmarshal(data, &e) != nil {
		return e, false
	}
	return e, true
}

// writeVerdicts writes the records of old (as they are) with changes merged
// in by id, a change replacing a record of the same id, and returns where
// each record now is: old's index when the records are old's (nil when it
// has none yet). Records of an old file that has changed, or past a
// damaged one, are left out: the verdicts are a cache, and every one is
// verified before use. keep, when not nil, holds the ids of the only old
// records to write.
func writeVerdicts(w io.Writer, old verdictSection, oldIndex map[string]span, changes map[string]validate.CacheEntry, keep map[string]bool) (map[string]span, error) {
	var r *verdictReader
	if f, err := old.open(); err == nil {
		defer f.Close()
		sr := io.NewSectionReader(f, old.start, old.size)
		if len(changes) == 0 && keep == nil {
			_, err := io.Copy(w, sr) // nothing to merge
			return oldIndex, err
		}
		r = newVerdictReader(sr)
	}
	vw := &verdictWriter{w: w, index: map[string]span{}}
	ids := sortedKeys(changes)
	writeNew := func(upTo string, last bool) error {
		for ; len(ids) > 0 && (last || ids[0] < upTo); ids = ids[1:] {
			body, err := json.Marshal(changes[ids[0]])
			if err == nil {
				err = vw.header(ids[0], int64(len(body)))
			}
			if err == nil {
				_, err = w.Write(body)
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
	for r != nil {
		id, n, err := r.next()
		if err != nil {
			break
		}
		if err := writeNew(id, false); err != nil {
			return nil, err
		}
		if _, replaced := changes[id]; replaced || (keep != nil && !keep[id]) {
			err = r.skip(n)
		} else if err = vw.header(id, n); err == nil {
			_, err = io.CopyN(w, r, n)
		}
		if err != nil {
			break // a write error comes back at the next write
		}
	}
	return vw.index, writeNew("", true)
}

// verdictWriter keeps where the records it writes are.
type verdictWriter struct {
	w     io.Writer
	n     int64
	index map[string]span
}

// header writes the start of a record whose JSON, n bytes, the caller
// writes next.
func (vw *verdictWriter) header(id string, n int64) error {
	h := verdictHeader(nil, id, int(n))
	_, err := vw.w.Write(h)
	vw.n += int64(len(h))
	vw.index[id] = span{vw.n, n}
	vw.n += n
	return err
}

// verdictHeader appends the lengths and id that come before a record's JSON.
func verdictHeader(b []byte, id string, n int) []byte {
	b = binary.AppendUvarint(b, uint64(len(id)))
	b = append(b, id...)
	return binary.AppendUvarint(b, uint64(n))
}

// verdictReader reads records in turn; off is where it stands, counted by
// its countingReader.
type verdictReader struct {
	*countingReader
	size int64
}

func newVerdictReader(r *io.SectionReader) *verdictReader {
	return &verdictReader{&countingReader{r: bufio.NewReaderSize(r, 64<<10)}, r.Size()}
}

// off is where the reader stands, from the section's start.
func (r *verdictReader) off() int64 { return r.n }

// next reads a record's id and the length of its JSON, which comes next;
// io.EOF at the end.
func (r *verdictReader) next() (id string, n int64, err error) {
	if r.n == r.size {
		return "", 0, io.EOF
	}
	idLen, err := binary.ReadUvarint(r)
	if err != nil || idLen == 0 || idLen > maxVerdictID {
		return "", 0, errBadVerdicts
	}
	b := make([]byte, idLen)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", 0, errBadVerdicts
	}
	body, err := binary.ReadUvarint(r)
	if err != nil || body > uint64(r.size-r.n) {
		return "", 0, errBadVerdicts
	}
	return string(b), int64(body), nil
}

// skip passes over n bytes of JSON.
func (r *verdictReader) skip(n int64) error {
	d, err := r.r.Discard(int(n))
	r.n += int64(d)
	return err
}
