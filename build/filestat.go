package build

import (
	"bytes"
	"context"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nonopress/nonopress/formats"
)

// A warm build reads every puzzle file and note only to hash them for the
// file memo's keys. The memo also keeps, per file, what its metadata was
// when it was hashed (size, modification and change times, inode), and a
// file whose metadata has not changed is not read again. A file modified
// within the file system's timestamp granularity of the time it was hashed
// could keep its metadata with new bytes, so a file changed less than
// racyWindow before it was hashed is not remembered (git's "racy clean"
// problem, solved the same way).
const racyWindow = 2 * time.Second

// fileStat is a file's metadata and the digest of its bytes.
type fileStat struct {
	Size, ModNs, ChangeNs int64
	Inode                 uint64
	Hash                  string
	Blank                 bool // only white space
}

// fileStats remembers file digests by path, safe for concurrent use.
type fileStats struct {
	window   time.Duration // racyWindow; tests shorten it
	reads    atomic.Int64  // files read, for tests
	mu       sync.Mutex
	old, now map[string]fileStat
}

// digest returns the hash of a file's bytes and whether it is blank, reading
// it only when its metadata differs from what was remembered.
func (s *fileStats) digest(path string) (hash string, blank bool, err error) {
	info, err := os.Stat(path)
	if err != nil {
		return "", false, err
	}
	st := fileStat{Size: info.Size(), ModNs: info.ModTime().UnixNano()}
	st.Inode, st.ChangeNs = inodeAndChange(info)
	s.mu.Lock()
	old, ok := s.old[path]
	s.mu.Unlock()
	if ok && old.Size == st.Size && old.ModNs == st.ModNs && old.ChangeNs == st.ChangeNs && old.Inode == st.Inode {
		s.keep(path, old)
		return old.Hash, old.Blank, nil
	}
	data, err := readSource(context.Background(), path, formats.MaxFileSize)
	if err != nil {
		return "", false, err
	}
	s.reads.Add(1)
	st.Hash, st.Blank = fileHashOf(data), len(bytes.TrimSpace(data)) == 0
	newest := max(st.ModNs, st.ChangeNs)
	if int64(len(data)) == st.Size && time.Since(time.Unix(0, newest)) > s.window {
		s.keep(path, st)
	}
	return st.Hash, st.Blank, nil
}

func (s *fileStats) keep(path string, st fileStat) {
	s.mu.Lock()
	if s.now == nil {
		s.now = map[string]fileStat{}
	}
	s.now[path] = st
	s.mu.Unlock()
}
