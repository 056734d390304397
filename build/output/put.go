package output

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/tdewolff/minify/v2"
)

// The put path: a page or file made by the build goes through here alone,
// from its bytes to the back buffer: minified by its extension (Put), hashed,
// compared with what the back buffer (or, for a fresh one, the published
// folder) already holds, and written only if new.

// hashOf is the manifest's hash of a file's bytes.
func hashOf(data []byte) string {
	sum := sha256.Sum256(data)
	return manifestHash(sum[:])
}

// hashRead is hashOf for the bytes read from r, which are not held.
func hashRead(r io.Reader) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", err
	}
	return manifestHash(h.Sum(nil)), nil
}

// manifestHash words a SHA-256 sum as a manifest does: its first half, in hex.
func manifestHash(sum []byte) string {
	return hex.EncodeToString(sum[:16])
}

// Put makes rel (a slash-separated path from the site root) hold data,
// minified by its extension, writing the file only if its bytes differ. It
// returns the hash of the bytes.
func (s *Store) Put(rel string, data []byte) (string, error) {
	data, err := s.minify.Bytes(rel, data)
	if err != nil {
		return "", fmt.Errorf("minify %s: %w", rel, err)
	}
	return s.PutExact(rel, data)
}

// PutExact is Put for bytes that are final already (minified by their
// maker, as render's SVGs are): they are written as they are.
func (s *Store) PutExact(rel string, data []byte) (string, error) {
	h := hashOf(data)
	s.mu.Lock()
	if _, dup := s.written[rel]; dup {
		s.mu.Unlock()
		return "", fmt.Errorf("two pages would be written to %s", rel)
	}
	s.written[rel] = h
	old, inBack := s.backHashes[rel]
	known := inBack && old == h
	if !known && s.fresh && s.frontHashes[rel] == h {
		s.deferLink(rel)
		known = true
	}
	s.mu.Unlock()
	if known {
		return h, nil
	}
	dst := filepath.Join(s.back, filepath.FromSlash(rel))
	if !s.backClean {
		// Unknown content (an interrupted build): compare the bytes.
		if old, err := readOutput(dst); err == nil && bytes.Equal(old, data) {
			return h, nil
		}
	}
	if err := s.dirtyMarked(); err != nil {
		return "", err
	}
	// In a clean back buffer, a file not in the manifest does not exist.
	err := writeBack(dst, data, inBack || !s.backClean)
	if errors.Is(err, syscall.ENOTDIR) && s.clearWay(rel) {
		err = writeBack(dst, data, inBack || !s.backClean)
	}
	return h, err
}

// clearWay removes from the back buffer a file (or a symbolic link) that
// stands where a folder of rel must be: a user's file the old site held,
// swapped out with it (kept in the published folder too, a hard link of
// the same file), never one this build put or a manifest of either folder
// lists. It reports whether it removed one. Through a Root, as every
// removal from the back buffer.
func (s *Store) clearWay(rel string) bool {
	root, err := os.OpenRoot(s.back)
	if err != nil {
		return false
	}
	defer root.Close()
	parts := strings.Split(rel, "/")
	for i := 1; i < len(parts); i++ {
		d := strings.Join(parts[:i], "/")
		info, err := root.Lstat(filepath.FromSlash(d))
		if err != nil {
			return false
		}
		if info.IsDir() {
			continue
		}
		s.mu.Lock()
		_, put := s.written[d]
		_, inBack := s.backHashes[d]
		s.mu.Unlock()
		if _, inFront := s.frontHashes[d]; put || inBack || inFront {
			return false
		}
		return root.Remove(filepath.FromSlash(d)) == nil
	}
	return false
}

// markDirty marks the back buffer dirty, in the background: the marker is
// synced to disk before it replaces the clean one, which costs a build
// milliseconds it can spend making its first pages meanwhile. Every change
// to the back buffer waits for it first (dirtyMarked), so that a crash never
// leaves a changed back buffer whose marker says clean.
func (s *Store) markDirty() {
	s.dirty = make(chan struct{})
	go func() {
		defer close(s.dirty)
		s.dirtyErr = writeMarker(s.back, markerDirty, nil)
	}()
}

