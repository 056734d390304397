package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A Takeover is a file of a user's own at a path the site now writes: the
// new site has the build's file there, and the user's was copied, before
// the swap, to Copy (an absolute path in the kept folder, KeptName), where
// no build writes over it or deletes it.
type Takeover struct {
	Path string // slash-separated, in the published folder
	Copy string
}

// KeptName returns the folder beside an output folder where a build keeps
// the files of a user's own that the site takes over (public.nonopress-kept
// beside public): visible, outside the folders a build swaps, writes and
// deletes in, and out of the cache folder, which may be thrown away.
func KeptName(out string) string {
	return filepath.Join(filepath.Dir(out), filepath.Base(out)+".nonopress-kept")
}

// ErrLinkedKeptFolder is returned when the kept folder is a symbolic link:
// a build copies a user's files into it, so it must be the folder it
// appears to be.
var ErrLinkedKeptFolder = errors.New("the folder where nonopress keeps your files that the site takes over is a symbolic link; it must be a real folder: remove the link (the build changed nothing)")

// ErrKeptLinkOutside is returned when a symbolic link in the kept folder
// (one of a user's kept there, or made by hand) stands where a folder of a
// file to keep must be, and leads outside the kept folder or nowhere: a
// copy is never made through it.
var ErrKeptLinkOutside = errors.New("a symbolic link in the folder where nonopress keeps your files that the site takes over, leading outside that folder or nowhere, stands where a file of yours must be kept: move or delete the link (the build changed nothing)")

// maxKeptCopies caps the numbered copies of one name in the kept folder.
const maxKeptCopies = 1000

// keeper copies files of the published folder into the kept folder, both
// opened as a Root: a symbolic link in either cannot lead a copy, or a
// folder made for one, outside them. The kept folder is made and opened
// only for the first copy (openKept): a build that copies nothing leaves
// none.
type keeper struct {
	dir         string
	front, kept *os.Root
}

// openKeeper opens the published folder for keeping its files.
func (s *Store) openKeeper() (*keeper, error) {
	front, err := os.OpenRoot(s.front)
	if err != nil {
		return nil, err
	}
	return &keeper{dir: KeptName(s.front), front: front}, nil
}

