package content

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFolderNotesLinks: a note checked outside a build is judged by its
// site's settings and notes: raw HTML is no warning where nonopress.toml
// lets it through (unsafe_html) and is one where it does not, and a link to
// a heading another note of the tree lacks is warned of with the headings
// it has.
func TestFolderNotesLinks(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) string { return writeTestFile(t, root, rel, text) }
	for _, site := range []string{"raw", "safe"} {
		write(site+"/nonopress.toml", "title = \"S\"\nunsafe_html = "+map[string]string{"raw": "true", "safe": "false"}[site]+"\n")
		write(site+"/birds/README.md", "## Owls\n")
		write(site+"/birds/owl.non", "")
		write(site+"/animals/cat.non", "")
		body := "<b>b</b> [o](../birds/README.md#owls) [s](../birds/README.md#sparrows)\n"
		note := write(site+"/animals/README.md", body)
		var got []string
		for _, d := range NewFolderNotes(nil).Links(note, Note{Body: []byte(body), BodyLine: 1}) {
			got = append(got, strings.TrimPrefix(d.String(), note+":"))
		}
		want := "1: link to ../birds/README.md#sparrows leads to no heading of its note (link one of its headings: #owls)"
		if site == "safe" {
			want += "\n1: raw HTML left out of the page (write it in Markdown, or set unsafe_html = true in nonopress.toml)"
		}
		if strings.Join(got, "\n") != want {
			t.Errorf("%s site:\n got %q\nwant %q", site, got, want)
		}
	}
}

// writeTestFile writes text to the file rel (slash-separated) below root,
// making its folders, and returns its path.
func writeTestFile(t *testing.T, root, rel, text string) string {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFolderNotesLinksIntoALeftOutCollection: a link to a collection left
// out for a mistake in its note, or to a file in it, leads nowhere on the
// site, and its hint names that note, not a path to fix (the file is there).
func TestFolderNotesLinksIntoALeftOutCollection(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) string { return writeTestFile(t, root, rel, text) }
	write("nonopress.toml", "title = \"S\"\n")
	write("birds/README.md", "---\ntags: \"a, b\"\n---\n")
	write("birds/owl.non", "")
	body := "[birds](birds/) and [the owl](birds/owl.non)\n"
	note := write("README.md", body)
	var got []string
	for _, d := range NewFolderNotes(nil).Links(note, Note{Body: []byte(body), BodyLine: 1}) {
		got = append(got, strings.TrimPrefix(d.String(), note+":"))
	}
	const hint = " leads nowhere (birds/ is left out of the site until the mistake in its note birds/README.md is fixed)"
	if want := "1: link to birds/" + hint + "\n1: link to birds/owl.non" + hint; strings.Join(got, "\n") != want {
		t.Errorf("got  %q\nwant %q", strings.Join(got, "\n"), want)
	}
}
