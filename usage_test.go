package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// helpOf runs `nonopress CMD -h` and returns what it printed on standard
// output; help asked for is no mistake: exit status 0, nothing on standard
// error.
func helpOf(t *testing.T, args ...string) string {
	t.Helper()
	code, stdout, stderr := runCLI(t, args...)
	if code != 0 || stderr != "" {
		t.Errorf("%q: exit %d, stderr %q; want 0 and nothing", args, code, stderr)
	}
	return stdout
}

var commandsWithFlags = []string{"build", "serve", "check", "convert", "print"}

// flagEntry is one flag of a command's -h: its name and its default as
// shown ("" for none).
type flagEntry struct{ name, def string }

var flagEntryRE = regexp.MustCompile(`(?m)^  -([a-z0-9-]+)[^\n]*\n((?:        [^\n]*\n)+)`)
var defaultRE = regexp.MustCompile(`\(default ("?)([^"()]*)"?\)\s*$`)

func flagEntries(help string) []flagEntry {
	var out []flagEntry
	for _, m := range flagEntryRE.FindAllStringSubmatch(help, -1) {
		e := flagEntry{name: m[1]}
		if d := defaultRE.FindStringSubmatch(strings.Join(strings.Fields(m[2]), " ")); d != nil {
			e.def = d[2]
		}
		out = append(out, e)
	}
	return out
}

// The usage text names every flag of every command on the command's line:
// each command's own -h lists its flags, and each must appear there, with
// its default when it has one (`[-o booklet.pdf]`, as -h says), and no
// other.
func TestUsageListsEveryFlag(t *testing.T) {
	for _, cmd := range commandsWithFlags {
		help := helpOf(t, cmd, "-h")
		line := strings.Join(strings.Fields(commandLine(cmd)), " ")
		flags := flagEntries(help)
		if len(flags) == 0 {
			t.Errorf("%s -h lists no flags:\n%s", cmd, help)
		}
		has := map[string]bool{}
		for _, f := range flags {
			has[f.name] = true
		}
		// and the other way round: no flag on the line that the command
		// does not take (README.md's "Commands" shows these lines).
		for _, m := range regexp.MustCompile(`[\[ ]-([a-z0-9-]+)`).FindAllStringSubmatch(line, -1) {
			if !has[m[1]] {
				t.Errorf("the usage line of %s shows -%s, which %s -h does not list: %q", cmd, m[1], cmd, line)
			}
		}
		for _, f := range flags {
			if !strings.Contains(line, "[-"+f.name+" ") && !strings.Contains(line, "[-"+f.name+"]") && !strings.Contains(line, " -"+f.name+" ") {
				t.Errorf("the usage line of %s lacks -%s: %q", cmd, f.name, line)
			}
			if f.def != "" && !strings.Contains(line, "[-"+f.name+" "+f.def+"]") {
				t.Errorf("the usage line of %s does not show -%s's default %s: %q", cmd, f.name, f.def, line)
			}
		}
	}
}

// Each command's -h starts with its own line of the usage, so that its
// arguments (PATH..., FILE...) are shown with its flags.
func TestCommandHelpShowsItsUsageLine(t *testing.T) {
	for _, cmd := range commandsWithFlags {
		help := helpOf(t, cmd, "-h")
		if want := "Usage:\n" + commandLine(cmd) + "\n\nFlags:\n  -"; !strings.HasPrefix(help, want) || !strings.Contains(commandLine(cmd), "nonopress "+cmd+" ") {
			t.Errorf("%s -h begins %.80q, want %q", cmd, help, want)
		}
	}
}

// Every help text fits a terminal of 80 columns, and every flag has a line
// of meaning.
func TestHelpFitsEightyColumns(t *testing.T) {
	texts := map[string]string{"-h": helpOf(t, "-h"), "version -h": helpOf(t, "version", "-h")}
	for _, cmd := range commandsWithFlags {
		texts[cmd+" -h"] = helpOf(t, cmd, "-h")
		for _, m := range flagEntryRE.FindAllStringSubmatch(texts[cmd+" -h"], -1) {
			if strings.TrimSpace(defaultRE.ReplaceAllString(strings.TrimSpace(m[2]), "")) == "" {
				t.Errorf("%s -%s has no meaning", cmd, m[1])
			}
		}
	}
	for name, text := range texts {
		for _, l := range strings.Split(text, "\n") {
			if n := len([]rune(l)); n > helpWidth || strings.Contains(l, "\t") {
				t.Errorf("%s: a line of %d columns (or a tab): %q", name, n, l)
			}
		}
	}
}

// `nonopress help CMD` is `nonopress CMD -h`; help for no command, or for
// two, is a usage mistake.
func TestHelpCommand(t *testing.T) {
	for _, cmd := range append(commandsWithFlags, "version") {
		if got, want := helpOf(t, "help", cmd), helpOf(t, cmd, "-h"); got != want {
			t.Errorf("help %s = %q, want %s -h's %q", cmd, got, cmd, want)
		}
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, {"help", "help"}, {"help", "-h"}} {
		if got := helpOf(t, args...); got != usage {
			t.Errorf("%q printed %q, want the usage", args, got)
		}
	}
	for _, args := range [][]string{{"help", "biuld"}, {"help", "build", "check"}} {
		if code, _, stderr := runCLI(t, args...); code != 2 || !strings.Contains(stderr, "Usage:") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and the usage", args, code, stderr)
		}
	}
}

