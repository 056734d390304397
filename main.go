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
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/nonopress/nonopress/diag"
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
		switch {
		case len(args) == 1 || len(args) == 2 && isHelp(args[1]):
			fmt.Fprint(stdout, usage)
			return 0
		case len(args) == 2:
			// `nonopress help build` is `nonopress build -h`.
			return run(ctx, []string{args[1], "-h"}, stdout, stderr)
		}
		fmt.Fprintf(stderr, "nonopress help: name one command: nonopress help COMMAND\n\n%s", usage)
		return 2
	default:
		fmt.Fprintf(stderr, "%s\n\n%s", unknownCommand(args[0]), usage)
		return 2
	}
	name := strings.TrimLeft(args[0], "-")
	err := cmd.Run(ctx, args[1:])
	var ue usageError
	var help helpShown
	switch {
	case err == nil:
		return 0
	case errors.As(err, &help):
		fmt.Fprint(stdout, help.text)
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "nonopress %s: %s\n%s", name, ue.msg, usageHelp(name))
		return 2
	case errors.Is(err, errFailed):
		return 1
	case isDiagnostic(err):
		// A mistake in a file (the site's nonopress.toml) is said as check
		// says it, "file:line: error: message (hint)", for editors and CI
		// logs to pick up.
		fmt.Fprintln(stderr, diag.FromError("", err).Labelled())
		return 1
	default:
		fmt.Fprintf(stderr, "nonopress %s: %v\n", name, err)
		return 1
	}
}

// isHelp reports whether arg asks for the usage.
func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// isDiagnostic reports whether err is a diagnostic, a mistake at a place in
// a file, with no words added on the way up.
func isDiagnostic(err error) bool {
	var d *diag.Diagnostic
	return errors.As(err, &d) && d.Error() == err.Error()
}
