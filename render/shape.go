package render

import (
	"slices"
	"strings"

	"golang.org/x/text/unicode/bidi"
)

// A PDF draws the glyphs it is given, left to right, one per character:
// it neither joins Arabic letters nor turns right-to-left text around.
// visualText does both for the PDF back end (the SVG leaves them to the
// browser): Arabic letters become their joined presentation forms
// (shapeArabic), then the text is put in display order (displayOrder).
// Text without right-to-left characters is returned as it is.

// visualText returns s as a PDF must draw it, left to right.
func visualText(s string) string {
	if !hasRightToLeft(s) {
		return s
	}
	return displayOrder(shapeArabic(s))
}

// hasRightToLeft says whether s has a Hebrew or Arabic character.
func hasRightToLeft(s string) bool {
	for _, r := range s {
		if r >= 0x0590 && r <= 0x08FF || r >= 0xFB1D && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFF {
			return true
		}
	}
	return false
}

// arabicForms maps each Arabic letter U+0621 to U+064A to its first
// presentation form in Arabic Presentation Forms-B (U+FE80 on) and its
// number of forms: 1 (isolated only), 2 (isolated, final: the letter joins
// only the letter before it) or 4 (isolated, final, initial, medial). The
// block lists them in this order, so the table is built by counting.
var arabicForms = func() map[rune][2]rune {
	counts := map[rune]int{0x0621: 1, 0x0622: 2, 0x0623: 2, 0x0624: 2, 0x0625: 2, 0x0627: 2, 0x0629: 2,
		0x062F: 2, 0x0630: 2, 0x0631: 2, 0x0632: 2, 0x0648: 2, 0x0649: 2}
	forms := map[rune][2]rune{}
	next := rune(0xFE80)
	for r := rune(0x0621); r <= 0x064A; r++ {
		if r >= 0x063B && r <= 0x0640 {
			continue // not in the block (0640 is the tatweel, which joins as it is)
		}
		n := counts[r]
		if n == 0 {
			n = 4
		}
		forms[r] = [2]rune{next, rune(n)}
		next += rune(n)
	}
	return forms
}()

// Lam-alef ligatures: the isolated form for each alef after a lam; the
// final form is one more.
var lamAlef = map[rune]rune{0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB}

const (
	lam     = 0x0644
	tatweel = 0x0640
)

// transparent says whether r (a harakat or other mark) is skipped when
// letters join.
func transparent(r rune) bool {
	return r >= 0x064B && r <= 0x065F || r == 0x0670
}

// joinsBefore says whether r connects to the letter before it (in
// reading order); joinsAfter whether it connects to the one after.
func joinsBefore(r rune) bool {
	f, ok := arabicForms[r]
	return r == tatweel || ok && f[1] >= 2
}

func joinsAfter(r rune) bool {
	f, ok := arabicForms[r]
	return r == tatweel || ok && f[1] == 4
}

// shapeArabic replaces each Arabic letter of s by the presentation form
// its neighbours call for, and lam followed by alef by their ligature.
func shapeArabic(s string) string {
	rs := []rune(s)
	var b strings.Builder
	// neighbour returns the nearest letter from i in direction d, skipping marks.
	neighbour := func(i, d int) rune {
		for j := i + d; j >= 0 && j < len(rs); j += d {
			if !transparent(rs[j]) {
				return rs[j]
			}
		}
		return 0
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		f, ok := arabicForms[r]
		if !ok {
			b.WriteRune(r)
			continue
		}
		before := joinsAfter(neighbour(i, -1))
		if r == lam {
			if j := nextLetter(rs, i); j > 0 {
				if lig, ok := lamAlef[rs[j]]; ok {
					if before {
						lig++
					}
					b.WriteRune(lig)
					b.WriteString(string(rs[i+1 : j])) // marks between lam and alef
					i = j
					continue
				}
			}
		}
		after := f[1] == 4 && joinsBefore(neighbour(i, 1))
		form := f[0] // isolated
		switch {
		case before && after:
			form += 3
		case after:
			form += 2
		case before && f[1] >= 2:
			form++
		}
		b.WriteRune(form)
	}
	return b.String()
}

// nextLetter is the index of the first non-mark rune after i, -1 if none.
func nextLetter(rs []rune, i int) int {
	for j := i + 1; j < len(rs); j++ {
		if !transparent(rs[j]) {
			return j
		}
	}
	return -1
}

// displayOrder puts s, in reading order, in the order its characters are
// shown left to right (the Unicode bidirectional algorithm's levels, rule
// L2), mirroring brackets in right-to-left runs. The paragraph reads right
// to left when its first letter does. Runs come from x/text's bidi package.
func displayOrder(s string) string {
	var p bidi.Paragraph
	if _, err := p.SetString(s); err != nil {
		return s
	}
	o, err := p.Order()
	if err != nil {
		return s
	}
	rtl := paragraphIsRightToLeft(s)
	var rs []rune
	var levels []int
	for i := range o.NumRuns() {
		run := o.Run(i)
		level := 0
		switch {
		case run.Direction() == bidi.RightToLeft:
			level = 1
		case rtl:
			level = 2
		}
		for _, r := range run.String() {
			rs = append(rs, r)
			levels = append(levels, level)
		}
	}
	for level := slices.Max(levels); level >= 1; level-- {
		for i := 0; i < len(rs); {
			if levels[i] < level {
				i++
				continue
			}
			j := i
			for j < len(rs) && levels[j] >= level {
				j++
			}
			slices.Reverse(rs[i:j])
			slices.Reverse(levels[i:j])
			i = j
		}
	}
	for i, r := range rs {
		if levels[i]%2 == 1 {
			rs[i] = mirrored(r)
		}
	}
	return string(rs)
}

// paragraphIsRightToLeft says whether the first strong character of s is
// right-to-left.
func paragraphIsRightToLeft(s string) bool {
	for _, r := range s {
		props, _ := bidi.LookupRune(r)
		switch props.Class() {
		case bidi.L:
			return false
		case bidi.R, bidi.AL:
			return true
		}
	}
	return false
}

// mirrored is the mirror image of a bracket, r itself otherwise.
func mirrored(r rune) rune {
	const pairs = "()[]{}<>«»‹›"
	rs := []rune(pairs)
	for i, p := range rs {
		if p == r {
			return rs[i^1]
		}
	}
	return r
}