// A misspelt command gets the command it most likely meant; a flag given
// before any command is said to belong after it.
func TestUnknownCommandSuggests(t *testing.T) {
	for arg, want := range map[string]string{
		"biuld":      `unknown command "biuld": did you mean "build"?`,
		"buld":       `unknown command "buld": did you mean "build"?`,
		"chekc":      `unknown command "chekc": did you mean "check"?`,
		"Print":      `unknown command "Print": did you mean "print"?`,
		"BUILD":      `unknown command "BUILD": did you mean "build"?`,
		"convret":    `unknown command "convret": did you mean "convert"?`,
		"serv":       `unknown command "serv": did you mean "serve"?`,
		"versoin":    `unknown command "versoin": did you mean "version"?`,
		"frobnicate": `unknown command "frobnicate"` + "\n",
		"x":          `unknown command "x"` + "\n",
		"-src":       `-src before a command: flags come after it`,
	} {
		code, stdout, stderr := runCLI(t, arg)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "nonopress: ") || !strings.Contains(stderr, want) || !strings.HasSuffix(stderr, usage) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q, then the usage", arg, code, stderr, want)
		}
	}
}

// A flag mistake is said once, with the command's synopsis and where its
// flags are explained, on standard error.
func TestFlagMistakeSaidOnce(t *testing.T) {
	code, stdout, stderr := runCLI(t, "build", "-bogus")
	want := "nonopress build: flag provided but not defined: -bogus\nUsage:\n" + commandLine("build") + "\nTry: nonopress build -h\n"
	if code != 2 || stdout != "" || stderr != want {
		t.Errorf("build -bogus: exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, want)
	}
}

// `nonopress version -h` shows its usage, as every command's -h does.
func TestVersionHelp(t *testing.T) {
	if got := helpOf(t, "version", "-h"); got != "Usage:\n  nonopress version\n" {
		t.Errorf("version -h = %q", got)
	}
}

// README.md's "Commands" shows the usage's lines as they are.
func TestReadmeShowsTheUsage(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Commands\n\n")
	if !ok {
		t.Fatal("README.md has no Commands section")
	}
	var readme []string
	for _, l := range strings.Split(section, "\n") {
		if !strings.HasPrefix(l, "    ") {
			break
		}
		readme = append(readme, strings.TrimPrefix(l, "    "))
	}
	var want []string
	for _, l := range strings.Split(usage, "\n") {
		if strings.HasPrefix(l, "  nonopress ") || strings.HasPrefix(l, "                    ") {
			want = append(want, strings.TrimPrefix(l, "  "))
		}
	}
	if strings.Join(readme, "\n") != strings.Join(want, "\n") {
		t.Errorf("README.md's Commands:\n%s\nwant the usage's:\n%s", strings.Join(readme, "\n"), strings.Join(want, "\n"))
	}
}

// A misspelt flag gets the command's flag it most likely meant.
func TestUnknownFlagSuggests(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "-strcit"}, "-strcit (did you mean -strict?)\n"},
		{[]string{"check", "x.non", "--jsno"}, "-jsno (did you mean -json?)\n"},
		{[]string{"build", "-base-ulr", "https://example.org/"}, "-base-ulr (did you mean -base-url?)\n"},
		{[]string{"print", "-mnoo", "x"}, "-mnoo (did you mean -mono?)\n"},
		{[]string{"build", "-frobnicate"}, "-frobnicate\n"},
		{[]string{"convert", "-ot", "xml"}, "-ot\n"}, // -o or -to: no guess
		{[]string{"print", "-dote", "x"}, "-dote\n"}, // -date or -note: no guess
		{[]string{"print", "-Mono", "x"}, "-Mono (did you mean -mono?)\n"},
	} {
		code, _, stderr := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(stderr, "flag provided but not defined: "+c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// The usage names the formats convert writes from their one list: a
// format added to convertFormats is in the usage, which says them as
// -to takes them. Each format the usage names is one convert writes, a
// puzzle converted with it exiting 0 (usage is built from convertFormats,
// so comparing the two could not fail; what can is the usage naming a
// format convert refuses, a list written out by hand, or -to losing one).
func TestUsageNamesTheConvertFormatsOfItsList(t *testing.T) {
	line := regexp.MustCompile(`(?m)^  nonopress convert -to (\S+) `).FindStringSubmatch(usage)
	if line == nil {
		t.Fatalf("no convert line with -to in the usage:\n%s", usage)
	}
	in := writeFile(t, t.TempDir(), "a.non", "width 1\nheight 1\nrows\n1\ncolumns\n1\n")
	for _, f := range strings.Split(line[1], "|") {
		if code, _, stderr := runCLI(t, "convert", "-to", f, in); code != 0 {
			t.Errorf("the usage names -to %s, which convert refuses: exit %d\n%s", f, code, stderr)
		}
	}
	more := append(slices.Clip(convertFormats), "new")
	want := "  nonopress convert -to " + strings.Join(more, "|") + " [-o FILE|FOLDER] FILE...\n"
	if got := usageOf(more); !strings.Contains(got, want) {
		t.Errorf("usage with a format more says\n%s\nwant the line\n%s", got, want)
	}
}
