package main

import (
	"os"
	"path/filepath"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"
)

// The notes `check` reads as the site build does: the note beside each
// puzzle file, and the collection notes of the folders it is given.

// readNoteBeside reads the Markdown note of the same name beside a puzzle
// file, as the site build does: its path is "" when there is none.
func readNoteBeside(file string) (n content.Note, path string, err error) {
	path = filepath.Join(filepath.Dir(file), content.BaseName(filepath.Base(file))+".md")
	data, err := os.ReadFile(path)
	if err != nil {
		return content.Note{}, "", nil
	}
	n, err = content.ParseNote(path, data)
	return n, path, err
}

// checkNote reads the Markdown note of the same name beside a puzzle file,
// as the site build does, and returns its front matter's errors and
// warnings and its links' (notes.Links) as a result of index -1, or nil
// when there is no note or nothing to say.
func checkNote(file string, notes *content.FolderNotes) *checkResult {
	n, path, err := readNoteBeside(file)
	if path == "" {
		return nil
	}
	return noteResult(path, n, err, notes)
}

// noteResult is a note's front matter errors and warnings, and the
// warnings of its links, as a result of index -1, or nil when there is
// nothing to say.
func noteResult(path string, n content.Note, err error, notes *content.FolderNotes) *checkResult {
	r := &checkResult{File: path, Index: -1, Errors: []jsonDiagnostic{}, Warnings: jsonDiagnostics(n.Warnings), ColorNames: []string{}}
	if err != nil {
		r.Errors = jsonDiagnostics(diag.List{diag.FromError(path, err)})
	} else {
		r.Warnings = append(r.Warnings, jsonDiagnostics(notes.Links(path, n))...)
	}
	if len(r.Errors)+len(r.Warnings) == 0 {
		return nil
	}
	return r
}

// folderNoteResults checks the collection notes (README.md, _index.md...)
// of the folders collectPuzzleFiles walked, the folders named on the
// command line and those below them, as the site build reads them: a
// mistake in one fails the build, so check says it too. Only notes with
// something to say give a result.
func folderNoteResults(folders []string, notes *content.FolderNotes) []checkResult {
	var out []checkResult
	for _, dir := range folders {
		note := content.CollectionNote(dir)
		if note == "" {
			continue
		}
		var n content.Note
		data, err := content.ReadTreeFile(dir, note, content.MaxNoteBytes)
		if err == nil {
			n, err = content.ParseNote(note, data)
		}
		if r := noteResult(note, n, err, notes); r != nil {
			out = append(out, *r)
		}
	}
	return out
}
