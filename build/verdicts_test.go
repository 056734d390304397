package build

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
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

// storeFileWith writes a store file at path holding records and the
// verdicts entries, and reads it back as a build does.
func storeFileWith(t *testing.T, path string, records map[string]*fileRecord, entries map[string]validate.CacheEntry) (storeData, verdictSection, []byte) {
	t.Helper()
	verdicts, err := encodeVerdicts(entries)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeStore(&buf, storeData{records: records, verdicts: verdicts}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, sec, err := readStoreFile(f, path)
	if err != nil || sec.size != int64(len(verdicts)) {
		t.Fatalf("read back verdicts of %d bytes, %v; want %d bytes", sec.size, err, len(verdicts))
	}
	return d, sec, buf.Bytes()
}

// The store file as a build reads it: its verdicts found where they were
// written, and read one by one; a file replaced since holds none of them.
func TestStoreFileVerdictsByID(t *testing.T) {
	path := filepath.Join(t.TempDir(), storeFile)
	entries := map[string]validate.CacheEntry{"a1": {Solver: "s", Verdict: "unique", Width: 2}, "b2": {Solver: "s", Verdict: "none"}}
	d, sec, file := storeFileWith(t, path, map[string]*fileRecord{"k": {LeftOut: []Skip{{Of: "x"}}}}, entries)
	if d.records["k"] == nil {
		t.Fatalf("records read back as %v", d.records)
	}
	var v verdictStore
	v.reset(sec)
	if e, ok := v.older("a1"); !ok || e.Width != 2 {
		t.Errorf("verdict a1 read back as %+v, %v", e, ok)
	}
	if _, ok := v.older("c3"); ok {
		t.Error("a verdict the store lacks was found")
	}
	if err := os.WriteFile(path, append(file, 0), 0o644); err != nil { // another store now
		t.Fatal(err)
	}
	if _, ok := (&verdictStore{section: sec}).older("a1"); ok {
		t.Error("a verdict was read from a store file that replaced the one read")
	}
}

// Writing the records gives where each one now is, so that a server's
// lookups after saving need not index the new file: merged, every record
// is found at its place; copied through, the old index holds.
func TestWrittenVerdictsIndexed(t *testing.T) {
	path := filepath.Join(t.TempDir(), storeFile)
	old := map[string]validate.CacheEntry{"a1": {Verdict: "unique", Width: 1}, "c3": {Verdict: "none", Width: 3}}
	_, sec, _ := storeFileWith(t, path, nil, old)
	index := sec.index()
	var copied bytes.Buffer
	if got, err := writeVerdicts(&copied, sec, index, nil, nil); err != nil || len(got) != 2 || got["c3"] != index["c3"] {
		t.Errorf("copied through: index %v, %v; want the old one, %v", got, err, index)
	}
	changes := map[string]validate.CacheEntry{"b2": {Verdict: "multiple", Width: 2}, "c3": {Verdict: "unique", Width: 4}}
	var merged bytes.Buffer
	got, err := writeVerdicts(&merged, sec, index, changes, nil)
	if err != nil || len(got) != 3 {
		t.Fatalf("merged: index %v, %v; want 3 records", got, err)
	}
	want := map[string]int{"a1": 1, "b2": 2, "c3": 4}
	for id, sp := range got {
		var e validate.CacheEntry
		if err := json.Unmarshal(merged.Bytes()[sp.off:sp.off+sp.n], &e); err != nil || e.Width != want[id] {
			t.Errorf("record %s at %v reads %+v, %v; want width %d", id, sp, e, err, want[id])
		}
	}
}

// A site upgraded from an earlier release keeps its verdicts: that
// release's store (testdata/stores/store7.gob, version 7, and store8.gob,
// version 8, whose records and stamp this one cannot read) gives its
// verdicts to the build, which reads them back where it solved every
// puzzle again. The store's verdicts are indented here,
// a form no build writes, so that one solved again would show. Only those
// the build asked for go on to the new store: the verdict of a puzzle the
// site no longer has is left behind with the previous release.
func TestPreviousReleaseStoreKeepsItsVerdicts(t *testing.T) {
	for _, name := range []string{"store7.gob", "store8.gob"} {
		t.Run(name, func(t *testing.T) {
			old, err := os.ReadFile(filepath.Join("testdata", "stores", name))
			if err != nil {
				t.Fatal(err)
			}
			size, err := verdictsTrailer(bytes.NewReader(old), int64(len(old)))
			if err != nil {
				t.Fatalf("the previous release's store has no verdicts' trailer: %v", err)
			}
			head := old[:len(old)-verdictsTrailerLen-int(size)]
			if _, err := readStore(bytes.NewReader(old)); err == nil {
				t.Fatal("the previous release's store reads as this one's: no upgrade to test")
			}
			entries := decodeVerdicts(old[len(head) : len(old)-verdictsTrailerLen])
			if len(entries) != 1 {
				t.Fatalf("the previous release's store holds %d verdicts, want the Cross's", len(entries))
			}
			indented := indentedVerdicts(t, entries)
			gone := map[string]validate.CacheEntry{"00000000000000000000": {Solver: "s", Verdict: "none", Width: 9, Height: 9}}
			withGone := append(indentedVerdicts(t, gone), indented...) // "0..." sorts first
			upgraded := append(slices.Clip(head), withGone...)
			upgraded = binary.BigEndian.AppendUint64(append(upgraded, verdictsMagic...), uint64(len(withGone)))

			s := newSite(t, smallSite)
			if err := os.MkdirAll(s.cache(), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(s.cache(), storeFile), upgraded, 0o644); err != nil {
				t.Fatal(err)
			}
			s.mustBuild(Config{})
			got := readVerdicts(t, s)
			if !bytes.Contains(got, indented) {
				t.Errorf("the Cross was solved again, its verdict from the previous release not read:\n%s", got)
			}
			now := decodeVerdicts(got)
			if _, ok := now["00000000000000000000"]; ok {
				t.Error("the verdict of a puzzle the site does not have was carried over from the previous release's store")
			}
			if len(now) < 3 {
				t.Errorf("the store holds %d verdicts after the build, want one per puzzle", len(now))
			}

			// The store is this version's now: it keeps every verdict, as before.
			s.editStore(func(d *storeData) { d.verdicts = append(indentedVerdicts(t, gone), d.verdicts...) })
			writeTree(t, s.src, "-- animals/cross.non --\n"+changedCross)
			s.mustBuild(Config{})
			if _, ok := decodeVerdicts(readVerdicts(t, s))["00000000000000000000"]; !ok {
				t.Error("a verdict of this version's store was dropped")
			}
		})
	}
}
