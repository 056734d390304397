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