// openKept opens the kept folder (made if missing), once; a kept folder
// that is a symbolic link, or is replaced by one while it is opened, is
// refused.
func (k *keeper) openKept() error {
	if k.kept != nil {
		return nil
	}
	if err := os.Mkdir(k.dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	info, err := os.Lstat(k.dir)
	if err != nil {
		return err
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s: %w", k.dir, ErrLinkedKeptFolder)
	}
	kept, err := os.OpenRoot(k.dir)
	if err != nil {
		return err
	}
	if opened, err := kept.Stat("."); err != nil || !os.SameFile(info, opened) {
		kept.Close()
		return fmt.Errorf("%s: %w", k.dir, ErrLinkedKeptFolder)
	}
	k.kept = kept
	return nil
}

func (k *keeper) close() {
	if k == nil {
		return
	}
	for _, r := range []*os.Root{k.front, k.kept} {
		if r != nil {
			r.Close()
		}
	}
}

// holds reports whether the published file rel (slash-separated) is a
// regular file whose bytes have one of the given hashes, or is gone
// (nothing to keep).
func (k *keeper) holds(rel string, hashes ...string) (bool, error) {
	h, err := hashIfRegular(k.front, filepath.FromSlash(rel), -1)
	if errors.Is(err, fs.ErrNotExist) {
		return true, nil
	}
	return h != "" && slices.Contains(hashes, h), err
}

// hashIfRegular returns the hash of the file name of root if it is a
// regular file and, for a size not -1, of that size; "" if not.
func hashIfRegular(root *os.Root, name string, size int64) (string, error) {
	info, err := root.Lstat(name)
	if err != nil || !info.Mode().IsRegular() || size != -1 && info.Size() != size {
		return "", err
	}
	return hashFile(root, name)
}

// hashFile returns the hash of the file name of root.
func hashFile(root *os.Root, name string) (string, error) {
	f, err := root.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return hashRead(f)
}

// keep copies the published file rel (slash-separated) into the kept
// folder at the same path, or, if a different file already has that name
// there, at the first free numbered name (robots.1.txt, robots.2.txt, ...):
// a kept copy is never written over. A copy of the same bytes already kept
// under one of those names is used as it is, so that a build that failed
// after keeping a file and is run again keeps it once. A symbolic link is
// kept as a link to the same target, never followed. It returns the copy's
// absolute path, or "" if rel is gone. The kept folder must be open
// (openKept).
func (k *keeper) keep(rel string) (string, error) {
	name := filepath.FromSlash(rel)
	info, err := k.front.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	dst := name
	if dir := filepath.Dir(name); dir != "." {
		made, err := k.keptFolder(dir)
		if err != nil {
			return "", err
		}
		dst = filepath.Join(made, filepath.Base(name))
	}
	var kept string
	switch {
	case info.Mode()&fs.ModeSymlink != 0:
		kept, err = k.keepLink(name, dst)
	case info.Mode().IsRegular():
		kept, err = k.keepFile(name, dst, info.Mode().Perm())
	default:
		return "", fmt.Errorf("%s is not a regular file", rel)
	}
	if err != nil {
		return "", err
	}
	return filepath.Join(k.dir, kept), nil
}

// keptFolder makes the folder dir (of a file to keep) in the kept folder
// and returns it: where a file kept before stands at one of its folders
// (the file p/e, kept when the site made a folder there, and now
// p/e/index.txt to keep), that folder takes the first free numbered name
// instead (p/e.1/), as a copy does. A symbolic link there is gone through
// as the Root allows: one that leads outside the kept folder, or nowhere,
// is refused (ErrKeptLinkOutside, naming it).
func (k *keeper) keptFolder(dir string) (string, error) {
	made := "."
	for _, part := range strings.Split(dir, string(filepath.Separator)) {
		next, err := keepAs(filepath.Join(made, part), func(cand string) (bool, error) {
			err := k.kept.Mkdir(cand, 0o755)
			if !errors.Is(err, fs.ErrExist) {
				return err == nil, err
			}
			info, err := k.kept.Lstat(cand)
			if err != nil || info.Mode()&fs.ModeSymlink == 0 {
				return err == nil && info.IsDir(), err
			}
			if _, err := k.kept.Stat(cand); err != nil {
				return false, fmt.Errorf("%s: %w", filepath.Join(k.dir, cand), ErrKeptLinkOutside)
			}
			return true, nil
		})
		if err != nil {
			return "", err
		}
		made = next
	}
	return made, nil
}

// keepFile copies the regular published file name to a temporary file of
// the kept folder, then links it at dst, or the first numbered name of dst
// free or holding the same bytes. The copy is read once, for its hash,
// whatever the names tried.
func (k *keeper) keepFile(name, dst string, perm fs.FileMode) (string, error) {
	tmp := filepath.Join(filepath.Dir(dst), "."+filepath.Base(dst)+".np-keep.tmp")
	defer k.kept.Remove(tmp)
	if err := k.copyToTemp(name, tmp, perm); err != nil {
		return "", err
	}
	info, err := k.kept.Lstat(tmp)
	if err != nil {
		return "", err
	}
	sum, err := hashFile(k.kept, tmp) // the copy: a regular file, looked at above
	if err != nil {
		return "", err
	}
	return keepAs(dst, func(cand string) (bool, error) {
		h, err := hashIfRegular(k.kept, cand, info.Size())
		if errors.Is(err, fs.ErrNotExist) {
			return taken(k.kept.Link(tmp, cand))
		}
		return h == sum, err
	})
}

// keepLink makes a link to the target of the published symbolic link name
// at dst, or the first numbered name of dst free or holding a link to the
// same target.
func (k *keeper) keepLink(name, dst string) (string, error) {
	target, err := k.front.Readlink(name)
	if err != nil {
		return "", err
	}
	return keepAs(dst, func(cand string) (bool, error) {
		if t, err := k.kept.Readlink(cand); err == nil {
			return t == target, nil
		}
		return taken(k.kept.Symlink(target, cand))
	})
}

// taken is the result of making a kept copy at a name: done, or the name
// is someone else's (try the next), or an error.
func taken(err error) (bool, error) {
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	return err == nil, err
}

// keepAs tries put at name and then at its numbered names until it says
// done, and returns the name it did.
func keepAs(name string, put func(cand string) (bool, error)) (string, error) {
	for i := range maxKeptCopies {
		cand := numberedName(name, i)
		done, err := put(cand)
		if err != nil {
			return "", err
		}
		if done {
			return cand, nil
		}
	}
	return "", fmt.Errorf("%d copies of %s are kept already: move some out", maxKeptCopies, name)
}

// numberedName is name for i 0, else name with i before its extension
// (robots.1.txt, CNAME.1, .htaccess.1).
func numberedName(name string, i int) string {
	if i == 0 {
		return name
	}
	dir, base := filepath.Split(name)
	ext := filepath.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	if stem == "" {
		stem, ext = base, ""
	}
	return fmt.Sprintf("%s%s.%d%s", dir, stem, i, ext)
}

// copyToTemp copies the published file name to tmp in the kept folder
// (replacing one a killed build left), synced.
func (k *keeper) copyToTemp(name, tmp string, perm fs.FileMode) error {
	if err := k.kept.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return copyRegular(k.front, name, k.kept, tmp, perm, true)
}
