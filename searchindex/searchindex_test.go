package searchindex

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/grade"
)

// sample is a small archive: two folders, shared authors and tags.
var sample = []Puzzle{
	{Title: "Sailboat", Author: "Ada Grid", License: "CC0-1.0", Tags: []string{"sea", "boats"}, Width: 15, Height: 15, Colors: 1, Difficulty: "line", Page: "first-steps/sailboat/index.html"},
	{Title: "Cup", Author: "Ada Grid", License: "CC0-1.0", Width: 5, Height: 5, Colors: 1, Difficulty: "line", Page: "first-steps/cup/index.html"},
	{Title: "Balloon at sunset", Author: "nonopress team", License: "CC-BY-4.0", Tags: []string{"sky"}, Width: 64, Height: 64, Colors: 7, Difficulty: "probe", Page: "colour/balloon/index.html"},
	{Title: "Sea serpent", Author: "Ben Pixel", Tags: []string{"sea"}, Width: 30, Height: 20, Colors: 3, Difficulty: "search", Page: "colour/serpent/index.html"},
	{Title: "Top", Width: 5, Height: 10, Colors: 1, Page: "top/index.html"},
	{Title: "Wake up", Triangles: 24, Colors: 1, Page: "odd/wake-up/index.html"},
}

// decode reads an index script back.
func decode(t testing.TB, script []byte) map[string]json.RawMessage {
	t.Helper()
	body, ok := bytes.CutPrefix(script, []byte("window.npSearchIndex="))
	if !ok {
		t.Fatalf("script does not set window.npSearchIndex: %.40q", script)
	}
	body = bytes.TrimSuffix(body, []byte(";\n"))
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestScriptTables(t *testing.T) {
	script, err := Script(sample)
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, script)
	var authors, dirs, tags []string
	var rows [][]any
	json.Unmarshal(m["authors"], &authors)
	json.Unmarshal(m["dirs"], &dirs)
	json.Unmarshal(m["tags"], &tags)
	json.Unmarshal(m["p"], &rows)
	if want := []string{"", "Ada Grid", "nonopress team", "Ben Pixel"}; !reflect.DeepEqual(authors, want) {
		t.Errorf("authors %q, want %q", authors, want)
	}
	if want := []string{"", "first-steps/", "colour/", "odd/"}; !reflect.DeepEqual(dirs, want) {
		t.Errorf("dirs %q, want %q", dirs, want)
	}
	if want := []string{"", "sea", "boats", "sky"}; !reflect.DeepEqual(tags, want) {
		t.Errorf("tags %q, want %q", tags, want)
	}
	if len(rows) != len(sample) {
		t.Fatalf("%d rows, want %d", len(rows), len(sample))
	}
	// The serpent: colour/ + serpent, Ben Pixel, no license, 30x20, 3 colours, search, [sea].
	if got := fmt.Sprint(rows[3]); got != "[Sea serpent 2 serpent 3 0 30 20 3 3 [1]]" {
		t.Errorf("row of the serpent: %s", got)
	}
	// A triddler's row ends with its triangles; a grid's has none.
	if got := fmt.Sprint(rows[5]); got != "[Wake up 3 wake-up 0 0 0 0 1 0 [] 24]" {
		t.Errorf("row of the triddler: %s", got)
	}
	// The grades' words, by rank: what a result says, and what finds it.
	var grades [][2]string
	json.Unmarshal(m["grades"], &grades)
	if want := [][2]string{{"", ""}, {"easy", "easy line logic"}, {"medium", "medium look-ahead probing"}, {"hard", "hard trial and error search"}}; !reflect.DeepEqual(grades, want) {
		t.Errorf("grades %q, want %q", grades, want)
	}
	// A page at the root has the empty folder.
	if got := fmt.Sprint(rows[4][1:3]); got != "[0 top]" {
		t.Errorf("root page: %s", got)
	}
	again, _ := Script(sample)
	if !bytes.Equal(script, again) {
		t.Error("the same puzzles gave different bytes")
	}
}

func TestScriptEscapesForScript(t *testing.T) {
	script, err := Script([]Puzzle{{Title: "</script><b>\u2028", Page: "x/index.html"}})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(script, []byte("</script")) || bytes.Contains(script, []byte("\u2028")) {
		t.Errorf("title not escaped for a script: %s", script)
	}
}

