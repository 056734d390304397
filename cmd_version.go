package main

import (
	"context"
	"fmt"
	"io"
	"runtime"

	"github.com/nonopress/nonopress/solve"
)

// versionCommand prints the release, the solver's version and the Go version.
type versionCommand struct{ stdout io.Writer }

func (c *versionCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("version")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{"version takes no arguments"}
	}
	fmt.Fprintf(c.stdout, "nonopress %s (solver %s, %s)\n", version, solve.Version, runtime.Version())
	return nil
}
