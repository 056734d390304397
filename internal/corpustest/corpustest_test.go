package corpustest

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDirFindsTheCorpus(t *testing.T) {
	dir := Dir(t)
	if _, err := os.Stat(filepath.Join(dir, "oracle.tsv")); err != nil {
		t.Errorf("%s has no oracle.tsv: %v", dir, err)
	}
	if p := Path(t, "generated/ndom/03-dom.non"); filepath.Dir(filepath.Dir(filepath.Dir(p))) != dir {
		t.Errorf("Path = %s, not under %s", p, dir)
	}
}

func TestSpecsBesideTheCorpus(t *testing.T) {
	if _, err := os.Stat(filepath.Join(Specs(t), "non-format.md")); err != nil {
		t.Errorf("the specs folder has no non-format.md: %v", err)
	}
}
