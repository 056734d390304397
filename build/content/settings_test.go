package content

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/nonopress/nonopress/diag"
)

// ReadSettings gives a mistake of nonopress.toml as a diagnostic, its line
// and its hint apart from the message, so that check reports them as they
// are; its text is the one build prints.
func TestReadSettingsMistakeIsADiagnostic(t *testing.T) {
	for _, c := range []struct {
		toml          string
		line          int
		message, hint string
	}{
		{"title = \"Club\"\nper_pgae = 50\n", 2, `unknown key "per_pgae"`, `did you mean "per_page"?`},
		{"zzz = 1\n", 1, `unknown key "zzz"`, ""},
		{"title = \"Club\"\nrecent = -1\n", 2, "recent -1: want 0 or more", ""},
		{"\"recent\" = -1\n", 0, "recent -1: want 0 or more", ""},
		{"title = \"a\"\ntitle = \"b\"\n", 2, "toml: key title is already defined", ""},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ConfigFile), []byte(c.toml), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadSettings(dir)
		var d *diag.Diagnostic
		if !errors.As(err, &d) {
			t.Errorf("%q: %T %v, want a diagnostic", c.toml, err, err)
			continue
		}
		want := diag.Diagnostic{File: filepath.Join(dir, ConfigFile), Line: c.line, Message: c.message, Hint: c.hint}
		if *d != want {
			t.Errorf("%q: %+v\nwant %+v", c.toml, *d, want)
		}
	}
}

// A front matter date that is not one is a diagnostic at its line, for
// lastmod as for date: lastmod's was a plain error whose text held the
// file and line, printed as "README.md: error: README.md:3: …".
func TestNoteDateMistakesAreDiagnostics(t *testing.T) {
	for _, key := range []string{"date", "lastmod"} {
		_, err := ParseNote("README.md", []byte("---\ntitle: A\n"+key+": yesterday\n---\nHi\n"))
		var d *diag.Diagnostic
		if !errors.As(err, &d) || d.File != "README.md" || d.Line != 3 || d.Message != "front matter: "+key+`: "yesterday" is not a date (want 2006-01-02 or RFC 3339)` {
			t.Errorf("%s: %T %v, want a diagnostic at README.md:3", key, err, err)
		}
	}
}
