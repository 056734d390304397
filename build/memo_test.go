package build

import (
	"github.com/nonopress/nonopress/build/output"
	"github.com/nonopress/nonopress/build/site"

	"bytes"
	"maps"
	"os"
	"strings"
	"testing"
)

// changedCross is animals/cross.non with another title and author: same
// clues and id. Its note titles it, on its page and its sheets, so the
// author is what its sheet and the booklet show changed.
var changedCross = strings.NewReplacer(`title "Cross"`, `title "Changed cross"`, `by "Ann Author"`, `by "Ann Changed"`).
	Replace(archiveFile(smallSite, "animals/cross.non"))

// memoBuild builds s with a new Builder, as a new process would, and returns
// how many files it took from the memo (the build stamp forgotten first:
// this counts the memo, not the stamp's shortcut).
func memoBuild(t *testing.T, s *testSite) int64 {
	t.Helper()
	hits, _ := memoBuildSummary(t, s)
	return hits
}

// memoBuildSummary is memoBuild that also returns the build's summary.
func memoBuildSummary(t *testing.T, s *testSite) (int64, Summary) {
	t.Helper()
	s.forgetStamp() // a full build, which consults the memo for every file
	b := s.builder(Config{})
	sum := mustBuildWith(t, b)
	return b.memo.hits.Load(), sum
}

// coldSnapshot builds archive (with changes written over it) from scratch
// into a new folder and returns its output.
func coldSnapshot(t *testing.T, archive string, changes ...string) map[string][]byte {
	t.Helper()
	c := newSite(t, archive)
	for _, ch := range changes {
		writeTree(t, c.src, ch)
	}
	c.mustBuild(Config{})
	return snapshot(t, c.out)
}

// TestMemoWarmBuildEqualsColdBuild changes a puzzle file and a collection's
// note between builds: the warm builds (new processes, memo on disk) take
// the unchanged files from the memo and publish what a cold build of the same
// tree publishes, byte for byte, in the published folder and, a build later,
// in the back buffer too (which held the build before last).
func TestMemoWarmBuildEqualsColdBuild(t *testing.T) {
	s := newSite(t, smallSite)
	if hits := memoBuild(t, s); hits != 0 {
		t.Errorf("cold build took %d files from the memo", hits)
	}
	if hits := memoBuild(t, s); hits != 3 {
		t.Errorf("warm build took %d files from the memo, want 3", hits)
	}
	change := "-- animals/cross.non --\n" + changedCross
	writeTree(t, s.src, change)
	if hits := memoBuild(t, s); hits != 2 {
		t.Errorf("build after a change took %d files from the memo, want 2", hits)
	}
	want := coldSnapshot(t, smallSite, change)
	if d := diffSnapshots(want, snapshot(t, s.out)); d != "" {
		t.Fatalf("after one change, output differs from a cold build's:\n%s", d)
	}
	if !strings.Contains(s.read("animals/cross/index.html"), "Ann Changed") {
		t.Fatal("the changed puzzle's page does not show its new author")
	}
	for i := range 2 { // the back buffer holds the old page: it must be replaced
		if hits := memoBuild(t, s); hits != 3 {
			t.Errorf("warm build %d took %d files from the memo, want 3", i, hits)
		}
		if d := diffSnapshots(want, snapshot(t, s.out)); d != "" {
			t.Fatalf("warm build %d: output differs from a cold build's:\n%s", i, d)
		}
	}
	if d := diffSnapshots(want, snapshot(t, output.BackName(s.out))); d != "" {
		t.Fatalf("back buffer differs from a cold build's:\n%s", d)
	}

	// A collection's title is in its puzzles' breadcrumbs: their work is
	// done again, the other collection's is not.
	note := "-- animals/_index.md --\n+++\ntitle = \"Beasts\"\nweight = 2\n+++\nSome *animals*.\n"
	writeTree(t, s.src, note)
	if hits := memoBuild(t, s); hits != 1 {
		t.Errorf("build after a collection's title changed took %d files from the memo, want 1", hits)
	}
	if d := diffSnapshots(coldSnapshot(t, smallSite, change, note), snapshot(t, s.out)); d != "" {
		t.Fatalf("after a collection note changed, output differs from a cold build's:\n%s", d)
	}
}

