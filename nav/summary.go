package nav

import (
	"strings"
	"unicode/utf8"
)

// SummaryMax is the longest summary FirstLine returns, in runes, before the
// ellipsis.
const SummaryMax = 160

// FirstLine returns the first sentence of the first paragraph of prose of a
// Markdown note as plain text, for a card or a meta description: headings,
// HTML, images, rules and fences are skipped, list and quote marks and
// inline marks stripped, links keep their text, and a long sentence is cut
// at a word with "…".
func FirstLine(md []byte) string {
	inFence := false
	var para []string
	for _, raw := range strings.Split(string(md), "\n") {
		line := strings.TrimSpace(raw)
		if strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~") {
			inFence = !inFence
			if len(para) > 0 {
				break
			}
			continue
		}
		skip := inFence || line == "" || line[0] == '#' || line[0] == '<' || line[0] == '|' ||
			strings.HasPrefix(line, "![") || strings.Trim(line, "-*_= ") == ""
		if skip {
			if len(para) > 0 {
				break
			}
			continue
		}
		if text := Plain(strings.TrimLeft(line, ">*-+ ")); text != "" {
			para = append(para, text)
		}
	}
	return Clip(firstSentence(strings.Join(para, " ")), SummaryMax)
}

// firstSentence is s up to the end of its first sentence: a '.', '!' or '?'
// followed by a space.
func firstSentence(s string) string {
	for i := 0; i+1 < len(s); i++ {
		if (s[i] == '.' || s[i] == '!' || s[i] == '?') && s[i+1] == ' ' {
			return s[:i+1]
		}
	}
	return s
}

// Plain strips inline Markdown from one line: links and images keep their
// text, emphasis and code marks and HTML tags go.
func Plain(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '*', '_', '`':
			continue
		case '!':
			if i+1 < len(s) && s[i+1] == '[' {
				continue
			}
		case ']':
			// "](url)": drop the target.
			if i+1 < len(s) && s[i+1] == '(' {
				if j := strings.IndexByte(s[i:], ')'); j > 0 {
					i += j
				}
			}
			continue
		case '[':
			continue
		case '<':
			// An inline HTML tag: dropped, its text kept.
			if j := strings.IndexByte(s[i:], '>'); j > 0 && isTagStart(s[i+1:]) {
				i += j
				continue
			}
		}
		b.WriteByte(c)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// Clip shortens s to at most max runes, at a word boundary when there is
// one, and marks the cut with "…".
func Clip(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	cut, n := 0, 0
	for i := range s {
		if n == max {
			cut = i
			break
		}
		n++
	}
	head := s[:cut]
	if sp := strings.LastIndexByte(head, ' '); sp > len(head)/2 {
		head = head[:sp]
	}
	return strings.TrimRight(head, " ,;:.") + "…"
}

// isTagStart reports whether s, just after a '<', starts an HTML tag: a
// letter, or '/' and a letter.
func isTagStart(s string) bool {
	s = strings.TrimPrefix(s, "/")
	return s != "" && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}
