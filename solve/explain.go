package solve

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

// ErrNoSolution is returned by Explain for a puzzle whose clues contradict
// each other.
var ErrNoSolution = errors.New("solve: no solution")

// lineName names line l (rows first, then columns) for a message.
func lineName(h, l int) string {
	if l < h {
		return fmt.Sprintf("row %d", l+1)
	}
	return fmt.Sprintf("column %d", l-h+1)
}

// StepKind says what technique a step of a solving path used.
type StepKind string

// The kinds of step.
const (
	StepLine   StepKind = "line"   // line logic on one row or column
	StepProbe  StepKind = "probe"  // a colour tried in a cell led to a contradiction
	StepSearch StepKind = "search" // line logic and probing stopped: a guess is needed
)

// Cell is a cell a step decided: its column X, row Y (from 0) and palette
// index Color (0 for the background).
type Cell struct {
	X, Y, Color int
}

// Step is one step of a solving path (see Explain).
type Step struct {
	Kind StepKind
	// Row and Index name the line: the one solved (StepLine), or the one
	// that could not be completed once the probe was tried (StepProbe).
	Row   bool
	Index int
	// Decided lists the cells the step solved, row by row. A line step of a
	// multicolour puzzle may narrow cells without solving any.
	Decided []Cell
	// Narrowed counts the cells whose set of possible colours shrank.
	Narrowed int
	// Probe is the cell and colour a probe tried (Color ruled out).
	Probe Cell
	// Unsolved counts the cells still open when a search step stops the path.
	Unsolved int
}

// Path is the solving path of a puzzle as a person would follow it: line
// steps until no line changes anything, then a probe that rules out a colour
// of one cell, then line steps again, and so on; a StepSearch step ends it
// when neither helps.
type Path struct {
	Steps     []Step
	LineSteps int  // steps of kind StepLine
	Probes    int  // steps of kind StepProbe
	Search    bool // the path ends in a StepSearch step
}

