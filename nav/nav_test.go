package nav

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestNaturalLess(t *testing.T) {
	names := []string{"puzzle10", "Puzzle2", "puzzle1", "a", "puzzle02", "b10x", "b9x", "B9x", "zebra", "001"}
	slices.SortFunc(names, func(a, b string) int {
		if NaturalLess(a, b) {
			return -1
		}
		if NaturalLess(b, a) {
			return 1
		}
		return 0
	})
	want := []string{"001", "a", "B9x", "b9x", "b10x", "puzzle1", "Puzzle2", "puzzle02", "puzzle10", "zebra"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("natural order:\n got %q\nwant %q", names, want)
	}
	if NaturalLess("x", "x") {
		t.Error("x < x")
	}
	// Numbers longer than any integer type still compare by value.
	if !NaturalLess("n99999999999999999999999", "n100000000000000000000000") {
		t.Error("long numbers compare by length first")
	}
}

func TestPaginate(t *testing.T) {
	cases := []struct {
		n, per int
		want   []Page
	}{
		{0, 10, []Page{{1, 0, 0}}},
		{5, 10, []Page{{1, 0, 5}}},
		{10, 10, []Page{{1, 0, 10}}},
		{11, 10, []Page{{1, 0, 10}, {2, 10, 11}}},
		{250, 0, []Page{{1, 0, 100}, {2, 100, 200}, {3, 200, 250}}},
	}
	for _, c := range cases {
		if got := Paginate(c.n, c.per); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Paginate(%d, %d) = %v, want %v", c.n, c.per, got, c.want)
		}
	}
	if got := len(Paginate(10000, 0)); got != 100 {
		t.Errorf("10,000 puzzles make %d pages, want 100", got)
	}
}

func TestPageDir(t *testing.T) {
	if got := PageDir("a/b/", 1); got != "a/b/" {
		t.Errorf("first page: %q", got)
	}
	if got := PageDir("a/b/", 3); got != "a/b/page/3/" {
		t.Errorf("third page: %q", got)
	}
	if got := PageDir("", 2); got != "page/2/" {
		t.Errorf("root, second page: %q", got)
	}
}

func labels(ls []Link) string {
	var out []string
	for _, l := range ls {
		s := l.Label
		if l.Current {
			s = "[" + s + "]"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

func TestPager(t *testing.T) {
	cases := []struct {
		cur, total int
		want       string
	}{
		{1, 1, ""},
		{1, 3, "[1] 2 3 Next ›"},
		{3, 3, "‹ Previous 1 2 [3]"},
		{1, 100, "[1] 2 3 … 100 Next ›"},
		{50, 100, "‹ Previous 1 … 48 49 [50] 51 52 … 100 Next ›"},
		{4, 9, "‹ Previous 1 2 3 [4] 5 6 … 9 Next ›"},
	}
	for _, c := range cases {
		if got := labels(Pager(c.cur, c.total)); got != c.want {
			t.Errorf("Pager(%d, %d) = %q, want %q", c.cur, c.total, got, c.want)
		}
	}
	for _, l := range Pager(50, 100) {
		if l.Label == "…" && l.Number != 0 {
			t.Errorf("a gap links to page %d", l.Number)
		}
	}
}

func TestNeighbours(t *testing.T) {
	cases := []struct{ i, n, prev, next int }{
		{0, 1, -1, -1},
		{0, 3, -1, 1},
		{1, 3, 0, 2},
		{2, 3, 1, -1},
	}
	for _, c := range cases {
		p, n := Neighbours(c.i, c.n)
		if p != c.prev || n != c.next {
			t.Errorf("Neighbours(%d, %d) = %d, %d; want %d, %d", c.i, c.n, p, n, c.prev, c.next)
		}
	}
}

func TestFirstLine(t *testing.T) {
	cases := []struct{ md, want string }{
		{"# Title\n\nThe *first* steps: [small](a.md)\npuzzles. More.\n\nNext paragraph.", "The first steps: small puzzles."},
		{"One line, no full stop\n\nSecond.", "One line, no full stop"},
		{"\n![img](x.png)\n<div>x</div>\n---\n- A list item\n", "A list item"},
		{"```\ncode\n```\nAfter the fence", "After the fence"},
		{"", ""},
		{"Shapes <b class=\"raw\">bold</b> and 1 < 2.", "Shapes bold and 1 < 2."},
		{strings.Repeat("word ", 100), strings.TrimSpace(strings.Repeat("word ", 32)) + "…"},
	}
	for _, c := range cases {
		if got := FirstLine([]byte(c.md)); got != c.want {
			t.Errorf("FirstLine(%q) = %q, want %q", c.md, got, c.want)
		}
	}
}

func TestClip(t *testing.T) {
	if got := Clip("héllo wörld again", 9); got != "héllo…" {
		t.Errorf("Clip: %q", got)
	}
	if got := Clip("short", 10); got != "short" {
		t.Errorf("Clip: %q", got)
	}
}
