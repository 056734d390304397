// Package formats reads and writes nonogram puzzle files: Steve Simpson's and
// mikix's .non (with the Nonny colour dialect), .nonpack bundles (plain, gzip
// or zlib), webpbn XML, Jakub Wilk's .nin and Mirek Olšák's .g; it writes
// .non, .nonpack, XML and .g. Triddlers are read from XML and .g and written
// to them. webpbn's blotted clues (a hidden length) are read and written in
// XML only, where webpbn marks them as a count of 0; blot.go records where
// that markup was found and where it was looked for, and the writers of the
// other formats refuse a blotted puzzle.
//
// Readers never panic on input and never use unbounded memory: files are
// capped at MaxFileSize (also after decompression), sides at puzzle.MaxSide
// and clue lines at puzzle.MaxSide blocks. Every error names the file and,
// where there is one, the line.
//
// Messages (here, and in puzzle and validate, which word the rest) are
// written for an author who has never seen the code, one word for one
// thing:
//
//   - "line N" is a line of the file, nothing else. A row or column of the
//     puzzle is "row 3", "column 3" (a triddler's, "top clue 3"), never a
//     line; "solving line by line" names the way of solving.
//   - A "clue" is the numbers of one row or column ("the clue of row 3 is
//     2,1"), a "clue line" the line of the file that holds one, a "block"
//     one number of a clue.
//   - A "header" starts a block of clues ("rows", a .g ':' line, <clues>);
//     "heading" is only a Markdown heading of a note.
//   - "colour" in prose; "color" only as written in a file (color r #d62828,
//     color=). The "goal" is the picture the author meant.
//   - A hint says what to do, with an editing verb ("set height 4 at line
//     3", "change its clue to 1,3", "remove it") or "did you mean X?", and
//     names the line rather than "there". It reads in one breath: no chain
//     of colons ("the goal points at line 10: row 1: clue is 2,1 ...").
package formats

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// MaxFileSize is the largest file (or decompressed bundle) the readers accept.
const MaxFileSize = 64 << 20

// maxPuzzlesPerFile bounds the puzzles one file may hold.
const maxPuzzlesPerFile = 100000

// maxExtra is the most Meta.Extra properties a puzzle keeps; the rest of an
// absurd file's unknown keys are dropped.
const maxExtra = 1000

// maxColors is the most palette entries a puzzle may have, background
// included: palette indices are stored in a byte.
const maxColors = 256

// format names, as stored in puzzle.Origin.Format.
const (
	formatNon     = "non"
	formatNonpack = "nonpack"
	formatXML     = "xml"
	formatNin     = "nin"
	formatOlsak   = "g"
)

// extensions maps a lower-case file extension to its format. Compressed
// bundles are recognised by the double extensions in compressedExtensions.
var extensions = map[string]string{
	".non":     formatNon,
	".nonpack": formatNonpack,
	".xml":     formatXML,
	".pbn":     formatXML,
	".nin":     formatNin,
	".g":       formatOlsak,
}

var compressedExtensions = []string{".nonpack.gz", ".nonopack.gz"}

// Known reports whether path has an extension Read understands.
func Known(path string) bool {
	_, ok := formatOf(path)
	return ok
}

// FormatOf returns the format path's extension names, as Read takes it
// ("non", "nonpack", "xml", "nin" or "g"; "nonpack" for a compressed
// bundle), and whether it names one.
func FormatOf(path string) (string, bool) { return formatOf(path) }

// formatOf returns the format named by path's extension and whether the
// extension is one Read knows. Compressed bundles report formatNonpack.
func formatOf(path string) (string, bool) {
	lower := strings.ToLower(filepath.Base(path))
	for _, ext := range compressedExtensions {
		if strings.HasSuffix(lower, ext) && len(lower) > len(ext) {
			return formatNonpack, true
		}
	}
	ext := filepath.Ext(lower)
	if ext == lower { // a dot file such as ".non" has no extension
		return "", false
	}
	f, ok := extensions[ext]
	return f, ok
}

// ReadFile reads path (refusing files beyond MaxFileSize) and calls Read.
func ReadFile(path string) ([]*puzzle.Puzzle, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &ParseError{File: path, Err: err}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, &ParseError{File: path, Err: err}
	}
	if len(data) > MaxFileSize {
		return nil, &ParseError{File: path, Err: fmt.Errorf("%w: more than %d bytes", ErrTooBig, MaxFileSize)}
	}
	return Read(path, data)
}

