package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/site"
)

// README.md's table of nonopress.toml names every key the build reads, and
// its table of catalogue.json every field a script finds there, and
// docs/authoring.md's table of front matter every key a note may give, so
// that a publisher who installed the command, without the demo's files, can
// rely on them.
func TestReadmeTablesNameEveryKey(t *testing.T) {
	for _, c := range []struct {
		doc, what, tag, after string
		typ                   reflect.Type
	}{
		{"README.md", "nonopress.toml key", "toml", "configures the site", reflect.TypeFor[content.Settings]()},
		{"README.md", "catalogue.json field", "json", "`catalogue.json` lists every published puzzle", reflect.TypeFor[site.Entry]()},
		{"docs/authoring.md", "front matter key", "yaml", "or TOML between `+++` lines:", reflect.TypeFor[content.FrontMatter]()},
	} {
		named := rowsByKey(tableAfter(t, c.doc, c.after))
		for i := range c.typ.NumField() {
			key, _, _ := strings.Cut(c.typ.Field(i).Tag.Get(c.tag), ",")
			if _, ok := named[key]; key != "" && key != "-" && !ok {
				t.Errorf("%s's table after %q does not name the %s %q", c.doc, c.after, c.what, key)
			}
		}
	}
}

// Every message docs/authoring.md's "What each message means" quotes in the
// first column of its tables is one that check prints for some mistake of
// testdata/mistakes.txt, or that the readers give for a case of
// formats/testdata/cases.txt: the same words, where the numbers and quoted
// values of the example may differ, "…" stands for the
// rest, and a hint quoted in parentheses may be the start of the one
// printed; and so is every line of check's output the guide shows as an
// example. A message reworded in the code, or in the guide, fails it.
func TestAuthoringQuotesMessagesCheckPrints(t *testing.T) {
	guide := docText(t, "docs/authoring.md")
	_, section, ok := strings.Cut(guide, "\n## What each message means\n")
	if !ok {
		t.Fatal(`docs/authoring.md has no "What each message means"`)
	}
	var printed strings.Builder
	for _, name := range []string{"testdata/mistakes.txt", "formats/testdata/cases.txt"} {
		printed.WriteString(docText(t, name))
	}
	// Messages no text case can give: a picture's frames, a grid too
	// large for paper, a budget spent, bytes that are not UTF-8, and a
	// site with no puzzle (a build's, not check's).
	elsewhere := map[string]bool{
		"animated GIF of 4 frames: only the first is read":       true,
		"too large to solve on paper":                            true,
		"uniqueness unknown: the solver's budget of 10s ran out": true,
		"invalid UTF-8 replaced with U+FFFD":                     true,
		"no puzzle files found":                                  true,
	}
	// The examples of check's output the guide shows as code, by their
	// message and hint: "cat.non:4:1: error: unknown key ...".
	example := regexp.MustCompile(`^    [^\s:]+(?::\d+)+: (?:error|warning): (.+)$`)
	for _, l := range strings.Split(guide, "\n") {
		if m := example.FindStringSubmatch(l); m != nil && !regexp.MustCompile(messagePattern(m[1])).MatchString(printed.String()) {
			t.Errorf("docs/authoring.md shows the output %q, which no case of testdata/mistakes.txt or formats/testdata/cases.txt prints", strings.TrimSpace(l))
		}
	}
	quoted := regexp.MustCompile("`([^`]+)`")
	quotes := 0
	for _, l := range strings.Split(section, "\n") {
		if !strings.HasPrefix(l, "| `") {
			continue
		}
		first, _, _ := strings.Cut(strings.TrimPrefix(l, "| "), " | ")
		for _, m := range quoted.FindAllStringSubmatch(first, -1) {
			q := m[1]
			quotes++
			if elsewhere[q] {
				continue
			}
			pat := strings.TrimSuffix(messagePattern(q), `\)`) // a hint may go on
			if !regexp.MustCompile(pat).MatchString(printed.String()) {
				t.Errorf("docs/authoring.md quotes the message %q, which no case of testdata/mistakes.txt or formats/testdata/cases.txt prints", q)
			}
		}
	}
	if quotes < 40 {
		t.Errorf("only %d messages quoted in the tables of docs/authoring.md's \"What each message means\"", quotes)
	}
}

