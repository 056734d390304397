package build

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// noteFolders is how many collections the archive of BenchmarkBuildNotes
// has, each with a note and one puzzle with a note.
const noteFolders = 200

// writeNotesTree writes a content tree of n collections f000, f001...:
// each has a README.md of several sections, links to its puzzle, its
// puzzle's note, the next collection's headings and footnotes, and one
// puzzle of a row (its cells the bits of its number, so that no two are
// alike) whose note links its collection's headings. No two notes are
// alike either.
func writeNotesTree(t testing.TB, dir string, n int) {
	t.Helper()
	var tree strings.Builder
	for i := range n {
		next := (i + 1) % n
		fmt.Fprintf(&tree, "-- f%03d/README.md --\n---\ntitle: Folder %d\n---\n", i, i)
		fmt.Fprintf(&tree, "Puzzles of folder %d: [the row](row.non), [its hints](row.md#hints) and "+
			"[the next folder](../f%03d/README.md#section-2)[^1].\n\n", i, next)
		for sec := 1; sec <= 8; sec++ {
			fmt.Fprintf(&tree, "## Section %d\n\nSome *text* with **emphasis**, `code`, [a link](#section-%d), "+
				"[a site](https://example.org/%d/%d) and a note[^%d].\n\n- one\n- two [row](row.md)\n\n"+
				"| a | b |\n|---|---|\n| %d | %d |\n\n", sec, 1+sec%8, i, sec, sec+1, i, sec)
		}
		tree.WriteString("[^1]: The first footnote.\n")
		for sec := 1; sec <= 8; sec++ {
			fmt.Fprintf(&tree, "[^%d]: Footnote %d.\n", sec+1, sec+1)
		}
		fmt.Fprintf(&tree, "-- f%03d/row.non --\n%s", i, rowPuzzle(i+1))
		fmt.Fprintf(&tree, "-- f%03d/row.md --\n---\ntitle: Row %d\n---\n## Hints\n\nRow %d: read [the folder's second section](README.md#section-2)"+
			" and [its first](README.md#section-1)[^1].\n\n## More\n\nBack to [the hints](#hints).\n\n[^1]: A footnote.\n", i, i, i)
	}
	writeTree(t, dir, tree.String())
}

// rowPuzzle is a puzzle of one row of eight cells, filled where the bits of
// n are set: its column clues decide every cell.
func rowPuzzle(n int) string {
	var runs, cols []string
	run := 0
	for bit := 7; bit >= 0; bit-- {
		if n>>bit&1 == 1 {
			run++
			cols = append(cols, "1")
			continue
		}
		cols = append(cols, "0")
		if run > 0 {
			runs = append(runs, fmt.Sprint(run))
			run = 0
		}
	}
	if run > 0 {
		runs = append(runs, fmt.Sprint(run))
	}
	return "license CC0-1.0\nwidth 8\nheight 1\nrows\n" + strings.Join(runs, ",") + "\ncolumns\n" + strings.Join(cols, "\n") + "\n"
}

// BenchmarkBuildNotes builds a tree of many notes (writeNotesTree): cold
// (no output, no cache), and rebuild (nothing changed, the same Builder,
// never stamped, so that each build reads the tree and its notes again:
// the puzzles' work comes from the memo, the collections' notes are
// parsed and their pages made each time).
func BenchmarkBuildNotes(b *testing.B) {
	src := filepath.Join(b.TempDir(), "content")
	if err := os.MkdirAll(src, 0o755); err != nil {
		b.Fatal(err)
	}
	writeNotesTree(b, src, noteFolders)
	b.Run("cold", func(b *testing.B) { benchBuild(b, src, true) })
	b.Run("rebuild", func(b *testing.B) { benchRebuild(b, src, true) })
}
