package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/puzzle"
)

// oddXML holds what .non and .g cannot: a colour name of two words, a
// named background, properties whose names are no .non key.
const oddXML = `<?xml version="1.0"?>
<puzzleset>
<puzzle type="grid" backgroundcolor="paper">
<title>Wine</title>
<property name="my key">v</property>
<property name="width">9</property>
<color name="paper" char=".">ffffee</color>
<color name="deep wine" char="r">701020</color>
<color name="Sky" char="s">87ceeb</color>
<clues type="columns"><line><count color="deep wine">1</count></line><line><count color="Sky">1</count></line></clues>
<clues type="rows"><line><count color="deep wine">1</count><count color="Sky">1</count></line></clues>
<solution><image>|rs|</image></solution>
</puzzle>
</puzzleset>
`

// TestConvertSaysWhatTheTargetCannotHold: what the target format has no
// place for is named in a warning that names the file and line, and the
// conversion still succeeds; what it holds is not mentioned.
func TestConvertSaysWhatTheTargetCannotHold(t *testing.T) {
	dir := t.TempDir()
	dancer := writeFile(t, dir, "dancer.non", dancerNon)
	odd := writeFile(t, dir, "odd.xml", oddXML)
	for _, c := range []struct {
		to, file, want string
	}{
		{"g", dancer, dancer + ":1: warning: title, author, copyright, license, catalogue and goal left out: a .g file holds only clues and colours (-to xml keeps them)\n"},
		{"non", odd, odd + `:3: warning: property "my key", property "width", colour name "paper" and colour name "deep wine" left out: a .non file has no place for them (-to xml keeps them)` + "\n"},
		{"g", odd, odd + `:3: warning: title, property "my key", property "width", colour name "deep wine" and goal left out: a .g file holds only clues and colours (-to xml keeps them)` + "\n"},
		{"non", dancer, ""},
		{"nonpack", dancer, ""},
		{"xml", dancer, ""},
		{"xml", odd, ""},
	} {
		out := filepath.Join(dir, "out."+c.to)
		code, _, stderr := runCLI(t, "convert", "-to", c.to, "-o", out, c.file)
		if code != 0 || stderr != c.want {
			t.Errorf("convert -to %s %s: exit %d, stderr\n%s\nwant exit 0 and\n%s", c.to, filepath.Base(c.file), code, stderr, c.want)
		}
	}
}

// TestConvertKeepsSpacedValues: white space around a value, which XML's
// readers trim, is not reported as a loss.
func TestConvertKeepsSpacedValues(t *testing.T) {
	src := writeFile(t, t.TempDir(), "spaced.non", "title \"  Spaced  \"\ndescription \"two&#10;lines&#10;\"\nnote \" x \"\n"+
		"license CC0-1.0\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n")
	for _, to := range []string{"non", "nonpack", "xml"} {
		if code, _, stderr := runCLI(t, "convert", "-to", to, src); code != 0 || stderr != "" {
			t.Errorf("-to %s: exit %d, stderr %q; want nothing said", to, code, stderr)
		}
	}
}

// TestConvertSaysWhatASetLoses: a bundle's own title is lost when the
// puzzles given come from several sets, or go to a one-puzzle format; it
// is said once for each file.
func TestConvertSaysWhatASetLoses(t *testing.T) {
	dir := t.TempDir()
	pack := func(name, set string) string {
		return writeFile(t, dir, name, "title \""+set+"\"\nby \"Ann\"\n====\ntitle \"One\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n"+
			"====\ntitle \"Two\"\nwidth 1\nheight 1\nrows\n0\ncolumns\n0\n")
	}
	a, b := pack("a.nonpack", "Set A"), pack("b.nonpack", "Set B")
	code, _, stderr := runCLI(t, "convert", "-to", "xml", a, b)
	want := a + ":4: warning: the title of the set it came in left out: the puzzles given come from several files, and the bundle written has one set\n" +
		b + ":4: warning: the title of the set it came in left out: the puzzles given come from several files, and the bundle written has one set\n"
	if code != 0 || stderr != want {
		t.Errorf("two sets to one: exit %d, stderr\n%s\nwant\n%s", code, stderr, want)
	}
	for _, to := range []string{"xml", "nonpack"} {
		if code, _, stderr := runCLI(t, "convert", "-to", to, a); code != 0 || stderr != "" {
			t.Errorf("one set -to %s: exit %d, stderr %q; want nothing said", to, code, stderr)
		}
	}
}

