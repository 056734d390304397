package content

import (
	"fmt"
	"strings"
	"testing"
)

// TestLinkCheck: which links and images of a note (in folder "animals",
// body from line 3) lead nowhere on a site publishing links, with the
// published path meant as hint; and raw HTML left out.
func TestLinkCheck(t *testing.T) {
	links := Links{"": "index.html", "animals": "animals/index.html", "animals/README.md": "animals/index.html",
		"animals/cat.non": "animals/cat.non", "animals/cat.md": "animals/cat/index.html",
		"animals/Photo.png": "animals/Photo.png", "birds": "birds/index.html", "birds/README.md": "birds/index.html", "birds/owl.non": "birds/owl.non"}
	cases := []struct{ body, want string }{
		{"[c](cat.non) [n](cat.md#hints) [f](./) [r](../) [o](../birds/owl.non?x=1) ![p](Photo.png)", ""},
		{"[web](https://example.org/x) [mail](mailto:a@b.c) [top](#top) [abs](/x/y.html) <https://a.b/>", ""},
		{"[c](cat.nn)", "3: link to cat.nn leads nowhere (did you mean cat.non?)"},
		{"\n\n![p](photo.png)", "5: image photo.png leads nowhere (did you mean Photo.png?)"},
		{"[o](../brids/owl.non#x)", "3: link to ../brids/owl.non#x leads nowhere (did you mean ../birds/owl.non#x?)"},
		{"[c](../Animals/cat.non)", "3: link to ../Animals/cat.non leads nowhere (did you mean ../animals/cat.non?)"},
		{"[z](zebra.non)", "3: link to zebra.non leads nowhere (remove the link, or restore zebra.non; if it was renamed, link its new name)"},
		{"![a](cat.md) ![b](cat.non)", "3: image cat.md is no picture: it leads to a page (show a picture file (.png, .jpg, .svg...), or make it a link: [text](cat.md))\n" +
			"3: image cat.non is no picture: it leads to cat.non (show a picture file (.png, .jpg, .svg...), or make it a link: [text](cat.non))"},
		{"[s](cat.pdf) [t](../birds/owl.svg)", "3: link to cat.pdf leads nowhere (the sheets of cat.non are on its page: link its note, cat.md)\n" +
			"3: link to ../birds/owl.svg leads nowhere (the sheets of owl.non are on its page: give it a note, owl.md, and link that)"},
		{"[o](../birds/owl.md) [p](../birds/owl/) [c](cat/)", "3: link to ../birds/owl.md leads nowhere (owl.non has no note, the way to its page: add owl.md, even empty, and link that, or link ../birds/owl.non for the file itself)\n" +
			"3: link to ../birds/owl/ leads nowhere (owl.non has no note, the way to its page: add owl.md, even empty, and link that, or link ../birds/owl.non for the file itself)\n" +
			"3: link to cat/ leads nowhere (did you mean cat.md? A puzzle's page is reached through its note)"},
		{"[t](../../etc.html)", "3: link to ../../etc.html leads nowhere (it climbs out of the content folder: give a full URL)"},
		{"[d](notes.docx) ![i](pic.jpg)", "3: link to notes.docx leads nowhere (remove the link, fix the path, or add the file it names)\n" +
			"3: image pic.jpg leads nowhere (remove the image, fix the path, or add the file it names)"},
		{"text\n\n<div>a</div>\n\nand <b>b</b>", "5: raw HTML left out of the page (2 places) (write it in Markdown, or set unsafe_html = true in nonopress.toml)"},
		{"`[c](cat.nn)`\n\n    [c](cat.nn)", ""},
		{"## Hints\n\n[h](#hints) [t](#top) [m](#main) [p](#np-play) [f](#fn:1) [o](../birds/owl.non#x) [b](../birds/#owls)", ""},
		{"## Hints\n\n[h](#hnts)", "5: link to #hnts leads to no heading of its note (did you mean #hints?)"},
		{"[h](../birds/README.md#sparrows)", "3: link to ../birds/README.md#sparrows leads to no heading of its note (link one of its headings: #owls or #hints)"},
		{"[h](#x)", "3: link to #x leads to no heading of its note (it has no headings: remove #x)"},
		{"<!-- to do: more hints -->\n\ntext <!-- inline --> and\n\n<!DOCTYPE html>", ""},
	}
	check := LinkCheck{Links: links, Anchors: Anchors{"birds": {"owls", "hints"}, "birds/README.md": {"owls", "hints"}}, Docs: NewNoteDocs(NewMarkdown(false))}
	for _, c := range cases {
		var got []string
		for _, d := range check.Note("animals/README.md", "animals", Note{Body: []byte(c.body), BodyLine: 3}) {
			got = append(got, strings.TrimPrefix(d.String(), "animals/README.md:"))
		}
		if strings.Join(got, "\n") != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.body, got, c.want)
		}
	}
	// Raw HTML let through is no warning; a link climbing out of a tree that
	// may be part of a larger site is not judged.
	check = LinkCheck{Links: links, Docs: NewNoteDocs(NewMarkdown(true)), RawHTML: true, Partial: true}
	if got := check.Note("x.md", "animals", Note{Body: []byte("<b>b</b> [t](../../etc.html)")}); len(got) != 0 {
		t.Errorf("unsafe_html, partial tree: %v", got)
	}
}

