package build

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/internal/corpustest"
)

// writeTree writes a txtar-like archive into dir: each file starts with a line
// "-- path --" and runs to the next such line. Text before the first is a
// comment.
func writeTree(t testing.TB, dir, archive string) {
	t.Helper()
	var name string
	var body strings.Builder
	flush := func() {
		if name == "" {
			return
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		body.Reset()
	}
	for _, line := range strings.SplitAfter(archive, "\n") {
		trimmed := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") && len(trimmed) > 6 {
			flush()
			name = strings.TrimSpace(trimmed[3 : len(trimmed)-3])
			continue
		}
		if name != "" {
			body.WriteString(line)
		}
	}
	flush()
}

// testSite is a throwaway site for a test: a content tree and an output folder.
type testSite struct {
	t        testing.TB
	src, out string
}

// newSite writes archive as a content tree in a temporary folder.
func newSite(t testing.TB, archive string) *testSite {
	t.Helper()
	dir := t.TempDir()
	s := &testSite{t: t, src: filepath.Join(dir, "content"), out: filepath.Join(dir, "public")}
	if err := os.MkdirAll(s.src, 0o755); err != nil {
		t.Fatal(err)
	}
	writeTree(t, s.src, archive)
	return s
}

// cache is the site's cache folder (by default: beside its content folder).
func (s *testSite) cache() string { return cacheFolder(s.src, content.DefaultSettings()) }

// forgetStamp removes the build stamp, so that the next build runs in full
// even when nothing changed since the last one. Without it, whether a build
// of an unchanged tree runs depends on the clock: the stamp is only written
// once the newest file is older than the racy window, which on a loaded
// machine has passed by the time the previous build ends.
func (s *testSite) forgetStamp() {
	s.t.Helper()
	s.editStore(func(d *storeData) { d.stamp = buildStamp{} })
}

// build builds the site, with cfg's Src and Out filled in when empty.
func (s *testSite) build(cfg Config) (Summary, error) {
	s.t.Helper()
	if cfg.Src == "" {
		cfg.Src = s.src
	}
	if cfg.Out == "" {
		cfg.Out = s.out
	}
	b, err := New(cfg)
	if err != nil {
		return Summary{}, err
	}
	return b.Build(context.Background())
}

// mustBuild builds and fails the test on error.
func (s *testSite) mustBuild(cfg Config) Summary {
	s.t.Helper()
	sum, err := s.build(cfg)
	if err != nil {
		s.t.Fatalf("build: %v", err)
	}
	return sum
}

// read returns an output file's text.
func (s *testSite) read(name string) string {
	s.t.Helper()
	data, err := os.ReadFile(filepath.Join(s.out, filepath.FromSlash(name)))
	if err != nil {
		s.t.Fatalf("output: %v", err)
	}
	return string(data)
}

// exists reports whether an output file exists.
func (s *testSite) exists(name string) bool {
	_, err := os.Stat(filepath.Join(s.out, filepath.FromSlash(name)))
	return err == nil
}

// snapshot reads every file under dir: path → bytes.
func snapshot(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// diffSnapshots describes how two snapshots differ ("" if they do not).
func diffSnapshots(a, b map[string][]byte) string {
	var out []string
	for p, da := range a {
		db, ok := b[p]
		switch {
		case !ok:
			out = append(out, "only in first: "+p)
		case !bytes.Equal(da, db):
			out = append(out, "differs: "+p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			out = append(out, "only in second: "+p)
		}
	}
	return strings.Join(out, "\n")
}

// corpus returns a folder of the shared corpus, skipping the test when it is
// absent (failing under CI=true).
func corpus(t testing.TB, rel string) string {
	t.Helper()
	return corpustest.Path(t, rel)
}

// smallSite is a content tree used by several tests: two collections, a
// bundle, YAML and TOML notes, a puzzle note, a multicolour puzzle.
const smallSite = `
-- nonopress.toml --
title = "Test archive"
-- README.md --
---
title: Ignored for the site title
---
Welcome to the **test** archive.
-- animals/_index.md --
+++
title = "Animals"
weight = 2
+++
Some *animals*.
-- animals/cross.non --
title "Cross"
by "Ann Author"
license CC0-1.0
width 3
height 3

rows
1
3
1

columns
1
3
1

goal "010111010"
-- animals/cross.md --
---
title: The Cross
tags: [easy, symbol]
date: 2024-05-01
---
A note about the *cross*.
-- animals/corner.non --
title "Corner"
by "Bob Builder"
license Some free text licence
width 2
height 2

rows
2
1

columns
2
1
-- shapes/README.md --
Shapes of all kinds.
-- shapes/minis.nonpack --
title "Dot"
by "Ann Author"
license CC-BY-4.0
width 1
height 1

rows
1

columns
1
====
title "Bar"
by "Ann Author"
license CC-BY-4.0
width 3
height 1

rows
3

columns
1
1
1
`

// builder returns a Builder of s's tree and output with cfg's other settings.
func (s *testSite) builder(cfg Config) *Builder {
	s.t.Helper()
	cfg.Src, cfg.Out = s.src, s.out
	b, err := New(cfg)
	if err != nil {
		s.t.Fatal(err)
	}
	return b
}

// mustBuildWith builds with b, failing the test on error.
func mustBuildWith(t *testing.T, b *Builder) Summary {
	t.Helper()
	sum, err := b.Build(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// editStore rewrites the store file with edit applied, if there is one.
func (s *testSite) editStore(edit func(d *storeData)) {
	s.t.Helper()
	path := filepath.Join(s.cache(), storeFile)
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		s.t.Fatal(err)
	}
	d, err := readStore(bytes.NewReader(data))
	if err != nil {
		s.t.Fatalf("store: %v", err)
	}
	edit(&d)
	var buf bytes.Buffer
	if err := writeStore(&buf, d); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		s.t.Fatal(err)
	}
}
