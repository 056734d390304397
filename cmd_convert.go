package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/puzzle"
)

// convertCommand rewrites puzzles in another format: `nonopress convert -to
// FORMAT [-o FILE|FOLDER] FILE...`, FORMAT one of convertFormats. Several
// puzzles make a bundle or an XML puzzle set; a .non or .g file holds
// exactly one. With -o naming a folder, each file given is converted on
// its own into it.
//
// What it writes it reads back: what the target format has no place for
// (metadata in .g, a colour name of two words in .non, ...) is named in a
// warning for each puzzle, and a puzzle that would read back changed is an
// error, with nothing written.
type convertCommand struct{ stdout, stderr io.Writer }

// convertFormats are the formats convert writes, those -to takes.
var convertFormats = []string{"non", "nonpack", "xml", "g"}

func (c *convertCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("convert")
	list := puzzle.Enumerate(convertFormats, "or") // "non, nonpack, xml or g"
	to := fs.String("to", "", "the output `FORMAT`: "+list+" (required, unless the -o file's name says it)")
	out := fs.String("o", "", "write to `FILE` (or, for an existing folder, a file for each input in it) instead of standard output")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	*to = strings.ToLower(strings.TrimPrefix(*to, "."))
	if named, ok := formats.FormatOf(*out); ok && *to == "" && slices.Contains(convertFormats, named) {
		*to = named // -o out.xml says it
	}
	switch {
	case slices.Contains(convertFormats, *to):
	case *to == "":
		return usageError{"-to is required: " + list + " (or an -o FILE named so)"}
	default:
		msg := fmt.Sprintf("-to %q: want %s", *to, list)
		if named, ok := formats.FormatOf("x." + *to); ok && slices.Contains(convertFormats, named) {
			msg += fmt.Sprintf(" (a .%s file is %s: -to %s)", *to, named, named)
		} else if ok {
			msg += fmt.Sprintf(" (.%s is read, not written)", *to)
		}
		return usageError{msg}
	}
	if fs.NArg() == 0 {
		return usageError{"no FILE given"}
	}
	if info, err := os.Stat(*out); err == nil && info.IsDir() {
		return c.toFolder(*to, *out, fs.Args())
	}
	if named, ok := formats.FormatOf(*out); ok && named != *to {
		// Readers, nonopress's among them, go by the name.
		msg := fmt.Sprintf("-o %s: the name says .%s, but -to %s writes .%s: name it so", *out, named, *to, *to)
		if slices.Contains(convertFormats, named) {
			msg += " or give -to " + named
		}
		return usageError{msg}
	}
	var all []*puzzle.Puzzle
	unread := 0
	for _, f := range fs.Args() {
		ps, ok := c.read(f)
		if !ok {
			unread++
		}
		all = append(all, ps...)
	}
	if unread > 0 { // write nothing rather than a partial conversion
		return notWritten(*out, fmt.Sprintf("%d of %s could not be read", unread, puzzle.Plural(fs.NArg(), "file")))
	}
	if holdsOne(*to) && len(all) != 1 {
		msg := fmt.Sprintf("%s: a .%s file holds one; use -to nonpack or -to xml", puzzlesGiven(all, fs.NArg()), *to)
		if len(all) == fs.NArg() {
			msg += ", or -o FOLDER for a file each"
		}
		return usageError{msg}
	}
	data, ok := c.write(*to, all)
	if !ok {
		return notWritten(*out, fmt.Sprintf("a puzzle cannot be written as .%s", *to))
	}
	if *out == "" {
		_, err := c.stdout.Write(data)
		return err
	}
	return atomicfile.Replace(*out, formats.CompressFor(*out, data))
}

// holdsOne reports whether a file of format to holds exactly one puzzle
// (.non and .g; a bundle or an XML puzzle set holds any number).
func holdsOne(to string) bool { return to == "non" || to == "g" }

// notWritten is the error of a conversion to one output that wrote
// nothing, for the reason given.
func notWritten(out, reason string) error {
	if out == "" {
		return fmt.Errorf("nothing written: %s", reason)
	}
	return fmt.Errorf("%s not written: %s", out, reason)
}

