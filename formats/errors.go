package formats

import (
	"errors"
	"fmt"
)

// ParseError is a reading error with its position. Error() gives
// "file:line: message" (or "file: message" when Line == 0). Unwrap returns Err.
type ParseError struct {
	File string
	Line int
	Err  error
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

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