// needNode returns node's path, skipping without it (failing under CI=true).
func needNode(t testing.TB) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is needed with CI=true")
		}
		t.Skip("node not installed")
	}
	return node
}

// runSearch runs static/search.js's search over an index in node: the
// titles found for each query, and the total each matched.
func runSearch(t testing.TB, index []byte, queries []string, extra string) string {
	t.Helper()
	node := needNode(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.js"), index, 0o644); err != nil {
		t.Fatal(err)
	}
	lib, err := filepath.Abs(filepath.Join("..", "templates", "static", "search.js"))
	if err != nil {
		t.Fatal(err)
	}
	q, _ := json.Marshal(queries)
	prog := fmt.Sprintf(`
globalThis.window = globalThis;
require(%q);
const s = require(%q);
const items = s.prepare(window.npSearchIndex);
const out = {};
for (const q of %s) {
  const r = s.search(items, q, 10);
  out[q] = {total: r.total, titles: r.results.map(x => x.title), pages: r.results.map(x => x.page)};
}
%s
console.log(JSON.stringify(out));
`, filepath.Join(dir, "index.js"), lib, q, extra)
	cmd := exec.Command(node, "-e", prog)
	outb, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, outb)
	}
	return strings.TrimSpace(string(outb))
}

// TestSearchSaysOnlyTheIndexsGrades: search.js has no difficulty words of
// its own; it says those the index gives, which are package grade's. With
// the table's words, it finds the puzzles of each grade by its Word, by its
// Name (as the cards show it, dash left out) and by the solver's Technique,
// and no others; says the Word in their results, as cards and sheets do;
// offers the Words to narrow a search that finds puzzles of several grades;
// and names the easiest's Word when it asks for a word more. With other
// words in the index's table, it says those alone: a grade word the page
// shows that is not the table's fails.
func TestSearchSaysOnlyTheIndexsGrades(t *testing.T) {
	grades := grade.All()
	var real []string
	for _, g := range grades {
		real = append(real, g.Word)
	}
	others := make([][2]string, len(grades))
	for i := range others {
		word := fmt.Sprintf("grade%c", 'a'+i)
		others[i] = [2]string{word, word + " " + fmt.Sprintf("skill%c", 'a'+i)}
	}
	for _, c := range []struct {
		name  string
		table [][2]string
	}{{"package grade's words", gradeTable()[1:]}, {"other words", others}} {
		t.Run(c.name, func(t *testing.T) {
			shown := gradesShown(t, c.table)
			if c.name == "other words" {
				for _, w := range real {
					if strings.Contains(shown, w) {
						t.Errorf("with other words in the index, the page says %q, not the index's:\n%s", w, shown)
					}
				}
			}
		})
	}
	for _, name := range []string{"static/search.js", "search.html"} {
		src, err := os.ReadFile(filepath.Join("..", "templates", name))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range real {
			if regexp.MustCompile(`\b` + w + `\b`).Match(src) {
				t.Errorf("templates/%s spells the grade %q: it should take it from package grade", name, w)
			}
		}
	}
}

