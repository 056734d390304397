package solve

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

// The SAT fallback's clauses as DIMACS, to time other SAT solvers on them
// (solve/EXPERIMENTS.md):
//
//	go test ./solve -run TestWriteDimacs -hard 'random-40-0.45-39$' -hard-seeds 60 -sat-dimacs DIR
//	cadical DIR/random-40-0.45-39.cnf > OUT
//	go test ./solve -run TestWriteDimacs -hard 'random-40-0.45-39$' -hard-seeds 60 -sat-dimacs DIR -sat-model OUT
var (
	satDimacs = flag.String("sat-dimacs", "", "with -hard: write the SAT fallback's clauses of each case, as it starts (after line logic and probing), into this folder as CASE.cnf")
	satModel  = flag.String("sat-model", "", "with -hard and -sat-dimacs: instead, read a SAT solver's output (v lines) and check its model against the clues")
)

// fallbackEncoding returns the solver and the SAT fallback's encoding of
// p, named name, as it starts: after line logic and probing.
func fallbackEncoding(t *testing.T, name string, p *puzzle.Puzzle) (*solver, *satSearch) {
	t.Helper()
	s := probedSolver(t, name, p, options{})
	return s, newSatSearch(s)
}

// writeDimacs writes the clauses of e's solver, the facts of level 0 as
// units, in DIMACS: variable v is v+1.
func writeDimacs(w io.Writer, e *satSearch, comment string) error {
	sat := e.sat
	sat.cancelUntil(0)
	var clauses [][]lit
	for _, l := range sat.trail {
		clauses = append(clauses, []lit{l})
	}
	for ci := int32(0); ci < int32(len(sat.arena)); ci += clauseHeader + int32(sat.arena[ci]) {
		if sat.flags(ci)&(flagLearnt|flagDead) == 0 {
			clauses = append(clauses, sat.lits(ci))
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "c %s\np cnf %d %d\n", comment, len(sat.value), len(clauses))
	for _, cl := range clauses {
		for _, l := range cl {
			fmt.Fprintf(bw, "%d ", dimacsLit(l))
		}
		fmt.Fprintln(bw, "0")
	}
	return bw.Flush()
}

// dimacsLit is l as a DIMACS literal: variable v is v+1, negative when l
// is negated; fromDimacs is its inverse.
func dimacsLit(l lit) int {
	v := int(l.vari()) + 1
	if l&1 != 0 {
		return -v
	}
	return v
}

func fromDimacs(n int) lit {
	l := posLit(int32(max(n, -n) - 1))
	if n < 0 {
		return l.not()
	}
	return l
}

// readDimacsModel reads the v lines of a SAT solver's output: per DIMACS
// variable, whether it is true.
func readDimacsModel(r io.Reader) (map[int]bool, error) {
	m := map[int]bool{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "v ")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(line) {
			n, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("model: %w", err)
			}
			if n != 0 {
				m[max(n, -n)] = n > 0
			}
		}
	}
	return m, sc.Err()
}

// dimacsImage reads the cells of grid s out of model, the DIMACS model
// of e's clauses.
func dimacsImage(s *solver, e *satSearch, model map[int]bool) *puzzle.Image {
	img := puzzle.NewImage(s.g.w, s.g.h)
	for cell := range img.Cells {
		if v := dimacsLit(e.cellLit(cell, 1)); model[max(v, -v)] == (v > 0) {
			img.Cells[cell] = 1
		}
	}
	return img
}

func TestWriteDimacs(t *testing.T) {
	if *satDimacs == "" || *hardPattern == "" {
		t.Skip("needs -sat-dimacs and -hard")
	}
	re, err := regexp.Compile(*hardPattern)
	if err != nil {
		t.Fatal(err)
	}
	var model map[int]bool
	if *satModel != "" {
		f, err := os.Open(*satModel)
		if err != nil {
			t.Fatal(err)
		}
		model, err = readDimacsModel(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", *satModel, err)
		}
	}
	for _, c := range hardSet() {
		if !re.MatchString(c.name) {
			continue
		}
		s, e := fallbackEncoding(t, c.name, c.p)
		if model != nil {
			t.Logf("%s: the model satisfies the clues: %v", c.name, c.p.Satisfies(dimacsImage(s, e, model)))
			continue
		}
		var b bytes.Buffer
		if err := writeDimacs(&b, e, fmt.Sprintf("%s: the SAT fallback's clauses after line logic and probing, %d open cells", c.name, s.g.unknown)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*satDimacs, c.name+".cnf"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d variables, %d open cells", c.name, len(e.sat.value), s.g.unknown)
	}
}

func TestDimacsRoundTrip(t *testing.T) {
	// The SAT fallback's clauses of a random 20×20 grid, written as DIMACS
	// and read back into a fresh solver, have a model, and its cells
	// satisfy the clues.
	p := puzzleOf(randomImage(1, 20, 20, 0.45), 2)
	s, e := fallbackEncoding(t, "random-20-0.45-1", p)
	if s.g.unknown == 0 {
		t.Fatal("probing solved the grid: the test shows nothing")
	}
	var b bytes.Buffer
	if err := writeDimacs(&b, e, "round trip"); err != nil {
		t.Fatal(err)
	}
	fresh := newSatSolver(nil)
	for i, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		f := strings.Fields(line)
		switch {
		case f[0] == "c":
		case f[0] == "p":
			n, _ := strconv.Atoi(f[2])
			for range n {
				fresh.newVar(true)
			}
		default:
			var cl []lit
			for _, x := range f[:len(f)-1] {
				n, err := strconv.Atoi(x)
				if err != nil || n == 0 || max(n, -n) > len(fresh.value) {
					t.Fatalf("line %d: %q", i+1, line)
				}
				cl = append(cl, fromDimacs(n))
			}
			fresh.addClause(cl...)
		}
	}
	if st := fresh.solve(); st != satTrue {
		t.Fatalf("the clues read back: %v, want a model", st)
	}
	var out strings.Builder // the model as a SAT solver prints it
	out.WriteString("s SATISFIABLE\nv")
	for v := range fresh.value {
		n := v + 1
		if !fresh.modelTrue(posLit(int32(v))) {
			n = -n
		}
		fmt.Fprintf(&out, " %d", n)
	}
	out.WriteString(" 0\n")
	model, err := readDimacsModel(strings.NewReader(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	if img := dimacsImage(s, e, model); !p.Satisfies(img) {
		t.Error("the model of the clauses read back does not satisfy the clues")
	}
}