// Summary says the path in a few words: "42 line steps, 3 probes".
func (p Path) Summary() string {
	s := plural(p.LineSteps, "line step")
	if p.Probes > 0 {
		s += ", " + plural(p.Probes, "probe")
	}
	if p.Search {
		s += ", then a guess"
	}
	return s
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// Explain finds the solving path of a grid puzzle with line logic
// (SolveLine) and probing, the techniques of the Line and Probe grades. Line
// steps take lines in the order they were touched (rows first at the start);
// probes take undecided cells next to decided ones first, then by index, and
// each colour in turn. It does not search: where a guess would be needed it
// adds a StepSearch step and stops. The context bounds the work; when it is
// done, Explain returns the path so far and the context's error.
func Explain(ctx context.Context, p *puzzle.Puzzle) (Path, error) {
	if err := check(p); err != nil {
		return Path{}, err
	}
	e := newExplainer(p)
	var path Path
	queue := make([]int, 0, e.lines)
	for l := range e.lines {
		queue = append(queue, l)
	}
	for {
		steps, bad, err := e.propagate(ctx, e.sets, queue, true)
		for _, s := range steps {
			path.Steps = append(path.Steps, s)
			path.LineSteps++
		}
		if err != nil {
			return path, err
		}
		if bad >= 0 {
			// Only a puzzle without solution gets here: probes remove
			// colours that cannot be.
			return path, fmt.Errorf("%s: %w: %s cannot be completed", p.Where(), ErrNoSolution, lineName(e.h, bad))
		}
		if e.unsolved() == 0 {
			return path, nil
		}
		step, ok, err := e.probe(ctx)
		if err != nil {
			return path, err
		}
		if !ok {
			path.Steps = append(path.Steps, Step{Kind: StepSearch, Unsolved: e.unsolved()})
			path.Search = true
			return path, nil
		}
		path.Steps = append(path.Steps, step)
		path.Probes++
		queue = append(queue[:0], step.Probe.Y, e.h+step.Probe.X)
	}
}

// explainer holds the state of Explain: a colour set per cell, bit c for
// palette index c.
type explainer struct {
	p           *puzzle.Puzzle
	w, h, lines int
	sets        []uint32
	line        []uint32 // scratch
}

func newExplainer(p *puzzle.Puzzle) *explainer {
	e := &explainer{p: p, w: p.Width, h: p.Height, lines: p.Width + p.Height, sets: make([]uint32, p.Width*p.Height),
		line: make([]uint32, max(p.Width, p.Height))}
	all := uint32(1)<<len(p.Palette) - 1
	for i := range e.sets {
		e.sets[i] = all
	}
	return e
}

// cellOf is the index of the j-th cell of line l (rows first, then columns).
func (e *explainer) cellOf(l, j int) int {
	if l < e.h {
		return l*e.w + j
	}
	return j*e.w + l - e.h
}

func (e *explainer) clue(l int) (puzzle.Line, int) {
	if l < e.h {
		return e.p.Rows[l], e.w
	}
	return e.p.Cols[l-e.h], e.h
}

// propagate solves the lines in queue, and the lines crossing every cell
// they change, until nothing changes. With record it returns a step per line
// solve that changed a cell. bad is a line in contradiction, or -1.
func (e *explainer) propagate(ctx context.Context, sets []uint32, queue []int, record bool) (steps []Step, bad int, err error) {
	queued := make([]bool, e.lines)
	for _, l := range queue {
		queued[l] = true
	}
	for head := 0; head < len(queue); head++ {
		if head%256 == 255 {
			if err := ctx.Err(); err != nil {
				return steps, -1, err
			}
		}
		l := queue[head]
		queued[l] = false
		clue, n := e.clue(l)
		line := e.line[:n]
		for j := range line {
			line[j] = sets[e.cellOf(l, j)]
		}
		ok, err := SolveLine(clue, line)
		if err != nil {
			return steps, -1, err
		}
		if !ok {
			return steps, l, nil
		}
		step := Step{Kind: StepLine, Row: l < e.h, Index: l}
		if l >= e.h {
			step.Index = l - e.h
		}
		for j, s := range line {
			i := e.cellOf(l, j)
			if s == sets[i] {
				continue
			}
			sets[i] = s
			step.Narrowed++
			if bits.OnesCount32(s) == 1 {
				step.Decided = append(step.Decided, Cell{X: i % e.w, Y: i / e.w, Color: bits.TrailingZeros32(s)})
			}
			cross := e.h + i%e.w
			if l >= e.h {
				cross = i / e.w
			}
			if !queued[cross] {
				queued[cross] = true
				queue = append(queue, cross)
			}
		}
		if record && step.Narrowed > 0 {
			steps = append(steps, step)
		}
	}
	return steps, -1, nil
}

func (e *explainer) unsolved() int {
	n := 0
	for _, s := range e.sets {
		if bits.OnesCount32(s) > 1 {
			n++
		}
	}
	return n
}

// probe tries the colours of the undecided cells, those next to a decided
// cell first, and rules out the first one that leads to a contradiction.
func (e *explainer) probe(ctx context.Context) (Step, bool, error) {
	trial := make([]uint32, len(e.sets))
	for _, i := range e.probeOrder() {
		for c := range len(e.p.Palette) {
			bit := uint32(1) << c
			if e.sets[i]&bit == 0 {
				continue
			}
			copy(trial, e.sets)
			trial[i] = bit
			x, y := i%e.w, i/e.w
			_, bad, err := e.propagate(ctx, trial, []int{y, e.h + x}, false)
			if err != nil {
				return Step{}, false, err
			}
			if bad >= 0 {
				e.sets[i] &^= bit
				step := Step{Kind: StepProbe, Row: bad < e.h, Index: bad, Probe: Cell{X: x, Y: y, Color: c}, Narrowed: 1}
				if bad >= e.h {
					step.Index = bad - e.h
				}
				if s := e.sets[i]; bits.OnesCount32(s) == 1 {
					step.Decided = []Cell{{X: x, Y: y, Color: bits.TrailingZeros32(s)}}
				}
				return step, true, nil
			}
		}
	}
	return Step{}, false, nil
}

// probeOrder lists the undecided cells next to a decided one, then the
// others, each group by index.
func (e *explainer) probeOrder() []int {
	decided := func(i int) bool { return bits.OnesCount32(e.sets[i]) == 1 }
	var near, far []int
	for i, s := range e.sets {
		if bits.OnesCount32(s) < 2 {
			continue
		}
		x, y := i%e.w, i/e.w
		if (x > 0 && decided(i-1)) || (x+1 < e.w && decided(i+1)) || (y > 0 && decided(i-e.w)) || (y+1 < e.h && decided(i+e.w)) {
			near = append(near, i)
		} else {
			far = append(far, i)
		}
	}
	return append(near, far...)
}

// Describe says a step in words, with p's clues and colour names:
// "row 3 (5,3): columns 4–6 filled, column 9 empty".
func (s Step) Describe(p *puzzle.Puzzle) string {
	line := func(row bool, k int) string {
		if row {
			return fmt.Sprintf("row %d (%s)", k+1, p.FormatLine(p.Rows[k]))
		}
		return fmt.Sprintf("column %d (%s)", k+1, p.FormatLine(p.Cols[k]))
	}
	switch s.Kind {
	case StepSearch:
		return fmt.Sprintf("search: line logic and probing leave %d cells open; a guess is needed", s.Unsolved)
	case StepProbe:
		text := fmt.Sprintf("probe row %d, column %d: %s leads to a contradiction in %s",
			s.Probe.Y+1, s.Probe.X+1, colourWord(p, s.Probe.Color), line(s.Row, s.Index))
		if len(s.Decided) == 1 {
			text += ", so it is " + colourWord(p, s.Decided[0].Color)
		}
		return text
	}
	var parts []string
	for _, run := range decidedRuns(s) {
		parts = append(parts, run.where+" "+colourWord(p, run.color))
	}
	if open := s.Narrowed - len(s.Decided); open > 0 {
		parts = append(parts, plural(open, "cell")+" narrowed")
	}
	return line(s.Row, s.Index) + ": " + strings.Join(parts, ", ")
}

// colourWord names palette index c as a player would: empty, filled, or the
// colour's name in a multicolour puzzle.
func colourWord(p *puzzle.Puzzle, c int) string {
	switch {
	case c == 0:
		return "empty"
	case p.Colors() <= 1:
		return "filled"
	case p.Palette[c].Name != "":
		return p.Palette[c].Name
	}
	return p.Palette[c].RGB.Hex()
}

type decidedRun struct {
	where string
	color int
}

// decidedRuns groups a line step's decided cells into runs of one colour:
// "columns 4–6".
func decidedRuns(s Step) []decidedRun {
	var out []decidedRun
	pos := func(c Cell) int {
		if s.Row {
			return c.X
		}
		return c.Y
	}
	noun := "column"
	if !s.Row {
		noun = "row"
	}
	for a := 0; a < len(s.Decided); {
		z := a
		for z+1 < len(s.Decided) && s.Decided[z+1].Color == s.Decided[a].Color && pos(s.Decided[z+1]) == pos(s.Decided[z])+1 {
			z++
		}
		where := fmt.Sprintf("%s %d", noun, pos(s.Decided[a])+1)
		if z > a {
			where = fmt.Sprintf("%ss %d–%d", noun, pos(s.Decided[a])+1, pos(s.Decided[z])+1)
		}
		out = append(out, decidedRun{where: where, color: s.Decided[a].Color})
		a = z + 1
	}
	return out
}