// gradesShown builds an index of puzzles of each grade whose grades table
// (gradeTable) is table, each grade's Word and the words a search finds it
// by, and checks in node that search.js finds, says and offers the grades
// by those words; it returns all it said, results, offers and summary.
func gradesShown(t *testing.T, table [][2]string) string {
	t.Helper()
	const each = 8 // of each grade: three grades make enough to be offered narrowings
	var puzzles []Puzzle
	for i, g := range grade.All() {
		for j := range each {
			// In colour: "black and white" would find "trial and error".
			puzzles = append(puzzles, Puzzle{Title: fmt.Sprintf("Puzzle %c%d", 'A'+i, j), Width: 5, Height: 5, Colors: 2,
				Difficulty: g.Key, Page: fmt.Sprintf("p/%s%d/index.html", g.Key, j)})
		}
	}
	script, err := Script(puzzles)
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, script)
	m["grades"], _ = json.Marshal(append([][2]string{{"", ""}}, table...))
	body, _ := json.Marshal(m)
	script = []byte("window.npSearchIndex=" + string(body) + ";\n")
	var queries []string
	for _, g := range table {
		queries = append(queries, strings.Fields(g[1])...)
	}
	extra := `out["described"] = {total: 0, titles: items.map(x => s.describe(x, false)), pages: []};
out["offered"] = {total: 0, titles: s.narrowings(items, "puzzle", s.find(items, "puzzle", 10)).map(o => o.label), pages: []};
out["summary"] = {total: 0, titles: [s.summary(items, "puzzle", s.find(items, "puzzle", 3))], pages: []};`
	var got map[string]struct {
		Total  int
		Titles []string
	}
	if err := json.Unmarshal([]byte(runSearch(t, script, queries, extra)), &got); err != nil {
		t.Fatal(err)
	}
	described, offered, summary := got["described"].Titles, got["offered"].Titles, got["summary"].Titles
	if len(described) != len(puzzles) || len(summary) != 1 {
		t.Fatalf("described %d results, want %d; summary %q", len(described), len(puzzles), summary)
	}
	for i, g := range table {
		prefix := fmt.Sprintf("Puzzle %c", 'A'+i)
		for _, q := range strings.Fields(g[1]) {
			if q == "and" {
				continue // "trial and error"
			}
			r := got[q]
			if r.Total != each || len(r.Titles) == 0 || slices.ContainsFunc(r.Titles, func(s string) bool { return !strings.HasPrefix(s, prefix) }) {
				t.Errorf("grade %q: search %q found %q (%d in all), want the %d of %s…", g[0], q, r.Titles, r.Total, each, prefix)
			}
		}
		if d := described[i*each]; !slices.Contains(strings.Split(d, " · "), g[0]) {
			t.Errorf("grade %q: its result says %q, want %q in it", g[0], d, g[0])
		}
		if !slices.Contains(offered, g[0]) {
			t.Errorf("grade %q: a search of all offers %q to narrow it, not %q", g[0], offered, g[0])
		}
	}
	if want := "add a word to narrow it (a size, “small”, “" + table[0][0] + "”, an author)."; !strings.HasSuffix(summary[0], want) {
		t.Errorf("a search with more results than shown says %q, want it to end %q", summary[0], want)
	}
	return strings.Join(slices.Concat(described, offered, summary), "\n")
}

func TestSearchResults(t *testing.T) {
	script, err := Script(sample)
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][]string{
		"sea":        {"Sea serpent", "Sailboat"}, // title prefix first, then a tag
		"ada":        {"Sailboat", "Cup"},         // author
		"64x64":      {"Balloon at sunset"},       // size
		"colours":    {"Balloon at sunset", "Sea serpent"},
		"easy":       {"Sailboat", "Cup"}, // difficulty in words
		"hard":       {"Sea serpent"},
		"cc-by":      {"Balloon at sunset"}, // license
		"SEA  boats": {"Sailboat"},          // every word, any case
		"nothing":    {},
		"   ":        {},
		"triddler":   {"Wake up"}, // a triddler's size, in words
		"0x0":        {},          // not its width and height
	}
	var queries []string
	for q := range cases {
		queries = append(queries, q)
	}
	var got map[string]struct {
		Total  int
		Titles []string
		Pages  []string
	}
	// What a result says of a size: a grid's, and a triddler's triangles.
	sizes := `out["sizes"] = {total: 0, titles: ["Cup", "Wake up"].map(n => items.find(x => x.title === n).size), pages: []};
const two = [items[0], Object.assign({}, items[0], {dir: "elsewhere/"}), items[1]], shared = s.sharedTitles(two);
out["described"] = {total: 0, titles: two.map(x => s.describe(x, shared[x.lower])), pages: []};`
	if err := json.Unmarshal([]byte(runSearch(t, script, queries, sizes)), &got); err != nil {
		t.Fatal(err)
	}
	for q, want := range cases {
		g := got[q]
		if len(g.Titles) == 0 && len(want) == 0 {
			continue
		}
		if !reflect.DeepEqual(g.Titles, want) || g.Total != len(want) {
			t.Errorf("search %q: %q (%d in all), want %q", q, g.Titles, g.Total, want)
		}
	}
	if s := got["sizes"].Titles; !reflect.DeepEqual(s, []string{"5×5", "triddler, 24 triangles"}) {
		t.Errorf("sizes shown: %q", s)
	}
	// Results that share a title say which folder each is in; others do not.
	// They say the difficulty too, as the cards do.
	if d := got["described"].Titles; !reflect.DeepEqual(d, []string{"15×15 · black and white · easy · by Ada Grid · in first-steps",
		"15×15 · black and white · easy · by Ada Grid · in elsewhere", "5×5 · black and white · easy · by Ada Grid"}) {
		t.Errorf("results described: %q", d)
	}
	if p := got["64x64"].Pages; len(p) != 1 || p[0] != "colour/balloon/index.html" {
		t.Errorf("balloon's page: %q", p)
	}
}

