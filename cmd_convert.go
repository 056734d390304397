package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/puzzle"
)

// convertCommand rewrites puzzles in another format: `nonopress convert -to
// non|nonpack|xml|g [-o FILE] FILE...`. Several puzzles make a bundle or an
// XML puzzle set; a .non or .g file holds exactly one.
//
// What it writes it reads back: what the target format has no place for
// (metadata in .g, a colour name of two words in .non, ...) is named in a
// warning for each puzzle, and a puzzle that would read back changed is an
// error, with nothing written.
type convertCommand struct{ stdout, stderr io.Writer }

func (c *convertCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("convert", c.stderr)
	to := fs.String("to", "", "output format: non, nonpack, xml or g")
	out := fs.String("o", "", "output file (default: standard output)")
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
			c.report(diag.FromError(f, err))
			failed = true
			continue
		}
		ps, err := formats.ReadFile(f)
		for _, p := range ps {
			for _, w := range p.Warnings {
				c.report(w)
			}
		}
		if err != nil {
			for _, d := range formats.Diagnostics(f, err) {
				c.report(d)
			}
			failed = true
			continue
		}
		all = append(all, ps...)
	}
	if failed {
		return errFailed // write nothing rather than a partial conversion
	}
	if (*to == "non" || *to == "g") && len(all) != 1 {
		return usageError{fmt.Sprintf("%s: a .%s file holds one; use -to nonpack or -to xml", puzzlesGiven(all, fs.NArg()), *to)}
	}
	var buf bytes.Buffer
	var err error
	switch *to {
	case "non":
		err = formats.WriteNon(&buf, all[0])
	case "nonpack":
		err = formats.WriteNonpack(&buf, all)
	case "xml":
		err = formats.WriteXML(&buf, all)
	case "g":
		err = formats.WriteOlsak(&buf, all[0])
	}
	if err != nil {
		c.report(convertError(all, err))
		return errFailed
	}
	if !c.readBack(*to, all, buf.Bytes()) {
		return errFailed
	}
	if *out == "" {
		_, err = c.stdout.Write(buf.Bytes())
		return err
	}
	return atomicfile.Replace(*out, buf.Bytes())
}

// report prints one diagnostic as every command does.
func (c *convertCommand) report(d diag.Diagnostic) { fmt.Fprintln(c.stderr, d.Labelled()) }

// puzzlesGiven says how many puzzles the files given hold: "3 puzzles in
// 2 files", or for one file "set.nonpack holds 3 puzzles".
func puzzlesGiven(all []*puzzle.Puzzle, files int) string {
	if files == 1 && len(all) > 0 {
		return fmt.Sprintf("%s holds %s", all[0].Origin.File, puzzle.Plural(len(all), "puzzle"))
	}
	return fmt.Sprintf("%s in %d files", puzzle.Plural(len(all), "puzzle"), files)
}

// readBack reads what was written for the puzzles all as format to, warns
// of what each lost (the set's metadata once per file) and reports an error
// for each that came back changed. It returns false after an error.
func (c *convertCommand) readBack(to string, all []*puzzle.Puzzle, data []byte) bool {
	back, err := formats.Read("converted."+to, data)
	if err == nil && len(back) != len(all) {
		err = fmt.Errorf("%d puzzles written, %d read back", len(all), len(back))
	}
	if err != nil {
		c.report(diag.Diagnostic{File: all[0].Origin.File, Line: all[0].Origin.Line, Severity: diag.Error,
			Message: fmt.Sprintf("the .%s written does not read back: %v; nothing written", to, err)})
		return false
	}
	ok := true
	setWarned := map[string]bool{}
	for i, p := range all {
		lost, setLost, broken := convertLosses(p, back[i])
		d := diag.Diagnostic{File: p.Origin.File, Line: p.Origin.Line, Severity: diag.Warning}
		if broken != "" {
			d.Severity, d.Message, ok = diag.Error, fmt.Sprintf("written as .%s, %s; nothing written", to, broken), false
			c.report(d)
			continue
		}
		if len(lost) > 0 {
			d.Message = fmt.Sprintf("%s left out: %s", joinList(lost), noPlaceIn(to))
			if to != "xml" {
				d.Hint = "-to xml keeps them"
			}
			c.report(d)
		}
		if len(setLost) > 0 && !setWarned[p.Origin.File] {
			setWarned[p.Origin.File] = true
			d.Message, d.Hint = fmt.Sprintf("the %s of the set it came in left out: %s", joinList(setLost), noSetIn(to, all)), ""
			c.report(d)
		}
	}
	return ok
}

// noPlaceIn says why format to lost a puzzle's metadata.
func noPlaceIn(to string) string {
	if to == "g" {
		return "a .g file holds only clues and colours"
	}
	return fmt.Sprintf("a .%s file has no place for them", to)
}

// noSetIn says why format to lost the metadata of a set.
func noSetIn(to string, all []*puzzle.Puzzle) string {
	if to == "non" || to == "g" {
		return fmt.Sprintf("a .%s file holds one puzzle and no set", to)
	}
	if slices.ContainsFunc(all, func(q *puzzle.Puzzle) bool { return q.Origin.File != all[0].Origin.File }) {
		return "the puzzles given come from several files, and the bundle written has one set"
	}
	return fmt.Sprintf("a .%s file has no place for them", to)
}

// convertError names the file of the puzzle a writer could not write,
// which the writers number among all the puzzles given
// (formats.WriteError) or, for the one-puzzle formats, leave unsaid.
func convertError(all []*puzzle.Puzzle, err error) diag.Diagnostic {
	p := all[0]
	var we *formats.WriteError
	if errors.As(err, &we) && we.Index < len(all) {
		p, err = all[we.Index], we.Err
	}
	msg := err.Error()
	bundled := slices.ContainsFunc(all, func(q *puzzle.Puzzle) bool { return q != p && q.Origin.File == p.Origin.File })
	if bundled || p.Origin.Index > 0 {
		msg = fmt.Sprintf("puzzle %d: %s", p.Origin.Index+1, msg)
	}
	return diag.Diagnostic{File: p.Origin.File, Line: p.Origin.Line, Severity: diag.Error, Message: msg}
}
