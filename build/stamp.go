package build

import (
	"bufio"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nonopress/nonopress/build/internal/key"
	"github.com/nonopress/nonopress/build/output"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/treefile"
)

// A build that would change nothing is recognised before it starts. After a
// full build succeeds, the store file (storefile.go) is stamped with a key
// of everything the output depends on: the program, the build's settings,
// the metadata (size, times, inode, mode) of every file of the content tree
// and the names of its folders, the identity of both output folders'
// markers, which every build replaces, and the state of the published
// folder's folders (their change times, output.FoldersDigest), which a
// file deleted or added by hand changes. A later build whose key is the same
// returns the recorded summary at once, having read no file but the store's
// header: on a large archive, a warm build is then a walk of the content
// tree.
//
// Metadata stands for content as in the file memo (fileStats, memorun.go): a tree with
// a file changed less than racyWindow before the walk is not stamped, since
// a second change within the file system's time granularity could keep its
// metadata. A tree holding a symbolic link is never stamped: what the link
// points to is not walked. The published folder's folders are those of its
// manifest when the stamp was written and those holding the files of a
// user's own the build found there (whose warnings the recorded summary
// repeats: one added or removed beside them is a change), kept in the stamp
// (Folders), so that checking them reads no manifest: a stat a folder.

// buildStamp is the stamp of the store: the key and the summary of the
// build that wrote it ("" for none).
type buildStamp struct {
	Key      string
	Puzzles  int
	Pages    int
	Warnings []string
	Skips    []Skip // Summary.Skips
	// Diagnostics are Summary.Diagnostics.
	Diagnostics diag.List
	// Folders are the published site's folders and those of the files in
	// it that nonopress did not write (output.StampFolders), whose state
	// the key holds.
	Folders []string
}

// treeDigest digests the build's settings and the content tree's metadata.
// It returns "" when the tree cannot be stamped (a symbolic link, a file
// changed within the racy window, an unreadable folder).
func (b *Builder) treeDigest() string {
	src, err := filepath.Abs(b.cfg.Src)
	if err != nil {
		return ""
	}
	front, back, err := output.Folders(b.cfg.Out)
	if err != nil {
		return ""
	}
	skip := map[string]bool{b.cacheDir: true, front: true, back: true, output.KeptName(front): true}
	// The settings as this builder loaded them: a serve builder may have
	// read nonopress.toml and the templates long before the walk.
	k := key.New(b.fingerprint, "build stamp")
	k.String(src).String(front).String(b.cfg.BaseURL).Bool(b.strict).Bool(b.cfg.SkipInvalid).Value(b.site).String(b.memo.templates)
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
			k.String(rel + " folder")
			return nil
		}
		line = appendFileState(line[:0], rel, info)
		k.String(string(line))
		_, change := inodeAndChange(info)
		newest = max(newest, info.ModTime().UnixNano(), change)
		return nil
	})
	if err != nil || !stampable || time.Since(time.Unix(0, newest)) <= b.racy {
		return ""
	}
	return k.Sum()
}

// stampKey completes a tree digest with the identity of the output folders'
// markers and folders, the state of the published folder's folders
// (foldersState); "" for a tree or folders that cannot be stamped.
func (b *Builder) stampKey(tree, folders string) string {
	front, back, err := output.Folders(b.cfg.Out)
	if tree == "" || folders == "" || err != nil {
		return ""
	}
	k := key.New("", "stamp").String(tree).String(b.gitStamp())
	for _, dir := range []string{front, back} {
		info, err := os.Stat(filepath.Join(dir, output.MarkerName))
		if err != nil {
			k.String("no marker")
			continue
		}
		k.String(string(appendFileState(nil, output.MarkerName, info)))
	}
	return k.String("published folders").String(folders).Sum()
}

// foldersState digests the state of the given folders of the published
// folder (output.FoldersDigest); "" when it cannot be read.
func (b *Builder) foldersState(folders []string) string {
	front, _, err := output.Folders(b.cfg.Out)
	if err != nil {
		return ""
	}
	state, err := output.FoldersDigest(front, folders)
	if err != nil {
		return ""
	}
	return state
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

// maxStampBytes caps what is read of the store for its stamp: the header,
// which lists the published folders (some 40 bytes each, a folder a
// puzzle).
const maxStampBytes = 64 << 20

// stamped walks the content tree and returns its digest, with the summary
// of the last build when the stamp of the store file matches it and the
// output folders as they are: nothing the output depends on has changed
// since. Only the store's header is read. The published folders the stamp
// lists are looked at while the tree is walked: on a large site both cost
// a stat a file or folder.
func (b *Builder) stamped() (tree string, sum Summary, ok bool) {
	st, err := b.storedStamp()
	if err != nil || st.Key == "" {
		return b.treeDigest(), sum, false
	}
	folders := make(chan string, 1)
	go func() { folders <- b.foldersState(st.Folders) }()
	tree = b.treeDigest()
	if st.Key != b.stampKey(tree, <-folders) {
		return tree, sum, false
	}
	return tree, Summary{Puzzles: st.Puzzles, Pages: st.Pages, Warnings: st.Warnings, Skips: st.Skips, Diagnostics: st.Diagnostics, Unchanged: true}, true
}

// storedStamp reads the stamp of the store file: a regular file only, and
// its header only.
func (b *Builder) storedStamp() (buildStamp, error) {
	f, err := treefile.OpenRegular(filepath.Join(b.cacheDir, storeFile))
	if err != nil {
		return buildStamp{}, err
	}
	defer f.Close()
	return readStamp(bufio.NewReader(io.LimitReader(f, maxStampBytes)))
}

// stampOf is the stamp of a full build of the tree of digest tree, under
// the output folders as the build, committed to out, left them; none (""
// key, which matches nothing) for a quick build, a tree that cannot be
// stamped, or a build that found the published manifest untrusted ("" tree).
func (b *Builder) stampOf(tree string, sum Summary, out *output.Store) buildStamp {
	st := buildStamp{Puzzles: sum.Puzzles, Pages: sum.Pages, Warnings: sum.Warnings, Skips: sum.Skips, Diagnostics: sum.Diagnostics}
	if tree != "" {
		st.Folders = out.StampFolders()
		st.Key = b.stampKey(tree, b.foldersState(st.Folders))
	}
	return st
}