// shelf is an archive as visitors search it: accented names, sizes that
// hold each other's digits, a collection named after its author.
var shelf = []Puzzle{
	{Title: "Tiger", Author: "Mirek Olšák", Width: 20, Height: 20, Colors: 1, Difficulty: "line", Page: "cats/tiger/index.html"},
	{Title: "Smooth tiger", Author: "Paweł Łukasz", Width: 15, Height: 5, Colors: 1, Difficulty: "probe", Page: "cats/smooth/index.html"},
	{Title: "Kite", Author: "Ada Grid", Width: 5, Height: 5, Colors: 3, Difficulty: "line", Page: "jwilk-nonogram/data/kite/index.html"},
	{Title: "Moon", Author: "Ada Grid", Width: 75, Height: 50, Colors: 1, Difficulty: "search", Page: "jwilk-nonogram/data/moon/index.html"},
	{Title: "Wilkes", Author: "Jakub Wilk", Width: 10, Height: 10, Colors: 1, Difficulty: "line", Page: "other/wilkes/index.html"},
	{Title: "Dancer", Author: "Jan Wolter", Width: 5, Height: 10, Colors: 2, Difficulty: "line", Page: "other/dancer/index.html"},
}

// TestSearchAsVisitorsType runs in node what visitors type in the search
// box: accents or none, a size written either way or with spaces, colour
// in both spellings, a collection's name, and slips of the keyboard.
func TestSearchAsVisitorsType(t *testing.T) {
	script, err := Script(shelf)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		q      string
		titles []string
		fixed  string // what the query was read as, when nothing matched it
	}{
		{"olsak", []string{"Tiger"}, ""},                    // accents off the name
		{"OLŠÁK", []string{"Tiger"}, ""},                    // accents on the query
		{"lukasz pawel", []string{"Smooth tiger"}, ""},      // ł is l
		{"5x5", []string{"Kite"}, ""},                       // not 15x5 or 75x50
		{"5×5", []string{"Kite"}, ""},                       // the sign the site writes
		{"10 x 10", []string{"Wilkes"}, ""},                 // with spaces
		{"15x", []string{"Smooth tiger"}, ""},               // a size being typed
		{"small", []string{"Kite", "Wilkes", "Dancer"}, ""}, // up to 10 a side
		{"colour", []string{"Kite", "Dancer"}, ""},          // not every black-and-white one
		{"color", []string{"Kite", "Dancer"}, ""},           // nor in American
		{"black and white", []string{"Tiger", "Smooth tiger", "Moon", "Wilkes"}, ""},
		{"medium", []string{"Smooth tiger"}, ""}, // the difficulty as the cards say it
		{"look-ahead", []string{"Smooth tiger"}, ""},
		{"trial and error", []string{"Moon"}, ""},
		{"jwilk", []string{"Kite", "Moon"}, ""},          // the collection's name
		{"wilk", []string{"Wilkes", "Kite", "Moon"}, ""}, // title, then author, then the rest
		{"tigr", []string{"Tiger", "Smooth tiger"}, "tiger"},
		{"smoth tigre", []string{"Smooth tiger"}, "smooth tiger"},
		{"dancre", []string{"Dancer"}, "dancer"},  // letters swapped
		{"wolther", []string{"Dancer"}, "wolter"}, // an author
		{"tigr 10x10", nil, ""},                   // no puzzle is both
		{"zzzz", nil, ""},
		{"zz", nil, ""},
	}
	var queries []string
	for _, c := range cases {
		queries = append(queries, c.q)
	}
	// find is what the pages call: search, then a second reading of the
	// query; pages holds what the query was read as and what the page says.
	extra := `for (const q of Object.keys(out)) { const r = s.find(items, q, 10); out[q] = {total: r.total, titles: r.results.map(x => x.title), pages: [r.fixed, s.summary(items, q, r)]}; }
out.limited = {total: 0, titles: [], pages: ["", s.summary(items, "black and white", s.find(items, "black and white", 3))]};`
	var got map[string]struct {
		Total  int
		Titles []string
		Pages  []string
	}
	if err := json.Unmarshal([]byte(runSearch(t, script, queries, extra)), &got); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		g := got[c.q]
		if len(g.Titles) != len(c.titles) || (len(c.titles) > 0 && !reflect.DeepEqual(g.Titles, c.titles)) || g.Total != len(c.titles) {
			t.Errorf("search %q: %q (%d in all), want %q", c.q, g.Titles, g.Total, c.titles)
		}
		if len(g.Pages) != 2 || g.Pages[0] != c.fixed {
			t.Errorf("search %q read as %q, want %q", c.q, g.Pages, c.fixed)
		}
	}
	if s := got["tigr"].Pages[1]; s != "No puzzle matches “tigr”; 2 puzzles found for “tiger”." {
		t.Errorf("what a corrected search says: %q", s)
	}
	if s := got["limited"].Pages[1]; s != "4 puzzles found, the first 3 shown: add a word to narrow it (a size, “small”, “easy”, an author)." {
		t.Errorf("what a search with more results than shown says: %q", s)
	}
	if s := got["zzzz"].Pages[1]; s != "No puzzle matches “zzzz”." {
		t.Errorf("what a search that finds nothing says: %q", s)
	}
}

