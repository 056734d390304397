package formats

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// packDivider separates the puzzles of a .nonpack bundle, on a line by itself.
const packDivider = "===="

// isCompressed reports whether data starts with a gzip or zlib header.
func isCompressed(data []byte) bool {
	return isGzip(data) || isZlib(data)
}

func isGzip(data []byte) bool { return len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b }

// isZlib checks the two-byte zlib header: deflate method, a window of at most
// 32 KiB, no preset dictionary, and the check bits that make the header a
// multiple of 31.
func isZlib(data []byte) bool {
	if len(data) < 2 {
		return false
	}
	cmf, flg := data[0], data[1]
	return cmf&0x0f == 8 && cmf>>4 <= 7 && flg&0x20 == 0 && (uint16(cmf)<<8|uint16(flg))%31 == 0
}

// CompressFor returns data compressed as path's name asks: with gzip for
// a .nonpack.gz, with zlib for a .nonopack.gz (as mikix's format suggests),
// else data itself.
func CompressFor(path string, data []byte) []byte {
	lower := strings.ToLower(path)
	var buf bytes.Buffer
	var w io.WriteCloser
	switch {
	case strings.HasSuffix(lower, ".nonpack.gz"):
		w = gzip.NewWriter(&buf)
	case strings.HasSuffix(lower, ".nonopack.gz"):
		w = zlib.NewWriter(&buf)
	default:
		return data
	}
	w.Write(data) // writes to a bytes.Buffer never fail
	w.Close()
	return buf.Bytes()
}

// decompress inflates a gzip or zlib stream (gzip: one member or several
// concatenated), refusing more than MaxFileSize bytes of output, bytes after
// the stream other than zero padding, and data compressed twice, each with a
// message that says so.
func decompress(data []byte) ([]byte, error) {
	var out []byte
	var err error
	format := "gzip"
	if isGzip(data) {
		out, err = gunzip(data)
	} else {
		format = "zlib"
		out, err = inflateZlib(data)
	}
	if err != nil {
		return nil, err
	}
	if isGzip(out) {
		return nil, fmt.Errorf("decompressing: compressed twice: the %s stream holds a gzip stream; decompress it once first", format)
	}
	return out, nil
}

// gunzip inflates every gzip member of data in turn.
func gunzip(data []byte) ([]byte, error) {
	in := bytes.NewReader(data) // an io.ByteReader: the inflater reads no further than each member
	var out bytes.Buffer
	for member := 0; ; member++ {
		zr, err := gzip.NewReader(in)
		if err != nil {
			return nil, fmt.Errorf("decompressing: gzip member %d: %w", member+1, err)
		}
		zr.Multistream(false)
		if err := inflateInto(&out, zr); err != nil {
			return nil, err
		}
		rest := data[len(data)-in.Len():]
		if len(rest) == 0 || allZero(rest) {
			return out.Bytes(), nil
		}
		if !isGzip(rest) {
			return nil, fmt.Errorf("decompressing: %d bytes of trailing garbage after the gzip stream", len(rest))
		}
	}
}

// inflateZlib inflates a zlib stream and refuses bytes after it.
func inflateZlib(data []byte) ([]byte, error) {
	in := bytes.NewReader(data)
	zr, err := zlib.NewReader(in)
	if err != nil {
		return nil, fmt.Errorf("decompressing: %w", err)
	}
	var out bytes.Buffer
	if err := inflateInto(&out, zr); err != nil {
		return nil, err
	}
	if n := in.Len(); n > 0 && !allZero(data[len(data)-n:]) {
		return nil, fmt.Errorf("decompressing: %d bytes of trailing garbage after the zlib stream", n)
	}
	return out.Bytes(), nil
}

