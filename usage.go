package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/nonopress/nonopress/internal/spell"
)

// usage is what `nonopress -h` prints. Each command's synopsis starts a line
// with "  nonopress NAME"; a synopsis too long for 80 columns goes on in
// lines indented under its flags. README.md's "Commands" shows the same
// lines (TestReadmeShowsTheUsage).
var usage = usageOf(convertFormats)

// usageOf is usage with convertTo, the formats convert writes, as the
// values of its -to.
func usageOf(convertTo []string) string {
	return `nonopress builds static sites from nonogram puzzle archives.

Usage:
  nonopress build   [-src content] [-out public] [-base-url URL] [-strict]
                    [-skip-invalid] [-quiet] [-cpuprofile FILE]
  nonopress serve   [-src content] [-out public] [-addr 127.0.0.1:8080] [-poll]
  nonopress check   [-json] [-strict] [-timeout 10s] [-explain] PATH...
  nonopress convert -to ` + strings.Join(convertTo, "|") + ` [-o FILE|FOLDER] FILE...
  nonopress print   [-paper a3|a4|a5|letter] [-o booklet.pdf] [-title TITLE]
                    [-note TEXT] [-date YYYY-MM-DD] [-font FILE] [-mono]
                    [-name-line] [-timeout 10s] [-skip-invalid] [-no-answers]
                    PATH...
  nonopress version

Run 'nonopress COMMAND -h' (or 'nonopress help COMMAND') for a command's flags.
Exit status: 0 all is well, 1 a puzzle or input in error, 2 a usage mistake.
`
}

// helpWidth is the width every help text fits in.
const helpWidth = 80

// commandNames are the commands run dispatches, for suggestions.
var commandNames = []string{"build", "serve", "check", "convert", "print", "version", "help"}

// commandLine returns the lines of usage that show command name: its
// synopsis and the lines that continue it.
func commandLine(name string) string {
	lines := strings.Split(usage, "\n")
	for i, l := range lines {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "nonopress" && f[1] == name {
			end := i + 1
			for end < len(lines) && strings.HasPrefix(lines[end], "   ") {
				end++
			}
			return strings.Join(lines[i:end], "\n")
		}
	}
	return "  nonopress " + name
}

// helpShown is what parseFlags returns when -h was asked for: the help
// text, which run prints on standard output (exit status 0).
type helpShown struct{ text string }

func (h helpShown) Error() string { return "help requested" }

// newFlagSet returns a flag set that reports errors instead of printing
// them: parseFlags turns them into usage errors and -h into helpShown.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("nonopress "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// commandHelp is a command's -h: its synopsis, then each flag with its
// argument, its meaning and its default, within helpWidth columns.
func commandHelp(name string, fs *flag.FlagSet) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage:\n%s\n", commandLine(name))
	first := true
	fs.VisitAll(func(f *flag.Flag) {
		if first {
			b.WriteString("\nFlags:\n")
			first = false
		}
		arg, meaning := flag.UnquoteUsage(f)
		fmt.Fprintf(&b, "  -%s", f.Name)
		if arg != "" {
			b.WriteString(" " + arg)
		}
		b.WriteString("\n")
		if d := flagDefault(f); d != "" {
			meaning += " (default " + d + ")"
		}
		b.WriteString(wrapText(meaning, "        ", helpWidth))
	})
	return b.String()
}

// flagDefault is f's default as -h shows it, "" for a zero default.
func flagDefault(f *flag.Flag) string {
	switch f.DefValue {
	case "", "false", "0", "0s":
		return ""
	}
	if g, ok := f.Value.(flag.Getter); ok {
		if _, isString := g.Get().(string); isString {
			return fmt.Sprintf("%q", f.DefValue)
		}
	}
	return f.DefValue
}

// wrapText breaks text into lines of at most width columns, each starting
// with indent (a word longer than a line stands alone).
func wrapText(text, indent string, width int) string {
	var b strings.Builder
	line := indent
	for _, w := range strings.Fields(text) {
		if line != indent && len([]rune(line))+1+len([]rune(w)) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if line != indent {
			line += " "
		}
		line += w
	}
	return b.String() + line + "\n"
}

// usageHelp is what a usage mistake of command name prints on standard
// error after the mistake: the command's synopsis and where its flags are
// explained.
func usageHelp(name string) string {
	return fmt.Sprintf("Usage:\n%s\nTry: nonopress %s -h\n", commandLine(name), name)
}

// unknownCommand explains a first argument that names no command: a flag
// given before the command, or a name; a name close to a command's (a slip
// of the keyboard) gets that command suggested.
func unknownCommand(arg string) string {
	if strings.HasPrefix(arg, "-") {
		return fmt.Sprintf("nonopress: %s before a command: flags come after it (nonopress COMMAND %s ...)", arg, arg)
	}
	msg := fmt.Sprintf("nonopress: unknown command %q", arg)
	if s := nearestCommand(arg); s != "" {
		msg += fmt.Sprintf(": did you mean %q?", s)
	}
	return msg
}

// nearestCommand returns the command within two slips of name (a letter
// wrong, missing, added, or two swapped), "" when none or several are.
func nearestCommand(name string) string { return nearest(name, commandNames) }

// nearest returns the one of names within two slips of name, "" when none
// or several are, or name is too short for a guess (spell.Only). It is not
// spell.Closest, which takes the first of several as near, and no name
// that differs only in case ("Print" for print, "-Mono" for -mono).
func nearest(name string, names []string) string { return spell.Only(name, names, 2) }

// parseFlags parses args, turning a flag mistake into a usage error and -h
// into helpShown. Flags may come after file names (`convert -to xml FILE
// -o out.xml`): parsing goes on after each name, and fs.Args() holds the
// names in order. A "--" ends the flags; everything after it is a name.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var names []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return helpShown{commandHelp(strings.TrimPrefix(fs.Name(), "nonopress "), fs)}
			}
			return usageError{err.Error() + flagSuggestion(fs, err)}
		}
		rest := fs.Args()
		// fs.Parse stops at the first name, or after a "--" it consumed.
		consumed := len(args) - len(rest)
		if len(rest) == 0 || consumed > 0 && args[consumed-1] == "--" {
			names = append(names, rest...)
			break
		}
		names = append(names, rest[0])
		args = rest[1:]
	}
	// Parse once more with only the names, so that fs.Args() returns them all.
	return fs.Parse(append([]string{"--"}, names...))
}

// flagSuggestion is " (did you mean -strict?)" for a flag mistake that
// names an unknown flag close to one of fs's, else "".
func flagSuggestion(fs *flag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return ""
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if s := nearest(strings.TrimPrefix(name, "-"), names); s != "" {
		return fmt.Sprintf(" (did you mean -%s?)", s)
	}
	return ""
}
