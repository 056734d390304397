package content

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
		if got := RelURL(tc.from, tc.target); got != tc.want {
			t.Errorf("relURL(%q, %q) = %q, want %q", tc.from, tc.target, got, tc.want)
		}
	}
}

func TestSlugs(t *testing.T) {
	for in, want := range map[string]string{
		"Collection 1": "collection-1", "  __x__ ": "x", "Émile's Puzzles!": "émile-s-puzzles", "###": "item", "100": "100",
	} {
		if got := Slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"a.non": "a", "minis.nonpack.gz": "minis", "x.y.xml": "x.y", ".nonpack.gz": ".nonpack"} {
		if got := BaseName(in); got != want {
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
		n, err := ParseNote("n.md", []byte(tc.in))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		f := n.Front
		if f.Title != tc.title || f.Weight != tc.weight || f.Draft != tc.draft || strings.Join(f.Tags, ",") != tc.tags ||
			f.DateRFC3339 != tc.date || string(n.Body) != tc.body || n.BodyLine != tc.line {
			t.Errorf("%s: got %+v body %q line %d", tc.name, f, n.Body, n.BodyLine)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"---\ntitle: x\n", "n.md:1: front matter"},
		{"---\ntitle: x\nweight: heavy\n---\n", "n.md:3:"},
		{"+++\ntitle = \"x\"\nweight = \n+++\n", "n.md:3:"},
		{"---\ndate: someday\n---\n", "n.md:2: front matter: date"},
		// A quote left open: blamed where it opens, not at the end.
		{"---\ntags: [a]\ntitle: \"Cups\nweight: x\n---\n", `n.md:3: front matter: the value quoted with " on this line is never closed (end it with " on the same line)`},
		{"---\ntitle: 'It''s\n---\n", `n.md:2: front matter: the value quoted with ' on this line`},
		// A quoted value may run on: another mistake is not blamed on it.
		{"---\ntitle: \"two\n  lines\"\nweight: heavy\n---\n", `n.md:4: front matter: weight: "heavy" is not a number`},
		// A value of the wrong type is said by its key, with the fix.
		{"---\ntitle: Cups\ntags: a, b\n---\n", `n.md:3: front matter: tags: "a, b" is not a list (write a list in brackets, as in tags: [a, b])`},
		{"---\ntags: handmade, small\nweight: \"very heavy\"\n---\n", `n.md:2: front matter: tags: "handmade, small" is not a list (write a list in brackets, as in tags: [handmade, small])`},
		{"---\nweight: \"very heavy\"\n---\n", `n.md:2: front matter: weight: "very heavy" is not a number`},
		{"---\ndraft: maybe\n---\n", `n.md:2: front matter: draft: "maybe" is not true or false`},
		// A list or mapping where one value goes, at its key's line.
		{"---\nauthor: [Ann, Bo]\n---\n", `n.md:2: front matter: author: a list is not one value (write it as one text, as in author: "Ann, Bo")`},
		{"---\nlicense: MIT\nauthor:\n  - Ann\n  - Bo\n---\n", `n.md:3: front matter: author: a list is not one value`},
		{"---\ntitle:\n  a: b\n---\n", `n.md:2: front matter: title: a mapping is not one value`},
		{"---\ntags: {a: b}\n---\n", `n.md:2: front matter: tags: a mapping is not a list (write a list in brackets, as in tags: [a, b])`},
		// TOML's the same way, never naming a Go field.
		{"+++\ntitle = \"T\"\nauthor = [\"Ann\", \"Bo\"]\n+++\n", `n.md:3: front matter: author: an array is not one text (write it in quotes, as in author = "…")`},
		{"+++\nweight = \"heavy\"\n+++\n", `n.md:2: front matter: weight: a string is not a number (write a number without quotes, as in weight = 2)`},
		{"+++\ntags = \"a, b\"\n+++\n", `n.md:2: front matter: tags: a string is not a list`},
		{"+++\nweight = 1.5\n+++\n", `n.md:2: front matter: weight: a fraction is not a whole number (write a whole number, as in weight = 2)`},
		// TOML's syntax errors (which name characters: "unexpected character
		// U+0043 'C' at start of value") as the mistake behind them.
		{"+++\ntitle = Cat # the first\n+++\n", `n.md:2: front matter: title: text in TOML needs quotes (write title = "Cat")`},
		{"+++\ntitle = \"Cat\n+++\n", `n.md:2: front matter: title: the value quoted with " is never closed (end it with " on the same line)`},
		{"+++\ntags = [easy, small]\n+++\n", `n.md:2: front matter: tags: the words of a TOML list need quotes (write tags = ["easy", "small"])`},
		{"+++\ntitle = 'It''s'\n+++\n", `n.md:2: front matter: title: TOML has no '' inside single quotes (write title = "It's")`},
		{"+++\nweight: 2\n+++\n", `n.md:2: front matter: "weight: 2" is written as YAML: TOML (between +++ lines) writes key = value (write weight = 2)`},
		{"+++\ndraft = yes\n+++\n", `n.md:2: front matter: draft: "yes" is not true or false (write draft = true or draft = false)`},
		{"+++\ntags = easy\n+++\n", `n.md:2: front matter: tags: "easy" is not a list (write tags = ["easy"])`},
		// A plain value YAML cannot read as text: at its line, with quotes
		// as the fix (YAML blamed line 1, or none, in its own words).
		{"---\nlicense: MIT\ntitle: Cat: the sequel\n---\n", `n.md:3: front matter: title: YAML reads ": " inside a value as the start of another key (put the value in quotes: title: "Cat: the sequel")`},
		{"---\ntitle: [Draft] Cat\n---\n", `n.md:2: front matter: title: YAML reads a value that starts with [ as a list, and this one is never closed (put the value in quotes: title: "[Draft] Cat")`},
		{"---\ntitle: Cat\ntags: [easy\n---\n", `n.md:3: front matter: tags: the list is never closed (end it with ]: tags: [easy])`},
		{"---\ntitle: @home\n---\n", `n.md:2: front matter: title: YAML does not let a value start with @`},
		{"---\ndescription: - a dash\n---\n", `n.md:2: front matter: description: YAML reads a value that starts with "- " as a list`},
		{"---\nauthor: Ann\ntitle:Cat\n---\n", `n.md:3: front matter: "title:Cat" is not a key and value: YAML wants a space after the colon (write title: Cat)`},
		{"---\ntitle:Cat\n---\n", `n.md:2: front matter: "title:Cat" is not a key and value`},
	} {
		_, err := ParseNote("n.md", []byte(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want prefix %q", tc.in, err, tc.want)
		}
	}
}

func FuzzParseNote(f *testing.F) {
	f.Add([]byte("---\ntitle: T\ntags: [a]\n---\nbody"))
	f.Add([]byte("+++\ntitle = \"T\"\ndate = 2024-01-01\n+++\n"))
	f.Add([]byte("---\n---\n"))
	f.Add([]byte("+++\ntitle = 'a''b'\ntags = [x]\n+++\n"))
	f.Add([]byte("---\ntitle: a: b #c\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ParseNote("f.md", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.md:") {
				t.Errorf("error without file and line: %v", err)
			}
			return
		}
		if n.BodyLine < 1 || len(n.Body) > len(data) {
			t.Errorf("bad split: line %d, body %d of %d bytes", n.BodyLine, len(n.Body), len(data))
		}
	})
}