// The demo's content/nonopress.toml "shows them in use", as README.md
// says of the keys of its table: every key the build reads is there, set or
// in a comment; and the mistake README quotes, per_page misspelt, is at the
// line it names.
func TestDemoSettingsShowEveryKey(t *testing.T) {
	lines := strings.Split(docText(t, "content/nonopress.toml"), "\n")
	shown := map[string]bool{}
	for _, l := range lines {
		key, _, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(l, "#")), " =")
		if ok {
			shown[key] = true
		}
	}
	typ := reflect.TypeFor[content.Settings]()
	for i := range typ.NumField() {
		if key := typ.Field(i).Tag.Get("toml"); key != "" && !shown[key] {
			t.Errorf("content/nonopress.toml does not show the key %q, set or in a comment", key)
		}
	}
	m := regexp.MustCompile("`content/nonopress.toml:(\\d+):\\s+error: unknown key \"per_pgae\"").FindStringSubmatch(docText(t, "README.md"))
	if m == nil {
		t.Fatal("README.md quotes no mistake of content/nonopress.toml")
	}
	if n, _ := strconv.Atoi(string(m[1])); n < 1 || n > len(lines) || !strings.HasPrefix(lines[n-1], "per_page ") {
		t.Errorf("README.md quotes per_page misspelt at line %s of content/nonopress.toml, which is not where the demo sets per_page", m[1])
	}
}

// messagePattern is the regular expression of a message the guide quotes:
// its numbers and quoted values any, "…" any rest.
func messagePattern(quote string) string {
	pat := regexp.QuoteMeta(quote)
	pat = strings.NewReplacer(` …`, `.*`, `…`, `.*`).Replace(pat)
	pat = regexp.MustCompile(`\d+`).ReplaceAllString(pat, `\d+`)
	return regexp.MustCompile(`"[^"]*"`).ReplaceAllString(pat, `"[^"]*"`)
}

// README.md's table of catalogue.json says which fields may be absent and
// which are "" when empty: a field left out when empty (omitempty) is in a
// row that says "absent", and one whose row promises `""` is never left
// out, so that a script reading it finds what the table says.
func TestReadmeCatalogueTableSaysWhatIsAbsent(t *testing.T) {
	row := rowsByKey(tableAfter(t, "README.md", "`catalogue.json` lists every published puzzle"))
	typ := reflect.TypeFor[site.Entry]()
	for i := range typ.NumField() {
		key, opts, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if key == "" || key == "-" {
			continue
		}
		omitted := strings.Contains(opts, "omitempty")
		if l := row[key]; omitted && !strings.Contains(l, "absent") {
			t.Errorf("catalogue.json leaves %q out when empty, but README.md's row does not say it may be absent: %s", key, l)
		} else if omitted && strings.Contains(l, "`\"\"`") {
			t.Errorf("catalogue.json leaves %q out when empty, but README.md's row promises \"\": %s", key, l)
		}
	}
}

// Every file or folder of the repository that README.md and
// docs/authoring.md cite (`solve/doc.go`, `content/triangles/`,
// `*_test.go` files of the guarantees) exists, and so does every test,
// benchmark and fuzz target they name (TestHardSet, BenchmarkEditToEvent,
// FuzzNotePipeline), so that a reader who looks finds them.
func TestDocsCiteWhatExists(t *testing.T) {
	var sources strings.Builder // every test file's text
	walkRepo(t, func(path string, d os.DirEntry) error {
		if strings.HasSuffix(path, "_test.go") {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			sources.Write(data)
		}
		return nil
	})
	tops, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	top := map[string]bool{} // the repository's folders, "solve/", not what a build or a test writes
	for _, e := range tops {
		if e.IsDir() && e.Name() != "public" && e.Name() != "test-output" {
			top[e.Name()+"/"] = true
		}
	}
	cited := regexp.MustCompile("`([^` ]+)`")
	named := regexp.MustCompile(`\b(?:Test|Benchmark|Fuzz)[A-Z]\w*`)
	paths, names := 0, 0
	for _, doc := range []string{"README.md", "docs/authoring.md"} {
		text := docText(t, doc)
		for _, m := range cited.FindAllStringSubmatch(text, -1) {
			p := m[1]
			first, _, inFolder := strings.Cut(p, "/")
			ours := inFolder && top[first+"/"] || !inFolder && strings.HasSuffix(p, ".go") // `solve/doc.go`, `main.go`
			if !ours || strings.ContainsAny(p, "*#") || strings.HasPrefix(p, "content/templates/") {
				continue // not a path of the repository (a site's own templates are not the demo's)
			}
			paths++
			if _, err := os.Stat(filepath.FromSlash(p)); err != nil {
				t.Errorf("%s cites %s, which is not in the repository", doc, p)
			}
		}
		for _, name := range named.FindAllString(text, -1) {
			names++
			if !strings.Contains(sources.String(), "func "+name+"(") {
				t.Errorf("%s names %s, which no test file defines", doc, name)
			}
		}
	}
	// Nothing found to check is a doc no longer read as written.
	if paths < 40 || names < 10 {
		t.Errorf("only %d paths and %d test names cited by README.md and docs/authoring.md checked", paths, names)
	}
}

