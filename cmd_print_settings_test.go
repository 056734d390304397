package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// print reads the site's nonopress.toml as check and build read it: a
// misspelt key is the same error at its line, with the key meant, and no
// booklet is printed without the setting the author thought was set.
func TestPrintReportsAMisspeltSiteSettingAsCheckDoes(t *testing.T) {
	dir, content, _ := siteWithSettings(t, "title = \"Club\"\npapr = \"letter\"\n")
	t.Chdir(dir)
	_, checked, _ := runCLI(t, "check", "content")
	want, _, _ := strings.Cut(checked, "\n")
	if want != filepath.Join("content", "nonopress.toml")+`:2: error: unknown key "papr" (did you mean "paper"?)` {
		t.Fatalf("check's first line %q", want)
	}
	out := filepath.Join(dir, "booklet.pdf")
	for _, path := range []string{"content", filepath.Join("content", "animals"), filepath.Join(content, "animals", "dancer.non")} {
		code, _, stderr := runCLI(t, "print", "-o", out, path)
		if code != 1 || stderr != want+"\n" {
			t.Errorf("print %s: exit %d, stderr %q, want 1 and check's line %q", path, code, stderr, want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("print %s wrote %s despite the mistake", path, out)
		}
	}
}
