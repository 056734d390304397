package formats

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/nonopress/nonopress/diag"
)

// This file notices the lines of a .non puzzle that the format ignores or
// overrides but an author most likely meant: clue lines outside any block (a
// "rows" or "columns" line deleted or misspelt beyond recognition), a
// structural key written with punctuation ("width,5", "-rows"), lines that
// are no key at all, and a title or license given twice, differently.

// structuralKeys are the keys whose loss changes the puzzle, not only its
// description.
var structuralKeys = map[string]bool{"width": true, "height": true, "rows": true, "columns": true,
	"goal": true, "color": true, "colour": true, "maxrule": true}

// lineRun is a run of stray clue lines, from first to last, count of them
// not blank; seen is np.keyLines when the last one was read.
type lineRun struct{ first, last, count, seen int }

// notAKey looks at a line whose first word is not a key: a clue line is
// remembered as stray, and a structural key glued to punctuation is taken
// for a misspelling of it.
func (np *nonParser) notAKey(l numberedLine, key string) {
	if c := key[0]; c >= '0' && c <= '9' {
		if n := len(np.stray); n > 0 && np.stray[n-1].seen == np.keyLines-1 {
			r := &np.stray[n-1]
			r.last, r.count, r.seen = l.n, r.count+1, np.keyLines
		} else if n < maxWarnings {
			np.stray = append(np.stray, lineRun{first: l.n, last: l.n, count: 1, seen: np.keyLines})
		}
		return
	}
	if t := strings.TrimSpace(l.text); len(t) >= 2 && strings.Trim(t, "=-~#*") == "" {
		np.divider = l
		return
	}
	word := strings.TrimLeftFunc(key, func(r rune) bool { return !unicode.IsLetter(r) })
	if i := strings.IndexFunc(word, func(r rune) bool { return !unicode.IsLetter(r) }); i >= 0 {
		word = word[:i]
	}
	lw := strings.ToLower(word)
	if !structuralKeys[lw] {
		if np.notKeys++; np.notKeys > maxWarnings {
			return
		}
		if t := strings.TrimSpace(l.text); !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "//") && !strings.HasPrefix(t, ";") && !strings.HasPrefix(t, "%") {
			np.p.Warnings = append(np.p.Warnings, diag.Diagnostic{File: np.file, Line: l.n, Col: runeCol(l.text, strings.Index(l.text, key)), Severity: diag.Warning,
				Message: fmt.Sprintf("%q is not a key: the line is ignored", shortText(key)),
				Hint:    "remove it: a line starts with a key such as title, width or rows, or is a clue line of a block"})
		}
		return
	}
	{
		// What follows the key, its separator made a space.
		_, value, _ := strings.Cut(strings.TrimSpace(l.text), word)
		value = strings.TrimSpace(strings.TrimLeftFunc(value, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '"' }))
		fix := strings.TrimSpace(word + " " + value)
		np.addTypo(l, key, lw, fix)
	}
}

// keySeparator reads a known key written with a separator, as other
// formats and front matter write them ("title: A cat", "license = MIT",
// "by=Ann"): it returns the key and its value as meant, with a warning at
// the separator, where the line was ignored or its value began with "=".
// A structural key's colon alone ("width: 5", "rows:") is read as it
// always was, without a word.
func (np *nonParser) keySeparator(l numberedLine, key, rest string) (string, string) {
	word, sep, value := separated(key, rest)
	lw := strings.ToLower(word)
	_, meta := metaKeys[lw]
	if sep == "" || !(meta || lw == "id" || structuralKeys[lw]) {
		return key, rest
	}
	if structuralKeys[lw] && key == word+":" {
		return key, rest
	}
	at := strings.Index(l.text, word) + len(word)
	at += strings.Index(l.text[at:], sep)
	fix := strings.TrimSpace(word + " " + value)
	if np.separators++; np.separators <= maxWarnings {
		d := warnAt(np.file, l.n, runeCol(l.text, at), "%q read as %q", strings.TrimSpace(l.text[:at+1]), word)
		write := fmt.Sprintf("write %q", shortText(fix))
		if strings.Contains(fix, `"`) {
			write = "write the line as " + shortText(fix)
		}
		d.Hint = write + ": a key and its value are separated by a space alone, as other programs read them"
		np.p.Warnings = append(np.p.Warnings, d)
	}
	return word, value
}

// separated splits a line's first word and the rest (splitKey) at a
// separator written after the key, in the word ("title:", "by=Ann") or
// standing alone ("license = MIT"): the key's word, the separator ("" when
// there is none) and the value as meant.
func separated(key, rest string) (word, sep, value string) {
	if i := strings.IndexAny(key, ":="); i > 0 {
		return key[:i], key[i : i+1], strings.TrimSpace(key[i+1:] + " " + rest)
	}
	if len(rest) > 0 && (rest[0] == '=' || rest[0] == ':') && (len(rest) == 1 || unicode.IsSpace(rune(rest[1]))) {
		return key, rest[:1], strings.TrimSpace(rest[1:])
	}
	return key, "", rest
}

