package templates

import "github.com/nonopress/nonopress/puzzle"

// PlayData is the puzzle as play.js reads it from a puzzle page: JSON in
// <script type="application/json" id="np-puzzle">, before <div id="np-play">.
// Each line is a list of [length, palette index] pairs; Palette[0] is the
// background. The site builder writes it and the play-mode tests read it, so
// both use this one type.
type PlayData struct {
	ID      string      `json:"id"`
	Title   string      `json:"title"`
	Width   int         `json:"width"`
	Height  int         `json:"height"`
	Rows    [][][2]int  `json:"rows"`
	Cols    [][][2]int  `json:"cols"`
	Palette []PlayColor `json:"palette"`
}

// PlayColor is a palette entry of PlayData.
type PlayColor struct {
	Char string `json:"char"`
	Name string `json:"name"`
	RGB  string `json:"rgb"` // "#rrggbb"
}

// NewPlayData describes p for play.js, under its id (the clue hash, which
// keys saved progress) and the title the page shows.
func NewPlayData(p *puzzle.Puzzle, id, title string) PlayData {
	lines := func(ls []puzzle.Line) [][][2]int {
		out := make([][][2]int, len(ls))
		for i, l := range ls {
			out[i] = make([][2]int, len(l))
			for j, c := range l {
				out[i][j] = [2]int{c.Len, c.Color}
			}
		}
		return out
	}
	d := PlayData{ID: id, Title: title, Width: p.Width, Height: p.Height, Rows: lines(p.Rows), Cols: lines(p.Cols)}
	for _, c := range p.Palette {
		d.Palette = append(d.Palette, PlayColor{Char: string(c.Char), Name: c.Name, RGB: c.RGB.Hex()})
	}
	return d
}
