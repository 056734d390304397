package validate

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/nonopress/nonopress/internal/atomicfile"
	"github.com/nonopress/nonopress/internal/jsonmap"
	"github.com/nonopress/nonopress/internal/treefile"
	"github.com/nonopress/nonopress/puzzle"
	"github.com/nonopress/nonopress/solve"
)

// Cache remembers solver results by puzzle id, under the solver's version, in
// one JSON file (OpenCache, Save), or in a caller's store (NewCache,
// Snapshot). It is safe for concurrent use. A nil *Cache caches nothing.
type Cache struct {
	path    string
	mu      sync.Mutex
	entries map[string]CacheEntry
	dirty   bool
	// older finds a result the caller's store holds (NewCacheOver); stored
	// holds the ids stored since, which that store lacks.
	older  func(id string) (CacheEntry, bool)
	stored map[string]bool
}

// CacheEntry is a cached solver result. Lookups verify it against the
// puzzle's clues before use (verifiedLookup), whoever could write the file
// it was read from.
type CacheEntry struct {
	Solver     string   `json:"solver"`
	Verdict    string   `json:"verdict"`
	Difficulty string   `json:"difficulty,omitempty"`
	Effort     int      `json:"effort,omitempty"`
	Width      int      `json:"w"`
	Height     int      `json:"h"`
	Solutions  []string `json:"solutions,omitempty"` // cells, base64
	// Colors are the RGB values ("#rrggbb") of the palette indices the cells
	// use, from index 1. The id counts colours by value, so a puzzle with the
	// same id may number its palette differently: cells are renumbered by
	// value on the way out.
	Colors []string `json:"colors,omitempty"`
	// BudgetMS is the budget an "unknown" verdict was reached with: a later
	// check with a larger budget tries again.
	BudgetMS int64 `json:"budget_ms,omitempty"`
}

// maxCacheBytes caps the verdict cache read back (a cache larger than this
// is dropped and rebuilt): far above an archive of a hundred thousand puzzles.
const maxCacheBytes = 1 << 28

// OpenCache loads the cache file at path; a missing file gives an empty cache,
// and so does a corrupt one (it is only a cache), which Save then replaces.
func OpenCache(path string) (*Cache, error) {
	c := &Cache{path: path, entries: map[string]CacheEntry{}}
	// A regular file only: a cache restored or planted as a FIFO or a link
	// to a device must not block or exhaust the build; it is then replaced.
	data, err := treefile.ReadFile(context.Background(), path, maxCacheBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if errors.Is(err, treefile.ErrNotRegular) || errors.Is(err, treefile.ErrTooLarge) {
		c.dirty = true
		return c, nil
	}
	if err != nil {
		return nil, fmt.Errorf("open solver cache: %w", err)
	}
	if json.Unmarshal(data, &c.entries) != nil {
		c.entries = map[string]CacheEntry{}
		c.dirty = true
	}
	return c, nil
}

// NewCache returns a cache of entries by puzzle id for a caller that keeps
// it in a store of its own (Snapshot, Saved): it has no file, and Save does
// nothing.
func NewCache(entries map[string]CacheEntry) *Cache {
	c := &Cache{entries: make(map[string]CacheEntry, len(entries))}
	for id, e := range entries {
		c.entries[id] = e
	}
	return c
}

// NewCacheOver returns a cache over a caller's store of results that it
// reads one at a time: a result not in memory is asked of older (by id),
// and kept. Changes returns what the store lacks; only that, and what was
// asked for, is ever held in memory, so that a build needing a few results
// of a large archive does not decode them all.
func NewCacheOver(older func(id string) (CacheEntry, bool)) *Cache {
	return &Cache{entries: map[string]CacheEntry{}, older: older, stored: map[string]bool{}}
}

// Changes returns the results stored since the cache was made or last
// saved, by puzzle id: what a store under NewCacheOver lacks.
func (c *Cache) Changes() map[string]CacheEntry {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]CacheEntry, len(c.stored))
	for id := range c.stored {
		out[id] = c.entries[id]
	}
	return out
}

// Snapshot returns a copy of the cached results by puzzle id, and whether
// they changed since the cache was made or last saved.
func (c *Cache) Snapshot() (entries map[string]CacheEntry, changed bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]CacheEntry, len(c.entries))
	for id, e := range c.entries {
		out[id] = e
	}
	return out, c.dirty
}

// Changed reports whether the results changed since the cache was made or
// last saved.
func (c *Cache) Changed() bool {
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.dirty
}