// TestLinkCheckNoGuessAtAnotherPuzzle: a link to a puzzle deleted from a
// folder of others is not taken for a slip of the pen for one of them
// (6.non for 1.non, the note's own puzzle; data001 for data002; a.non for
// b.non) nor for the first of several as near: its hint says what to do.
// A misspelt name still gets the one it was meant for.
func TestLinkCheckNoGuessAtAnotherPuzzle(t *testing.T) {
	links := Links{"": "index.html", "classics": "classics/index.html", "classics/1.md": "classics/1/index.html",
		"classics/house.non": "classics/house.non", "classics/data002.nin": "classics/data002.nin", "classics/b.non": "classics/b.non",
		"classics/tree-01.non": "classics/tree-01.non"}
	for i := 1; i <= 5; i++ {
		links[fmt.Sprintf("classics/%d.non", i)] = fmt.Sprintf("classics/%d.non", i)
	}
	check := LinkCheck{Links: links, Docs: NewNoteDocs(NewMarkdown(false))}
	for _, c := range []struct{ dest, hint string }{
		{"6.non", "remove the link, or restore 6.non; if it was renamed, link its new name"},
		{"data001.nin", "remove the link, or restore data001.nin; if it was renamed, link its new name"},
		{"a.non", "remove the link, or restore a.non; if it was renamed, link its new name"},
		{"../classics/6.non", "remove the link, or restore 6.non; if it was renamed, link its new name"},
		{"hosue.non", "did you mean house.non?"},
		{"data02.nin", "did you mean data002.nin?"},
		{"tree-1.nn", "did you mean tree-01.non?"},
	} {
		got := check.Note("classics/1.md", "classics", Note{Body: []byte("[x](" + c.dest + ")"), BodyLine: 1})
		if len(got) != 1 || got[0].Hint != c.hint {
			t.Errorf("link to %s: got %v, want the hint %q", c.dest, got, c.hint)
		}
	}
}

// TestLinkCheckHintsFewLinks: of a note's many links that lead nowhere,
// each is warned of, the first maxHinted with the path meant (each such
// hint searches every published path), the rest with the plain fix.
func TestLinkCheckHintsFewLinks(t *testing.T) {
	links := Links{}
	for i := range 1000 {
		links[fmt.Sprintf("a/p%d.non", i)] = fmt.Sprintf("a/p%d.non", i)
	}
	var body strings.Builder
	for i := range 500 {
		fmt.Fprintf(&body, "[x](p%d.nn)\n", i)
	}
	got := LinkCheck{Links: links, Docs: NewNoteDocs(NewMarkdown(false))}.Note("a/README.md", "a", Note{Body: []byte(body.String()), BodyLine: 1})
	hinted := 0
	for _, d := range got {
		if strings.HasPrefix(d.Hint, "did you mean") {
			hinted++
		}
	}
	if len(got) != 500 || hinted != maxHinted || got[0].Hint != "did you mean p0.non?" || got[499].Hint != "remove the link, fix the path, or add the file it names" {
		t.Errorf("%d warnings, %d with the path meant (the first %q, the last %q), want 500, %d", len(got), hinted, got[0].Hint, got[499].Hint, maxHinted)
	}
}

// FuzzLinkCheck: checking any note's links never panics, and each warning
// is at a line of the note's body.
func FuzzLinkCheck(f *testing.F) {
	for _, seed := range []string{
		"[c](cat.nn) ![p](photo.png) [o](../../x)",
		"<div>\n[x](y)\n</div>\n\n<b>b</b> <!-- c -->",
		"[r][ref]\n\n[ref]: ../Animals/cat.non#x",
		"| [a](b) |\n|---|\n| ![c](d) |\n\n[^1]\n\n[^1]: [e](f)",
		"[](<>) [a](%zz) [b](?q) [c](#) ![](\u00e9t\u00e9.png)",
	} {
		f.Add(seed)
	}
	links := Links{"": "index.html", "animals": "animals/index.html", "animals/cat.non": "animals/cat.non"}
	check := LinkCheck{Links: links, Docs: NewNoteDocs(NewMarkdown(false))}
	f.Fuzz(func(t *testing.T, body string) {
		lines := strings.Count(body, "\n")
		for _, d := range check.Note("animals/README.md", "animals", Note{Body: []byte(body), BodyLine: 5}) {
			if d.Line < 5 || d.Line > 5+lines {
				t.Errorf("%s: not a line of the body (5 to %d)", d, 5+lines)
			}
		}
	})
}
