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

// A site folder print cannot look for (a path given from a working folder
// since deleted) is an error naming the path, where print went on quietly
// without the site's settings.
func TestPrintSettingsOfAPathThatCannotBeLookedFor(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(gone, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(gone)
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	if _, err := filepath.Abs("content"); err == nil {
		t.Skip("a relative path is made absolute here without the working folder")
	}
	if _, err := readPrintSettings("content"); err == nil || !strings.HasPrefix(err.Error(), "content: ") {
		t.Errorf("readPrintSettings: %v, want an error naming content", err)
	}
	results := settingsResults([]string{"content"}, newSiteFinder())
	if len(results) != 1 || results[0].File != "content" || len(results[0].Errors) != 1 {
		t.Errorf("check's results %+v, want an error of content", results)
	}
}