// Saved records that the caller's store holds the results of the last
// Snapshot.
func (c *Cache) Saved() {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.dirty = false
	clear(c.stored)
	c.mu.Unlock()
}

// Len returns the number of cached results (in memory: for a cache over a
// store, those asked for or stored).
func (c *Cache) Len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

// Save writes the cache back if it changed, atomically (temp file and rename).
func (c *Cache) Save() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.dirty || c.path == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return fmt.Errorf("save solver cache: %w", err)
	}
	// An entry at a time: the cache of a large archive is a hundred
	// megabytes of JSON.
	encode := func(w io.Writer) error { return jsonmap.Encode(w, c.entries) }
	if err := atomicfile.WriteWith(c.path, encode); err != nil {
		return fmt.Errorf("save solver cache: %w", err)
	}
	c.dirty = false
	return nil
}

func (c *Cache) lookup(id string, palette []puzzle.Color, budget time.Duration) (solve.Result, bool) {
	if c == nil {
		return solve.Result{}, false
	}
	e, ok := c.entry(id)
	if !ok || e.Solver != solve.Version {
		return solve.Result{}, false
	}
	if e.Verdict == string(solve.Unknown) && budget.Milliseconds() > e.BudgetMS {
		return solve.Result{}, false
	}
	res := solve.Result{Verdict: solve.Verdict(e.Verdict), Difficulty: solve.Difficulty(e.Difficulty), Effort: e.Effort}
	renumber, ok := renumbering(e.Colors, palette)
	if !ok {
		return solve.Result{}, false
	}
	for _, s := range e.Solutions {
		cells, err := base64.StdEncoding.DecodeString(s)
		if err != nil || len(cells) != e.Width*e.Height {
			return solve.Result{}, false
		}
		for i, c := range cells {
			if int(c) >= len(renumber) {
				return solve.Result{}, false
			}
			cells[i] = renumber[c]
		}
		res.Solutions = append(res.Solutions, &puzzle.Image{Width: e.Width, Height: e.Height, Cells: cells})
	}
	want := map[solve.Verdict]int{solve.Unique: 1, solve.Multiple: 2}[res.Verdict]
	if len(res.Solutions) != want {
		return solve.Result{}, false
	}
	return res, true
}

// entry is the result kept for id, asked of the older store (and kept)
// when there is none in memory.
func (c *Cache) entry(id string) (CacheEntry, bool) {
	c.mu.Lock()
	e, ok := c.entries[id]
	c.mu.Unlock()
	if ok || c.older == nil {
		return e, ok
	}
	if e, ok = c.older(id); ok {
		c.mu.Lock()
		if _, stored := c.entries[id]; !stored {
			c.entries[id] = e
		}
		c.mu.Unlock()
	}
	return e, ok
}

func (c *Cache) store(id string, palette []puzzle.Color, budget time.Duration, res solve.Result) {
	if c == nil {
		return
	}
	e := CacheEntry{Solver: solve.Version, Verdict: string(res.Verdict), Difficulty: string(res.Difficulty), Effort: res.Effort}
	if len(res.Solutions) > 0 {
		for _, col := range palette[1:] {
			e.Colors = append(e.Colors, col.RGB.Hex())
		}
	}
	if res.Verdict == solve.Unknown {
		e.BudgetMS = budget.Milliseconds()
	}
	for _, s := range res.Solutions {
		e.Width, e.Height = s.Width, s.Height
		e.Solutions = append(e.Solutions, base64.StdEncoding.EncodeToString(s.Cells))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.entries[id]; ok && equalEntries(old, e) {
		return
	}
	c.entries[id] = e
	c.dirty = true
	if c.stored != nil {
		c.stored[id] = true
	}
}

func equalEntries(a, b CacheEntry) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// renumbering maps the palette indices of a cached solution (whose colours
// are stored) to the indices of palette, matching colours by value; index 0,
// the background, stays 0. It fails when a stored colour is missing from
// palette or palette holds one value twice (then indices are ambiguous).
func renumbering(stored []string, palette []puzzle.Color) ([]uint8, bool) {
	index := map[string]uint8{}
	for i := 1; i < len(palette); i++ {
		hex := palette[i].RGB.Hex()
		if _, dup := index[hex]; dup {
			return nil, false
		}
		index[hex] = uint8(i)
	}
	out := []uint8{0}
	for _, hex := range stored {
		i, ok := index[hex]
		if !ok {
			return nil, false
		}
		out = append(out, i)
	}
	return out, true
}
