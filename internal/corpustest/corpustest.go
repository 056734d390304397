// Package corpustest finds the shared corpus of real puzzle files for tests.
// The corpus lives beside the repository, at ../shared/corpus; it is read
// where it is and never copied into the repository.
package corpustest

import (
	"os"
	"path/filepath"
	"testing"
)

// Specs returns the folder of the format specifications beside the corpus
// (../shared/specs), with Dir's skipping rule: tests read the specs'
// examples from there, never from a copy.
func Specs(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(filepath.Dir(Dir(t)), "specs")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared specs missing on CI: %v", err)
		}
		t.Skipf("shared specs not found: %v", err)
	}
	return dir
}

// Dir returns the corpus folder. When it is absent the test is skipped, except
// on CI (CI=true), where it fails: there the corpus must be present.
func Dir(t testing.TB) string {
	t.Helper()
	dir, err := find()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared corpus missing on CI: %v", err)
		}
		t.Skipf("shared corpus not found: %v", err)
	}
	return dir
}

// Path returns the path of a corpus file given relative to the corpus folder
// ("picross-solver/inputs/cauldron.non"), with Dir's skipping rule.
func Path(t testing.TB, rel string) string {
	t.Helper()
	return filepath.Join(Dir(t), filepath.FromSlash(rel))
}

// find looks for shared/corpus beside the module root (the folder with
// go.mod), walking up from the working directory (a package's folder when
// `go test` runs).
func find() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			corpus := filepath.Join(dir, "..", "shared", "corpus")
			if _, err := os.Stat(corpus); err != nil {
				return "", err
			}
			return filepath.Clean(corpus), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}