// reader parses one format. It returns the puzzles it could read, with
// Origin.Line and Origin.Index (the puzzle's position in the file, counting
// those that failed) set, and the errors (*ParseError) of those it could not.
type reader func(file string, data []byte) ([]*puzzle.Puzzle, []error)

// Read parses every puzzle in data; name is the file's path (used in errors
// and Origin, and its extension picks the format: .non .nonpack .nonpack.gz
// .nonopack.gz .xml .pbn .nin .g; .png and .gif pictures are goal-only
// puzzles, see IsImage; unknown extension → sniff content).
// Good puzzles are returned even when others in the same file fail; err then
// lists the failures (errors.Join of *ParseError). A file that cannot be read
// at all returns nil puzzles and a *ParseError.
// Each puzzle's Origin (File, Line of its start, Index in the file, Format,
// and where the format tells, Places) is set, its warnings carry the file,
// and every palette colour has a name: the file's, or the nearest
// well-known one (puzzle.NameColors).
func Read(name string, data []byte) (ps []*puzzle.Puzzle, err error) {
	defer func() {
		// A reader bug must not take the caller down; the fuzz tests look
		// for this message.
		if r := recover(); r != nil {
			ps, err = nil, &ParseError{File: name, Err: fmt.Errorf("internal error reading this file: %v", r)}
		}
	}()
	if len(data) > MaxFileSize {
		return nil, &ParseError{File: name, Err: fmt.Errorf("%w: more than %d bytes", ErrTooBig, MaxFileSize)}
	}
	if IsImage(name) {
		p, err := readImage(name, data)
		if err != nil {
			return nil, err
		}
		p.Origin = puzzle.Origin{File: name, Format: "image"}
		puzzle.NameColors(p.Palette)
		return []*puzzle.Puzzle{p}, nil
	}
	format, ok := formatOf(name)
	// Only bundles and files of unknown type are sniffed for compression: a
	// text file may happen to start with bytes that look like a zlib header.
	if (!ok || format == formatNonpack) && isCompressed(data) {
		plain, err := decompress(data)
		if err != nil {
			return nil, &ParseError{File: name, Err: err}
		}
		data = plain
	}
	data, err = toUTF8(data)
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	data = crLineEnds(data)
	if !ok {
		format = sniff(data)
		if format == "" {
			return nil, &ParseError{File: name, Err: ErrUnknownFormat}
		}
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	// A file declared Latin-1 that is valid UTF-8 was mislabelled: real
	// Latin-1 text with accents is almost never valid UTF-8.
	if format == formatXML && latin1Declared(data) && !utf8.Valid(data) {
		data = latin1ToUTF8(data)
	}
	data, badLines, badTotal := sanitizeUTF8(data)

	var read reader
	switch format {
	case formatNon, formatNonpack:
		read = readNonpack
	case formatXML:
		read = readXML
	case formatNin:
		read = readNin
	case formatOlsak:
		read = readOlsak
	}
	ps, errs := read(name, data)
	if format == formatNon && len(ps) > 1 {
		format = formatNonpack
	}
	for _, p := range ps {
		p.Origin.File = name
		p.Origin.Format = format
		ownTexts(p)
		licenseFromCopyright(&p.Meta)
		licenseFromCopyright(p.Origin.Set)
		puzzle.NameColors(p.Palette)
	}
	attachUTF8Warnings(ps, badLines, badTotal)
	for _, p := range ps {
		for i := range p.Warnings {
			p.Warnings[i].File, p.Warnings[i].Severity = name, diag.Warning
		}
	}
	if len(ps) == 0 && len(errs) > 0 {
		// A byte replaced may be the cause: "\uFFFD" is no block length.
		errs = withWarningsNear(name, errs, utf8Warnings(badLines, badTotal))
		if len(errs) == 1 {
			return nil, errs[0]
		}
	}
	if len(ps) == 0 && len(errs) == 0 {
		if len(bytes.TrimSpace(data)) == 0 {
			return nil, &ParseError{File: name, Err: errors.New("empty file: no puzzle in it")}
		}
		return nil, &ParseError{File: name, Err: errors.New("no puzzle in file")}
	}
	return ps, errors.Join(errs...)
}

// ownTexts gives a puzzle's texts storage of their own. Readers slice them
// out of the whole file's text, which a puzzle kept after reading (or a
// title kept from it) would otherwise keep alive: a whole bundle for each.
func ownTexts(p *puzzle.Puzzle) {
	m := &p.Meta
	for _, s := range []*string{&m.Title, &m.Author, &m.Copyright, &m.License, &m.Catalogue, &m.ID, &m.Description} {
		*s = strings.Clone(*s)
	}
	for i := range m.Extra {
		m.Extra[i].Key, m.Extra[i].Value = strings.Clone(m.Extra[i].Key), strings.Clone(m.Extra[i].Value)
	}
	for i := range p.Palette {
		p.Palette[i].Name = strings.Clone(p.Palette[i].Name)
	}
	if set := p.Origin.Set; set != nil {
		for _, s := range []*string{&set.Title, &set.Author, &set.Copyright, &set.License, &set.Catalogue} {
			*s = strings.Clone(*s)
		}
	}
}

// sniff guesses the format of data whose extension told nothing. It returns
// "" when the content matches no format.
func sniff(data []byte) string {
	text := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(text) == 0 {
		return ""
	}
	if text[0] == '<' {
		return formatXML
	}
	first, _, _ := bytes.Cut(text, []byte("\n"))
	if f := strings.Fields(string(first)); len(f) == 2 && isDigits(f[0]) && isDigits(f[1]) {
		return formatNin
	}
	for _, line := range strings.SplitN(string(text), "\n", 200) {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "#d"), strings.HasPrefix(line, "#t"), strings.HasPrefix(line, ": "):
			return formatOlsak
		case line == "rows", line == "columns", strings.HasPrefix(line, "width "), strings.HasPrefix(line, "height "):
			return formatNon
		}
	}
	return ""
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// maxWarnings bounds the warnings of one kind a file gets; beyond it one
// more warning says how many were left out.
const maxWarnings = 100

