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