func TestParseNoteWarnsOfMisspeltKeys(t *testing.T) {
	n, err := ParseNote("cat.md", []byte("---\ntitle: Cat\ntag: [easy]\nauthor_url: x\n---\nBody.\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Warnings) != 1 || n.Warnings[0].String() != `cat.md:3:1: unknown front matter key "tag" (did you mean "tags"?)` {
		t.Errorf("warnings = %v: want one, for tag (author_url is merely unknown)", n.Warnings)
	}
	// Every key FrontMatter reads is known, lastmod too.
	n, err = ParseNote("cat.md", []byte("---\nlastmod: 2024-05-01\nlastmd: 2024-05-02\n---\n"))
	if err != nil || len(n.Warnings) != 1 || !strings.Contains(n.Warnings[0].String(), `"lastmd" (did you mean "lastmod"?)`) {
		t.Errorf("lastmod and lastmd: warnings %v, err %v: want one, for lastmd", n.Warnings, err)
	}
	// A text value YAML cuts at a comment, unnoticed but for this.
	n, err = ParseNote("cat.md", []byte("---\ntitle: #1 puzzle\nauthor: Ann #2\ndraft: true # for now\ndescription: \"x # y\"\n---\n"))
	if err != nil || len(n.Warnings) != 2 || n.Warnings[0].String() != `cat.md:2: front matter: title is empty, as YAML reads #1 puzzle as a comment (put the value in quotes: title: "#1 puzzle")` ||
		n.Warnings[1].String() != `cat.md:3: front matter: author is "Ann", as YAML reads what follows " #" as a comment (put the value in quotes: author: "Ann #2")` {
		t.Errorf("comments: warnings %v, err %v: want two, for title and author", n.Warnings, err)
	}
	_, err = ParseNote("cat.md", []byte("+++\ntitle = \"Cat\"\n"))
	if err == nil || err.Error() != `cat.md:1: front matter opened with "+++" is never closed` {
		t.Errorf("err = %v", err)
	}
}

// TestScanNamesFiles checks that the scanner gives each puzzle file its
// name without extensions (PuzzleFile.Name), compound ones included, from
// which its slug and a puzzle's fallback title are made.
func TestScanNamesFiles(t *testing.T) {
	src := t.TempDir()
	for _, name := range []string{"Minis.nonpack.gz", "cat_and-mouse.non"} {
		if err := os.WriteFile(filepath.Join(src, name), []byte("width 1\nheight 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, files, err := Scan(src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.Name+" "+f.Slug)
	}
	if want := "cat_and-mouse cat-and-mouse, Minis minis"; strings.Join(got, ", ") != want {
		t.Errorf("scanned files are named %q, want %q", strings.Join(got, ", "), want)
	}
}

// TestFolderTitle checks how a folder's name titles its collection.
func TestFolderTitle(t *testing.T) {
	for name, want := range map[string]string{
		"00_just_starting_out": "Just starting out",
		"03-symbols":           "Symbols",
		"my_puzzles":           "My puzzles",
		"iOS_puzzles":          "iOS puzzles",
		"animals":              "animals",
		"jwilk-nonogram":       "jwilk-nonogram",
		"2024-winter":          "2024-winter",
		"100-puzzles":          "100-puzzles",
		"01_":                  "01",
		"__":                   "__",
		"émile_été":            "Émile été",
	} {
		if got := FolderTitle(name); got != want {
			t.Errorf("FolderTitle(%q) = %q, want %q", name, got, want)
		}
	}
}

// The hint of a key indented under another names what indents it.
func TestIndentName(t *testing.T) {
	for indent, want := range map[string]string{
		" ": "space", "\t": "tab", "   ": "spaces", "\t\t": "tabs", " \t": "spaces and tabs",
	} {
		if got := indentName(indent); got != want {
			t.Errorf("indentName(%q) = %q, want %q", indent, got, want)
		}
	}
}
