package main

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/site"
)

// README.md's table of nonopress.toml names every key the build reads, and
// its table of catalogue.json every field a script finds there, so that a
// publisher who installed the command, without the demo's files, can rely
// on them.
func TestReadmeTablesNameEveryKey(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	for _, c := range []struct {
		what, tag, after string
		typ              reflect.Type
	}{
		{"nonopress.toml key", "toml", "configures the site", reflect.TypeFor[content.Settings]()},
		{"catalogue.json field", "json", "`catalogue.json` lists every published puzzle", reflect.TypeFor[site.Entry]()},
	} {
		_, section, ok := strings.Cut(readme, c.after)
		if !ok {
			t.Fatalf("README.md does not say %q", c.after)
		}
		_, table, ok := strings.Cut(section, "\n| ")
		if !ok {
			t.Fatalf("README.md has no table after %q", c.after)
		}
		table, _, _ = strings.Cut("| "+table, "\n\n")
		named := map[string]bool{} // the keys of the rows' first cells: "`kind`, `cells`"
		for _, l := range strings.Split(table, "\n") {
			first, _, _ := strings.Cut(strings.TrimPrefix(l, "| "), " |")
			for _, k := range strings.Split(first, ", ") {
				named[strings.Trim(k, "`")] = true
			}
		}
		for i := range c.typ.NumField() {
			key, _, _ := strings.Cut(c.typ.Field(i).Tag.Get(c.tag), ",")
			if key != "" && key != "-" && !named[key] {
				t.Errorf("README.md's table after %q does not name the %s %q", c.after, c.what, key)
			}
		}
	}
}
