package build

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// perInputLimit is how long one fuzz input may take through a whole build:
// far more than an ordinary note needs (tens of milliseconds), far less
// than the quadratic paths this target guards against (minutes).
const perInputLimit = 20 * time.Second

// FuzzNotePipeline sends front matter and Markdown through the whole page
// pipeline (scan, front matter, Markdown, links, templates, minify, output)
// as a collection's note and a puzzle's note. A build may refuse the input,
// with an error naming the note, but must not panic, hang or take longer
// than perInputLimit.
func FuzzNotePipeline(f *testing.F) {
	for _, seed := range []string{
		"Plain *Markdown* with [a link](cross.non) and ![img](x.png).\n",
		"---\ntitle: A title\ntags: [a, b]\ndate: 2024-05-01\nweight: 3\n---\nBody.\n",
		"+++\ntitle = \"T\"\ntags = [\"x\"]\ndate = 2024-05-01T10:00:00Z\n+++\nBody.\n",
		"---\ntitle: [unclosed\n---\n",
		"+++\n[a]\n[a]\n+++\n",
		"---\nnever closed\n",
		"\xef\xbb\xbf---\ntitle: BOM\n---\n" + strings.Repeat("&amp;", 300) + "\n",
		"<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))\n",
		"---\ntitle: \"" + strings.Repeat("&", 2000) + "\"\n---\n",
		"+++\n" + strings.Repeat("a.b.c = 1\n", 50) + "+++\n",
		"---\n&a [*a, *a, *a]\n---\n",
	} {
		f.Add(seed, seed)
	}
	f.Fuzz(func(t *testing.T, collNote, puzzleNote string) {
		dir := t.TempDir()
		src := filepath.Join(dir, "content")
		for name, data := range map[string]string{
			"c/README.md": collNote, "c/cross.md": puzzleNote, "c/cross.non": tinyNon("Cross", 0),
		} {
			p := filepath.Join(src, filepath.FromSlash(name))
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		b, err := New(Config{Src: src, Out: filepath.Join(dir, "public"), Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), perInputLimit)
		defer cancel()
		done := make(chan error, 1)
		go func() {
			_, err := b.Build(ctx)
			done <- err
		}()
		select {
		case err = <-done:
		case <-time.After(perInputLimit + 5*time.Second):
			t.Fatalf("the build ignored its context and ran past %v", perInputLimit)
		}
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			t.Fatalf("the build took more than %v", perInputLimit)
		case err != nil && !strings.Contains(err.Error(), filepath.Join(src, "c")):
			t.Errorf("an error that names no note: %v", err)
		case err == nil:
			if _, err := os.Stat(filepath.Join(dir, "public", "c", "cross", "index.html")); err != nil {
				t.Errorf("built without the puzzle's page: %v", err)
			}
		}
	})
}
