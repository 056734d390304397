package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRelURL(t *testing.T) {
	for _, tc := range []struct{ from, target, want string }{
		{"", "a/b/index.html", "a/b/index.html"},
		{"a/", "a/b/index.html", "b/index.html"},
		{"a/b/", "a/c/index.html", "../c/index.html"},
		{"a/b/", "index.html", "../../index.html"},
		{"a/b/", "a/b/sheet.svg", "sheet.svg"},
		{"ab/", "a/x", "../a/x"},
	} {
		if got := relURL(tc.from, tc.target); got != tc.want {
			t.Errorf("relURL(%q, %q) = %q, want %q", tc.from, tc.target, got, tc.want)
		}
	}
}

func TestSlugs(t *testing.T) {
	for in, want := range map[string]string{
		"Collection 1": "collection-1", "  __x__ ": "x", "Émile's Puzzles!": "émile-s-puzzles", "###": "item", "100": "100",
	} {
		if got := slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"a.non": "a", "minis.nonpack.gz": "minis", "x.y.xml": "x.y", ".nonpack.gz": ".nonpack"} {
		if got := baseName(in); got != want {
			t.Errorf("baseName(%q) = %q, want %q", in, got, want)
		}
	}
	taken := map[string]bool{}
	got := []string{uniqueSlug("a", taken), uniqueSlug("a", taken), uniqueSlug("a", taken), uniqueSlug("static", taken)}
	if strings.Join(got, " ") != "a a-2 a-3 static-2" {
		t.Errorf("uniqueSlug gave %v", got)
	}
}

func TestParseNote(t *testing.T) {
	for _, tc := range []struct {
		name, in          string
		title, date, body string
		weight, line      int
		draft             bool
		tags              string
	}{
		{name: "none", in: "# Hi\ntext\n", body: "# Hi\ntext\n", line: 1},
		{name: "yaml", in: "---\ntitle: T\nweight: 3\ntags: [a, b]\ndate: 2024-02-03\nextra: ignored\n---\nbody\n",
			title: "T", weight: 3, tags: "a,b", date: "2024-02-03T00:00:00Z", body: "body\n", line: 8},
		{name: "toml", in: "+++\ntitle = \"T\"\ndraft = true\ndate = 2024-02-03T10:00:00Z\n+++\nbody", title: "T", draft: true,
			date: "2024-02-03T10:00:00Z", body: "body", line: 6},
		{name: "toml local date", in: "+++\ndate = 2024-02-03\n+++\n", date: "2024-02-03T00:00:00Z", line: 4},
		{name: "crlf", in: "---\r\ntitle: T\r\n---\r\nbody", title: "T", body: "body", line: 4},
	} {
		n, err := parseNote("n.md", []byte(tc.in))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		f := n.front
		if f.Title != tc.title || f.Weight != tc.weight || f.Draft != tc.draft || strings.Join(f.Tags, ",") != tc.tags ||
			f.date != tc.date || string(n.body) != tc.body || n.bodyLine != tc.line {
			t.Errorf("%s: got %+v body %q line %d", tc.name, f, n.body, n.bodyLine)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"---\ntitle: x\n", "n.md:1: front matter"},
		{"---\ntitle: x\nweight: heavy\n---\n", "n.md:3:"},
		{"+++\ntitle = \"x\"\nweight = \n+++\n", "n.md:3:"},
		{"---\ndate: someday\n---\n", "n.md:2: front matter: date"},
	} {
		_, err := parseNote("n.md", []byte(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want prefix %q", tc.in, err, tc.want)
		}
	}
}

func FuzzParseNote(f *testing.F) {
	f.Add([]byte("---\ntitle: T\ntags: [a]\n---\nbody"))
	f.Add([]byte("+++\ntitle = \"T\"\ndate = 2024-01-01\n+++\n"))
	f.Add([]byte("---\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := parseNote("f.md", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.md:") {
				t.Errorf("error without file and line: %v", err)
			}
			return
		}
		if n.bodyLine < 1 || len(n.body) > len(data) {
			t.Errorf("bad split: line %d, body %d of %d bytes", n.bodyLine, len(n.body), len(data))
		}
	})
}

func TestProgressSilentUnlessTerminal(t *testing.T) {
	var buf strings.Builder
	p := newProgress(&buf, false, 10)
	p.done()
	p.stop()
	if buf.Len() != 0 || p.active {
		t.Errorf("progress wrote %q to a non-terminal", buf.String())
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Errorf("a regular file taken for a terminal")
	}
}

func TestSummaryLine(t *testing.T) {
	s := newSite(t, smallSite)
	var log strings.Builder
	s.mustBuild(Config{Log: &log})
	if !strings.HasPrefix(log.String(), "built 4 puzzles into 14 pages: ") || strings.Count(log.String(), "\n") != 1 {
		t.Errorf("log = %q, want one summary line", log.String())
	}
}

func TestLogListsWarnings(t *testing.T) {
	s := newSite(t, smallSite+"-- free.non --\ntitle \"Free\"\nwidth 1\nheight 2\n\nrows\n1\n1\n\ncolumns\n2\n")
	var log strings.Builder
	s.mustBuild(Config{Log: &log})
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], filepath.Join(s.src, "free.non")+":") ||
		!strings.HasSuffix(lines[0], "(warning)") || !strings.Contains(lines[1], "1 warnings") {
		t.Errorf("log = %q", log.String())
	}
}

func TestLandscape(t *testing.T) {
	for svg, want := range map[string]bool{
		`<svg width="420mm" height="297mm" viewBox="0 0 42e3 29700">`: true,
		`<svg width="210mm" height="297mm">`:                          false,
		`<svg height="10mm" width="20mm">`:                            false, // not render's order: no claim
		`<rect width="420mm" height="1mm"/>`:                          false,
	} {
		if got := landscape([]byte(svg)); got != want {
			t.Errorf("landscape(%s) = %v", svg, got)
		}
	}
}

func TestLogListIsCapped(t *testing.T) {
	var b strings.Builder
	list := make([]string, logListMax+7)
	for i := range list {
		list[i] = "w"
	}
	logList(&b, list, "warning")
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != logListMax+1 || lines[logListMax] != "... and 7 more (warning)" {
		t.Errorf("capped list: %d lines, last %q", len(lines), lines[len(lines)-1])
	}
}
