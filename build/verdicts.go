package build

import (
	"sync"

	"github.com/nonopress/nonopress/validate"
)

// verdictStore holds the solver's verdicts as the store file had them (an
// encoded blob), decoded into a validate.Cache when a build first needs a
// verdict: a warm build whose files all come from the memo never does, and
// decoding the verdicts of a large archive would cost more than the rest of
// such a build. Verdicts are keyed by puzzle id (a hash of the clues and
// colours), and validate verifies each against the puzzle's clues before
// using it, since the store file lives where others may write it.
type verdictStore struct {
	mu    sync.Mutex
	blob  []byte          // encodeVerdicts' stream, as read; nil once decoded
	cache *validate.Cache // nil until a build needs a verdict
}

// reset replaces the verdicts with those of blob.
func (v *verdictStore) reset(blob []byte) {
	v.mu.Lock()
	v.blob, v.cache = blob, nil
	v.mu.Unlock()
}

// get returns the cache, decoding it on first use.
func (v *verdictStore) get() *validate.Cache {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.cache == nil {
		v.cache, v.blob = validate.NewCache(decodeVerdicts(v.blob)), nil
	}
	return v.cache
}

// encoded returns the verdicts encoded for the store file, and whether
// they changed since it was read or last saved. Verdicts never decoded are
// returned as they were read.
func (v *verdictStore) encoded() (blob []byte, changed bool, err error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.cache == nil {
		return v.blob, false, nil
	}
	entries, changed := v.cache.Snapshot()
	blob, err = encodeVerdicts(entries)
	return blob, changed, err
}

// changed reports whether the verdicts changed since they were read or
// last saved.
func (v *verdictStore) changed() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.cache.Changed()
}

// saved records that the store file holds the verdicts.
func (v *verdictStore) saved() {
	v.mu.Lock()
	v.cache.Saved()
	v.mu.Unlock()
}
