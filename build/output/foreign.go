package output

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/internal/atomicfile"
)

// Foreign is what a commit found in the published folder that nonopress did
// not write (a CNAME, a robots.txt, a folder of a user's own): Kept were
// linked into the new site at the same place (an empty folder, "name/",
// made there), so that they stay published
// across every build; Replaced are those at paths the build now writes
// itself (or where it made a folder), copied into the kept folder instead.
// Unknown is set when the published folder's manifest could not be
// trusted, so that its files could not be told apart: every file there
// the build did not write (old pages of the site among them) was then
// taken for the user's and is in Kept (or Replaced, where the build made a
// folder), and each at a path the build writes whose bytes differ from
// the build's (a user's file, or an old page of the site) was copied into
// the kept folder before it was written over, and is in Overwritten.
type Foreign struct {
	Kept        []string
	Replaced    []Takeover
	Overwritten []Takeover
	Unknown     bool
}

// keepForeign waits for the scan and hard-links each file it found into
// the back buffer, which is about to be swapped in, so that files a user
// put in the published folder stay published. A file at a path the build
// now writes is copied into the kept folder instead, before the swap (after
// it, the old site is the back buffer, which the next build writes over):
// whatever happens to the build after, the copy is there. It runs after the
// stale files are removed, so nothing it links is removed again, and it
// never deletes: a failed build leaves the published folder, user files
// included, as it was. With a manifest that could not be trusted (Unknown),
// every file found is kept but those at paths the build writes: those
// cannot be told from the old site's own pages, and each whose bytes differ
// both from the build's and from those the manifest records for it (an old
// page that changed since) is copied into the kept folder too
// (Overwritten).
func (s *Store) keepForeign() (Foreign, error) {
	if s.foreign == nil {
		return Foreign{}, nil
	}
	found, err := s.foundForeign()
	if err != nil {
		return found, err
	}
	f := Foreign{Unknown: found.Unknown}
	var keep *keeper
	defer func() { keep.close() }()
	folders := &folderKeeper{back: s.back}
	defer folders.close()
	for _, rel := range found.Kept {
		if dir, ok := strings.CutSuffix(rel, "/"); ok {
			if folders.keep(dir) {
				f.Kept = append(f.Kept, rel)
			}
			continue
		}
		src := filepath.Join(s.front, filepath.FromSlash(rel))
		h, built := s.Hash(rel)
		if !built {
			err := linkAtomic(src, filepath.Join(s.back, filepath.FromSlash(rel)))
			if err == nil {
				f.Kept = append(f.Kept, rel)
				continue
			}
			if errors.Is(err, fs.ErrNotExist) {
				continue // a listed file the user has removed since
			}
			if !siteInTheWay(s.back, rel) {
				return f, fmt.Errorf("keep %s, a file nonopress did not write, in the new site: %w", src, err)
			}
			// A folder the build made where the user's file was (or a
			// file where its folder was): the build wins, the file is
			// kept aside.
		}
		if keep == nil {
			if keep, err = s.openKeeper(); err != nil {
				return f, fmt.Errorf("keep %s, a file the site now writes: %w", src, err)
			}
		}
		overwritten := built && found.Unknown
		if overwritten {
			same, err := keep.holds(rel, h, s.foreign.claimed[rel])
			if err != nil {
				return f, fmt.Errorf("compare %s with the page the site writes there: %w", src, err)
			}
			if same {
				continue // the site's bytes, new or old (or gone): nothing to keep
			}
		}
		if err := keep.openKept(); err != nil {
			return f, fmt.Errorf("keep %s, a file the site now writes: %w", src, err)
		}
		kept, err := keep.keep(rel)
		if err != nil {
			return f, fmt.Errorf("keep %s, a file the site now writes, in %s: %w", src, keep.dir, err)
		}
		switch {
		case kept == "":
		case overwritten:
			f.Overwritten = append(f.Overwritten, Takeover{Path: rel, Copy: kept})
		default:
			f.Replaced = append(f.Replaced, Takeover{Path: rel, Copy: kept})
		}
	}
	// Recorded before the marker, so that the next build need not walk.
	if err := writeUserList(s.back, f.Kept); err != nil {
		return f, fmt.Errorf("keep files nonopress did not write: %w", err)
	}
	return f, nil
}

// folderKeeper keeps a user's empty folders in the back buffer, back,
// which it opens once for all of them, at the first.
type folderKeeper struct {
	back   string
	root   *os.Root // nil: not opened, or it could not be
	opened bool
}

// keep makes the empty folder dir of a user's (slash-separated) in the
// back buffer, and reports whether it is there and empty: kept. Where the
// site has a file, or a folder of its files, it is not (it held nothing to
// lose). Through a Root, as every change to the back buffer that a path of
// the published folder leads.
func (k *folderKeeper) keep(dir string) bool {
	if !k.opened {
		k.opened = true
		k.root, _ = os.OpenRoot(k.back)
	}
	root := k.root
	if root == nil {
		return false
	}
	name := filepath.FromSlash(dir)
	if root.MkdirAll(name, 0o755) != nil {
		return false
	}
	f, err := root.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	ents, err := f.ReadDir(1)
	return len(ents) == 0 && errors.Is(err, io.EOF)
}

// close closes the back buffer's Root, if opened.
func (k *folderKeeper) close() {
	if k.root != nil {
		k.root.Close()
	}
}

// siteInTheWay reports whether the back buffer holds, where the user's
// file rel (slash-separated) is to be linked, what the build put there: a
// folder at rel, or a file (not a folder) at one of its folders. Any other
// failure to link the file is not the site's doing.
func siteInTheWay(back, rel string) bool {
	if info, err := os.Lstat(filepath.Join(back, filepath.FromSlash(rel))); err == nil {
		return info.IsDir()
	}
	for d := path.Dir(rel); d != "."; d = path.Dir(d) {
		if info, err := os.Lstat(filepath.Join(back, filepath.FromSlash(d))); err == nil {
			return !info.IsDir()
		}
	}
	return false
}

// isFolder reports whether rel (slash-separated) is a folder of dir, not
// a symbolic link.
func isFolder(dir, rel string) bool {
	info, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(rel)))
	return err == nil && info.IsDir()
}

// foundForeign waits for the scan and returns what it found as kept, in
// order: a commit that does not swap (nothing changed) leaves every such
// file where it is, and keepForeign sorts out from them those it cannot.
func (s *Store) foundForeign() (Foreign, error) {
	if s.foreign == nil {
		return Foreign{}, nil
	}
	<-s.foreign.done
	if s.foreign.err != nil {
		return Foreign{}, fmt.Errorf("keep files nonopress did not write: %w", s.foreign.err)
	}
	return Foreign{Kept: slices.Sorted(slices.Values(s.foreign.paths)), Unknown: s.foreign.unknown}, nil
}

// isTempName reports the temporary files of nonopress's own writes, which
// a killed build may leave.
func isTempName(name string) bool {
	return atomicfile.IsTemp(name) || strings.HasSuffix(name, ".np-link.tmp")
}
