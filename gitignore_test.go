package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/build"
	"github.com/nonopress/nonopress/build/output"
)

// TestReadmeGitignoreNamesWhatABuildMakes: the .gitignore lines README's
// Start gives name what nonopress makes beside the content folder (the
// output, its back buffer, the folder of a user's files copied aside, the
// cache) by the names the code gives them, and a build leaves nothing
// else there.
func TestReadmeGitignoreNamesWhatABuildMakes(t *testing.T) {
	_, block, ok := strings.Cut(docText(t, "README.md"), "lines in `mysite/.gitignore`:\n\n")
	if !ok {
		t.Fatal("README.md gives no .gitignore lines")
	}
	var lines []string
	for _, l := range strings.Split(block, "\n") {
		if !strings.HasPrefix(l, "    ") {
			break
		}
		lines = append(lines, strings.TrimSpace(l))
	}
	out := "public" // build's -out default
	want := []string{
		"/" + out + "/",
		"/" + filepath.Base(output.BackName(out)) + "/",
		"/" + filepath.Base(output.KeptName(out)) + "/",
		"/" + build.CacheDir + "/",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("README's .gitignore lines are %q, want %q", lines, want)
	}

	site := t.TempDir()
	writeFile(t, site, "content/cup.non", docText(t, "content/first-steps/cup.non"))
	code, _, stderr := runCLI(t, "build", "-src", filepath.Join(site, "content"), "-out", filepath.Join(site, out), "-quiet")
	if code != 0 {
		t.Fatalf("build: exit %d\n%s", code, stderr)
	}
	entries, err := os.ReadDir(site)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "content" && !slices.Contains(lines, "/"+e.Name()+"/") {
			t.Errorf("a build left %s beside the content folder, which README's .gitignore lines do not name", e.Name())
		}
	}
}
