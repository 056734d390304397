package validate

import (
	"time"

	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// verifiedLookup is the cache's answer for p, used only if it survives what
// can be checked without solving (verify): the cache file lives in the
// content tree, where anyone who can write it could otherwise make a puzzle
// publish as unique with a wrong solution.
func (c *Cache) verifiedLookup(p *puzzle.Puzzle, budget time.Duration) (solve.Result, bool) {
	res, ok := c.lookup(p.ID(), p.Palette, budget)
	if !ok || !verify(p, res) {
		return solve.Result{}, false
	}
	return res, true
}

// verify reports whether a cached result is consistent with p, in one pass
// over the lines per solution: a unique or multiple verdict comes with its
// solutions (one, or two that differ), each satisfying every clue and a
// unique one equal to the goal; "none" is false for a puzzle whose goal fits
// its clues (Check verified that before asking); the difficulty is one the
// solver gives. What it cannot prove without solving again is that a cached
// "unique" has no second solution.
func verify(p *puzzle.Puzzle, res solve.Result) bool {
	for _, s := range res.Solutions {
		if !p.Satisfies(s) {
			return false
		}
	}
	switch res.Verdict {
	case solve.Unique:
		return len(res.Solutions) == 1 && knownDifficulty(res.Difficulty) &&
			(p.Goal == nil || p.Goal.Equal(res.Solutions[0]))
	case solve.Multiple:
		return len(res.Solutions) == 2 && !res.Solutions[0].Equal(res.Solutions[1]) && res.Difficulty == ""
	case solve.None:
		return p.Goal == nil && len(res.Solutions) == 0 && res.Difficulty == ""
	case solve.Unknown:
		return len(res.Solutions) == 0 && res.Difficulty == ""
	}
	return false
}

func knownDifficulty(d solve.Difficulty) bool {
	return d == solve.Line || d == solve.Probe || d == solve.Search
}
