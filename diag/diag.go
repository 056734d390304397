// Package diag is the one diagnostic type nonopress reports end to end: a
// problem found in an input, with its file, line, column, severity, message
// and an optional hint saying how to fix it. Readers, validation, the build,
// serve's overlay and `check -json` all carry it, instead of strings split and
// re-joined.
package diag

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Severity says whether a diagnostic stops a puzzle (Error) or only warns.
type Severity int

const (
	// Error: the input is wrong; the puzzle is not published.
	Error Severity = iota
	// Warning: the input is usable but probably not what the author meant.
	Warning
)

// String returns "error" or "warning".
func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem at one place. Line and Col count from 1; 0 means
// unknown (a whole-file problem has neither).
type Diagnostic struct {
	File     string
	Line     int
	Col      int
	Severity Severity
	Message  string
	// Hint is an optional suggestion ("did you mean \"width\"?"), shown in
	// brackets after the message.
	Hint string
}

// Pos returns "file:line:col", leaving out what is unknown ("file:line",
// "file").
func (d Diagnostic) Pos() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(d.Line))
		if d.Col > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(d.Col))
		}
	}
	return b.String()
}

// String returns "file:line:col: message (hint)", the form every command
// prints.
func (d Diagnostic) String() string {
	var b strings.Builder
	if pos := d.Pos(); pos != "" {
		b.WriteString(pos)
		b.WriteString(": ")
	}
	b.WriteString(d.Message)
	if d.Hint != "" {
		b.WriteString(" (")
		b.WriteString(d.Hint)
		b.WriteByte(')')
	}
	return b.String()
}

// Labelled returns "file:line:col: severity: message (hint)" ("severity:
// message (hint)" without a position), the form the commands print for a
// person, as compilers do, so that editors and CI logs can pick it up.
func (d Diagnostic) Labelled() string {
	msg := d
	msg.File, msg.Line, msg.Col = "", 0, 0
	if pos := d.Pos(); pos != "" {
		return pos + ": " + d.Severity.String() + ": " + msg.String()
	}
	return d.Severity.String() + ": " + msg.String()
}

// Warningf is a warning about file as a whole: a path, or what else the
// warning is about, such as a flag ("-font x.ttf"). Labelled, it prints in
// the form of every other: "public/CNAME: warning: not written by
// nonopress".
func Warningf(file, format string, args ...any) Diagnostic {
	return Diagnostic{File: file, Severity: Warning, Message: fmt.Sprintf(format, args...)}
}

// Error makes a *Diagnostic usable as an error.
func (d *Diagnostic) Error() string { return d.String() }

// Diagnoser is implemented by errors that know their own diagnostic, such as
// formats.ParseError.
type Diagnoser interface {
	Diagnostic() Diagnostic
}

// FromError turns err into an error diagnostic: its own when it carries one
// (a *Diagnostic or a Diagnoser anywhere in its chain), else one for file
// whose message is err's text.
func FromError(file string, err error) Diagnostic {
	var d *Diagnostic
	if errors.As(err, &d) {
		return *d
	}
	var dr Diagnoser
	if errors.As(err, &dr) {
		return dr.Diagnostic()
	}
	return Diagnostic{File: file, Severity: Error, Message: err.Error()}
}

// List is the diagnostics of one run, in the order they were found.
type List []Diagnostic

// Count returns how many diagnostics have severity s.
func (l List) Count(s Severity) int {
	n := 0
	for _, d := range l {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool { return l.Count(Error) > 0 }

// Sort orders the list by file, line, column, then errors before warnings,
// then message: the same input always prints the same way.
func (l List) Sort() {
	slices.SortStableFunc(l, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Col, b.Col),
			cmp.Compare(a.Severity, b.Severity),
			cmp.Compare(a.Message, b.Message),
		)
	})
}
