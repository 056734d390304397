package build

import (
	"context"
	"sync"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
)

// parsedSource is a puzzle file's bytes and what formats.Read made of
// them.
type parsedSource struct {
	data    []byte
	puzzles []*puzzle.Puzzle
	err     error // formats.Read's
}

// parsedSources keeps the files the title pass (nameFiles) read and parsed,
// by path, until their publish step takes them: so a cold build reads and
// parses each puzzle file once.
type parsedSources struct {
	mu sync.Mutex
	m  map[string]parsedSource
}

// keep keeps src, the file at path as read now.
func (s *parsedSources) keep(path string, src parsedSource) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]parsedSource{}
	}
	s.m[path] = src
}

// take returns the file at path as kept, and forgets it; ok is false when
// none was kept.
func (s *parsedSources) take(path string) (src parsedSource, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	src, ok = s.m[path]
	delete(s.m, path)
	return src, ok
}

// reset forgets every file kept (a file whose note is broken is not
// published).
func (s *parsedSources) reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m = nil
}

// readParsed reads and parses a puzzle file; ok is false for a picture
// (its note titles it) or a file that cannot be read (its publishing
// reports why).
func readParsed(ctx context.Context, f *content.PuzzleFile) (src parsedSource, ok bool) {
	if !formats.Known(f.Abs) {
		return src, false
	}
	data, err := readSource(ctx, f.Abs, formats.MaxFileSize)
	if err != nil {
		return src, false
	}
	src.data = data
	src.puzzles, src.err = formats.Read(f.Abs, data)
	return src, true
}