// TestSearchPunctuation: apostrophes, straight, curly (as phones type
// them) or left out, and hyphens or spaces between words, find the same
// titles.
func TestSearchPunctuation(t *testing.T) {
	script, err := Script([]Puzzle{
		{Title: "Don't panic", Width: 5, Height: 5, Colors: 1, Page: "a/panic/index.html"},
		{Title: "Wake up!", Width: 5, Height: 5, Colors: 1, Page: "a/wake/index.html"},
		{Title: "Look-ahead", Width: 5, Height: 5, Colors: 1, Page: "a/look/index.html"},
	})
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		"don't": "Don't panic", "don’t": "Don't panic", "dont": "Don't panic", "DON’T PANIC": "Don't panic",
		"wake-up": "Wake up!", "wake up": "Wake up!",
		"look-ahead": "Look-ahead",
	}
	queries := slices.Sorted(maps.Keys(cases))
	var got map[string]struct{ Titles []string }
	if err := json.Unmarshal([]byte(runSearch(t, script, queries, "")), &got); err != nil {
		t.Fatal(err)
	}
	for _, q := range queries {
		if g := got[q].Titles; len(g) != 1 || g[0] != cases[q] {
			t.Errorf("search %q: %q, want %q", q, g, cases[q])
		}
	}
}

// TestSearchNarrowings: a search of many results is offered words that
// narrow it, each with how many it finds (as the search finds them); not
// a word that keeps all or finds none, nor another of a kind the query
// names.
func TestSearchNarrowings(t *testing.T) {
	script, err := Script(archive(100)) // all easy, a colour one in ten, 12 small, sizes twice at most
	if err != nil {
		t.Fatal(err)
	}
	extra := `for (const q of ["blob", "blob 5x5", "blob 7"]) {
  const n = s.narrowings(items, q, s.find(items, q, 10));
  out[q] = {total: 0, titles: n.map(o => o.label + " " + o.total + (s.search(items, o.query, 0).total === o.total ? "" : " (not what the search finds)")), pages: n.map(o => o.query)};
}`
	var got map[string]struct{ Titles, Pages []string }
	if err := json.Unmarshal([]byte(runSearch(t, script, []string{}, extra)), &got); err != nil {
		t.Fatal(err)
	}
	if want := []string{"small 12", "5×5 2", "6×5 2", "7×5 2", "in colour 10"}; !reflect.DeepEqual(got["blob"].Titles, want) {
		t.Errorf("narrowing \"blob\": %q, want %q", got["blob"].Titles, want)
	}
	if q := got["blob"].Pages; len(q) == 0 || q[0] != "blob small" {
		t.Errorf("narrowing queries %q", q)
	}
	if n := got["blob 5x5"].Titles; len(n) != 0 {
		t.Errorf("a search of few results offered %q", n)
	}
	if n := got["blob 7"].Titles; len(n) == 0 || strings.Contains(strings.Join(n, ","), "easy") {
		t.Errorf("narrowing \"blob 7\": %q (easy keeps them all)", n)
	}
}

