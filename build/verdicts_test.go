package build

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/validate"
)

// indentedVerdicts is encodeVerdicts with each record's JSON indented: a
// form no build writes, so that records a build decoded and encoded again
// would show it.
func indentedVerdicts(t *testing.T, entries map[string]validate.CacheEntry) []byte {
	t.Helper()
	var b []byte
	for _, id := range sortedKeys(entries) {
		body, err := json.MarshalIndent(entries[id], "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		b = append(verdictHeader(b, id, len(body)), body...)
	}
	return b
}

// readVerdicts reads the verdicts' records of s's store file.
func readVerdicts(t *testing.T, s *testSite) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(s.cache(), storeFile))
	if err != nil {
		t.Fatal(err)
	}
	d, err := readStore(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return d.verdicts
}

// A build copies the store file's verdicts into the new one as they are
// (one that needed a verdict too), and one that stores a verdict merges it
// in by id, the others still copied.
func TestVerdictsCopiedThrough(t *testing.T) {
	s := newSite(t, smallSite)
	s.mustBuild(Config{})
	old := decodeVerdicts(readVerdicts(t, s))
	if len(old) < 3 {
		t.Fatalf("the store holds %d verdicts, want one per puzzle", len(old))
	}
	indented := indentedVerdicts(t, old)
	s.editStore(func(d *storeData) { d.verdicts = indented })

	// Same clues, another title: its verdict is read back, none is stored.
	writeTree(t, s.src, "-- animals/cross.non --\n"+changedCross)
	s.mustBuild(Config{})
	if got := readVerdicts(t, s); !bytes.Equal(got, indented) {
		t.Errorf("a build that stored no verdict wrote them again:\n%s", got)
	}

	// Other clues: a new verdict, merged in.
	corner := strings.Replace(strings.Replace(changedCross, "1\n3\n1\n\ncolumns\n1\n3\n1\n", "1\n1\n3\n\ncolumns\n3\n1\n1\n", 1),
		`goal "010111010"`, `goal "100100111"`, 1)
	writeTree(t, s.src, "-- animals/cross.non --\n"+corner)
	s.mustBuild(Config{})
	got := readVerdicts(t, s)
	now := decodeVerdicts(got)
	if len(now) != len(old)+1 {
		t.Fatalf("after a new puzzle the store holds %d verdicts, want %d", len(now), len(old)+1)
	}
	var added []byte
	for id, e := range now {
		if _, ok := old[id]; !ok {
			added, _ = json.Marshal(e)
			added = append(verdictHeader(nil, id, len(added)), added...)
		}
	}
	if merged := bytes.Replace(got, added, nil, 1); !bytes.Equal(merged, indented) {
		t.Errorf("the new verdict was not merged into the old records as they were:\n%s", got)
	}
}

// A store file cut short, in its verdicts or in their trailer, is no store.
func TestStoreCutInItsVerdicts(t *testing.T) {
	var buf bytes.Buffer
	verdicts, err := encodeVerdicts(map[string]validate.CacheEntry{"a1": {Solver: "s", Verdict: "unique"}, "b2": {Solver: "s", Verdict: "none"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := writeStore(&buf, storeData{verdicts: verdicts}); err != nil {
		t.Fatal(err)
	}
	whole := buf.Bytes()
	if d, err := readStore(bytes.NewReader(whole)); err != nil || !bytes.Equal(d.verdicts, verdicts) {
		t.Fatalf("read back %q, %v; want the records written", d.verdicts, err)
	}
	for _, cut := range []int{1, verdictsTrailerLen - 1, verdictsTrailerLen + 1, verdictsTrailerLen + len(verdicts)/2} {
		if _, err := readStore(bytes.NewReader(whole[:len(whole)-cut])); err == nil {
			t.Errorf("a store cut by %d bytes read without error", cut)
		}
	}
}

// The store file as a build reads it: its verdicts found where they were
// written, and read one by one; a file replaced since holds none of them.
func TestStoreFileVerdictsByID(t *testing.T) {
	path := filepath.Join(t.TempDir(), storeFile)
	entries := map[string]validate.CacheEntry{"a1": {Solver: "s", Verdict: "unique", Width: 2}, "b2": {Solver: "s", Verdict: "none"}}
	verdicts, err := encodeVerdicts(entries)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeStore(&buf, storeData{records: map[string]*fileRecord{"k": {LeftOut: []string{"x"}}}, verdicts: verdicts}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	d, sec, err := readStoreFile(f, path)
	f.Close()
	if err != nil || d.records["k"] == nil || sec.size != int64(len(verdicts)) {
		t.Fatalf("read %v, verdicts of %d bytes, %v; want the record and %d bytes", d.records, sec.size, err, len(verdicts))
	}
	var v verdictStore
	v.reset(sec)
	if e, ok := v.older("a1"); !ok || e.Width != 2 {
		t.Errorf("verdict a1 read back as %+v, %v", e, ok)
	}
	if _, ok := v.older("c3"); ok {
		t.Error("a verdict the store lacks was found")
	}
	if err := os.WriteFile(path, append(buf.Bytes(), 0), 0o644); err != nil { // another store now
		t.Fatal(err)
	}
	if _, ok := (&verdictStore{section: sec}).older("a1"); ok {
		t.Error("a verdict was read from a store file that replaced the one read")
	}
}
