package main

import (
	"os"
	"path/filepath"
	"slices"

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
// warnings, its license's (once for all the file's puzzles, which are not
// warned about it themselves) and its links' (notes.Links) as a result of
// index -1, or nil when there is no note or nothing to say.
func checkNote(file string, notes *content.FolderNotes) *checkResult {
	n, path, err := readNoteBeside(file)
	if path == "" {
		return nil
	}
	return noteResult(path, n, err, n.Front.LicenseWarnings(), notes)
}

// noteResult is a note's front matter errors and warnings, then license's
// (the warnings about the license it gives), and the warnings of its
// links, as a result of index -1, or nil when there is nothing to say.
func noteResult(path string, n content.Note, err error, license diag.List, notes *content.FolderNotes) *checkResult {
	r := fileResult(path, nil, n.Warnings)
	if err != nil {
		r.Errors = jsonDiagnostics(diag.List{diag.FromError(path, err)})
	} else {
		r.Warnings = append(r.Warnings, jsonDiagnostics(append(slices.Clip(license), notes.Links(path, n)...))...)
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
		// Its license is said with the first puzzle it may credit
		// (giveFolderNoteLicenses), as for a folder above those named.
		if r := noteResult(note, n, err, nil, notes); r != nil {
			out = append(out, *r)
		}
	}
	return out
}

// giveFolderNoteLicenses gives the warnings about the license each folder
// note gives (content.FrontMatter.LicenseWarnings), checked once a note,
// to the first result of a puzzle file below it (one of files, not a
// note's result), in the order check prints them: said there once, at the
// note's line, however many puzzles the note credits, which are not
// warned about it themselves (-json names the note as its file).
func giveFolderNoteLicenses(results []checkResult, files []string, notes *content.FolderNotes) {
	first := map[string]bool{} // the puzzle files whose first result is still to come
	for _, f := range files {
		first[f] = true
	}
	given := map[string]bool{} // the notes whose license is said, by absolute path
	for i := range results {
		if !first[results[i].File] {
			continue
		}
		first[results[i].File] = false
		for _, fm := range notes.Fronts(results[i].File) {
			abs, err := filepath.Abs(fm.LicenseFile)
			if fm.LicenseFile == "" || err != nil || given[abs] {
				continue
			}
			given[abs] = true
			results[i].Warnings = append(results[i].Warnings, jsonDiagnostics(fm.LicenseWarnings())...)
		}
	}
}
