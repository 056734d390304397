package build

import (
	"bufio"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"io"
	"maps"
	"os"
	"slices"
)

// The store file (.nonopress-cache/store.gob) is the one file of what a
// build may reuse, each part by its key (build/internal/key): the file
// memo's records, the asset cache's outputs (rendered files, list pages),
// the files' stats, the build stamp and the solver's verdicts (by puzzle
// id, itself a hash of the clues and colours). It is a stream of gob
// values, written and read one at a time so that the store of a large
// archive is never encoded whole in memory: a storeHeader, then that many
// memoRecords, memoAssets and memoStats, in key order; then the verdicts'
// section (verdictsection.go), which a build reads a verdict at a time.
type storeHeader struct {
	Version                string
	Stamp                  buildStamp
	Records, Assets, Stats int
}

// memoAssets is an asset cache key and its outputs: name → hash.
type memoAssets struct {
	Key     string
	Outputs map[string]string
}

// storeData is the store's content.
type storeData struct {
	stamp    buildStamp
	records  map[string]*fileRecord
	assets   map[string]map[string]string
	stats    map[string]fileStat
	verdicts []byte // the verdicts' records, for the tests' readStore and writeStore
}

type memoRecord struct {
	Key    string
	Record *fileRecord
}

type memoStat struct {
	Path string
	Stat fileStat
}

// readStoreFile decodes the store file f but for its verdicts, which it
// finds: their records are read when a build needs them.
func readStoreFile(f *os.File, path string) (storeData, verdictSection, error) {
	info, err := f.Stat()
	if err != nil {
		return storeData{}, verdictSection{}, err
	}
	cr := &countingReader{r: bufio.NewReader(f)}
	d, err := readStoreHead(cr)
	if err != nil {
		return storeData{}, verdictSection{}, err
	}
	size, err := verdictsLength(f, cr.n, info.Size())
	if err != nil {
		return storeData{}, verdictSection{}, err
	}
	return d, verdictSection{path: path, start: cr.n, size: size, file: info}, nil
}

// readStoreHead decodes the store's gob stream, up to its verdicts. r
// reads a byte at a time too, so that gob reads no further than its values.
func readStoreHead(r *countingReader) (storeData, error) {
	dec := gob.NewDecoder(r)
	var h storeHeader
	if err := dec.Decode(&h); err != nil {
		return storeData{}, err
	}
	if h.Version != memoVersion || h.Records < 0 || h.Assets < 0 || h.Stats < 0 {
		return storeData{}, errors.New("not this version's store")
	}
	d := storeData{stamp: h.Stamp, records: make(map[string]*fileRecord, min(h.Records, 1<<20)),
		assets: make(map[string]map[string]string, min(h.Assets, 1<<20)), stats: make(map[string]fileStat, min(h.Stats, 1<<20))}
	for range h.Records {
		var rec memoRecord
		if err := dec.Decode(&rec); err != nil {
			return storeData{}, err
		}
		d.records[rec.Key] = rec.Record
	}
	for range h.Assets {
		var a memoAssets
		if err := dec.Decode(&a); err != nil {
			return storeData{}, err
		}
		d.assets[a.Key] = a.Outputs
	}
	for range h.Stats {
		var st memoStat
		if err := dec.Decode(&st); err != nil {
			return storeData{}, err
		}
		d.stats[st.Path] = st.Stat
	}
	return d, nil
}

// trailingVerdicts finds the verdicts of the store file f by their trailer
// alone, for a store whose head cannot be read: one of another version, such
// as the release a site is upgraded from (a fileRecord of another shape).
// The records have a format of their own (verdictsMagic), and each is
// verified before use, so they are not solved again. Only those a build
// asks for go on to the next store: the previous release's verdicts of
// puzzles since edited or removed are left behind.
func trailingVerdicts(f *os.File, path string) (verdictSection, bool) {
	info, err := f.Stat()
	if err != nil {
		return verdictSection{}, false
	}
	size, err := verdictsTrailer(f, info.Size())
	if err != nil {
		return verdictSection{}, false
	}
	return verdictSection{path: path, start: info.Size() - int64(verdictsTrailerLen) - size, size: size, file: info, onlyAsked: true}, true
}

// verdictsLength checks the trailer that ends a file of end bytes whose
// verdicts start at start, and returns the length of their records.
func verdictsLength(r io.ReaderAt, start, end int64) (int64, error) {
	size, err := verdictsTrailer(r, end)
	if err != nil {
		return 0, err
	}
	if size != end-start-int64(verdictsTrailerLen) {
		return 0, errBadVerdicts
	}
	return size, nil
}

// verdictsTrailer reads the trailer that ends a file of end bytes: the
// length of the verdicts' records before it.
func verdictsTrailer(r io.ReaderAt, end int64) (int64, error) {
	at := end - int64(verdictsTrailerLen)
	if at < 0 {
		return 0, errBadVerdicts
	}
	var t [verdictsTrailerLen]byte
	if _, err := r.ReadAt(t[:], at); err != nil {
		return 0, err
	}
	size := binary.BigEndian.Uint64(t[len(verdictsMagic):])
	if string(t[:len(verdictsMagic)]) != verdictsMagic || size > uint64(at) {
		return 0, errBadVerdicts
	}
	return int64(size), nil
}

// readStamp decodes the stamp of the store's header alone.
func readStamp(r io.Reader) (buildStamp, error) {
	var h storeHeader
	if err := gob.NewDecoder(r).Decode(&h); err != nil {
		return buildStamp{}, err
	}
	if h.Version != memoVersion {
		return buildStamp{}, errors.New("not this version's store")
	}
	return h.Stamp, nil
}

// writeStoreWith encodes the store's content but its verdicts, which
// verdicts writes (their records), and ends the file. It returns where
// the records are.
func writeStoreWith(w io.Writer, d storeData, verdicts func(io.Writer) error) (start, size int64, err error) {
	cw := &countingWriter{w: w}
	enc := gob.NewEncoder(cw)
	h := storeHeader{Version: memoVersion, Stamp: d.stamp, Records: len(d.records), Assets: len(d.assets), Stats: len(d.stats)}
	if err := enc.Encode(h); err != nil {
		return 0, 0, err
	}
	for _, k := range sortedKeys(d.records) {
		if err := enc.Encode(memoRecord{Key: k, Record: d.records[k]}); err != nil {
			return 0, 0, err
		}
	}
	for _, k := range sortedKeys(d.assets) {
		if err := enc.Encode(memoAssets{Key: k, Outputs: d.assets[k]}); err != nil {
			return 0, 0, err
		}
	}
	for _, p := range sortedKeys(d.stats) {
		if err := enc.Encode(memoStat{Path: p, Stat: d.stats[p]}); err != nil {
			return 0, 0, err
		}
	}
	start = cw.n
	if err := verdicts(cw); err != nil {
		return 0, 0, err
	}
	size = cw.n - start
	_, err = cw.Write(binary.BigEndian.AppendUint64([]byte(verdictsMagic), uint64(size)))
	return start, size, err
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r *bufio.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