// TestConvertPassesOnReadersWarnings: what the reader of an input ignored
// is said, as check says it, since it is not converted either.
func TestConvertPassesOnReadersWarnings(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "typo.non", strings.Replace(dancerNon, "title ", "tilte ", 1))
	code, _, stderr := runCLI(t, "convert", "-to", "xml", src)
	if want := src + `:2:1: warning: unknown key "tilte"`; code != 0 || !strings.HasPrefix(stderr, want) {
		t.Errorf("exit %d, stderr %q; want 0 and %q", code, stderr, want)
	}
}

// TestConvertMessagesAreDiagnostics: problems are said as every command
// says them, "file:line: error: message", and a bundle given where one
// puzzle is wanted is named with its count.
func TestConvertMessagesAreDiagnostics(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "dancer.non", dancerNon)
	missing := filepath.Join(dir, "missing.non")
	bad := writeFile(t, dir, "bad.non", "width 2\nheight x\n")
	pack := writeFile(t, dir, "two.nonpack", dancerNon+"====\n"+dancerNon)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-to", "xml", src, missing}, 1, missing + ": error: no such file or directory\nnonopress convert: nothing written: 1 of 2 files could not be read\n"},
		{[]string{"-to", "xml", dir}, 1, dir + ": error: not a regular file (a folder)\nnonopress convert: nothing written: 1 of 1 file could not be read\n"},
		{[]string{"-to", "xml", "-o", filepath.Join(dir, "out.xml"), src, bad, src}, 1,
			bad + ":2:8: error: height: \"x\" is not a number\nnonopress convert: " + filepath.Join(dir, "out.xml") + " not written: 1 of 3 files could not be read\n"},
		{[]string{"-to", "non", pack}, 2, "nonopress convert: " + pack + " holds 2 puzzles: a .non file holds one; use -to nonpack or -to xml\n"},
		{[]string{"-to", "g", src, src}, 2, "nonopress convert: 2 puzzles in 2 files: a .g file holds one; use -to nonpack or -to xml, or -o FOLDER for a file each\n"},
	} {
		code, stdout, stderr := runCLI(t, append([]string{"convert"}, c.args...)...)
		if code != c.code || stderr != c.want && (c.code != 2 || !strings.HasPrefix(stderr, c.want)) || stdout != "" {
			t.Errorf("convert %q: exit %d, stdout %d bytes, stderr\n%s\nwant exit %d, nothing written and\n%s", c.args, code, len(stdout), stderr, c.code, c.want)
		}
	}
}

