package output

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// BenchmarkEditCommit measures the store's part of an edit in serve mode on
// a site of 10,000 folders of 4 files: open, put a folder's 4 files (one
// changed), carry the rest over, commit.
//
//	go test -run '^$' -bench EditCommit ./build/output
func BenchmarkEditCommit(b *testing.B) {
	out := filepath.Join(b.TempDir(), "public")
	var kept Manifests
	site := map[string]string{}
	for i := range 10000 {
		for _, f := range []string{"index.html", "sheet.svg", "thumb.svg", "solution.svg"} {
			site[fmt.Sprintf("c%d/puzzle-%d/%s", i%40, i, f)] = fmt.Sprintf("%d %s", i, f)
		}
	}
	s, err := Open(out, NewMinifier(), &kept)
	if err != nil {
		b.Fatal(err)
	}
	for p, data := range site {
		if _, err := s.PutExact(p, []byte(data)); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := s.Commit(); err != nil {
		b.Fatal(err)
	}
	s.Close()
	if err := Prepare(context.Background(), out, NewMinifier(), &kept); err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		s, err := Open(out, NewMinifier(), &kept)
		if err != nil {
			b.Fatal(err)
		}
		dir := fmt.Sprintf("c%d/puzzle-%d/", i%40, i%40)
		for _, f := range []string{"index.html", "sheet.svg", "thumb.svg", "solution.svg"} {
			data := site[dir+f]
			if f == "index.html" {
				data += fmt.Sprint(" edit ", i)
			}
			if _, err := s.PutExact(dir+f, []byte(data)); err != nil {
				b.Fatal(err)
			}
		}
		if err := s.CarryPublished(Drop{Dirs: []string{dir}}); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Commit(); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
