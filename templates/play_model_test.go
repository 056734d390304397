package templates

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonopress/nonopress/internal/browsertest"
	"github.com/nonopress/nonopress/puzzle"
)

// TestPlayMarksLinesLikeTheModel loads random grids, some right and some
// wrong, as saved progress and checks that play.js marks exactly the lines
// whose cells give their clue by puzzle.LineOf, and calls the grid solved
// exactly when all of them do.
func TestPlayMarksLinesLikeTheModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	const w, h, colours = 8, 6, 3
	picture := make([]string, h)
	for y := range h {
		var b strings.Builder
		for range w {
			if c := rng.IntN(colours + 2); c <= colours && c > 0 {
				b.WriteByte(byte('0' + c))
			} else {
				b.WriteByte('.')
			}
		}
		picture[y] = b.String()
	}
	green := puzzle.Color{Char: 'g', Name: "green", RGB: puzzle.RGB{R: 0x2c, G: 0xa0, B: 0x2c}}
	p := drawnPuzzle(t, []puzzle.Color{puzzle.DefaultPalette()[0], red, blue, green}, picture...)
	site := newTestSite(t)
	url := site.put(t, "/random/grid/", p, "Random")
	ctx := browsertest.New(t)
	open(t, ctx, url)

	seen := map[string]bool{}
	for round := range 25 {
		// Each cell: its colour in the picture most of the time (as filled,
		// or as empty or crossed for background), else anything.
		values := make([]int, w*h)
		cells := make([]uint8, w*h)
		for i := range values {
			want := 0
			if ch := picture[i/w][i%w]; ch != '.' {
				want = int(ch - '0')
			}
			v := want
			if want == 0 {
				v = rng.IntN(2) - 1 // empty or crossed
			}
			if rng.IntN(100) < 2*round { // round 0 is the picture itself
				v = rng.IntN(colours+2) - 1
			}
			values[i] = v
			cells[i] = uint8(max(v, 0))
		}
		img := &puzzle.Image{Width: w, Height: h, Cells: cells}
		rows, cols := puzzle.CluesOf(img)
		wantRows, wantCols, allDone := "", "", true
		for y := range h {
			done := rows[y].Equal(p.Rows[y])
			wantRows += map[bool]string{true: "1", false: "0"}[done]
			allDone = allDone && done
		}
		for x := range w {
			done := cols[x].Equal(p.Cols[x])
			wantCols += map[bool]string{true: "1", false: "0"}[done]
			allDone = allDone && done
		}

		var enc strings.Builder
		for _, v := range values {
			enc.WriteByte(byte('1' + v))
		}
		saved, _ := json.Marshal(map[string]any{"v": 1, "width": w, "height": h, "cells": enc.String()})
		eval[bool](t, ctx, `localStorage.setItem("nonopress:progress:`+p.ID()+`", `+jsString(string(saved))+`), true`)
		do(t, ctx, chromedp.Reload())
		open(t, ctx, url)

		gotRows, gotCols := doneLines(t, ctx, "row"), doneLines(t, ctx, "col")
		if gotRows != wantRows || gotCols != wantCols {
			t.Errorf("round %d: complete rows %s columns %s, want rows %s columns %s\ngrid:\n%s",
				round, gotRows, gotCols, wantRows, wantCols, strings.Join(grid(t, ctx), "\n"))
		}
		seen["solved="+map[bool]string{true: "yes", false: "no"}[allDone]] = true
		if strings.Contains(wantRows+wantCols, "1") {
			seen["some lines done"] = true
		}
		if strings.Contains(wantRows+wantCols, "0") {
			seen["some lines not done"] = true
		}
		solved := eval[bool](t, ctx, `document.getElementById('np-play').classList.contains('np-solved')`)
		if solved != allDone {
			t.Errorf("round %d: solved = %v, want %v", round, solved, allDone)
		}
	}
	if len(seen) != 4 {
		t.Errorf("the random rounds did not cover every case: %v", seen)
	}
}
