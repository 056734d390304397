package build

import (
	"encoding/gob"
	"errors"
	"io"
)

// memoHeader heads the memo as saved. The file is a stream of gob values,
// written and read one at a time so that the memo of a large archive is
// never encoded whole in memory: a memoHeader, then that many memoRecords
// and memoStats, in key order.
type memoHeader struct {
	Version        string
	Records, Stats int
}

type memoRecord struct {
	Key    string
	Record *fileRecord
}

type memoStat struct {
	Path string
	Stat fileStat
}

// readMemo decodes the memo file's stream (see memoHeader).
func readMemo(r io.Reader) (map[string]*fileRecord, map[string]fileStat, error) {
	dec := gob.NewDecoder(r)
	var h memoHeader
	if err := dec.Decode(&h); err != nil {
		return nil, nil, err
	}
	if h.Version != memoVersion || h.Records < 0 || h.Stats < 0 {
		return nil, nil, errors.New("not this version's memo")
	}
	records := make(map[string]*fileRecord, min(h.Records, 1<<20))
	for range h.Records {
		var rec memoRecord
		if err := dec.Decode(&rec); err != nil {
			return nil, nil, err
		}
		records[rec.Key] = rec.Record
	}
	stats := make(map[string]fileStat, min(h.Stats, 1<<20))
	for range h.Stats {
		var st memoStat
		if err := dec.Decode(&st); err != nil {
			return nil, nil, err
		}
		stats[st.Path] = st.Stat
	}
	return records, stats, nil
}

// writeMemo encodes records and stats as the memo file's stream.
func writeMemo(w io.Writer, records map[string]*fileRecord, stats map[string]fileStat) error {
	enc := gob.NewEncoder(w)
	if err := enc.Encode(memoHeader{Version: memoVersion, Records: len(records), Stats: len(stats)}); err != nil {
		return err
	}
	for _, k := range sortedKeys(records) {
		if err := enc.Encode(memoRecord{Key: k, Record: records[k]}); err != nil {
			return err
		}
	}
	for _, p := range sortedKeys(stats) {
		if err := enc.Encode(memoStat{Path: p, Stat: stats[p]}); err != nil {
			return err
		}
	}
	return nil
}
