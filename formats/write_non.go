package formats

import (
	"bufio"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// nonReservedKeys are the .non keys with a meaning of their own: an Extra
// property with one of these names cannot be written as a .non key.
var nonReservedKeys = map[string]bool{
	"width": true, "height": true, "rows": true, "columns": true, "goal": true, "color": true, "colour": true,
	"maxrule": true, "title": true, "by": true, "author": true, "copyright": true, "license": true, "licence": true,
	"catalogue": true, "catalog": true, "id": true, "description": true,
}

// WriteNon writes p in mikix's .non format: metadata as quoted strings
// (with '&', '"' and control characters as HTML character references; the
// license bare when it is an SPDX-style identifier), width and height,
// `color` keys when the puzzle is not plain black on white, the rows and
// columns (an empty line as "0") and the goal. Extra properties are written
// as keys of their own unless their name is not a word or is a .non key.
// Triddlers cannot be written: .non has no way to say them.
func WriteNon(w io.Writer, p *puzzle.Puzzle) error {
	bw := bufio.NewWriter(w)
	if err := writeNon(bw, p); err != nil {
		return err
	}
	return bw.Flush()
}

// WriteNonpack writes puzzles as one .nonpack bundle, separated by "====".
// When they all came from one set (the same Origin.Set), the set's own
// metadata is written first, as a block of keys alone.
func WriteNonpack(w io.Writer, ps []*puzzle.Puzzle) error {
	bw := bufio.NewWriter(w)
	if set := sharedSet(ps); set != nil {
		writeNonMeta(bw, *set)
		bw.WriteString(packDivider + "\n")
	}
	for i, p := range ps {
		if i > 0 {
			bw.WriteString(packDivider + "\n")
		}
		if err := writeNon(bw, p); err != nil {
			return &WriteError{Index: i, Err: err}
		}
	}
	return bw.Flush()
}

// writeNon writes one puzzle; write errors are reported by the caller's
// Flush, as bufio.Writer keeps the first one.
func writeNon(bw *bufio.Writer, p *puzzle.Puzzle) error {
	if p.Kind == puzzle.Triddler {
		return fmt.Errorf("a triddler cannot be written as .non: %w (write XML or Olšák's .g, which hold triangles)", ErrUnsupported)
	}
	chars, err := nonChars(p)
	if err != nil {
		return err
	}
	writeNonMeta(bw, p.Meta)
	fmt.Fprintf(bw, "width %d\nheight %d\n", p.Width, p.Height)
	return writeNonBody(bw, p, chars)
}

// writeNonMeta writes metadata keys: quoted strings, the license bare when
// it is an SPDX-style identifier, and the Extra properties that can be keys.
func writeNonMeta(bw *bufio.Writer, m puzzle.Meta) {
	quoted := func(key, v string) {
		if v != "" {
			fmt.Fprintf(bw, "%s \"%s\"\n", key, escapeNonValue(v))
		}
	}
	quoted("catalogue", m.Catalogue)
	quoted("title", m.Title)
	quoted("by", m.Author)
	quoted("copyright", m.Copyright)
	if isSPDXLike(m.License) {
		fmt.Fprintf(bw, "license %s\n", m.License)
	} else {
		quoted("license", m.License)
	}
	quoted("id", m.ID)
	quoted("description", m.Description)
	for _, x := range m.Extra {
		if isWord(x.Key) && !nonReservedKeys[strings.ToLower(x.Key)] {
			fmt.Fprintf(bw, "%s \"%s\"\n", x.Key, escapeNonValue(x.Value))
		}
	}
}

// sharedSet returns the set metadata every puzzle of ps came with, or nil.
func sharedSet(ps []*puzzle.Puzzle) *puzzle.Meta {
	if len(ps) == 0 || ps[0].Origin.Set == nil {
		return nil
	}
	for _, p := range ps[1:] {
		if p.Origin.Set == nil || !reflect.DeepEqual(*p.Origin.Set, *ps[0].Origin.Set) {
			return nil
		}
	}
	return ps[0].Origin.Set
}

// writeNonBody writes the colours, the clue blocks and the goal.
func writeNonBody(bw *bufio.Writer, p *puzzle.Puzzle, chars []rune) error {
	writeNonColors(bw, p.Palette, chars)
	for _, block := range []struct {
		name  string
		lines []puzzle.Line
	}{{"rows", p.Rows}, {"columns", p.Cols}} {
		fmt.Fprintf(bw, "\n%s\n", block.name)
		for _, l := range block.lines {
			if err := writeNonLine(bw, l, chars, len(p.Palette)); err != nil {
				return err
			}
		}
	}
	if p.Goal != nil {
		bw.WriteString("\ngoal \"")
		for _, c := range p.Goal.Cells {
			switch {
			case c == puzzle.Background:
				bw.WriteByte('0')
			case int(c) >= len(p.Palette):
				return fmt.Errorf("goal cell of colour %d, which is not in the palette", c)
			case chars == nil:
				bw.WriteByte('1')
			default:
				bw.WriteRune(chars[c])
			}
		}
		bw.WriteString("\"\n")
	}
	return nil
}

// writeNonColors writes the `color` keys: a background other than white as
// Nonny's `color background #rrggbb`, and each colour as Nonny's `color
// NAME #rrggbb CHAR` when it has a name the format can carry (see
// nonColorNames), else as mikix's `color CHAR #rrggbb`. Plain black on
// white (chars nil) needs none.
func writeNonColors(bw *bufio.Writer, pal []puzzle.Color, chars []rune) {
	bg := len(pal) > 0 && pal[0].RGB != (puzzle.RGB{R: 255, G: 255, B: 255})
	if chars == nil && !bg {
		return
	}
	bw.WriteString("\n")
	if bg {
		fmt.Fprintf(bw, "color background %s\n", pal[0].RGB.Hex())
	}
	if chars == nil {
		return
	}
	names := nonColorNames(pal)
	for i := 1; i < len(pal); i++ {
		if names[i] != "" {
			fmt.Fprintf(bw, "color %s %s %c\n", names[i], pal[i].RGB.Hex(), chars[i])
		} else {
			fmt.Fprintf(bw, "color %c %s\n", chars[i], pal[i].RGB.Hex())
		}
	}
}

// nonColorNames returns the name to write for each palette colour, or ""
// for those .non cannot carry: names chosen by NameColors rather than
// written by the author, names that are not one word of two letters or
// more, .non keys, "background", and names equal (in any case) to an
// earlier one, as the reader compares names without case.
func nonColorNames(pal []puzzle.Color) []string {
	names := make([]string, len(pal))
	used := map[string]bool{"background": true}
	for i := 1; i < len(pal); i++ {
		c := pal[i]
		lower := strings.ToLower(c.Name)
		if c.Derived || !isWord(c.Name) || len(c.Name) < 2 || nonReservedKeys[lower] || used[lower] {
			continue
		}
		names[i], used[lower] = c.Name, true
	}
	return names
}

// writeNonLine writes a clue line: "0" when empty, else "2,1" or "2a,1b".
func writeNonLine(bw *bufio.Writer, l puzzle.Line, chars []rune, colors int) error {
	return writeClueLine(bw, l, chars, colors, ',', ".non")
}

// writeClueLine writes a clue line of a text format: "0" when empty, else
// each block's length and, when chars is set, its colour's character,
// separated by sep. A blot is refused: format has no way to say one.
func writeClueLine(bw *bufio.Writer, l puzzle.Line, chars []rune, colors int, sep byte, format string) error {
	if len(l) == 0 {
		bw.WriteString("0\n")
		return nil
	}
	for i, c := range l {
		if c.Color < 1 || c.Color >= colors {
			return fmt.Errorf("block of colour %d, which is not in the palette", c.Color)
		}
		if c.Blot {
			return errBlotIn(format)
		}
		if i > 0 {
			bw.WriteByte(sep)
		}
		fmt.Fprintf(bw, "%d", c.Len)
		if chars != nil {
			bw.WriteRune(chars[c.Color])
		}
	}
	bw.WriteByte('\n')
	return nil
}

// nonChars returns the colour character of each palette entry for .non, or
// nil when the puzzle is plain black on white and needs none (a black
// named otherwise than "black" by the author is written, to keep its name). A palette
// character from a to z is kept; the others get the first free letter.
func nonChars(p *puzzle.Puzzle) ([]rune, error) {
	if len(p.Palette) <= 1 || len(p.Palette) == 2 && p.Palette[1].RGB == (puzzle.RGB{}) &&
		(p.Palette[1].Name == "" || p.Palette[1].Derived || strings.EqualFold(p.Palette[1].Name, "black")) {
		return nil, nil
	}
	if len(p.Palette)-1 > 26 {
		return nil, fmt.Errorf("%d colours: .non has only the letters a to z for them: %w", len(p.Palette)-1, ErrUnsupported)
	}
	chars := make([]rune, len(p.Palette))
	used := map[rune]bool{}
	for i := 1; i < len(p.Palette); i++ {
		if c := p.Palette[i].Char; c >= 'a' && c <= 'z' && !used[c] {
			chars[i], used[c] = c, true
		}
	}
	next := 'a'
	for i := 1; i < len(p.Palette); i++ {
		if chars[i] != 0 {
			continue
		}
		for used[next] {
			next++
		}
		chars[i], used[next] = next, true
	}
	return chars, nil
}

// escapeNonValue makes s safe inside a quoted .non value: html.UnescapeString
// gives s back.
func escapeNonValue(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '"':
			b.WriteString("&quot;")
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "&#%d;", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isSPDXLike reports whether a licence can be written bare: letters,
// digits, '.', '-' and '+' only.
func isSPDXLike(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '+') {
			return false
		}
	}
	return true
}
