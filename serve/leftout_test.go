package serve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/diag"
)

// TestMissingPageNamesTheFileInError checks that the missing page sent at
// the address of a page left out while its file is in error (a puzzle, a
// puzzle's note, a collection's note) names the file for reload.js to say
// so, and that a mistyped address does not.
func TestMissingPageNamesTheFileInError(t *testing.T) {
	note := "---\ntitle: Birds\n---\n"
	s, src := servedSite(t, map[string]string{
		"Garden Birds/README.md": note,
		"Garden Birds/Robin.non": dot,
		"Garden Birds/wren.non":  twoDots,
		"Garden Birds/wren.md":   "---\ntitle: Wren\n---\n",
		"Sea/gull.non":           strings.Replace(dot, "Dot", "Gull", 1),
		"Sea/README.md":          note,
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sse := connect(t, ctx, s.URL())
	sse.await(t, "ok", nil)
	broken := strings.Replace(dot, "rows\n1\n", "rows\n2\n", 1)
	os.WriteFile(filepath.Join(src, "Garden Birds", "Robin.non"), []byte(broken), 0o644)
	os.WriteFile(filepath.Join(src, "Garden Birds", "wren.md"), []byte("---\ntitle: [Draft] Wren\n---\n"), 0o644)
	os.WriteFile(filepath.Join(src, "Sea", "README.md"), []byte("---\ntitle: Sea\n"), 0o644)
	sse.await(t, "builderror", func(d map[string]any) bool {
		p, _ := d["problems"].([]any)
		return len(p) == 3
	})
	for addr, want := range map[string]string{
		"garden-birds/robin/":           "Robin.non",
		"garden-birds/robin/index.html": "Robin.non",
		"garden-birds/wren/":            "wren.md",
		"sea/":                          "README.md",
		"sea/gull/":                     "README.md",
		"garden-birds/robin-hood/":      "",
		"nowhere/":                      "",
	} {
		code, body := get(t, s.URL()+addr)
		got := ""
		if _, after, ok := strings.Cut(body, `data-left-out="`); ok {
			got, _, _ = strings.Cut(after, `"`)
		}
		if code != 404 || (want == "") != (got == "") || !strings.HasSuffix(got, want) {
			t.Errorf("GET /%s: status %d, names %q as left out, want 404 naming %q", addr, code, got, want)
		}
	}
}

// TestLeftOutPageOfTwoFilesInError: an address under the pages of two
// files in error, a collection's note (birds/) and a puzzle of it
// (birds/robin/), names the one whose page is nearest, the puzzle's, every
// time: not whichever a walk of the map met first.
func TestLeftOutPageOfTwoFilesInError(t *testing.T) {
	src := filepath.Join(t.TempDir(), "content")
	note, robin := filepath.Join(src, "birds", "README.md"), filepath.Join(src, "birds", "robin.non")
	var p leftOutPages
	p.set(src, diag.List{{File: note, Severity: diag.Error}, {File: robin, Severity: diag.Error}})
	for range 100 {
		if got := p.at("/birds/robin/index.html"); got != robin {
			t.Fatalf("at the robin's page: %q, want %q", got, robin)
		}
	}
	if got := p.at("/birds/wren/"); got != note {
		t.Errorf("at the wren's page: %q, want %q", got, note)
	}
}
