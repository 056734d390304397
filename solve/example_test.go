package solve_test

import (
	"context"
	"fmt"
	"time"

	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

func ExampleSolve() {
	// A 3x3 plus sign.
	img := puzzle.NewImage(3, 3)
	for _, c := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}} {
		img.Set(c[0], c[1], 1)
	}
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: 3, Height: 3, Palette: puzzle.DefaultPalette()}
	p.Rows, p.Cols = puzzle.CluesOf(img)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := solve.Solve(ctx, p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Verdict, res.Difficulty, res.Solutions[0].Equal(img))
	// Output: unique line true
}

func ExampleDifferences() {
	// Two diagonals give the same clues: the puzzle has two solutions.
	img := puzzle.NewImage(2, 2)
	img.Set(0, 0, 1)
	img.Set(1, 1, 1)
	p := &puzzle.Puzzle{Kind: puzzle.Grid, Width: 2, Height: 2, Palette: puzzle.DefaultPalette()}
	p.Rows, p.Cols = puzzle.CluesOf(img)

	res, _ := solve.Solve(context.Background(), p)
	fmt.Println(res.Verdict, solve.Differences(res.Solutions[0], res.Solutions[1], 10))
	// Output: multiple [[0 0] [1 0] [0 1] [1 1]]
}
