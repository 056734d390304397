package build

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/nonopress/nonopress/build/output"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/puzzle"
)

// foreignWarnings words what a commit found in the output folder that
// nonopress did not write, each at its path: kept files, with where to put
// them so that the build publishes them (templates/static/ publishes under
// static/, the content tree images, PDFs and .txt files at their path, and
// the content folder a host's CNAME, _redirects and _headers), and kept
// empty folders (a path ending in "/", which a web server serves nothing
// from); files the site now writes over, with where the user's copy is
// kept; and a manifest that could not be trusted (at the folder), which
// made every file the site does not write be kept, and every file it
// writes over that is neither the site's nor the old page the manifest
// records be copied to the kept folder: counted there, not named one by
// one (a manifest damaged beyond reading records none, and a whole old site
// may be copied).
func foreignWarnings(out string, f output.Foreign) diag.List {
	var w diag.List
	folders := 0 // of f.Kept, the empty folders
	for _, rel := range f.Kept {
		at := filepath.Join(out, filepath.FromSlash(rel))
		if strings.HasSuffix(rel, "/") {
			folders++
			w = append(w, diag.Warningf(at, "an empty folder nonopress did not make: kept in place (a web server serves nothing from it)"))
			continue
		}
		w = append(w, diag.Warningf(at,
			"not written by nonopress: kept in place; to make it part of the site, put it in the content tree's templates/static/ folder (published under static/) or, for an image, a PDF or a .txt file, in the content tree at its path (a CNAME, _redirects or _headers in the content folder itself)"))
	}
	for _, t := range f.Replaced {
		w = append(w, diag.Warningf(filepath.Join(out, filepath.FromSlash(t.Path)),
			"not written by nonopress, but the site now has a page or file of that name: the new site has the build's, and yours is now at %s, where no build writes over it or deletes it", t.Copy))
	}
	if f.Unknown {
		kept := puzzle.Plural(len(f.Kept)-folders+len(f.Replaced), "file")
		if folders > 0 {
			kept += " and " + puzzle.Plural(folders, "empty folder")
		}
		said := fmt.Sprintf("its manifest (%s) was damaged or named paths outside the folder, so files nonopress did not write could not be told apart: every file and empty folder there the new site does not write was kept as yours (%s, each named in its own warning; old pages of the site among them can be deleted)",
			output.MarkerName, kept)
		if n := len(f.Overwritten); n > 0 {
			said += fmt.Sprintf(", and every file at a path the site writes that held neither the site's bytes nor those the manifest recorded for it (%d: yours, pages edited by hand, or old pages it did not record) was copied to %s, at its path there (or a numbered name beside it), before the site's was written over it",
				n, output.KeptName(out))
		} else {
			said += ", and every file at a path the site writes held the site's own bytes"
		}
		w = append(w, diag.Warningf(out, "%s", said))
	}
	return w
}