// TestConvertLossesFindsAChangedPuzzle: a puzzle that would read back with
// other clues, size or colours is an error, not a loss to warn of.
func TestConvertLossesFindsAChangedPuzzle(t *testing.T) {
	read := func(text string) *puzzle.Puzzle {
		ps, err := formats.Read("x.non", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return ps[0]
	}
	p := read(dancerNon)
	for name, q := range map[string]*puzzle.Puzzle{
		"clues": read(strings.Replace(dancerNon, "columns\n2,1\n", "columns\n1,2\n", 1)),
		"size":  read("width 1\nheight 1\nrows\n1\ncolumns\n1\n"),
		"goal":  read(strings.Replace(dancerNon, `goal "0110`, `goal "1010`, 1)),
	} {
		if _, _, broken := convertLosses(p, q); broken == "" {
			t.Errorf("a puzzle with other %s reads as the same", name)
		}
	}
	red := read(dancerNon)
	red.Palette[1].RGB = puzzle.RGB{R: 255}
	extra := read(dancerNon)
	extra.Palette = append(extra.Palette, puzzle.Color{Char: 'r', RGB: puzzle.RGB{R: 255}})
	for name, q := range map[string]*puzzle.Puzzle{"colour": red, "palette": extra} {
		if _, _, broken := convertLosses(p, q); broken == "" {
			t.Errorf("a puzzle with other %s reads as the same", name)
		}
	}
	if lost, _, broken := convertLosses(p, read(dancerNon)); broken != "" || len(lost) != 0 {
		t.Errorf("the same puzzle: lost %q, broken %q", lost, broken)
	}
	g := puzzle.TriddlerHexagon(1)
	empty, full := puzzle.NewImage(g.Width, g.Height), puzzle.NewImage(g.Width, g.Height)
	for i := range full.Cells {
		full.Cells[i] = 1
	}
	tri := g.TriddlerOf(empty, puzzle.DefaultPalette())
	if _, _, broken := convertLosses(tri, g.TriddlerOf(full, puzzle.DefaultPalette())); broken == "" {
		t.Errorf("a triddler with other clues reads as the same")
	}
	if lost, _, broken := convertLosses(tri, g.TriddlerOf(empty, puzzle.DefaultPalette())); broken != "" || len(lost) != 0 {
		t.Errorf("the same triddler: lost %q, broken %q", lost, broken)
	}
}

// TestConvertIntoAFolder: -o naming a folder converts each file on its own
// into it, as NAME.FORMAT; a file that cannot be read or converted is
// named and the others are converted still (exit 1); a name written twice
// or one of the files given is refused.
func TestConvertIntoAFolder(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	dancer := writeFile(t, dir, "dancer.non", dancerNon)
	odd := writeFile(t, dir, "odd.xml", oddXML)
	pack := writeFile(t, dir, "two.nonpack.gz", dancerNon+"====\n"+dancerNon)
	bad := writeFile(t, dir, "bad.non", "width 2\nheight x\n")
	again := writeFile(t, dir, "again/dancer.non", dancerNon)
	code, stdout, stderr := runCLI(t, "convert", "-to", "non", "-o", out, dancer, bad, odd, pack, again)
	want := bad + ":2:8: error: height: \"x\" is not a number\n" +
		odd + `:3: warning: property "my key", property "width", colour name "paper" and colour name "deep wine" left out: a .non file has no place for them (-to xml keeps them)` + "\n" +
		pack + ": error: holds 2 puzzles: a .non file holds one; use -to nonpack or -to xml\n" +
		again + ": error: would be written as " + filepath.Join(out, "dancer.non") + ", which " + dancer + " was written as\n"
	if code != 1 || stdout != "" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr\n%s\nwant exit 1 and\n%s", code, stdout, stderr, want)
	}
	for name, from := range map[string]string{"dancer.non": dancer, "odd.non": odd} {
		ps, err := formats.ReadFile(filepath.Join(out, name))
		src, _ := formats.ReadFile(from)
		if err != nil || len(ps) != 1 || ps[0].ID() != src[0].ID() {
			t.Errorf("%s: %v", name, err)
		}
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 2 {
		t.Errorf("%d files in the folder, want dancer.non and odd.non", len(entries))
	}
	// A bundle makes one file of its puzzles; a source is never replaced.
	if code, _, stderr := runCLI(t, "convert", "-to", "xml", "-o", dir, pack, dancer); code != 0 || stderr != "" {
		t.Errorf("-to xml into the folder: exit %d, %q", code, stderr)
	}
	if ps, err := formats.ReadFile(filepath.Join(dir, "two.xml")); err != nil || len(ps) != 2 {
		t.Errorf("two.xml: %d puzzles, %v", len(ps), err)
	}
	code, _, stderr = runCLI(t, "convert", "-to", "non", "-o", dir, dancer)
	if want := dancer + ": error: would be written as " + dancer + ", a file given: convert into another folder\n"; code != 1 || stderr != want {
		t.Errorf("into its own folder: exit %d, stderr %q, want %q", code, stderr, want)
	}
}

// TestConvertKeepsTheSetOfOnePuzzle: a bundle of one titled puzzle keeps
// its set's title in XML, as in a bundle, without a word.
func TestConvertKeepsTheSetOfOnePuzzle(t *testing.T) {
	src := writeFile(t, t.TempDir(), "one.nonpack", "title \"My Set\"\n====\n"+dancerNon)
	code, out, stderr := runCLI(t, "convert", "-to", "xml", src)
	if code != 0 || stderr != "" || !strings.Contains(out, "<puzzleset>\n<title>My Set</title>\n<puzzle ") {
		t.Errorf("exit %d, stderr %q, output\n%s", code, stderr, out)
	}
	ps, err := formats.Read("one.xml", []byte(out))
	if err != nil || ps[0].Origin.Set == nil || ps[0].Origin.Set.Title != "My Set" || ps[0].Meta.Title != "Demo Puzzle from Front Page" {
		t.Errorf("read back: %v, %+v", err, ps[0])
	}
}

// TestConvertOutputNameSaysItsFormat: -o with the name of another format
// is refused (nonopress and other readers go by the name, and would not
// read it), and a compressed bundle's name gets a compressed bundle: gzip
// for .nonpack.gz, zlib for .nonopack.gz.
func TestConvertOutputNameSaysItsFormat(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "dancer.non", dancerNon)
	for _, c := range []struct{ to, name, want string }{
		{"xml", "out.non", "-o OUT: the name says .non, but -to xml writes .xml: name it so or give -to non"},
		{"xml", "out.nonpack.gz", "-o OUT: the name says .nonpack, but -to xml writes .xml: name it so or give -to nonpack"},
		{"non", "out.nin", "-o OUT: the name says .nin, but -to non writes .non: name it so\n"},
	} {
		out := filepath.Join(dir, c.name)
		want := "nonopress convert: " + strings.Replace(c.want, "OUT", out, 1)
		code, _, stderr := runCLI(t, "convert", "-to", c.to, "-o", out, src)
		if _, err := os.Stat(out); code != 2 || !strings.HasPrefix(stderr, want) || err == nil {
			t.Errorf("-to %s -o %s: exit %d, stderr %q, written %v; want 2, nothing written and %q", c.to, c.name, code, stderr, err == nil, want)
		}
	}
	for name, magic := range map[string]string{"out.pbn": "<?xml", "out.nonpack.gz": "\x1f\x8b", "out.NONOPACK.GZ": "\x78\x9c", "out.nonpack": "catalogue"} {
		to := "nonpack"
		if name == "out.pbn" {
			to = "xml"
		}
		out := filepath.Join(dir, name)
		if code, _, stderr := runCLI(t, "convert", "-to", to, "-o", out, src); code != 0 {
			t.Errorf("-o %s: exit %d, %s", name, code, stderr)
			continue
		}
		data, _ := os.ReadFile(out)
		ps, err := formats.ReadFile(out)
		if !strings.HasPrefix(string(data), magic) || err != nil || len(ps) != 1 || ps[0].Meta.Title != "Demo Puzzle from Front Page" {
			t.Errorf("-o %s: starts %q, want %q; read back %v", name, data[:min(len(data), 8)], magic, err)
		}
	}
}

