package content

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
)

// pageIDs are the ids the page templates give their own elements, which a
// note's heading must not take: "main" is where "Skip to content" leads.
// Every other id of the pages, theirs and their scripts', starts with
// pagePrefix (np-play, np-h-puzzles, the cards' np-recent-3), so a heading
// whose id would start so gets notePrefix before it ("## Np play" is
// #note-np-play).
var pageIDs = []string{"main"}

const (
	pagePrefix = "np-"
	notePrefix = "note-"
)

// headingIDs gives a note's headings their ids as GitHub does: the text in
// lower case, letters and digits of any script kept, spaces and hyphens as
// hyphens, the rest dropped ("## Pistes de résolution" is
// #pistes-de-résolution); a second heading of the same text gets "-1".
// Unlike goldmark's own, it keeps letters beyond ASCII and never takes the
// ids of the page around the note.
type headingIDs struct {
	used map[string]bool
	next map[string]int
}

// newHeadingIDs returns the ids of one note's parse, the page's taken.
func newHeadingIDs() *headingIDs {
	ids := &headingIDs{used: map[string]bool{}, next: map[string]int{}}
	for _, id := range pageIDs {
		ids.used[id] = true
	}
	return ids
}

// Generate implements parser.IDs.
func (s *headingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	var b strings.Builder
	for _, r := range strings.TrimSpace(string(value)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			b.WriteRune(unicode.ToLower(r))
		case r == ' ' || r == '-':
			b.WriteByte('-')
		}
	}
	id := b.String()
	if id == "" {
		id = "heading"
		if kind != ast.KindHeading {
			id = "id"
		}
	}
	if strings.HasPrefix(id, pagePrefix) {
		id = notePrefix + id
	}
	if !s.used[id] {
		s.used[id] = true
		return []byte(id)
	}
	for i := s.next[id] + 1; ; i++ {
		if alt := fmt.Sprintf("%s-%d", id, i); !s.used[alt] {
			s.used[alt] = true
			s.next[id] = i
			return []byte(alt)
		}
	}
}

// Put implements parser.IDs.
func (s *headingIDs) Put(value []byte) { s.used[string(value)] = true }

// noteContext is the context a note is parsed in: its headings' ids.
func noteContext() parser.ParseOption {
	return parser.WithContext(parser.NewContext(parser.WithIDs(newHeadingIDs())))
}
