package serve

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/nonopress/nonopress/internal/gittest"
)

// TestServeDatesAgainAfterACommit: with git_info, committing an edit
// serve has built changes the puzzle's date and no file; serve builds
// again, and its booklet is then a fresh build's. It kept the date of the
// edit's build (the commit before), and a site published from serve's
// output differed from one built after the commit.
func TestServeDatesAgainAfterACommit(t *testing.T) {
	gittest.Need(t)
	dir, src, out := siteFolders(t)
	puzzleFile := filepath.Join(src, "dot.non")
	os.WriteFile(filepath.Join(src, "nonopress.toml"), []byte("git_info = true\n"), 0o644)
	os.WriteFile(puzzleFile, []byte(dot), 0o644)
	gittest.Run(t, dir, "2024-01-01T00:00:00Z", "init", "-q")
	gittest.Run(t, dir, "2024-01-01T00:00:00Z", "add", "content")
	gittest.Run(t, dir, "2024-01-01T00:00:00Z", "commit", "-q", "-m", "first")

	s, ctx, stop := startServe(t, src, out)
	sse := connect(t, ctx, s.URL())
	sse.await(t, "ok", nil)
	awaitPreparedBack(t, out)

	os.WriteFile(puzzleFile, []byte(twoDots), 0o644)
	sse.await(t, "reload", hasPath("booklet.pdf"))
	gittest.Run(t, dir, "2025-03-03T00:00:00Z", "commit", "-q", "-a", "-m", "two dots")
	sse.await(t, "reload", hasPath("booklet.pdf")) // its cover's date
	stop()

	if want := freshBooklet(t, src, out); !bytes.Contains(want, []byte("D:20250303")) {
		t.Error("the fresh build's booklet is not dated by the commit")
	}
}
