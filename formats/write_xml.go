package formats

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/nonopress/nonopress/puzzle"
)

// WriteXML writes puzzles as one webpbn XML <puzzleset>, with the title,
// author, copyright and source of the set they all came from (Origin.Set),
// unless there is one puzzle, without a title of its own. Each puzzle
// carries all its own metadata, every palette colour with a unique name
// and character, its clues and its goal image. Meta.License is written as
// <license> and Meta.Extra as <property name="...">, which this package
// reads back; other readers ignore them.
func WriteXML(w io.Writer, ps []*puzzle.Puzzle) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(xml.Header)
	bw.WriteString("<!DOCTYPE pbn SYSTEM \"http://webpbn.com/pbn-0.1.dtd\">\n<puzzleset>\n")
	if set := sharedSet(ps); set != nil && (len(ps) > 1 || ps[0].Meta.Title != "") {
		// A set of one gives its title to an untitled puzzle on reading.
		for _, e := range []struct{ tag, v string }{
			{"title", set.Title}, {"author", set.Author}, {"copyright", set.Copyright}, {"source", set.Catalogue},
		} {
			if e.v != "" {
				fmt.Fprintf(bw, "<%s>%s</%s>\n", e.tag, xmlEscape(e.v), e.tag)
			}
		}
	}
	for i, p := range ps {
		if err := writeXMLPuzzle(bw, p); err != nil {
			return &WriteError{Index: i, Err: err}
		}
	}
	bw.WriteString("</puzzleset>\n")
	return bw.Flush()
}

// xmlEscape escapes text for element content or a double-quoted attribute.
func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s)) // writes to a strings.Builder never fail
	return b.String()
}

func writeXMLPuzzle(bw *bufio.Writer, p *puzzle.Puzzle) error {
	if len(p.Palette) == 0 {
		return fmt.Errorf("puzzle has no palette")
	}
	names, chars := xmlNames(p.Palette)
	kind := p.Kind
	if kind == "" {
		kind = puzzle.Grid
	}
	fmt.Fprintf(bw, "<puzzle type=\"%s\" backgroundcolor=\"%s\"", xmlEscape(string(kind)), xmlEscape(names[0]))
	if len(names) > 1 {
		fmt.Fprintf(bw, " defaultcolor=\"%s\"", xmlEscape(names[1]))
	}
	bw.WriteString(">\n")
	m := p.Meta
	for _, e := range []struct{ tag, v string }{
		{"title", m.Title}, {"author", m.Author}, {"copyright", m.Copyright}, {"source", m.Catalogue},
		{"id", m.ID}, {"description", m.Description}, {"license", m.License},
	} {
		if e.v != "" {
			fmt.Fprintf(bw, "<%s>%s</%s>\n", e.tag, xmlEscape(e.v), e.tag)
		}
	}
	for _, x := range m.Extra {
		fmt.Fprintf(bw, "<property name=\"%s\">%s</property>\n", xmlEscape(x.Key), xmlEscape(x.Value))
	}
	for i, c := range p.Palette {
		fmt.Fprintf(bw, "<color name=\"%s\" char=\"%s\">%s</color>\n", xmlEscape(names[i]), xmlEscape(string(chars[i])), c.RGB.Hex()[1:])
	}
	countTags := make([]string, len(names)) // "<count color=...>" by colour
	for i, n := range names {
		countTags[i] = "<count color=\"" + xmlEscape(n) + "\">"
	}
	writeClues := func(t string, lines []puzzle.Line) error {
		fmt.Fprintf(bw, "<clues type=\"%s\">\n", t)
		for _, l := range lines {
			bw.WriteString("<line>")
			for _, c := range l {
				if c.Color < 1 || c.Color >= len(p.Palette) {
					return fmt.Errorf("block of colour %d, which is not in the palette", c.Color)
				}
				if c.Color == 1 {
					bw.WriteString("<count>")
				} else {
					bw.WriteString(countTags[c.Color])
				}
				if c.Blot {
					bw.WriteString(xmlBlotCount)
				} else {
					bw.WriteString(strconv.Itoa(c.Len))
				}
				bw.WriteString("</count>")
			}
			bw.WriteString("</line>\n")
		}
		bw.WriteString("</clues>\n")
		return nil
	}
	if kind == puzzle.Triddler {
		for _, side := range puzzle.TriddlerSides {
			if err := writeClues(side, p.TriddlerClues[side]); err != nil {
				return err
			}
		}
	} else {
		if err := writeClues("columns", p.Cols); err != nil {
			return err
		}
		if err := writeClues("rows", p.Rows); err != nil {
			return err
		}
		if g := p.Goal; g != nil {
			bw.WriteString("<solution type=\"goal\">\n<image>\n")
			cells := make([]string, len(chars)) // each colour's character, escaped once
			for i, ch := range chars {
				cells[i] = xmlEscape(string(ch))
			}
			for y := range g.Height {
				bw.WriteByte('|')
				for x := range g.Width {
					c := g.At(x, y)
					if c >= len(chars) {
						return fmt.Errorf("goal cell of colour %d, which is not in the palette", c)
					}
					bw.WriteString(cells[c])
				}
				bw.WriteString("|\n")
			}
			bw.WriteString("</image>\n</solution>\n")
		}
	}
	bw.WriteString("</puzzle>\n")
	return nil
}

// xmlNames gives each palette entry a unique name and a unique character
// usable in an image (not white space, nor one of \ / | ? [ ]). Names and
// characters of the palette are kept where they qualify.
func xmlNames(pal []puzzle.Color) (names []string, chars []rune) {
	names = make([]string, len(pal))
	chars = make([]rune, len(pal))
	usedName := map[string]bool{}
	usedChar := map[rune]bool{}
	for i, c := range pal {
		name := c.Name
		if name == "" {
			switch {
			case i == 0 && c.RGB == (puzzle.RGB{R: 255, G: 255, B: 255}):
				name = "white"
			case i == 0:
				name = "background"
			case c.RGB == (puzzle.RGB{}):
				name = "black"
			default:
				name = c.RGB.Hex()[1:]
			}
		}
		base := name
		for n := 2; usedName[name]; n++ {
			name = fmt.Sprintf("%s-%d", base, n)
		}
		names[i], usedName[name] = name, true
		if ch := c.Char; ch != 0 && !unicode.IsSpace(ch) && !strings.ContainsRune(`\/|?[]`, ch) && ch != 0x7f && !usedChar[ch] && xmlCharOK(ch) {
			chars[i], usedChar[ch] = ch, true
		}
	}
	spare := []rune(".Xabcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWYZ")
	next := rune(0xc0) // beyond the ASCII spares: Latin-1 letters and on
	for i := range chars {
		if chars[i] != 0 {
			continue
		}
		for len(spare) > 0 && usedChar[spare[0]] {
			spare = spare[1:]
		}
		var ch rune
		if len(spare) > 0 {
			ch, spare = spare[0], spare[1:]
		} else {
			for usedChar[next] {
				next++
			}
			ch = next
		}
		chars[i], usedChar[ch] = ch, true
	}
	return names, chars
}

// xmlCharOK reports whether r may appear in XML 1.0 text.
func xmlCharOK(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xd7ff || r >= 0xe000 && r <= 0xfffd || r >= 0x10000 && r <= 0x10ffff
}