// closedValue returns the value of a describing key (rest, as the line
// gives it) as the author meant it, with a warning for text after its
// closing quote, which the format ignores: quotes inside the value
// (`title "A "big" cat"`) are kept in it, written as &quot; as the hint
// says to; other text (`title "A cat" by Ann`) is left out, with what to do.
func (np *nonParser) closedValue(l numberedLine, key, rest string) string {
	end := strings.IndexByte(rest[min(1, len(rest)):], '"') + 1
	if !strings.HasPrefix(rest, `"`) || end == 0 || strings.TrimSpace(rest[end+1:]) == "" {
		return rest
	}
	after := strings.TrimSpace(rest[end+1:])
	var d diag.Diagnostic
	if strings.HasSuffix(after, `"`) {
		rest = `"` + strings.ReplaceAll(rest[1:len(rest)-1], `"`, "&quot;") + `"`
		d = warnAt(np.file, l.n, runeCol(l.text, strings.Index(l.text, rest[:1])+end), "quotes inside the quoted %s", key)
		d.Hint = fmt.Sprintf("write them as &quot;, as other programs read the value up to its second quote: %s %s", key, shortText(rest))
	} else {
		d = warnAt(np.file, l.n, runeCol(l.text, strings.LastIndex(l.text, after)), "%q after the closing quote is ignored", shortText(after))
		d.Hint = "put it inside the quotes, or remove it"
		if w, _ := splitKey(after); metaKeys[strings.ToLower(w)] != "" || structuralKeys[strings.ToLower(w)] {
			d.Hint = fmt.Sprintf("put %q on a line of its own: one key a line", shortText(after))
		}
	}
	if np.afterQuotes++; np.afterQuotes <= maxWarnings {
		np.p.Warnings = append(np.p.Warnings, d)
	}
	return rest
}

// missingBlock returns the block ("rows" or "columns") a run of stray clue
// lines most likely belongs to: the one missing, else "".
func (np *nonParser) missingBlock(r lineRun) string {
	switch {
	case np.rows == nil && np.cols == nil:
		if r.count == np.width && np.width != np.height {
			return "columns"
		}
		return "rows"
	case np.rows == nil:
		return "rows"
	case np.cols == nil:
		return "columns"
	}
	return ""
}

// strayHint says how to make a run of stray clue lines count.
func (np *nonParser) strayHint(r lineRun) string {
	if which := np.missingBlock(r); which != "" {
		for _, t := range np.typos {
			if t.known == which && t.line < r.first && t.line >= r.first-2 {
				return fmt.Sprintf("change %q on line %d to %q", t.key, t.line, which)
			}
		}
		for _, h := range np.sizeHeaders {
			if key, _ := splitKey(h.text); h.n == r.first-1 && strings.EqualFold(key, which) {
				// "rows 5" taken for the block's header.
				return fmt.Sprintf("line %d, %q, gives the %s, as Simpson's format writes it, and starts no block: add a line %q alone before line %d, where they start",
					h.n, strings.TrimSpace(h.text), map[string]string{"rows": "height", "columns": "width"}[which], which, r.first)
			}
		}
		return fmt.Sprintf("add a line %q before line %d, where they start", which, r.first)
	}
	return "remove them, or move them into the rows or columns block they belong to"
}

// strayWarnings warns of each run of clue lines outside a block.
func (np *nonParser) strayWarnings() {
	for _, r := range np.stray {
		lines := fmt.Sprintf("line %d", r.first)
		if r.last != r.first {
			lines = fmt.Sprintf("lines %d-%d", r.first, r.last)
		}
		np.p.Warnings = append(np.p.Warnings, diag.Diagnostic{File: np.file, Line: r.first, Col: 1, Severity: diag.Warning,
			Message: fmt.Sprintf("%s outside a rows or columns block (%s): ignored", pluralClueLines(r.count), lines),
			Hint:    np.strayHint(r)})
	}
}

func pluralClueLines(n int) string {
	if n == 1 {
		return "a clue line"
	}
	return fmt.Sprintf("%d clue lines", n)
}

// noBlock is the error of a puzzle without its rows or columns block
// (which): at the stray clue lines that need its header, if there are some,
// else at the puzzle's end.
func (np *nonParser) noBlock(which string) error {
	for _, r := range np.stray {
		if np.missingBlock(r) == which {
			e := np.errAtCol(r.first, 1, "no %s block: %s from here on belong to no block", which, pluralClueLines(r.count))
			e.Hint = np.strayHint(r)
			return np.missing(e, which)
		}
	}
	e := np.endsWithout(which+" block", fmt.Sprintf("write a line %q, then one clue line per %s", which, strings.TrimSuffix(which, "s")))
	return np.missing(e, which)
}

