package build

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"

	"github.com/nonopress/nonopress/validate"
)

// Whole-store reading and writing, for tests that look into or doctor a
// store file; a build reads and writes it through readStoreFile and
// writeStoreWith, its verdicts a record at a time.

// readStore decodes a whole store, its verdicts' records read into
// d.verdicts.
func readStore(r io.Reader) (storeData, error) {
	br := &countingReader{r: bufio.NewReader(r)}
	d, err := readStoreHead(br)
	if err != nil {
		return storeData{}, err
	}
	rest, err := io.ReadAll(br)
	if err != nil {
		return storeData{}, err
	}
	size, err := verdictsLength(bytes.NewReader(rest), 0, int64(len(rest)))
	if err != nil {
		return storeData{}, err
	}
	d.verdicts = rest[:size]
	return d, nil
}

// writeStore encodes the store's content as the file's stream.
func writeStore(w io.Writer, d storeData) error {
	_, _, err := writeStoreWith(w, d, func(w io.Writer) error {
		_, err := w.Write(d.verdicts)
		return err
	})
	return err
}

// encodeVerdicts encodes verdicts as the section's records, in id order.
func encodeVerdicts(entries map[string]validate.CacheEntry) ([]byte, error) {
	var b []byte
	for _, id := range sortedKeys(entries) {
		body, err := json.Marshal(entries[id])
		if err != nil {
			return nil, err
		}
		b = append(verdictHeader(b, id, len(body)), body...)
	}
	return b, nil
}

// decodeVerdicts decodes encodeVerdicts' records; a damaged one ends them
// (they are only a cache).
func decodeVerdicts(data []byte) map[string]validate.CacheEntry {
	entries := map[string]validate.CacheEntry{}
	r := newVerdictReader(io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data))))
	for {
		id, n, err := r.next()
		if err != nil {
			return entries
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return entries
		}
		var e validate.CacheEntry
		if json.Unmarshal(body, &e) != nil {
			return entries
		}
		entries[id] = e
	}
}
