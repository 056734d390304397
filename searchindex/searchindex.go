// Package searchindex writes the site-wide search index: every puzzle's
// title, author, tags, size, colours, difficulty and license, with its page,
// as one compact script (search-index.js) that the search box of every page
// loads on first use. A script, not JSON, so that it loads from file:// too,
// where browsers refuse fetch(). Authors, licenses, tags and folders are
// written once each in tables and referred to by number, which keeps the
// index at about 60 bytes per puzzle (see the package's tests for sizes).
//
// The index's shape (version 4):
//
//	window.npSearchIndex = {
//	  "v": 4,
//	  "authors": [...], "licenses": [...], "tags": [...], "dirs": [...],
//	  "grades": [["", ""], ["easy", "easy line logic"], ...],
//	  "p": [[title, dir, leaf, author, license, width, height, colours, grade, [tag...]], ...],
//	  "ids": "0a1b2c3d..."
//	}
//
// where a puzzle's page is dirs[dir] + leaf + "/index.html" from the site
// root, author and license are indexes into their tables (0 is ""), grade is
// 0 (unknown) or the grade's grade.Rank: 1 (line), 2 (probe) or 3 (search),
// and an index into grades, which words each as package grade does (see
// gradeTable): search.js has no words of its own for them (version 2 had
// no grades). A triddler's row has an eleventh field, its number of
// triangles (its width and height are 0); version 1 had none. ids is the
// first IDPrefix characters of each puzzle's id, in the order of p, one
// string (a puzzle without an id has dashes): what this browser keeps of
// a player's progress is kept by id, and a result says "Solved" or "In
// progress" by it (static/progress.js; version 3 had no ids). A prefix,
// not the whole id, costs 8 bytes a puzzle where the whole would cost 20:
// a progress entry is taken for a result's only when its kind and shape
// match the result's too.
package searchindex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/nonopress/nonopress/grade"
)

// Version is the index format's version, its "v".
const Version = 4

// IDPrefix is how many characters of each puzzle's id the index keeps.
const IDPrefix = 8

// Puzzle is what the index knows of one puzzle.
type Puzzle struct {
	Title, Author, License string
	Tags                   []string
	Width, Height, Colors  int
	Triangles              int    // a triddler's; 0 for a grid
	Difficulty             string // line, probe, search or ""
	Page                   string // from the site root: "a/b/slug/index.html"
	ID                     string // its puzzle.Puzzle.ID
}

// table numbers strings in the order they are first met; 0 is "".
type table struct {
	list []string
	num  map[string]int
}

func newTable() *table { return &table{list: []string{""}, num: map[string]int{"": 0}} }

func (t *table) id(s string) int {
	if n, ok := t.num[s]; ok {
		return n
	}
	t.num[s] = len(t.list)
	t.list = append(t.list, s)
	return len(t.list) - 1
}

// Script returns the index of puzzles, in their order, as JavaScript that
// sets window.npSearchIndex. The same puzzles give the same bytes.
func Script(puzzles []Puzzle) ([]byte, error) {
	authors, licenses, tags, dirs := newTable(), newTable(), newTable(), newTable()
	rows := make([][]any, 0, len(puzzles))
	ids := make([]byte, 0, IDPrefix*len(puzzles))
	for _, p := range puzzles {
		if len(p.ID) >= IDPrefix {
			ids = append(ids, p.ID[:IDPrefix]...)
		} else {
			ids = append(ids, strings.Repeat("-", IDPrefix)...)
		}
		page := strings.TrimSuffix(p.Page, "index.html")
		page = strings.TrimSuffix(page, "/")
		dir, leaf := "", page
		if i := strings.LastIndexByte(page, '/'); i >= 0 {
			dir, leaf = page[:i+1], page[i+1:]
		}
		tagIDs := make([]int, 0, len(p.Tags))
		for _, t := range p.Tags {
			tagIDs = append(tagIDs, tags.id(t))
		}
		row := []any{p.Title, dirs.id(dir), leaf, authors.id(p.Author), licenses.id(p.License),
			p.Width, p.Height, p.Colors, grade.Rank(p.Difficulty), tagIDs}
		if p.Triangles > 0 {
			row = append(row, p.Triangles)
		}
		rows = append(rows, row)
	}
	body, err := json.Marshal(struct {
		V        int         `json:"v"`
		Authors  []string    `json:"authors"`
		Licenses []string    `json:"licenses"`
		Tags     []string    `json:"tags"`
		Dirs     []string    `json:"dirs"`
		Grades   [][2]string `json:"grades"`
		P        [][]any     `json:"p"`
		IDs      string      `json:"ids"`
	}{Version, authors.list, licenses.list, tags.list, dirs.list, gradeTable(), rows, string(ids)})
	if err != nil {
		return nil, fmt.Errorf("searchindex: %w", err)
	}
	var b bytes.Buffer
	b.Grow(len(body) + 32)
	b.WriteString("window.npSearchIndex=")
	b.Write(body)
	b.WriteString(";\n")
	return b.Bytes(), nil
}

// gradeTable is the index's grades, by grade.Rank (0, no grade, is ["",
// ""]): the Word a result says of the grade, and the words a search finds
// it by, its Word, the technique its Name says and the solver's name for
// it where that differs: "medium look-ahead probing".
func gradeTable() [][2]string {
	out := [][2]string{{"", ""}}
	for _, g := range grade.All() {
		_, named, _ := strings.Cut(g.Name, " – ")
		found := []string{g.Word, strings.ToLower(named)}
		if !strings.EqualFold(named, g.Technique) {
			found = append(found, g.Technique)
		}
		out = append(out, [2]string{g.Word, strings.Join(found, " ")})
	}
	return out
}