// badText is a line of a file where invalid UTF-8 was replaced: the
// column of its first invalid byte, and the word holding that byte as
// Windows-1252 reads it ("" when it does not read so).
type badText struct {
	line, col int
	word      string
}

// sanitizeUTF8 replaces each invalid UTF-8 sequence of data with U+FFFD and
// returns the first maxWarnings lines where it did so, and how many such
// lines there are in all.
func sanitizeUTF8(data []byte) ([]byte, []badText, int) {
	if utf8.Valid(data) {
		return data, nil, 0
	}
	total := 0
	var out bytes.Buffer
	out.Grow(len(data) + 16)
	var lines []badText
	line, lastBad, lineStart := 1, 0, 0
	for pos := 0; pos < len(data); {
		r, size := utf8.DecodeRune(data[pos:])
		if r == utf8.RuneError && size <= 1 {
			out.WriteRune(utf8.RuneError)
			if total == 0 || lastBad != line {
				total, lastBad = total+1, line
				if len(lines) < maxWarnings {
					lines = append(lines, badText{line: line, col: utf8.RuneCount(data[lineStart:pos]) + 1, word: cp1252Word(data, pos)})
				}
			}
		} else {
			if r == '\n' {
				line, lineStart = line+1, pos+1
			}
			out.Write(data[pos : pos+size])
		}
		pos += size
	}
	return out.Bytes(), lines, total
}

// attachUTF8Warnings adds the warnings of the bad lines (utf8Warnings) to
// the puzzle each belongs to: the last puzzle starting at or before it (or
// the first puzzle); the one of the bad lines beyond those listed to the
// first.
func attachUTF8Warnings(ps []*puzzle.Puzzle, lines []badText, total int) {
	if len(ps) == 0 {
		return
	}
	for _, w := range utf8Warnings(lines, total) {
		i := sort.Search(len(ps), func(i int) bool { return ps[i].Origin.Line > w.Line }) - 1
		if i < 0 || w.Line == 0 {
			i = 0
		}
		ps[i].Warnings = append(ps[i].Warnings, w)
	}
}

// utf8Warnings returns a warning for each of the lines where invalid UTF-8
// was replaced, and one of the lines beyond them when total is more.
func utf8Warnings(lines []badText, total int) []puzzle.Diagnostic {
	var out []puzzle.Diagnostic
	for _, l := range lines {
		hint := "save the file as UTF-8"
		if l.word != "" {
			hint += fmt.Sprintf(": it seems written in Windows-1252, where this reads %q", l.word)
		}
		out = append(out, puzzle.Diagnostic{Line: l.line, Col: l.col, Message: "invalid UTF-8 replaced with U+FFFD", Hint: hint})
	}
	if total > len(lines) {
		out = append(out, puzzle.Diagnostic{
			Message: fmt.Sprintf("invalid UTF-8 on %d more lines of the file, replaced with U+FFFD", total-len(lines)), Hint: "save the file as UTF-8"})
	}
	return out
}