// TestSearchWidenings: a search of several words that finds nothing is
// offered the query less each word, for those that find some, with how
// many (as the search finds them); a search that finds some, or of one
// word, is offered none.
func TestSearchWidenings(t *testing.T) {
	ps := archive(100) // all easy, a colour one in ten, 12 small
	// A word every object has a property of is offered like any other.
	ps[1].Tags = []string{"constructor"}
	script, err := Script(ps)
	if err != nil {
		t.Fatal(err)
	}
	extra := `for (const q of ["one colour", "blob zebra small", "ada ben", "blob", "zebra", "constructor zebra", "5 zebra x 5"]) {
  const n = s.widenings(items, q, s.find(items, q, 10));
  out[q] = {total: 0, titles: n.map(o => o.label + " " + o.total + (s.search(items, o.query, 0).total === o.total ? "" : " (not what the search finds)")), pages: n.map(o => o.query)};
}`
	var got map[string]struct{ Titles, Pages []string }
	if err := json.Unmarshal([]byte(runSearch(t, script, []string{}, extra)), &got); err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string][]string{
		"one colour":        {"colour 10"},
		"blob zebra small":  {"blob small 12"},
		"blob":              nil,
		"zebra":             nil,
		"constructor zebra": {"constructor 1"},
		// Less "zebra", the words read as one size, "5x5" (a 5×5 twice in 100).
		"5 zebra x 5": {"5 x 5 2"},
	} {
		if g := got[q].Titles; !reflect.DeepEqual(g, want) && !(len(g) == 0 && len(want) == 0) {
			t.Errorf("widening %q: %q, want %q", q, g, want)
		}
	}
	if n := got["ada ben"].Titles; len(n) != 2 || !strings.HasPrefix(n[0], "ben ") || !strings.HasPrefix(n[1], "ada ") || strings.Contains(strings.Join(n, ","), "not what") {
		t.Errorf("widening \"ada ben\" (two authors, each of some puzzles): %q", n)
	}
}

// TestSearchWideningsOnePass: the offers for a search of many words are
// found in one pass over the puzzles, a look for each word in each puzzle
// at most (a word with hyphens is two looks), not a search for each word
// left out, which looked for every other word again: a search of 100
// words took about 93 ms on a page. The work is counted, not timed.
func TestSearchWideningsOnePass(t *testing.T) {
	const n, words = 200, 100
	ps := archive(n)
	var ws []string
	for k := 1; k < words; k++ {
		ws = append(ws, fmt.Sprintf("w%d", k))
	}
	for i := range ps {
		ps[i].Tags = ws // every puzzle has every word but zebra
	}
	script, err := Script(ps)
	if err != nil {
		t.Fatal(err)
	}
	query := strings.Join(ws, " ") + " zebra"
	extra := fmt.Sprintf(`{
  const q = %q, found = s.find(items, q, 10), indexOf = String.prototype.indexOf;
  let looks = 0;
  String.prototype.indexOf = function (...a) { looks++; return indexOf.apply(this, a); };
  const n = s.widenings(items, q, found);
  String.prototype.indexOf = indexOf;
  out.offers = {total: looks, titles: n.map(o => o.total + ": " + o.label)};
}`, query)
	var got map[string]struct {
		Total  int
		Titles []string
	}
	if err := json.Unmarshal([]byte(runSearch(t, script, []string{}, extra)), &got); err != nil {
		t.Fatal(err)
	}
	if want := []string{fmt.Sprintf("%d: %s", n, strings.Join(ws, " "))}; !reflect.DeepEqual(got["offers"].Titles, want) {
		t.Errorf("offers: %q, want %q", got["offers"].Titles, want)
	}
	if most := 2 * words * n; got["offers"].Total > most {
		t.Errorf("the offers for a search of %d words in %d puzzles looked %d times into their texts, more than %d", words, n, got["offers"].Total, most)
	}
}

