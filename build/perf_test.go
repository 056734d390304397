package build

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nonopress/nonopress/internal/archivegen"
)

// archiveSize is the size of the synthetic archive of BenchmarkBuildArchive:
//
//	go test -run '^$' -bench BuildArchive -archive 2000 -cpuprofile cpu.out ./build/
var archiveSize = flag.Int("archive", 300, "puzzles in the synthetic archive of BenchmarkBuildArchive")

// synthetic writes a synthetic archive of n puzzles into a temporary folder.
func synthetic(b *testing.B, n int) string {
	b.Helper()
	src := filepath.Join(b.TempDir(), "content")
	if _, err := archivegen.Write(src, archivegen.Options{Puzzles: n, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	return src
}

// BenchmarkBuildArchive builds a synthetic archive (internal/archivegen):
// cold (no output, no cache, a new Builder as a new process has), warm
// (nothing changed, a new Builder), rebuild (nothing changed, the same
// Builder, as serve mode does) and edit (one puzzle's title changed, the same
// Builder), and serve-edit (the same, as serve answers it: Rebuild with the
// edited file, then, untimed, the deferred work).
func BenchmarkBuildArchive(b *testing.B) {
	src := synthetic(b, *archiveSize)
	b.Run("cold", func(b *testing.B) { benchBuild(b, src, true) })
	b.Run("warm", func(b *testing.B) { benchBuild(b, src, false) })
	b.Run("rebuild", func(b *testing.B) { benchRebuild(b, src, false) })
	b.Run("edit", func(b *testing.B) { benchEdit(b, src, false) })
	b.Run("serve-edit", func(b *testing.B) { benchEdit(b, src, true) })
	os.RemoveAll(src)
}

// benchRebuild builds src twice and then again and again with the same
// Builder, as serve mode does when nothing changed; unstamped keeps every
// build from being answered by the stamp (so that each reads the tree).
func benchRebuild(b *testing.B, src string, unstamped bool) {
	bl, err := New(Config{Src: src, Out: filepath.Join(b.TempDir(), "public")})
	if err != nil {
		b.Fatal(err)
	}
	if unstamped {
		bl.racy = time.Duration(math.MaxInt64)
	}
	for range 2 {
		if _, err := bl.Build(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for range b.N {
		if _, err := bl.Build(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// benchEdit changes one puzzle's title and rebuilds with the same Builder, as
// serve does; asServe answers with Rebuild and then does the deferred work
// (booklets, lists, the back buffer) untimed.
func benchEdit(b *testing.B, src string, asServe bool) {
	out := filepath.Join(b.TempDir(), "public")
	bl, err := New(Config{Src: src, Out: out})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := bl.Build(context.Background()); err != nil {
		b.Fatal(err)
	}
	target, err := archivegen.FirstNon(src)
	if err != nil {
		b.Fatal(err)
	}
	original, err := os.ReadFile(target)
	if err != nil {
		b.Fatal(err)
	}
	defer os.WriteFile(target, original, 0o644)
	if asServe {
		// serve readies the back buffer before the first edit comes.
		if _, err := bl.Rebuild(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := range b.N {
		edited := bytes.Replace(original, []byte(`title "`), []byte(fmt.Sprintf(`title "Edit %d `, i)), 1)
		if err := os.WriteFile(target, edited, 0o644); err != nil {
			b.Fatal(err)
		}
		if !asServe {
			if _, err := bl.Build(context.Background()); err != nil {
				b.Fatal(err)
			}
			continue
		}
		if _, err := bl.Rebuild(context.Background(), []string{target}); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		for bl.Pending() {
			if _, err := bl.Rebuild(context.Background(), nil); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
	}
}
