package formats

import (
	"errors"
	"fmt"
	"slices"

	"github.com/nonopress/nonopress/diag"
)

// ParseError is a reading error with its position. Error() gives
// "file:line:col: message (hint)", leaving out what is unknown (Line or Col
// 0, no Hint). Unwrap returns Err; Diagnostic makes it a diag.Diagnostic.
type ParseError struct {
	File string
	Line int
	Col  int
	Err  error
	// Hint is an optional way to fix the mistake ("did you mean \"width\"?").
	Hint string
	// Warnings are those the reader gave before it failed, in line order,
	// their File set: one may say the cause of the error (a color line
	// whose key is misspelt, then a goal with a colour character that no
	// line declares). See Warnings.
	Warnings diag.List
}

func (e *ParseError) Error() string {
	d := e.Diagnostic()
	return d.String()
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// Diagnostic returns the error as an error diagnostic (diag.Diagnoser).
func (e *ParseError) Diagnostic() diag.Diagnostic {
	msg := "<nil>"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	return diag.Diagnostic{File: e.File, Line: e.Line, Col: e.Col, Severity: diag.Error, Message: msg, Hint: e.Hint}
}

// Diagnostics flattens a reading error (possibly several joined with
// errors.Join) into error diagnostics, in order; errors that carry no
// position are given file.
func Diagnostics(file string, err error) diag.List {
	var out diag.List
	eachError(err, func(e error) { out = append(out, diag.FromError(file, e)) })
	return out
}

// Warnings returns the warnings of a reading error (possibly several
// joined with errors.Join): those its readers gave before they failed
// (ParseError.Warnings), in order. A caller that reports the error
// reports them with it, in line order, as they may say its cause.
func Warnings(err error) diag.List {
	var out diag.List
	eachError(err, func(e error) {
		if pe := (*ParseError)(nil); errors.As(e, &pe) {
			out = append(out, pe.Warnings...)
		}
	})
	return out
}

// withWarnings returns err, the error that stopped the reading of file,
// with warnings, those the reader gave before it, kept as its
// ParseError.Warnings in line order (their File and Severity set). An
// error that is no ParseError is returned as it is.
func withWarnings(file string, err error, warnings diag.List) error {
	var pe *ParseError
	if !errors.As(err, &pe) || len(warnings) == 0 {
		return err
	}
	kept := slices.Clone(warnings)
	for i := range kept {
		kept[i].File, kept[i].Severity = file, diag.Warning
	}
	kept.Sort()
	pe.Warnings = kept
	return err
}

// withWarningsNear adds each of warnings to the error of errs it may be
// the cause of, as withWarnings: the first error at or after its line, or
// the last error when none is (the first, when the warning has no line).
// Errors that are no ParseError take none. It returns errs.
func withWarningsNear(file string, errs []error, warnings diag.List) []error {
	own := make([]diag.List, len(errs))
	for _, w := range warnings {
		at := -1
		for i, err := range errs {
			var pe *ParseError
			if !errors.As(err, &pe) {
				continue
			}
			if at = i; w.Line == 0 || pe.Line >= w.Line {
				break
			}
		}
		if at >= 0 {
			own[at] = append(own[at], w)
		}
	}
	for i, ws := range own {
		if len(ws) > 0 {
			errs[i] = withWarnings(file, errs[i], append(Warnings(errs[i]), ws...))
		}
	}
	return errs
}

// eachError calls f on each error of err, an error or several joined with
// errors.Join (at any depth), in order.
func eachError(err error, f func(error)) {
	if err == nil {
		return
	}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range joined.Unwrap() {
			eachError(e, f)
		}
		return
	}
	f(err)
}

// Sentinel errors that callers may test for with errors.Is.
var (
	// ErrTooBig is returned for a file or decompressed stream beyond MaxFileSize.
	ErrTooBig = errors.New("file too large")
	// ErrUnknownFormat is returned when neither extension nor content tells the format.
	ErrUnknownFormat = errors.New("unknown puzzle format")
	// ErrUnsupported is returned for a recognised feature nonopress cannot express.
	ErrUnsupported = errors.New("unsupported")
)

// errAt makes a *ParseError at a line with a formatted message.
func errAt(file string, line int, format string, args ...any) *ParseError {
	return &ParseError{File: file, Line: line, Err: fmt.Errorf(format, args...)}
}

// warnAt makes a warning diagnostic at a line and column with a formatted
// message.
func warnAt(file string, line, col int, format string, args ...any) diag.Diagnostic {
	return diag.Diagnostic{File: file, Line: line, Col: col, Severity: diag.Warning, Message: fmt.Sprintf(format, args...)}
}

// WriteError is a writer's error for the puzzle at Index (from 0) of the
// puzzles it was given, so that a caller can name the puzzle's file.
type WriteError struct {
	Index int
	Err   error
}

func (e *WriteError) Error() string { return fmt.Sprintf("puzzle %d: %v", e.Index+1, e.Err) }
func (e *WriteError) Unwrap() error { return e.Err }
