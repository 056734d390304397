package formats

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// sourceRow is one puzzle of the corpus's SOURCES.md tables.
type sourceRow struct {
	path    string // relative to the corpus directory
	kind    string // "grid" or "triddler"
	size    string // "WxH", "triddler(side:n,...)" or "?"
	colours int
	goal    string // "OK", "none" or "-"
	line    int
}

// readSources parses the tables of SOURCES.md: each "## dir (...)" section
// lists files relative to corpus/dir.
func readSources(t *testing.T) []sourceRow {
	t.Helper()
	f, err := os.Open(corpustest.Path(t, "SOURCES.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []sourceRow
	dir := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			dir = strings.Fields(line)[1]
			continue
		}
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| path ") {
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 8 {
			t.Fatalf("SOURCES.md:%d: too few columns", n)
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		colours, err := strconv.Atoi(cells[5])
		if err != nil {
			t.Fatalf("SOURCES.md:%d: colours %q", n, cells[5])
		}
		rows = append(rows, sourceRow{path: dir + "/" + cells[1], kind: cells[3], size: cells[4], colours: colours, goal: cells[6], line: n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestCorpusMatchesSources reads every puzzle SOURCES.md lists and checks
// its kind, size, colour count and goal against the table.
func TestCorpusMatchesSources(t *testing.T) {
	corpustest.Dir(t)
	rows := readSources(t)
	if len(rows) < 250 {
		t.Fatalf("only %d rows parsed from SOURCES.md", len(rows))
	}
	for _, r := range rows {
		ps, err := ReadFile(corpustest.Path(t, r.path))
		if err != nil {
			t.Errorf("SOURCES.md:%d %s: %v", r.line, r.path, err)
			continue
		}
		if len(ps) != 1 {
			t.Errorf("%s: %d puzzles, want 1", r.path, len(ps))
			continue
		}
		p := ps[0]
		if string(p.Kind) != r.kind {
			t.Errorf("%s: kind %s, SOURCES says %s", r.path, p.Kind, r.kind)
		}
		if got := sizeOf(p); r.size != "?" && got != r.size {
			t.Errorf("%s: size %s, SOURCES says %s", r.path, got, r.size)
		}
		if p.Colors() != r.colours {
			t.Errorf("%s: %d colours, SOURCES says %d", r.path, p.Colors(), r.colours)
		}
		switch r.goal {
		case "OK":
			if p.Goal == nil {
				t.Errorf("%s: no goal, SOURCES says OK", r.path)
			} else if m := p.GoalMismatches(); len(m) > 0 {
				t.Errorf("%s: goal does not reproduce the clues: %s", r.path, m[0].Message)
			}
		case "none":
			if p.Goal != nil {
				t.Errorf("%s: has a goal, SOURCES says none", r.path)
			}
		}
		if p.Kind == puzzle.Grid {
			if errs := p.Validate(); len(errs) > 0 {
				t.Errorf("%s: invalid: %v", r.path, errs)
			}
		}
	}
}

// sizeOf writes a puzzle's size the way SOURCES.md does.
func sizeOf(p *puzzle.Puzzle) string {
	if p.Kind != puzzle.Triddler {
		return fmt.Sprintf("%dx%d", p.Width, p.Height)
	}
	var parts []string
	for _, side := range []string{"topleft", "bottomleft", "top", "topright", "bottom", "bottomright"} {
		parts = append(parts, fmt.Sprintf("%s:%d", side, len(p.TriddlerClues[side])))
	}
	return "triddler(" + strings.Join(parts, ",") + ")"
}

// TestCorpusRoundTrip reads every corpus file with a known extension and
// writes each puzzle in every format, checking that reading it back gives
// the same puzzle.
func TestCorpusRoundTrip(t *testing.T) {
	corpustest.Dir(t)
	files := corpusFiles(t)
	if len(files) < 250 {
		t.Fatalf("only %d corpus files found", len(files))
	}
	for _, f := range files {
		ps, err := ReadFile(corpustest.Path(t, f))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		for i, p := range ps {
			if p.Origin.File != corpustest.Path(t, f) || p.Origin.Index != i || p.Origin.Line < 1 || p.Origin.Format == "" {
				t.Errorf("%s: origin %+v", f, p.Origin)
			}
			roundTrip(t, f, p)
		}
	}
}
