package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/puzzle"
)

// convertCommand rewrites puzzles in another format: `nonopress convert -to
// non|nonpack|xml|g [-o FILE] FILE...`. Several puzzles make a bundle or an
// XML puzzle set; a .non or .g file holds exactly one.
type convertCommand struct{ stdout, stderr io.Writer }

func (c *convertCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("convert")
	to := fs.String("to", "", "the output `FORMAT`: non, nonpack, xml or g (required)")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch *to {
	case "non", "nonpack", "xml", "g":
	case "":
		return usageError{"-to is required: non, nonpack, xml or g"}
	default:
		return usageError{fmt.Sprintf("-to %q: want non, nonpack, xml or g", *to)}
	}
	if fs.NArg() == 0 {
		return usageError{"no FILE given"}
	}
	var all []*puzzle.Puzzle
	failed := false
	for _, f := range fs.Args() {
		if err := checkRegular(f, nil); err != nil {
			fmt.Fprintln(c.stderr, err)
			failed = true
			continue
		}
		ps, err := formats.ReadFile(f)
		if err != nil {
			for _, d := range formats.Diagnostics(f, err) {
				fmt.Fprintln(c.stderr, d.Labelled())
			}
			failed = true
			continue
		}
		all = append(all, ps...)
	}
	if failed {
		return errFailed // write nothing rather than a partial conversion
	}
	var buf bytes.Buffer
	var err error
	switch *to {
	case "non":
		if len(all) != 1 {
			return usageError{fmt.Sprintf("%d puzzles given: a .non file holds one; use -to nonpack or -to xml", len(all))}
		}
		err = formats.WriteNon(&buf, all[0])
	case "nonpack":
		err = formats.WriteNonpack(&buf, all)
	case "xml":
		err = formats.WriteXML(&buf, all)
	case "g":
		if len(all) != 1 {
			return usageError{fmt.Sprintf("%d puzzles given: a .g file holds one; use -to nonpack or -to xml", len(all))}
		}
		err = formats.WriteOlsak(&buf, all[0])
	}
	if err != nil {
		return convertError(all, err)
	}
	if *out == "" {
		_, err = c.stdout.Write(buf.Bytes())
		return err
	}
	return atomicfile.Replace(*out, buf.Bytes())
}

// convertError names the file of the puzzle a writer could not write,
// which the writers number among all the puzzles given
// (formats.WriteError) or, for the one-puzzle formats, leave unsaid.
func convertError(all []*puzzle.Puzzle, err error) error {
	p := all[0]
	var we *formats.WriteError
	if errors.As(err, &we) && we.Index < len(all) {
		p, err = all[we.Index], we.Err
	}
	where := p.Where()
	bundled := slices.ContainsFunc(all, func(q *puzzle.Puzzle) bool { return q != p && q.Origin.File == p.Origin.File })
	if bundled || p.Origin.Index > 0 {
		where = fmt.Sprintf("%s: puzzle %d", where, p.Origin.Index+1)
	}
	return fmt.Errorf("%s: %w", where, err)
}