// dirtyMarked waits until the back buffer is marked dirty; an error means
// it could not be, and must not be changed.
func (s *Store) dirtyMarked() error {
	<-s.dirty
	return s.dirtyErr
}

// deferLink records that back needs front's copy of rel, which this build
// found unchanged. The caller holds s.mu.
func (s *Store) deferLink(rel string) {
	if s.pending == nil {
		s.pending = map[string]bool{}
	}
	s.pending[rel] = true
}

// Bytes minifies data if its name's extension is one minify knows; other
// files (PDF, puzzle files, XML) pass through unchanged.
func (m *Minifier) Bytes(name string, data []byte) ([]byte, error) {
	mt, ok := mediaTypes[strings.ToLower(path.Ext(name))]
	if !ok || (mt == "text/html" && tooManyEntities(data)) {
		return data, nil
	}
	// The minifier's lexers may write into their input: give them a copy, so
	// the caller's bytes (an embedded asset reused by the next build) stay intact.
	return m.m.Bytes(mt, append([]byte(nil), data...))
}

// AppendOwned appends data, minified as Bytes does, to dst and returns the
// extended slice. data is given up: the minifier's lexers may write into
// it, so the caller uses it no more (a page just rendered into a buffer the
// caller reuses). A caller that keeps dst between pages minifies without
// allocating its input's copy and its output each time.
func (m *Minifier) AppendOwned(dst []byte, name string, data []byte) ([]byte, error) {
	mt, ok := mediaTypes[strings.ToLower(path.Ext(name))]
	if !ok || (mt == "text/html" && tooManyEntities(data)) {
		return append(dst, data...), nil
	}
	out := bytes.NewBuffer(dst)
	if err := m.m.Minify(mt, out, bytes.NewBuffer(data)); err != nil {
		return dst, err
	}
	return out.Bytes(), nil
}

// DataURI returns a data: URL as the HTML minifier writes it in a link
// (before quoting it): the same minifier's work on the same URL, for a
// page that leaves the link out of its minifying (site.DataSlot). url is
// given up; what DataURI returns is its own.
func (m *Minifier) DataURI(url []byte) []byte {
	out := minify.DataURI(m.m, url)
	if len(out) > 0 && len(url) > 0 && &out[0] == &url[0] {
		return bytes.Clone(out) // an URL it could not parse, as it was
	}
	return out
}

// maxEntityWork bounds the HTML minifier's work on character references.
// tdewolff/minify's HTML minifier rewrites each reference (&amp;, &#38;...)
// by moving the rest of the page, so its time grows with the number of
// references times the page's size: a 400 KB title of "&" (each escaped as
// &amp; by the template) took minutes. A page beyond this product is
// published as the template wrote it, unminified: the same document, a few
// bytes larger. At the measured 0.3 ns per byte moved, the bound is about
// 40 ms of work; an ordinary page (30 KB) may hold 4,000 references.
const maxEntityWork = 1 << 27

// tooManyEntities reports whether minifying an HTML page would cost more
// than maxEntityWork: its count of '&' times its length.
func tooManyEntities(page []byte) bool {
	n := bytes.Count(page, []byte("&"))
	return n > 0 && int64(n)*int64(len(page)) > maxEntityWork
}

// writeBack writes a file of the back buffer. The back buffer is never
// served and is marked dirty while it is written, so a file there may be
// written in place, and a half-written one is found and rewritten by the next
// build; but never through a hard link it shares with the published folder:
// the old name is unlinked first.
func writeBack(path string, data []byte, mayExist bool) error {
	if mayExist {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("write output: %w", err)
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	}
	if errors.Is(err, fs.ErrExist) {
		// A user's file kept in place (foreign.go) where this build now
		// writes: the published folder still holds the user's copy.
		if err := os.Remove(path); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	}
	if err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}
