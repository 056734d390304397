package main

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/spell"
	"github.com/nonopress/nonopress/internal/treefile"
)

// collected is what collectPuzzleFiles found.
type collected struct {
	files   []string      // puzzle files, sorted within each folder, in the order of the paths
	empty   []emptyFolder // the folders among the paths in which no puzzle file was found
	folders []string      // every folder walked, in walk order
}

// emptyFolder is a folder named on the command line that holds no puzzle
// file, and the first picture (.png, .gif) its walk met, which a note
// beside it would make a puzzle ("" when none).
type emptyFolder struct{ path, picture string }

// collectPuzzleFiles expands the command line's paths: a file is taken as it
// is (whatever its extension: the reader sniffs it), a folder is walked for
// files with a known puzzle extension, and for pictures (.png, .gif) with a
// Markdown note of the same name, as the site build takes them. Hidden files
// and folders are skipped and symbolic links inside folders are not followed.
func collectPuzzleFiles(paths []string) (c collected, err error) {
	for _, root := range paths {
		info, err := statPath(root)
		if err != nil {
			return c, err
		}
		if err := c.add(root, info); err != nil {
			return c, err
		}
	}
	return c, nil
}

// statPath looks at a path named on the command line (os.Stat), and says
// why it cannot be checked at all: it does not exist or cannot be looked
// at (unusablePath), or it is neither a folder nor a regular file (a
// *diag.Diagnostic naming it).
func statPath(path string) (fs.FileInfo, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, unusablePath{missingPath(path, err), unwrapPathError(err)}
	}
	if !info.IsDir() {
		if err := checkRegular(path, info); err != nil {
			return nil, err
		}
	}
	return info, nil
}

// add collects the puzzle files of root, a path named on the command line
// (info, its statPath): the file itself, or those its folder holds.
func (c *collected) add(root string, info fs.FileInfo) error {
	if !info.IsDir() {
		c.files = append(c.files, root)
		return nil
	}
	var found []string
	picture := "" // the first without a note
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			c.folders = append(c.folders, path)
		}
		switch {
		case !d.Type().IsRegular():
		case formats.Known(path), formats.IsImage(path) && hasNote(path):
			found = append(found, path)
		case formats.IsImage(path) && picture == "":
			picture = path
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(found) == 0 {
		c.empty = append(c.empty, emptyFolder{root, picture})
	}
	sort.Strings(found)
	c.files = append(c.files, found...)
	return nil
}

// hasNote reports whether a Markdown note of the same base name stands
// beside path.
func hasNote(path string) bool {
	info, err := os.Stat(strings.TrimSuffix(path, filepath.Ext(path)) + ".md")
	return err == nil && info.Mode().IsRegular()
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// missingPath is the diagnostic of a path named on the command line that
// os.Stat could not look at (err, its error), with missingPathHint's hint.
func missingPath(path string, err error) *diag.Diagnostic {
	d := statProblem(path, err)
	d.Hint = missingPathHint(path, err)
	return d
}

// unusablePath is the error of a command stopped at such a path: the
// diagnostic's "path: message (hint)", said as the command's own error
// ("nonopress check: ...", where a diagnostic would be "path: error: ...",
// as check -json says it too: collectUsable), wrapping the error of
// os.Stat.
type unusablePath struct {
	d   *diag.Diagnostic
	err error
}

func (e unusablePath) Error() string { return e.d.String() }
func (e unusablePath) Unwrap() error { return e.err }

// missingPathHint is "did you mean content/heart.non?" for a path that
// does not exist (err, its os.Stat's error) when its folder holds the
// puzzle file of that name with its extension ("heart" typed for
// heart.non), or a file or folder a small slip away ("worksheet" for
// worksheets); "" otherwise. The path is said as it was given.
func missingPathHint(path string, err error) string {
	if meant := missingPathMeant(path, err); meant != "" {
		return fmt.Sprintf("did you mean %s?", meant)
	}
	return ""
}

// missingPathMeant is the path missingPathHint names, or "".
func missingPathMeant(path string, err error) string {
	if !errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	dir, name := filepath.Split(filepath.Clean(path))
	entries, err := os.ReadDir(cmp.Or(dir, "."))
	if err != nil || name == "" {
		return ""
	}
	var names, withExt []string
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, ".") {
			continue
		}
		names = append(names, n)
		if formats.Known(n) && content.BaseName(n) == name {
			withExt = append(withExt, n)
		}
	}
	meant := ""
	if len(withExt) == 1 {
		meant = withExt[0]
	} else if len(withExt) == 0 {
		meant = spell.Closest(name, names, func(w string) int { return min(2, max(1, len(w)/4)) })
	}
	if meant == "" {
		return ""
	}
	return filepath.Join(dir, meant)
}

// checkRegular refuses a puzzle path that is not a regular file (info is
// its os.Stat, or nil to stat it): a FIFO would block the read, a device
// never end it. The error is a *diag.Diagnostic naming the file.
func checkRegular(path string, info fs.FileInfo) error {
	if info == nil {
		var err error
		if info, err = os.Stat(path); err != nil {
			return statProblem(path, err)
		}
	}
	if !info.Mode().IsRegular() {
		return &diag.Diagnostic{File: path, Message: fmt.Sprintf("not a regular file (%s)", treefile.Kind(info.Mode()))}
	}
	return nil
}

// statProblem is the error of a path os.Stat could not look at (err, its
// error), naming the path.
func statProblem(path string, err error) *diag.Diagnostic {
	return &diag.Diagnostic{File: path, Message: unwrapPathError(err).Error()}
}

// noPathGiven is the usage mistake of check or print (cmd) run without a
// path; in a site folder, with what to type for its content folder.
func noPathGiven(cmd string) usageError {
	msg := "no PATH given: name puzzle files or folders"
	if info, err := os.Stat(defaultSrc); err == nil && info.IsDir() {
		msg += fmt.Sprintf(", as in: nonopress %s %s", cmd, defaultSrc)
	}
	return usageError{msg}
}