// The defaults README.md's table of nonopress.toml gives as values
// (`"a4"`, `100`, `false`) are those of a site without the file.
func TestReadmeSettingsDefaults(t *testing.T) {
	table := tableAfter(t, "README.md", "configures the site")
	def := content.DefaultSettings()
	v := reflect.ValueOf(def)
	literal := regexp.MustCompile("^`(\"[^\"]*\"|\\d+|true|false)`$")
	checked := 0
	for _, l := range strings.Split(table, "\n") {
		cells := strings.Split(strings.Trim(l, "| "), " | ")
		if len(cells) != 3 || !literal.MatchString(cells[2]) {
			continue
		}
		key, said := strings.Trim(cells[0], "`"), strings.Trim(cells[2], "`")
		for i := range v.NumField() {
			if v.Type().Field(i).Tag.Get("toml") != key {
				continue
			}
			got := fmt.Sprint(v.Field(i).Interface())
			if v.Field(i).Kind() == reflect.String {
				got = strconv.Quote(got)
			}
			if key == "solver_budget" { // kept as a duration apart
				got = strconv.Quote(def.Budget.String())
			}
			if got != said {
				t.Errorf("README.md gives %s the default %s, but a site without nonopress.toml has %s", key, said, got)
			}
			checked++
		}
	}
	if checked < 10 {
		t.Errorf("only %d defaults of README.md's table checked", checked)
	}
}

// README.md's "Code map" names every package of the module (a package of
// internal/ by its name in the list of internal/'s helpers), but those
// inside build/internal/, which are build's own.
func TestReadmeCodeMapNamesEveryPackage(t *testing.T) {
	_, codeMap, ok := strings.Cut(docText(t, "README.md"), "\n## Code map\n")
	if !ok {
		t.Fatal("README.md has no Code map")
	}
	codeMap, _, _ = strings.Cut(codeMap, "\n## ")
	packages := map[string]bool{}
	walkRepo(t, func(path string, d os.DirEntry) error {
		if path == filepath.Join("build", "internal") {
			return filepath.SkipDir
		}
		if name := d.Name(); !d.IsDir() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") && filepath.Dir(path) != "." {
			packages[filepath.ToSlash(filepath.Dir(path))] = true
		}
		return nil
	})
	if len(packages) < 20 {
		t.Fatalf("only %d packages found", len(packages))
	}
	for p := range packages {
		named := strings.Contains(codeMap, "`"+p+"`") || strings.Contains(codeMap, "`"+p+"/`")
		if rest, ok := strings.CutPrefix(p, "internal/"); ok {
			named = strings.Contains(codeMap, "`"+rest+"`")
		}
		if !named {
			t.Errorf("README.md's Code map does not name the package %s", p)
		}
	}
}

// rowsByKey maps each key a row of table names in its first cell
// ("`kind`, `cells`", "`draft: true`": kind, cells, draft) to the row.
func rowsByKey(table string) map[string]string {
	rows := map[string]string{}
	for _, l := range strings.Split(table, "\n") {
		first, _, _ := strings.Cut(strings.TrimPrefix(l, "| "), " |")
		for _, k := range strings.Split(first, ", ") {
			k, _, _ = strings.Cut(strings.Trim(k, "`"), ":")
			rows[k] = l
		}
	}
	return rows
}

// walkRepo calls visit for each file and folder of the repository, but
// those in hidden folders, testdata and node_modules; visit may skip a
// folder with filepath.SkipDir.
func walkRepo(t *testing.T, visit func(path string, d os.DirEntry) error) {
	t.Helper()
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name := d.Name(); d.IsDir() && path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		return visit(path, d)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// docText is the text of a file of the repository, path slash-separated.
func docText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.FromSlash(path))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// tableAfter is the first Markdown table of doc after the words after, its
// rows from "| " to the blank line that ends it.
func tableAfter(t *testing.T, doc, after string) string {
	t.Helper()
	_, section, ok := strings.Cut(docText(t, doc), after)
	if !ok {
		t.Fatalf("%s does not say %q", doc, after)
	}
	_, table, ok := strings.Cut(section, "\n| ")
	if !ok {
		t.Fatalf("%s has no table after %q", doc, after)
	}
	table, _, _ = strings.Cut("| "+table, "\n\n")
	return table
}