// TestMemoInMemory rebuilds with one Builder, as serve mode does: after a
// change only the changed file is processed again, even with the memo's
// file gone from disk until the cache folder itself is removed.
func TestMemoInMemory(t *testing.T) {
	s := newSite(t, smallSite)
	b, err := New(Config{Src: s.src, Out: s.out})
	if err != nil {
		t.Fatal(err)
	}
	build := func() int64 {
		t.Helper()
		if _, err := b.Build(t.Context()); err != nil {
			t.Fatal(err)
		}
		return b.memo.hits.Load()
	}
	build()
	writeTree(t, s.src, "-- animals/cross.non --\n"+changedCross)
	if hits := build(); hits != 2 {
		t.Errorf("rebuild after a change took %d files from the memo, want 2", hits)
	}
	if !strings.Contains(s.read("animals/cross/index.html"), "Ann Changed") {
		t.Error("the changed puzzle's page does not show its new title")
	}
	if err := os.RemoveAll(s.cache()); err != nil {
		t.Fatal(err)
	}
	if hits := build(); hits != 0 {
		t.Errorf("rebuild without a cache folder took %d files from the memo, want 0", hits)
	}
}

// TestMemoNeedsItsOutputs removes the output folders: a memo that cannot find
// a file's outputs processes the file again.
func TestMemoNeedsItsOutputs(t *testing.T) {
	s := newSite(t, smallSite)
	memoBuild(t, s)
	want := snapshot(t, s.out)
	for _, dir := range []string{s.out, output.BackName(s.out)} {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
	}
	if hits := memoBuild(t, s); hits != 0 {
		t.Errorf("build without outputs took %d files from the memo", hits)
	}
	if d := diffSnapshots(want, snapshot(t, s.out)); d != "" {
		t.Fatalf("output differs from the first build's:\n%s", d)
	}
}

// TestMemoKeepsProblems: a file with an invalid puzzle is remembered with
// its problem, which every build reports.
func TestMemoKeepsProblems(t *testing.T) {
	s := newSite(t, smallSite+"-- bad/broken.non --\nwidth 2\nheight 2\nrows\n3\n1\ncolumns\n1\n1\n")
	for i := range 2 {
		b, err := New(Config{Src: s.src, Out: s.out, SkipInvalid: true})
		if err != nil {
			t.Fatal(err)
		}
		sum, err := b.Build(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if len(sum.Skipped()) != 1 || !strings.Contains(sum.Skipped()[0], "broken.non") {
			t.Errorf("build %d: Skipped = %q, want the invalid puzzle", i, sum.Skipped())
		}
		if want := int64(4 * i); b.memo.hits.Load() != want {
			t.Errorf("build %d took %d files from the memo, want %d", i, b.memo.hits.Load(), want)
		}
	}
	if _, err := s.build(Config{}); err == nil {
		t.Error("a build without SkipInvalid accepted the invalid puzzle")
	}
}

// The memo file reads back as written, and a cut or foreign file is not
// taken for a memo.
func TestMemoFileRoundTrip(t *testing.T) {
	records := map[string]*fileRecord{
		"k2": {Entries: []site.Entry{{ID: "b", Title: "Second", Tags: []string{"x"}}}},
		"k1": {Entries: []site.Entry{{ID: "a", Title: "First"}}},
	}
	stats := map[string]fileStat{"/c/a.non": {Size: 3, ModNs: 4, Inode: 5, Hash: "h"}}
	assets := map[string]map[string]string{"a1": {"sheet.svg": "h1"}}
	var buf bytes.Buffer
	if err := writeStore(&buf, storeData{records: records, assets: assets, stats: stats}); err != nil {
		t.Fatal(err)
	}
	d, err := readStore(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	gotRecords, gotStats := d.records, d.stats
	if len(gotRecords) != 2 || gotRecords["k2"].Entries[0].Title != "Second" || !maps.Equal(gotStats, stats) {
		t.Errorf("read back %v, %v", gotRecords, gotStats)
	}
	if !sameOutputs(d.assets, assets) {
		t.Errorf("asset outputs read back as %v", d.assets)
	}
	for _, bad := range [][]byte{buf.Bytes()[:buf.Len()/2], []byte("not a memo"), nil} {
		if _, err := readStore(bytes.NewReader(bad)); err == nil {
			t.Errorf("%d bytes of a memo read without error", len(bad))
		}
	}
}
