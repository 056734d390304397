package solve

// lineCache remembers line solver results by line and cell state, so that a
// line met again in the same state (common while probing and searching) is
// not solved again. It is owned by one solve and cleared when it grows past
// its limit, so memory stays bounded; it never changes a result.
type lineCache struct {
	entries map[string][]colorSet // nil value: contradiction
	bytes   int
	key     []byte
	wide    bool // cell sets need four bytes each (more than 8 colours)
}

// cacheLimit is roughly how many bytes of keys and results a cache may hold.
const cacheLimit = 64 << 20

func newLineCache(lines, colors int) *lineCache {
	return &lineCache{entries: make(map[string][]colorSet, 4*lines), wide: colors > 8}
}

// solve returns the line solver's answer for line l, from the cache when it
// has one.
func (c *lineCache) solve(ls *lineSolver, l int, clue []block, cells []colorSet, stats *Stats) bool {
	c.key = append(c.key[:0], byte(l), byte(l>>8), byte(l>>16))
	if c.wide {
		for _, s := range cells {
			c.key = append(c.key, byte(s), byte(s>>8), byte(s>>16), byte(s>>24))
		}
	} else {
		for _, s := range cells {
			c.key = append(c.key, byte(s))
		}
	}
	if res, ok := c.entries[string(c.key)]; ok {
		stats.CacheHits++
		if res == nil {
			return false
		}
		copy(cells, res)
		return true
	}
	ok := ls.solve(clue, cells)
	var res []colorSet
	if ok {
		res = append([]colorSet(nil), cells...)
	}
	if c.bytes > cacheLimit {
		clear(c.entries)
		c.bytes = 0
	}
	c.entries[string(c.key)] = res
	c.bytes += len(c.key) + 4*len(res) + 48
	return ok
}
