package build

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// countingParser is a Markdown parser that counts the parses of each
// source.
type countingParser struct {
	parser.Parser
	mu     sync.Mutex
	parsed map[string]int
}

func (p *countingParser) Parse(r text.Reader, opts ...parser.ParseOption) ast.Node {
	p.mu.Lock()
	p.parsed[string(r.Source())]++
	p.mu.Unlock()
	return p.Parser.Parse(r, opts...)
}

// count makes b's notes parsed by a countingParser, and returns it.
func count(b *Builder) *countingParser {
	p := &countingParser{Parser: b.md.Parser(), parsed: map[string]int{}}
	b.md.SetParser(p)
	return p
}

// twice returns the sources parsed more than once since the last call, and
// forgets the counts.
func (p *countingParser) twice() (twice []string, distinct int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, src := range slices.Sorted(maps.Keys(p.parsed)) {
		if p.parsed[src] > 1 {
			twice = append(twice, src)
		}
	}
	distinct = len(p.parsed)
	clear(p.parsed)
	return twice, distinct
}

// TestNoteParsedOncePerBuild: each note's body is parsed once in a build,
// though a collection's note gives its headings to the links of other
// notes, is checked for its links and is shown on its page, a puzzle's
// note is checked and shown on its page and, for a file of several
// puzzles, its bundle's page too. So it is in a build whose puzzles' work comes from the memo, and
// in the patch answering an edit in serve mode.
func TestNoteParsedOncePerBuild(t *testing.T) {
	s := newSite(t, "")
	writeNotesTree(t, s.src, 3)
	writeTree(t, s.src, "-- f000/pair.nonpack --\n"+rowPuzzle(200)+"====\n"+rowPuzzle(201)+
		"-- f000/pair.md --\n## Pair\n\nTwo rows, [one folder](README.md#section-3).\n"+
		"-- f001/a.non --\n"+rowPuzzle(202)+"-- f001/a.md --\n## A\n\nA row of [its own](#a).\n")
	b := s.builder(Config{})
	p := count(b)
	const notes = 3*2 + 2 // the collections' and rows' notes, the pair's and a.md
	sum := mustBuildWith(t, b)
	if len(sum.Warnings) != 0 {
		t.Errorf("warnings: %q", sum.Warnings)
	}
	twice, distinct := p.twice()
	if len(twice) != 0 || distinct != notes {
		t.Errorf("cold build: %d notes parsed, want %d; parsed more than once:\n%s", distinct, notes, strings.Join(twice, "\n---\n"))
	}
	if !strings.Contains(s.read("f000/pair/index.html"), `href="../index.html#section-3"`) ||
		!strings.Contains(s.read("f000/pair/1/index.html"), `href="../../index.html#section-3"`) {
		t.Error("the pair's note is not on its bundle's page and its puzzles' pages, each with its links")
	}

	s.forgetStamp()
	mustBuildWith(t, b)
	if twice, distinct := p.twice(); len(twice) != 0 || distinct != 3 {
		t.Errorf("warm build: %d notes parsed, want the collections' 3; parsed more than once:\n%s", distinct, strings.Join(twice, "\n---\n"))
	}

	if _, err := b.Rebuild(t.Context(), []string{}); err != nil { // serve's first build
		t.Fatal(err)
	}
	p.twice()
	row := filepath.Join(s.src, "f000", "row.non")
	if err := os.WriteFile(row, []byte(rowPuzzle(204)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Rebuild(t.Context(), []string{row}); err != nil {
		t.Fatal(err)
	}
	if twice, _ := p.twice(); len(twice) != 0 {
		t.Errorf("patch: parsed more than once:\n%s", strings.Join(twice, "\n---\n"))
	}
}
