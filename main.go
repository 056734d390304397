// Command nonopress builds static sites from nonogram puzzle archives, checks
// puzzles, converts between formats and prints booklets.
//
// Each subcommand lives in its own file (cmd_*.go) as a type with a Run
// method; only main exits, mapping usage errors to status 2 and every other
// failure to status 1.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// version is the release of nonopress; builds from a checkout say "dev".
const version = "0.1.0-dev"

// command is one subcommand.
type command interface {
	Run(ctx context.Context, args []string) error
}

// usageError is a mistake in how the command was called (exit status 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// errFailed means the command ran and reported its problems itself (exit 1).
var errFailed = errors.New("failed")

const usage = `nonopress builds static sites from nonogram puzzle archives.

Usage:
  nonopress build   [-src content] [-out public] [-base-url URL] [-strict] [-skip-invalid] [-quiet] [-cpuprofile FILE]
  nonopress serve   [-src content] [-out public] [-addr 127.0.0.1:8080] [-poll]
  nonopress check   [-json] [-strict] [-timeout 10s] [-explain] PATH...
  nonopress convert -to non|nonpack|xml|g [-o FILE|FOLDER] FILE...
  nonopress print   [-paper a3|a4|a5|letter] [-o FILE] [-title TITLE] [-note TEXT] [-date YYYY-MM-DD] [-font FILE] [-mono] [-timeout 10s] [-skip-invalid] PATH...
  nonopress version

Run 'nonopress COMMAND -h' for a command's flags.
`

func main() {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go stopOnSignal(sigs, cancel, done, stopGrace, os.Stderr, os.Exit)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	close(done)
	cancel()
	os.Exit(code)
}

// run executes one command line and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var cmd command
	switch args[0] {
	case "build":
		cmd = &buildCommand{stdout: stdout, stderr: stderr}
	case "serve":
		cmd = &serveCommand{stdout: stdout, stderr: stderr}
	case "check":
		cmd = &checkCommand{stdout: stdout, stderr: stderr}
	case "convert":
		cmd = &convertCommand{stdout: stdout, stderr: stderr}
	case "print":
		cmd = &printCommand{stdout: stdout, stderr: stderr}
	case "version", "-version", "--version":
		cmd = &versionCommand{stdout: stdout}
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "nonopress: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	err := cmd.Run(ctx, args[1:])
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "nonopress %s: %s\nTry: nonopress %s -h\n", args[0], ue.msg, args[0])
		return 2
	case errors.Is(err, errFailed):
		return 1
	default:
		fmt.Fprintf(stderr, "nonopress %s: %v\n", args[0], err)
		return 1
	}
}

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("nonopress "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage:\n%s\n\nFlags:\n", commandLine(name))
		fs.PrintDefaults()
	}
	return fs
}

// commandLine returns the line of usage that shows command name.
func commandLine(name string) string {
	for _, l := range strings.Split(usage, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "nonopress" && f[1] == name {
			return l
		}
	}
	return "  nonopress " + name
}

// parseFlags parses args, turning a flag mistake into a usage error. Flags
// may come after file names (`convert -to xml FILE -o out.xml`): parsing
// goes on after each name, and fs.Args() holds the names in order. A "--"
// ends the flags; everything after it is a name.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var names []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return usageError{err.Error()}
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
