package build

import (
	"encoding/gob"
	"errors"
	"io"
	"maps"
	"slices"
)

// The store file (.nonopress-cache/store.gob) holds what a build may reuse:
// the file memo's records, the asset cache's outputs (rendered files, list
// pages) and the files' stats, each by its key. It is a stream of gob
// values, written and read one at a time so that the store of a large
// archive is never encoded whole in memory: a memoHeader, then that many
// memoRecords, memoAssets and memoStats, in key order.
type memoHeader struct {
	Version                string
	Records, Assets, Stats int
}

// memoAssets is an asset cache key and its outputs: name → hash.
type memoAssets struct {
	Key     string
	Outputs map[string]string
}

// storeData is the store's content.
type storeData struct {
	records map[string]*fileRecord
	assets  map[string]map[string]string
	stats   map[string]fileStat
}

type memoRecord struct {
	Key    string
	Record *fileRecord
}

type memoStat struct {
	Path string
	Stat fileStat
}

// readMemo decodes the store file's stream (see memoHeader).
func readMemo(r io.Reader) (storeData, error) {
	dec := gob.NewDecoder(r)
	var h memoHeader
	if err := dec.Decode(&h); err != nil {
		return storeData{}, err
	}
	if h.Version != memoVersion || h.Records < 0 || h.Assets < 0 || h.Stats < 0 {
		return storeData{}, errors.New("not this version's store")
	}
	d := storeData{records: make(map[string]*fileRecord, min(h.Records, 1<<20)),
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

// writeMemo encodes the store's content as the file's stream.
func writeMemo(w io.Writer, d storeData) error {
	enc := gob.NewEncoder(w)
	h := memoHeader{Version: memoVersion, Records: len(d.records), Assets: len(d.assets), Stats: len(d.stats)}
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
	return nil
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
