package formats

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/nonopress/nonopress/puzzle"
)

// WriteOlsak writes p in Mirek Olšák's .g format (see olsak.go), as his
// solver and number-loom read it: "#t" for a triddler, the palette after
// "#d" (the background as input char '0', the colours as a, b, c... with
// their own characters as output chars and their names as comments), then
// the groups of clue lines: rows and columns for a grid, the six sides in
// Olšák's order and direction for a triddler, an empty line written as a
// blank one.
// The format has no metadata and no goal, so only the clues, palette and
// colour names are written; a blotted clue cannot be (it has no way to say
// one) and is refused.
func WriteOlsak(w io.Writer, p *puzzle.Puzzle) error {
	bw := bufio.NewWriter(w)
	if err := writeOlsak(bw, p); err != nil {
		return err
	}
	return bw.Flush()
}

func writeOlsak(bw *bufio.Writer, p *puzzle.Puzzle) error {
	if len(p.Palette) < 2 {
		return fmt.Errorf("puzzle has no colours")
	}
	if len(p.Palette) > maxColors {
		return fmt.Errorf("%d colours: .g takes at most %d: %w", p.Colors(), maxColors-1, ErrUnsupported)
	}
	in := olsakInChars(len(p.Palette))
	if p.Kind == puzzle.Triddler {
		bw.WriteString("#t\n")
	}
	bw.WriteString("#d\n")
	for i, c := range p.Palette {
		out := c.Char
		if !olsakCharOK(out) {
			out = in[i]
		}
		fmt.Fprintf(bw, "   %c:%c  %s", in[i], out, strings.ToUpper(c.RGB.Hex()))
		if n := c.Name; n != "" && !c.Derived && !strings.ContainsFunc(n, unicode.IsSpace) {
			bw.WriteString("   " + n)
		}
		bw.WriteByte('\n')
	}
	group := func(name string, lines []puzzle.Line, blocksRev bool) error {
		bw.WriteString(": " + name + "\n")
		for _, l := range lines {
			if blocksRev {
				l = reversed(l)
			}
			if err := writeOlsakLine(bw, l, in, len(p.Palette)); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		return nil
	}
	if p.Kind != puzzle.Triddler {
		if err := group("rows", p.Rows, false); err != nil {
			return err
		}
		return group("columns", p.Cols, false)
	}
	for _, g := range olsakTriddlerGroups {
		lines := p.TriddlerClues[g.side]
		if g.linesRev {
			lines = reversed(lines)
		}
		if err := group(g.side, lines, g.blocksRev); err != nil {
			return err
		}
	}
	return nil
}

// writeOlsakLine writes one clue line: "3a 1b", or a blank line when
// empty, as Olšák's files and number-loom write it; number-loom reads "0"
// as a block of length 0.
func writeOlsakLine(bw *bufio.Writer, l puzzle.Line, in []rune, colors int) error {
	if len(l) == 0 {
		return bw.WriteByte('\n')
	}
	return writeClueLine(bw, l, in, colors, ' ', ".g")
}

// olsakInChars are the input characters of n palette entries: '0' for the
// background, then a..z, then A..Z, then the letters from U+00C0 on (never
// a space, a digit, ':' or '#', which the reader would take otherwise).
func olsakInChars(n int) []rune {
	in := []rune{'0'}
	next := rune(0xc0)
	for i := 1; i < n; i++ {
		switch {
		case i <= 26:
			in = append(in, rune('a'+i-1))
		case i <= 52:
			in = append(in, rune('A'+i-27))
		default:
			for !unicode.IsLetter(next) {
				next++
			}
			in = append(in, next)
			next++
		}
	}
	return in
}

// olsakCharOK reports whether r can stand as a palette line's output char.
func olsakCharOK(r rune) bool {
	return r > ' ' && r != ':' && r != '#' && unicode.IsPrint(r)
}
