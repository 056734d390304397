package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

// TestConvertCorpusRoundTrip converts every puzzle file of the shared
// corpus to each format convert writes, as a publisher would, and reads
// the result back. The puzzle must come back whole: kind, size, clues
// (by colour value), colours, goal. Every piece of metadata, colour name
// or set metadata that did not come back must be named in a warning about
// that file; XML, which holds everything, must need none. A format that
// cannot hold the puzzle at all (a triddler as .non) must say so as an
// error naming the file. The output must read as the specifications' own
// examples do (a final newline, no carriage return, UTF-8, well-formed
// XML), be the same on a second run, and check as its source checks.
func TestConvertCorpusRoundTrip(t *testing.T) {
	dir := corpustest.Dir(t)
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && formats.Known(path) {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 250 {
		t.Fatalf("only %d corpus files found", len(files))
	}
	tmp := t.TempDir()
	exact := map[string]int{}
	for _, f := range files {
		orig, err := formats.ReadFile(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		rel, _ := filepath.Rel(dir, f)
		srcVerdicts := verdicts(t, f)
		for _, to := range []string{"non", "nonpack", "xml", "g"} {
			out := filepath.Join(tmp, "out."+to)
			os.Remove(out)
			code, _, stderr := runCLI(t, "convert", "-to", to, "-o", out, f)
			if refusal := cannotHold(orig, to); refusal != "" {
				if code != 1 || !strings.Contains(stderr, ": error: "+refusal) || !strings.HasPrefix(stderr, f+":") {
					t.Errorf("%s -to %s: exit %d, stderr %q; want 1 and an error naming the file: %s", rel, to, code, stderr, refusal)
				}
				continue
			}
			if code != 0 {
				t.Errorf("%s -to %s: exit %d\n%s", rel, to, code, stderr)
				continue
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			checkOutputText(t, rel+" -to "+to, to, data)
			if _, again, _ := runCLI(t, "convert", "-to", to, f); again != string(data) {
				t.Errorf("%s -to %s: a second conversion writes otherwise", rel, to)
			}
			back, err := formats.ReadFile(out)
			if err != nil || len(back) != len(orig) {
				t.Errorf("%s -to %s: read back %d puzzles of %d: %v", rel, to, len(back), len(orig), err)
				continue
			}
			warned := warningsAbout(stderr, f)
			same := true
			for i, p := range orig {
				broken, lost := roundTripDiff(p, back[i], len(orig))
				if broken != "" {
					t.Errorf("%s -to %s, puzzle %d: %s", rel, to, i+1, broken)
				}
				for _, what := range lost {
					if to == "xml" || !strings.Contains(warned, what) {
						t.Errorf("%s -to %s, puzzle %d: %s lost without a warning that says so (stderr %q)", rel, to, i+1, what, stderr)
					}
				}
				same = same && broken == "" && len(lost) == 0
			}
			if same {
				exact[to]++
			}
			if got := verdicts(t, out); got != srcVerdicts {
				t.Errorf("%s -to %s: check says %s, of the source %s", rel, to, got, srcVerdicts)
			}
		}
	}
	t.Logf("%d files; round trips that lose nothing, by format: %v", len(files), exact)
	convertCorpusBundle(t, files)
}

// convertCorpusBundle converts all the corpus files at once into one XML
// puzzle set and one .nonpack bundle (its grids: a triddler has no place
// there) and checks each puzzle read back, as TestConvertCorpusRoundTrip
// does one file at a time.
func convertCorpusBundle(t *testing.T, files []string) {
	var all []*puzzle.Puzzle
	var grids []string
	for _, f := range files {
		ps, err := formats.ReadFile(f)
		if err != nil {
			continue // reported already
		}
		all = append(all, ps...)
		if cannotHold(ps, "nonpack") == "" {
			grids = append(grids, f)
		}
	}
	for _, to := range []string{"xml", "nonpack"} {
		given, want := files, all
		if to == "nonpack" {
			given, want = grids, slices.DeleteFunc(slices.Clone(all), func(p *puzzle.Puzzle) bool { return p.Kind == puzzle.Triddler })
		}
		out := filepath.Join(t.TempDir(), "all."+to)
		code, _, stderr := runCLI(t, append([]string{"convert", "-to", to, "-o", out}, given...)...)
		if code != 0 {
			t.Errorf("all files -to %s: exit %d\n%s", to, code, stderr)
			continue
		}
		back, err := formats.ReadFile(out)
		if err != nil || len(back) != len(want) {
			t.Errorf("all files -to %s: %d puzzles read back of %d: %v", to, len(back), len(want), err)
			continue
		}
		for i, p := range want {
			broken, lost := roundTripDiff(p, back[i], len(want))
			if broken != "" {
				t.Errorf("all files -to %s, %s: %s", to, p.Where(), broken)
			}
			for _, what := range lost {
				if !strings.Contains(warningsAbout(stderr, p.Origin.File), what) {
					t.Errorf("all files -to %s, %s: %s lost without a warning (stderr %q)", to, p.Where(), what, stderr)
				}
			}
		}
	}
}

// cannotHold returns the error convert must give for puzzles that format
// to cannot hold at all, or "".
func cannotHold(ps []*puzzle.Puzzle, to string) string {
	for _, p := range ps {
		if p.Kind == puzzle.Triddler && (to == "non" || to == "nonpack") {
			return "a triddler cannot be written as .non"
		}
	}
	return ""
}

// warningsAbout returns the warning lines of stderr that name file.
func warningsAbout(stderr, file string) string {
	var b strings.Builder
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, file+":") && strings.Contains(l, ": warning: ") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// verdicts is what `check -json` says of a file's puzzles: each one's
// verdict, difficulty and errors.
func verdicts(t *testing.T, file string) string {
	t.Helper()
	_, out, _ := runCLI(t, "check", "-json", file)
	var b strings.Builder
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var r struct {
			Verdict, Difficulty *string
			Errors              []struct{ Message string }
		}
		if err := dec.Decode(&r); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("check -json %s: %v\n%s", file, err, out)
		}
		fmt.Fprintf(&b, "[%v %v %v]", deref(r.Verdict), deref(r.Difficulty), r.Errors)
	}
	return b.String()
}

func deref(s *string) string {
	if s == nil {
		return "-"
	}
	return *s
}

// checkOutputText checks a converted file as a stranger would read it.
func checkOutputText(t *testing.T, what, to string, data []byte) {
	t.Helper()
	switch {
	case !bytes.HasSuffix(data, []byte("\n")):
		t.Errorf("%s: no final newline", what)
	case bytes.Contains(data, []byte("\r")):
		t.Errorf("%s: a carriage return", what)
	case !utf8.Valid(data):
		t.Errorf("%s: not UTF-8", what)
	}
	if to != "xml" {
		return
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		if _, err := dec.Token(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Errorf("%s: not well-formed XML: %v", what, err)
			break
		}
	}
}

// roundTripDiff compares a puzzle with the same puzzle read back: broken
// says how the puzzle itself differs (kind, size, clues by colour value,
// colour values, goal cells), lost lists the words a warning must use for
// what did not come back ("title", `colour name "ink"`, "goal", "of the
// set"). Colour characters, each format's own notation, are not compared,
// nor colour names that reading chose rather than the file.
func roundTripDiff(p, q *puzzle.Puzzle, puzzles int) (broken string, lost []string) {
	if p.Kind != q.Kind || p.Width != q.Width || p.Height != q.Height {
		return fmt.Sprintf("%s %dx%d came back as %s %dx%d", p.Kind, p.Width, p.Height, q.Kind, q.Width, q.Height), nil
	}
	for _, ls := range [][2][]puzzle.Line{{p.Rows, q.Rows}, {p.Cols, q.Cols}} {
		if linesByValue(p, ls[0]) != linesByValue(q, ls[1]) {
			return "clues came back otherwise", nil
		}
	}
	for _, side := range puzzle.TriddlerSides {
		if linesByValue(p, p.TriddlerClues[side]) != linesByValue(q, q.TriddlerClues[side]) {
			return side + " clues came back otherwise", nil
		}
	}
	for i, c := range p.Palette {
		found := false
		for j, d := range q.Palette {
			if d.RGB != c.RGB || (i == 0) != (j == 0) {
				continue
			}
			found = true
			if d.Name != c.Name && !c.Derived {
				lost = append(lost, fmt.Sprintf("colour name %q", c.Name))
			}
		}
		if !found {
			return fmt.Sprintf("colour %s lost", c.RGB.Hex()), nil
		}
	}
	if len(q.Palette) != len(p.Palette) {
		return fmt.Sprintf("%d colours came back as %d", len(p.Palette), len(q.Palette)), nil
	}
	switch {
	case p.Goal != nil && q.Goal == nil:
		lost = append(lost, "goal")
	case p.Goal != nil && cellsByValue(p) != cellsByValue(q):
		return "goal came back otherwise", nil
	}
	pm, qm := p.Meta, q.Meta
	for _, f := range [][3]string{{"title", pm.Title, qm.Title}, {"author", pm.Author, qm.Author}, {"copyright", pm.Copyright, qm.Copyright},
		{"license", pm.License, qm.License}, {"catalogue", pm.Catalogue, qm.Catalogue}, {"id", pm.ID, qm.ID}, {"description", pm.Description, qm.Description}} {
		if strings.TrimSpace(f[1]) != strings.TrimSpace(f[2]) { // white space around is XML's layout
			lost = append(lost, f[0])
		}
	}
	for _, x := range pm.Extra {
		if !hasProperty(qm.Extra, x) {
			lost = append(lost, fmt.Sprintf("property %q", x.Key))
		}
	}
	if set := p.Origin.Set; set != nil && !reflect.DeepEqual(set, q.Origin.Set) {
		// A set's title names the collection (a set of one's may be its
		// puzzle's); its other fields are lost only where its puzzles do
		// not say the same.
		titleLost := set.Title != "" && (q.Origin.Set == nil || q.Origin.Set.Title != set.Title) && (puzzles > 1 || set.Title != pm.Title)
		if titleLost || !sayingNothingMore(*set, pm) {
			lost = append(lost, "of the set")
		}
	}
	return "", lost
}

// sayingNothingMore reports whether a set's author, copyright, license and
// catalogue are empty or the puzzle's own, and it has nothing else.
func sayingNothingMore(set, m puzzle.Meta) bool {
	for _, f := range [][2]string{{set.Author, m.Author}, {set.Copyright, m.Copyright}, {set.License, m.License}, {set.Catalogue, m.Catalogue}} {
		if f[0] != "" && f[0] != f[1] {
			return false
		}
	}
	return set.ID == "" && set.Description == "" && len(set.Extra) == 0
}

// linesByValue writes clue lines with each block's colour value.
func linesByValue(p *puzzle.Puzzle, ls []puzzle.Line) string {
	var b strings.Builder
	for _, l := range ls {
		for _, c := range l {
			fmt.Fprintf(&b, "%s%s,", c.LengthText(), colourOf(p, c.Color))
		}
		b.WriteByte('|')
	}
	return b.String()
}

// cellsByValue writes the goal's cells as colour values.
func cellsByValue(p *puzzle.Puzzle) string {
	return strings.Join(goalRGB(p), "")
}