// TestConvertWritesTheSpecExampleAsWritten: the .non specification's own
// example, converted to .non, comes out as the specification writes it
// (key order, quoting, blank lines, the final newline), but for the
// character reference &copy;, written as the UTF-8 character the format's
// encoding is; through XML and back it is the same again.
func TestConvertWritesTheSpecExampleAsWritten(t *testing.T) {
	spec, err := os.ReadFile("formats/testdata/spec-example.non")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(string(spec), "&copy;", "©", 1)
	code, got, stderr := runCLI(t, "convert", "-to", "non", "formats/testdata/spec-example.non")
	if code != 0 || stderr != "" || got != want {
		t.Fatalf("exit %d, stderr %q, wrote\n%s\nwant\n%s", code, stderr, got, want)
	}
	xml := filepath.Join(t.TempDir(), "spec.xml")
	if code, _, stderr := runCLI(t, "convert", "-to", "xml", "-o", xml, "formats/testdata/spec-example.non"); code != 0 || stderr != "" {
		t.Fatalf("-to xml: exit %d, %q", code, stderr)
	}
	if code, again, stderr := runCLI(t, "convert", "-to", "non", xml); code != 0 || stderr != "" || again != want {
		t.Errorf("through XML: exit %d, stderr %q, wrote\n%s", code, stderr, again)
	}
}

// TestConvertFormatFromOutputName: without -to, the -o file's name says
// the format (out.xml, out.nonpack.gz), and -to is read in any case and
// with a dot (XML, .g); a name that says no format to write still asks
// for -to.
func TestConvertFormatFromOutputName(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "dancer.non", dancerNon)
	for name, magic := range map[string]string{"out.xml": "<?xml", "out.nonpack.gz": "\x1f\x8b", "out.g": "#d"} {
		out := filepath.Join(dir, name)
		if code, _, stderr := runCLI(t, "convert", "-o", out, src); code != 0 {
			t.Errorf("-o %s: exit %d, %s", name, code, stderr)
			continue
		}
		if data, _ := os.ReadFile(out); !strings.HasPrefix(string(data), magic) {
			t.Errorf("-o %s: starts %q, want %q", name, data[:min(len(data), 8)], magic)
		}
	}
	for _, to := range []string{"XML", ".xml"} {
		if code, stdout, stderr := runCLI(t, "convert", "-to", to, src); code != 0 || !strings.HasPrefix(stdout, "<?xml") {
			t.Errorf("-to %s: exit %d, %s", to, code, stderr)
		}
	}
	if code, _, stderr := runCLI(t, "convert", "-o", filepath.Join(dir, "out.nin"), src); code != 2 || !strings.Contains(stderr, "-to is required") {
		t.Errorf("-o out.nin without -to: exit %d, %s", code, stderr)
	}
	// Both usage errors name the formats of the one list -to is checked against.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", filepath.Join(dir, "out.nin")}, "-to is required: non, nonpack, xml or g (or an -o FILE named so)\n"},
		{[]string{"-to", "nin"}, "-to \"nin\": want non, nonpack, xml or g (.nin is read, not written)\n"},
		// A format's other name says the one to give.
		{[]string{"-to", "pbn"}, "-to \"pbn\": want non, nonpack, xml or g (a .pbn file is xml: -to xml)\n"},
	} {
		if code, _, stderr := runCLI(t, append(append([]string{"convert"}, c.args...), src)...); code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q in it", c.args, code, stderr, c.want)
		}
	}
}