// toFolder converts each file on its own into the folder dir, as
// dir/NAME.to (NAME its name without its extension). A file that cannot be
// read or converted is reported and the others are converted still; a
// name written twice or the name of a file given is refused.
func (c *convertCommand) toFolder(to, dir string, files []string) error {
	failed := false
	written := map[string]string{} // output name → the file it was made from
	var given []os.FileInfo        // the files given that exist, stated once
	for _, f := range files {
		if info, err := os.Stat(f); err == nil {
			given = append(given, info)
		}
	}
	for _, f := range files {
		name := filepath.Join(dir, content.BaseName(filepath.Base(f))+"."+to)
		ps, ok := c.read(f)
		switch {
		case !ok:
		case written[name] != "":
			c.report(diag.Diagnostic{File: f, Message: fmt.Sprintf("would be written as %s, which %s was written as", name, written[name])})
			ok = false
		case isOneOf(name, given):
			c.report(diag.Diagnostic{File: f, Message: fmt.Sprintf("would be written as %s, a file given: convert into another folder", name)})
			ok = false
		case holdsOne(to) && len(ps) != 1:
			c.report(diag.Diagnostic{File: f, Message: fmt.Sprintf("holds %s: a .%s file holds one; use -to nonpack or -to xml", puzzle.Plural(len(ps), "puzzle"), to)})
			ok = false
		}
		var data []byte
		if ok {
			data, ok = c.write(to, ps)
		}
		if ok {
			if err := atomicfile.Replace(name, data); err != nil {
				c.report(diag.Diagnostic{File: f, Message: err.Error()})
				ok = false
			}
		}
		if ok {
			written[name] = f
		}
		failed = failed || !ok
	}
	if failed {
		return errFailed
	}
	return nil
}

// isOneOf reports whether path names an existing file that is one of files.
func isOneOf(path string, files []os.FileInfo) bool {
	info, err := os.Stat(path)
	return err == nil && slices.ContainsFunc(files, func(f os.FileInfo) bool { return os.SameFile(f, info) })
}

// read reads one file given, reporting its readers' warnings and its
// errors; ok is false when it could not be read whole.
func (c *convertCommand) read(f string) (ps []*puzzle.Puzzle, ok bool) {
	if err := checkRegular(f, nil); err != nil {
		c.report(diag.FromError(f, err))
		return nil, false
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
		return nil, false
	}
	return ps, true
}

// write writes puzzles as format to and reads them back (readBack); ok is
// false after an error, which it has reported.
func (c *convertCommand) write(to string, ps []*puzzle.Puzzle) (data []byte, ok bool) {
	var buf bytes.Buffer
	var err error
	switch to {
	case "non":
		err = formats.WriteNon(&buf, ps[0])
	case "nonpack":
		err = formats.WriteNonpack(&buf, ps)
	case "xml":
		err = formats.WriteXML(&buf, ps)
	case "g":
		err = formats.WriteOlsak(&buf, ps[0])
	}
	if err != nil {
		c.report(convertError(ps, err))
		return nil, false
	}
	return buf.Bytes(), c.readBack(to, ps, buf.Bytes())
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
			Message: fmt.Sprintf("the .%s written does not read back: %v", to, err)})
		return false
	}
	ok := true
	setWarned := map[string]bool{}
	for i, p := range all {
		lost, setLost, broken := convertLosses(p, back[i])
		d := diag.Diagnostic{File: p.Origin.File, Line: p.Origin.Line, Severity: diag.Warning}
		if broken != "" {
			d.Severity, d.Message, ok = diag.Error, fmt.Sprintf("written as .%s, %s", to, broken), false
			c.report(d)
			continue
		}
		if len(lost) > 0 {
			d.Message = fmt.Sprintf("%s left out: %s", puzzle.Enumerate(lost, "and"), noPlaceIn(to))
			if to != "xml" {
				d.Hint = "-to xml keeps them"
			}
			c.report(d)
		}
		if len(setLost) > 0 && !setWarned[p.Origin.File] {
			setWarned[p.Origin.File] = true
			d.Message, d.Hint = fmt.Sprintf("the %s of the set it came in left out: %s", puzzle.Enumerate(setLost, "and"), noSetIn(to, all)), ""
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
	if holdsOne(to) {
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
