package solve

// A test-only reader for the corpus's plain .non and .nin files, used until
// package formats exists. It knows just enough: width, height, rows, columns,
// a quoted 0/1 goal and nonny's "color name hex char" lines with colour words
// in front of numbers.

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/puzzle"
)

func readTestPuzzle(path string) (*puzzle.Puzzle, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Palette: puzzle.DefaultPalette(),
		Origin: puzzle.Origin{File: path, Line: 1}}
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		lines = append(lines, strings.TrimSpace(sc.Text()))
	}
	if strings.HasSuffix(path, ".nin") {
		return readNin(p, path, lines)
	}
	colorNames := map[string]int{}
	colored := false
	var section *[]puzzle.Line
	var goal string
	for n, l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 {
			section = nil
			continue
		}
		if section != nil && (l[0] >= '0' && l[0] <= '9' || colorNames[f[0]] > 0) {
			line, err := parseClueLine(f, colorNames)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n+1, err)
			}
			*section = append(*section, line)
			continue
		}
		section = nil
		switch f[0] {
		case "width":
			p.Width, _ = strconv.Atoi(f[1])
		case "height":
			p.Height, _ = strconv.Atoi(f[1])
		case "rows":
			section = &p.Rows
		case "columns":
			section = &p.Cols
		case "goal":
			goal = strings.Trim(strings.Join(f[1:], ""), `"`)
		case "color":
			if !colored {
				p.Palette = p.Palette[:1]
				colored = true
			}
			rgb, err := puzzle.ParseRGB(f[2])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n+1, err)
			}
			colorNames[f[1]] = len(p.Palette)
			p.Palette = append(p.Palette, puzzle.Color{Char: rune(f[3][0]), Name: f[1], RGB: rgb})
		}
	}
	if goal != "" {
		if len(goal) != p.Width*p.Height {
			return nil, fmt.Errorf("%s: goal has %d cells", path, len(goal))
		}
		p.Goal = puzzle.NewImage(p.Width, p.Height)
		for i := range goal {
			p.Goal.Cells[i] = goal[i] - '0'
		}
	}
	return p, nil
}

// parseClueLine reads "2,1", "2 1" or "green 2 1 black 1" (a colour word
// applies to the numbers after it; numbers before any word are colour 1).
func parseClueLine(f []string, colorNames map[string]int) (puzzle.Line, error) {
	var line puzzle.Line
	color := 1
	for _, w := range f {
		if c, ok := colorNames[w]; ok {
			color = c
			continue
		}
		for _, num := range strings.Split(w, ",") {
			if num == "" {
				continue
			}
			v, err := strconv.Atoi(num)
			if err != nil {
				return nil, fmt.Errorf("bad clue %q", w)
			}
			if v > 0 {
				line = append(line, puzzle.Clue{Len: v, Color: color})
			}
		}
	}
	return line, nil
}

func readNin(p *puzzle.Puzzle, path string, lines []string) (*puzzle.Puzzle, error) {
	var body []string
	for _, l := range lines {
		if l != "" && !strings.HasPrefix(l, "#") {
			body = append(body, l)
		}
	}
	if len(body) == 0 {
		return nil, fmt.Errorf("%s: empty", path)
	}
	if _, err := fmt.Sscan(body[0], &p.Width, &p.Height); err != nil {
		return nil, fmt.Errorf("%s:1: size: %v", path, err)
	}
	if len(body) < 1+p.Width+p.Height {
		return nil, fmt.Errorf("%s: %d clue lines for %dx%d", path, len(body)-1, p.Width, p.Height)
	}
	for i, l := range body[1 : 1+p.Height+p.Width] {
		line, err := parseClueLine(strings.Fields(l), nil)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if i < p.Height {
			p.Rows = append(p.Rows, line)
		} else {
			p.Cols = append(p.Cols, line)
		}
	}
	return p, nil
}
