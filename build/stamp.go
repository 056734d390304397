package build

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nonopress/nonopress/build/internal/key"
	"github.com/nonopress/nonopress/build/output"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/internal/treefile"
)

// A build that would change nothing is recognised before it starts. After a
// full build succeeds, the build stamp (.nonopress-cache/stamp.json) records
// a digest of everything the output depends on: the program, the build's
// settings, the metadata (size, times, inode, mode) of every file of the
// content tree and the names of its folders, and the identity of both output folders' markers,
// which every build replaces. A later build whose digest is the same returns
// the recorded summary at once, having read no file: on a large archive, a
// warm build is then a walk of the content tree.
//
// Metadata stands for content as in the file memo (filestat.go): a tree with
// a file changed less than racyWindow before the walk is not stamped, since
// a second change within the file system's time granularity could keep its
// metadata. A tree holding a symbolic link is never stamped: what the link
// points to is not walked.

// stampFile is the build stamp's name in the cache folder.
const stampFile = "stamp.json"

// buildStamp is what stamp.json holds: the digest and the summary of the
// build that wrote it.
type buildStamp struct {
	Key      string   `json:"key"`
	Puzzles  int      `json:"puzzles"`
	Pages    int      `json:"pages"`
	Warnings []string `json:"warnings,omitempty"`
	Skipped  []string `json:"skipped,omitempty"`
	// Diagnostics are Summary.Diagnostics.
	Diagnostics diag.List `json:"diagnostics,omitempty"`
}

// treeDigest digests the build's settings and the content tree's metadata.
// It returns nil when the tree cannot be stamped (a symbolic link, a file
// changed within the racy window, an unreadable folder).
func (b *Builder) treeDigest() []byte {
	src, err := filepath.Abs(b.cfg.Src)
	if err != nil {
		return nil
	}
	front, back, err := output.Folders(b.cfg.Out)
	if err != nil {
		return nil
	}
	skip := map[string]bool{b.cacheDir: true, front: true, back: true}
	h := sha256.New()
	// The settings as this builder loaded them: a serve builder may have
	// read nonopress.toml and the templates long before the walk.
	fmt.Fprintf(h, "nonopress build stamp 2\n%s\n%q\n%q\n%q %t %t\n%s\n%s\n", b.fingerprint, src, front,
		b.cfg.BaseURL, b.strict, b.cfg.SkipInvalid, key.New("", "settings").Value(b.site).Sum(), b.memo.templates)
	var newest int64
	var line []byte
	stampable := true
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if skip[p] {
			return filepath.SkipDir
		}
		if d.Type()&fs.ModeSymlink != 0 {
			stampable = false
			return filepath.SkipAll
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, src), string(filepath.Separator)) // WalkDir joins onto src
		if d.IsDir() {
			// Its entries are walked: its times (which the build's cache
			// folder changes) add nothing.
			line = append(strconv.AppendQuote(line[:0], rel), " folder\n"...)
			h.Write(line)
			return nil
		}
		line = appendFileState(line[:0], rel, info)
		h.Write(line)
		_, change := inodeAndChange(info)
		newest = max(newest, info.ModTime().UnixNano(), change)
		return nil
	})
	if err != nil || !stampable || time.Since(time.Unix(0, newest)) <= b.racy {
		return nil
	}
	return h.Sum(nil)
}

// stampKey completes a tree digest with the identity of the output folders'
// markers as they are now; "" for a tree that cannot be stamped.
func (b *Builder) stampKey(tree []byte) string {
	front, back, err := output.Folders(b.cfg.Out)
	if tree == nil || err != nil {
		return ""
	}
	h := sha256.New()
	h.Write(tree)
	h.Write([]byte(b.gitStamp()))
	for _, dir := range []string{front, back} {
		info, err := os.Stat(filepath.Join(dir, output.MarkerName))
		if err != nil {
			h.Write([]byte("no marker\n"))
			continue
		}
		h.Write(appendFileState(nil, output.MarkerName, info))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// appendFileState appends a line of a file's path and metadata.
func appendFileState(b []byte, rel string, info fs.FileInfo) []byte {
	inode, change := inodeAndChange(info)
	b = strconv.AppendQuote(b, rel)
	for _, n := range []int64{info.Size(), info.ModTime().UnixNano(), change, int64(inode), int64(info.Mode())} {
		b = append(b, ' ')
		b = strconv.AppendInt(b, n, 10)
	}
	return append(b, '\n')
}

// maxStampBytes caps the stamp read back: it is one line of JSON.
const maxStampBytes = 1 << 20

// stampPath is the build stamp's path.
func (b *Builder) stampPath() string { return filepath.Join(b.cacheDir, stampFile) }

// unchangedSince returns the summary of the last build when the stamp it
// left matches key: nothing the output depends on has changed since.
func (b *Builder) unchangedSince(key string) (Summary, bool) {
	if key == "" {
		return Summary{}, false
	}
	// A regular file only, and small: a stamp is a line of JSON.
	data, err := treefile.ReadFile(context.Background(), b.stampPath(), maxStampBytes)
	if err != nil {
		return Summary{}, false
	}
	var st buildStamp
	if json.Unmarshal(data, &st) != nil || st.Key != key {
		return Summary{}, false
	}
	return Summary{Puzzles: st.Puzzles, Pages: st.Pages, Warnings: st.Warnings, Skipped: st.Skipped, Diagnostics: st.Diagnostics, Unchanged: true}, true
}

// saveStamp records a successful full build's summary under the digest of
// the tree as it was and the markers as the build left them; a digest of ""
// removes any stamp, so that no stale one can match.
func (b *Builder) saveStamp(key string, sum Summary) error {
	if key == "" {
		if err := os.Remove(b.stampPath()); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	data, err := json.Marshal(buildStamp{Key: key, Puzzles: sum.Puzzles, Pages: sum.Pages, Warnings: sum.Warnings, Skipped: sum.Skipped, Diagnostics: sum.Diagnostics})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(b.stampPath()), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(b.stampPath(), data)
}