// inflateInto appends what r inflates to out, keeping out within MaxFileSize.
func inflateInto(out *bytes.Buffer, r io.ReadCloser) error {
	defer r.Close()
	room := int64(MaxFileSize - out.Len())
	n, err := io.Copy(out, io.LimitReader(r, room+1))
	if err != nil {
		return fmt.Errorf("decompressing: %w", err)
	}
	if n > room {
		return fmt.Errorf("%w: more than %d bytes once decompressed", ErrTooBig, MaxFileSize)
	}
	return nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// readNonpack reads a bundle of .non puzzles separated by "====" lines (a
// plain .non file is a bundle of one). A first section of keys alone (a
// title, author, license, no size or clues) is the bundle's own metadata:
// it becomes each puzzle's Origin.Set, and gives them the author,
// copyright, license and catalogue they lack. Sections holding nothing but blank
// lines are skipped; after maxPuzzlesPerFile sections the rest is refused.
func readNonpack(file string, data []byte) ([]*puzzle.Puzzle, []error) {
	text := string(data)
	var ps []*puzzle.Puzzle
	var errs []error
	var set *puzzle.Meta // the leading block of shared keys, if any
	var setTypos []diag.Diagnostic
	sc := newLineScanner(text, 1)
	startPos, startLine, blank := 0, 1, true
	flush := func(endPos int) bool {
		if !blank {
			if len(ps)+len(errs) >= maxPuzzlesPerFile {
				errs = append(errs, errAt(file, startLine, "more than %d puzzles in one file: the rest is not read", maxPuzzlesPerFile))
				return false
			}
			if len(ps)+len(errs) == 0 && set == nil && metaOnly(text[startPos:endPos]) {
				set, setTypos = readSetMeta(file, text[startPos:endPos], startLine)
				return true
			}
			p, err := readNon(file, text[startPos:endPos], startLine)
			if err != nil {
				errs = append(errs, err)
			} else {
				p.Origin.Index = len(ps) + len(errs)
				ps = append(ps, p)
			}
		}
		return true
	}
	for {
		linePos := sc.pos
		l, ok := sc.next()
		if !ok {
			break
		}
		if strings.TrimSpace(l.text) == packDivider {
			if !flush(linePos) {
				return ps, errs
			}
			startPos, startLine, blank = sc.pos, sc.n, true
			continue
		}
		blank = blank && l.blank()
	}
	flush(len(text))
	if len(ps) > 0 {
		// The set's misspelt keys are told once, with its first puzzle.
		ps[0].Warnings = append(setTypos, ps[0].Warnings...)
	}
	if set != nil {
		for _, p := range ps {
			p.Origin.Set = set
			inheritSetMeta(&p.Meta, set)
		}
	}
	if set != nil && len(ps)+len(errs) == 0 {
		// Keys such as a title and nothing else: a puzzle cut off after
		// them, most likely.
		e := errAt(file, lastNonBlank(text, 1), "no puzzle in file: it ends at this line with keys but no width, height or clues")
		e.Hint = "a puzzle needs width, height, rows and columns: if the file was cut short, restore its end"
		errs = append(errs, e)
	}
	return ps, errs
}

// puzzleKeys are the .non keys that make a section a puzzle rather than a
// bundle's block of shared metadata.
var puzzleKeys = map[string]bool{"width": true, "height": true, "rows": true, "columns": true, "goal": true,
	"color": true, "colour": true, "maxrule": true}

// metaOnly reports whether a section of a bundle holds keys but no puzzle:
// no size, clue block, goal or colour, and no line starting with a number.
func metaOnly(text string) bool {
	sc := newLineScanner(text, 1)
	keys := 0
	for {
		l, ok := sc.next()
		if !ok {
			return keys > 0
		}
		key, _ := splitKey(l.text)
		if key == "" {
			continue
		}
		if i := strings.IndexAny(key, ":="); i > 0 {
			key = key[:i] // "title:", "by=Ann": a key as keySeparator reads it
		}
		if !isWord(key) || puzzleKeys[strings.ToLower(key)] {
			return false
		}
		keys++
	}
}

// readSetMeta reads a bundle's leading block of shared keys, with a
// warning for each unknown key that looks like a known one, and for each
// key or value written as a puzzle's would get one (keySeparator,
// closedValue; at most maxWarnings of each, as in a puzzle).
func readSetMeta(file, text string, first int) (*puzzle.Meta, []diag.Diagnostic) {
	np := &nonParser{file: file, p: &puzzle.Puzzle{}}
	sc := newLineScanner(text, first)
	for {
		l, ok := sc.next()
		if !ok {
			warnings := np.p.Warnings
			for _, t := range np.typos {
				warnings = append(warnings, t.warning(file))
			}
			sort.SliceStable(warnings, func(i, j int) bool { return warnings[i].Line < warnings[j].Line })
			return &np.p.Meta, warnings
		}
		if key, rest := splitKey(l.text); key != "" {
			key, rest = np.keySeparator(l, key, rest)
			rest = np.closedValue(l, strings.ToLower(key), rest)
			if !np.property(strings.TrimSuffix(key, ":"), decodeValue(rest), l.n) {
				np.unknownKey(l, key)
			}
		}
	}
}

// inheritSetMeta gives a puzzle the set's author, copyright, license and
// catalogue where it has none of its own; the set's title names the set,
// not its puzzles.
func inheritSetMeta(m *puzzle.Meta, set *puzzle.Meta) {
	for _, f := range []struct{ own, shared *string }{
		{&m.Author, &set.Author}, {&m.Copyright, &set.Copyright}, {&m.License, &set.License}, {&m.Catalogue, &set.Catalogue},
	} {
		if *f.own == "" {
			*f.own = *f.shared
		}
	}
}