// nextPuzzleHint is the hint of a size key (at line) after a complete
// puzzle: another puzzle starts, and the divider before it is mistyped or
// missing.
func (np *nonParser) nextPuzzleHint(line int) string {
	if d := np.divider; d.n != 0 {
		return fmt.Sprintf("another puzzle seems to start here, but line %d, %q, is not a divider: change it to \"%s\", the line alone that separates the puzzles of a bundle",
			d.n, strings.TrimSpace(d.text), packDivider)
	}
	if start := np.keysBefore(line); start != 0 {
		return fmt.Sprintf("another puzzle seems to start at line %d: separate the puzzles of a bundle with a line \"%s\" alone before it", start, packDivider)
	}
	return fmt.Sprintf("another puzzle seems to start here: separate the puzzles of a bundle with a line \"%s\" alone", packDivider)
}

// keysBefore returns the first of the lines giving a title, author or such
// right before line (blank lines between them aside), where a puzzle that
// has its size at line starts; 0 when there are none.
func (np *nonParser) keysBefore(line int) int {
	var before []numberedLine
	for sc := newLineScanner(np.text, np.first); ; {
		l, ok := sc.next()
		if !ok || l.n >= line {
			break
		}
		before = append(before, l)
	}
	start := 0
	for i := len(before) - 1; i >= 0; i-- {
		l := before[i]
		if l.blank() {
			continue
		}
		key, _ := splitKey(l.text)
		if _, ok := metaKeys[strings.ToLower(key)]; !ok {
			break
		}
		start = l.n
	}
	return start
}

// metaKeys maps the spellings of the .non keys that describe a puzzle to
// the one the warnings name.
var metaKeys = map[string]string{"title": "title", "by": "by", "author": "by", "copyright": "copyright",
	"license": "license", "licence": "license", "catalogue": "catalogue", "catalog": "catalogue", "description": "description"}

// givenTwice warns of a key that describes the puzzle given again with
// another value: the last one is kept, and the first is most likely a
// leftover of a copied file.
func (np *nonParser) givenTwice(l numberedLine, key, value string) {
	k, ok := metaKeys[strings.ToLower(key)]
	if !ok {
		return
	}
	if np.metaSeen == nil {
		np.metaSeen = map[string]numberedLine{}
	}
	first, seen := np.metaSeen[k]
	if !seen {
		np.metaSeen[k] = numberedLine{n: l.n, text: value}
		return
	}
	if first.text != value && np.givenAgain < maxWarnings {
		np.givenAgain++
		hint := "remove the line that is wrong"
		if d := np.divider; first.n < d.n && d.n < l.n {
			// A divider mistyped between two puzzles' keys.
			hint = fmt.Sprintf("if line %d, %q, divides two puzzles, change it to \"%s\"; else %s", d.n, strings.TrimSpace(d.text), packDivider, hint)
		} else if np.rows != nil && np.cols != nil {
			// A whole puzzle read before it: the divider is missing.
			hint = fmt.Sprintf("if another puzzle starts here, separate the two with a line \"%s\" alone before it; else %s", packDivider, hint)
		}
		np.p.Warnings = append(np.p.Warnings, diag.Diagnostic{File: np.file, Line: l.n, Col: 1, Severity: diag.Warning,
			Message: fmt.Sprintf("%s given twice, and differently: %q on line %d, %q here; the last is kept", k, shortText(first.text), first.n, shortText(value)),
			Hint:    hint})
	}
}

// trailingDivider warns of a puzzle whose last line (endLine) is a divider
// short of its '=' signs ("==" for "===="): most likely a bundle cut short
// in the middle of one, the puzzles after it lost. A bundle that simply
// holds fewer puzzles ends without one, and reads without a word, as does
// a last line of other signs ("----", "####"), a ruler more likely.
func (np *nonParser) trailingDivider() {
	if np.divider.n == 0 || strings.Trim(np.divider.text, "= \t\r") != "" {
		return
	}
	end := np.endLine()
	if np.divider.n != end {
		return
	}
	np.p.Warnings = append(np.p.Warnings, diag.Diagnostic{File: np.file, Line: end, Severity: diag.Warning,
		Message: fmt.Sprintf("the puzzle ends with a line %q, which is no divider", strings.TrimSpace(np.divider.text)),
		Hint: fmt.Sprintf("the puzzles of a bundle are separated by a line \"%s\" alone: if the file was cut short here, restore the puzzles after it; if not, remove the line",
			packDivider)})
}
