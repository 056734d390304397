package build

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

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
// (nothing changed, a new Builder) and rebuild (nothing changed, the same
// Builder, as serve mode does).
func BenchmarkBuildArchive(b *testing.B) {
	src := synthetic(b, *archiveSize)
	b.Run("cold", func(b *testing.B) { benchBuild(b, src, true) })
	b.Run("warm", func(b *testing.B) { benchBuild(b, src, false) })
	b.Run("rebuild", func(b *testing.B) {
		out := filepath.Join(b.TempDir(), "public")
		bl, err := New(Config{Src: src, Out: out})
		if err != nil {
			b.Fatal(err)
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
	})
	os.RemoveAll(src)
}
