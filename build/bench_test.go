package build

import (
	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/output"

	"context"
	"os"
	"path/filepath"
	"testing"
)

// benchBuild builds src into a fresh output folder; cold also drops the
// solver cache and starts without output, warm rebuilds into the same
// folder with everything in place.
func benchBuild(b *testing.B, src string, cold bool) {
	out := filepath.Join(b.TempDir(), "public")
	build := func() {
		bl, err := New(Config{Src: src, Out: out})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := bl.Build(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	if !cold {
		build()
		build() // the back buffer exists too
	}
	b.ResetTimer()
	for range b.N {
		if cold {
			b.StopTimer()
			os.RemoveAll(cacheFolder(src, content.DefaultSettings()))
			os.RemoveAll(out)
			os.RemoveAll(output.BackName(out))
			b.StartTimer()
		}
		build()
	}
}

func BenchmarkBuildDemoCold(b *testing.B) {
	benchBuild(b, copyTree(b, filepath.Join("..", "content")), true)
}

func BenchmarkBuildDemoWarm(b *testing.B) {
	benchBuild(b, copyTree(b, filepath.Join("..", "content")), false)
}

func BenchmarkBuildNonogramDBCold(b *testing.B) {
	benchBuild(b, copyTree(b, corpus(b, "nonogram-db/db")), true)
}

func BenchmarkBuildNonogramDBWarm(b *testing.B) {
	benchBuild(b, copyTree(b, corpus(b, "nonogram-db/db")), false)
}
