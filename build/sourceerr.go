package build

import (
	"fmt"

	"github.com/nonopress/nonopress/build/content"
)

// SourceError is a failure to publish one source file (its output could not
// be written, say): File names the file of the content tree it came from,
// so that an error about an output path can be traced to its cause.
type SourceError struct {
	File string // as opened: the content folder joined with its path
	Err  error
}

func (e *SourceError) Error() string { return fmt.Sprintf("%s: %v", e.File, e.Err) }

// Unwrap returns the underlying error.
func (e *SourceError) Unwrap() error { return e.Err }

// fromSource wraps err (if any) with the source file it came from.
func fromSource(f *content.PuzzleFile, err error) error {
	if err == nil {
		return nil
	}
	return &SourceError{File: f.Abs, Err: err}
}