// archive makes n puzzles with the metadata internal/archivegen gives its
// archives: "Blob i-k" titles, a dozen authors, four licenses, folders of
// 100, a tag on one in five, a colour puzzle in ten, and ids as random as
// puzzle.Puzzle.ID's (fakeID).
func archive(n int) []Puzzle {
	authors := []string{"Ada Grid", "Ben Pixel", "Cleo Contour", "Dan Dot", "Eve Edge", "Finn Fill", "Gus Gap", "Hal Hue", "Ivy Ink", "Jo Jot", "Kai Key", "Lu Line"}
	licenses := []string{"CC0-1.0", "CC-BY-4.0", "CC-BY-SA-4.0", ""}
	tags := []string{"animals", "plants", "objects", "symbols", "people"}
	out := make([]Puzzle, n)
	for i := range out {
		p := Puzzle{Title: fmt.Sprintf("Blob %d-%d", i, (i*7919)%1000), Author: authors[i%len(authors)], License: licenses[i%len(licenses)],
			Width: 5 + i%26, Height: 5 + (i/3)%26, Colors: 1, Difficulty: "line",
			Page: fmt.Sprintf("c%04d/blob-%d/index.html", i/100, i), ID: fakeID(i)}
		if i%5 == 0 {
			p.Tags = []string{tags[i%len(tags)]}
		}
		if i%10 == 0 {
			p.Colors = 3
		}
		out[i] = p
	}
	return out
}

// fakeID is puzzle i's id: 20 hex digits of a hash, as puzzle.Puzzle.ID
// makes them.
func fakeID(i int) string {
	sum := sha256.Sum256([]byte(strconv.Itoa(i)))
	return hex.EncodeToString(sum[:10])
}

// TestIndexSize100k measures the index of 100,000 puzzles: its size, raw
// and as a server sends it gzipped, which bounds what the first search
// fetches.
func TestIndexSize100k(t *testing.T) {
	script, err := Script(archive(100_000))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(script)
	w.Close()
	t.Logf("100,000 puzzles: index %d bytes (%.0f per puzzle), %d gzipped", len(script), float64(len(script))/1e5, gz.Len())
	if per := len(script) / 100_000; per > 100 {
		t.Errorf("index takes %d bytes per puzzle, want at most 100", per)
	}
}

// BenchmarkSearch100k measures, in node, loading the index of 100,000
// puzzles and answering queries over it, and queries that find nothing
// and are read again with the nearest known words (reported as custom
// metrics, ms).
func BenchmarkSearch100k(b *testing.B) {
	script, err := Script(archive(100_000))
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		out := runSearch(b, script, []string{"blob 5", "ada", "animals", "colours", "12x7"}, `
const t0 = performance.now(); require.cache = {}; const it2 = s.prepare(window.npSearchIndex); const t1 = performance.now();
let n = 0; for (let k = 0; k < 20; k++) n += s.search(it2, ["b", "bl", "blo", "blob 9", "ada g", "anim"][k % 6], 8).total;
const t2 = performance.now();
s.find(it2, "blbo", 8); // the first query that finds nothing gathers the words
const t3 = performance.now();
for (let k = 0; k < 5; k++) s.find(it2, ["blbo", "ada grdi", "animlas", "zzzz", "pepole"][k], 8);
const t4 = performance.now();
out.timing = {prepareMs: t1 - t0, searchMs: (t2 - t1) / 20, firstMissMs: t3 - t2, missMs: (t4 - t3) / 5};`)
		var got struct {
			Timing struct{ PrepareMs, SearchMs, FirstMissMs, MissMs float64 }
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(got.Timing.PrepareMs, "prepare-ms")
		b.ReportMetric(got.Timing.SearchMs, "query-ms")
		b.ReportMetric(got.Timing.FirstMissMs, "first-miss-ms") // a query read again, with the words gathered
		b.ReportMetric(got.Timing.MissMs, "miss-ms")            // a query read again
	}
	b.ReportMetric(float64(len(script)), "index-bytes")
}

// TestIndexIDs: the index keeps the first IDPrefix characters of each
// puzzle's id, in the order of its rows, as one string; a puzzle without
// an id has dashes, which no id starts with.
func TestIndexIDs(t *testing.T) {
	script, err := Script([]Puzzle{
		{Title: "A", Page: "a/index.html", ID: "0123456789abcdef0123"},
		{Title: "B", Page: "b/index.html"},
		{Title: "C", Page: "c/index.html", ID: "fedcba98765432100000"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := `"ids":"01234567--------fedcba98"`; !strings.Contains(string(script), want) {
		t.Errorf("index %s\nwant %s", script, want)
	}
}
