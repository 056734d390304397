package main

import (
	"path/filepath"
	"testing"
)

// A path that does not exist is named with the one its folder holds that
// was probably meant: the puzzle file with its extension ("heart" typed
// for heart.non), or a name a slip away ("worksheet" for worksheets); in
// check -json too, as the error's hint. Nothing near: no hint.
func TestAMissingPathNamesTheOneMeant(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "worksheets/heart.non", dancerNon)
	writeFile(t, dir, "worksheets/heart.md", "A heart.\n")
	t.Chdir(dir)
	heart, worksheet := filepath.Join("worksheets", "heart"), "worksheet"
	for _, c := range []struct{ path, want string }{
		{heart, "nonopress print: " + heart + ": no such file or directory (did you mean " + heart + ".non?)\n"},
		{worksheet, "nonopress print: worksheet: no such file or directory (did you mean worksheets?)\n"},
		{"xyzzy", "nonopress print: xyzzy: no such file or directory\n"},
	} {
		if code, _, stderr := runCLI(t, "print", c.path); code != 1 || stderr != c.want {
			t.Errorf("print %s: exit %d, %q; want 1 and %q", c.path, code, stderr, c.want)
		}
	}
	_, out, _ := runCLI(t, "check", "-json", heart)
	if r, first := firstCheckObject(t, out); len(r.Errors) != 1 || r.Errors[0].Hint != "did you mean "+heart+".non?" {
		t.Errorf("check -json %s: %s", heart, first)
	}
}
