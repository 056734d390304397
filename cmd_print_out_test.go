package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Without -o, one puzzle file's sheet is named after the file, in the
// working folder, so that sheets printed one after another are all there
// (each was booklet.pdf, replacing the one before); a booklet is still
// booklet.pdf.
func TestPrintNamesASheetAfterItsFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "class/dancer.non", dancerNon)
	writeFile(t, dir, "class/two.non", twoNon)
	t.Chdir(dir)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{filepath.Join("class", "dancer.non")}, "dancer.pdf"},
		{[]string{filepath.Join("class", "two.non")}, "two.pdf"},
		{[]string{"class"}, "booklet.pdf"},
		{[]string{"-title", "Week 3", filepath.Join("class", "two.non")}, "booklet.pdf"},
	} {
		code, _, stderr := runCLI(t, append([]string{"print"}, c.args...)...)
		if code != 0 || !strings.HasPrefix(stderr, "wrote "+c.want+": ") {
			t.Errorf("print %v: exit %d, %q; want %s written", c.args, code, stderr, c.want)
		}
		if _, err := os.Stat(c.want); err != nil {
			t.Error(err)
		}
	}
}
