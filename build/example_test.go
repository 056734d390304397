package build_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/nonopress/nonopress/build"
)

func Example() {
	dir, _ := os.MkdirTemp("", "nonopress-example")
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "content")
	os.MkdirAll(filepath.Join(src, "first"), 0o755)
	os.WriteFile(filepath.Join(src, "first", "README.md"), []byte("---\ntitle: First puzzles\n---\nHello.\n"), 0o644)
	os.WriteFile(filepath.Join(src, "first", "dot.non"), []byte("title \"Dot\"\nlicense CC0-1.0\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n"), 0o644)

	b, err := build.New(build.Config{Src: src, Out: filepath.Join(dir, "public")})
	if err != nil {
		fmt.Println(err)
		return
	}
	sum, err := b.Build(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sum.Puzzles, "puzzle,", sum.Pages, "pages")
	_, err = os.Stat(filepath.Join(dir, "public", "first", "dot", "index.html"))
	fmt.Println("puzzle page written:", err == nil)
	// Output:
	// 1 puzzle, 10 pages
	// puzzle page written: true
}
