package build

import (
	"bytes"
	"encoding/gob"
	"errors"
	"io"
	"maps"
	"slices"

	"github.com/nonopress/nonopress/validate"
)

// The store file (.nonopress-cache/store.gob) is the one file of what a
// build may reuse, each part by its key (build/internal/key): the file
// memo's records, the asset cache's outputs (rendered files, list pages),
// the files' stats, the solver's verdicts (by puzzle id, itself a hash of
// the clues and colours) and the build stamp. It is a stream of gob values,
// written and read one at a time so that the store of a large archive is
// never encoded whole in memory: a storeHeader, then that many memoRecords,
// memoAssets and memoStats, in key order, then the verdicts as one blob,
// which is decoded only when a build first needs a verdict.
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
	verdicts []byte // encodeVerdicts' stream, nil for none
}

type memoRecord struct {
	Key    string
	Record *fileRecord
}

type memoStat struct {
	Path string
	Stat fileStat
}

// readStore decodes the store file's stream (see storeHeader).
func readStore(r io.Reader) (storeData, error) {
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
	if err := dec.Decode(&d.verdicts); err != nil {
		return storeData{}, err
	}
	return d, nil
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

// writeStore encodes the store's content as the file's stream.
func writeStore(w io.Writer, d storeData) error {
	enc := gob.NewEncoder(w)
	h := storeHeader{Version: memoVersion, Stamp: d.stamp, Records: len(d.records), Assets: len(d.assets), Stats: len(d.stats)}
	if err := enc.Encode(h); err != nil {
		return err
	}
	for _, k := range sortedKeys(d.records) {
		if err := enc.Encode(memoRecord{Key: k, Record: d.records[k]}); err != nil {
			return err
		}
	}
	for _, k := range sortedKeys(d.assets) {
		if err := enc.Encode(memoAssets{Key: k, Outputs: d.assets[k]}); err != nil {
			return err
		}
	}
	for _, p := range sortedKeys(d.stats) {
		if err := enc.Encode(memoStat{Path: p, Stat: d.stats[p]}); err != nil {
			return err
		}
	}
	return enc.Encode(d.verdicts)
}

// verdictRecord is a puzzle's cached solver result.
type verdictRecord struct {
	ID     string
	Result validate.CacheEntry
}

// encodeVerdicts encodes the solver's verdicts in id order.
func encodeVerdicts(entries map[string]validate.CacheEntry) ([]byte, error) {
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	if err := enc.Encode(len(entries)); err != nil {
		return nil, err
	}
	for _, id := range sortedKeys(entries) {
		if err := enc.Encode(verdictRecord{ID: id, Result: entries[id]}); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

// decodeVerdicts decodes encodeVerdicts' stream; nil or a damaged one is
// no verdict (it is only a cache).
func decodeVerdicts(data []byte) map[string]validate.CacheEntry {
	entries := map[string]validate.CacheEntry{}
	if len(data) == 0 {
		return entries
	}
	dec := gob.NewDecoder(bytes.NewReader(data))
	var n int
	if dec.Decode(&n) != nil || n < 0 {
		return entries
	}
	for range n {
		var v verdictRecord
		if dec.Decode(&v) != nil {
			return map[string]validate.CacheEntry{}
		}
		entries[v.ID] = v.Result
	}
	return entries
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
