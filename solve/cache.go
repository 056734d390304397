package solve

// lineCache remembers line solver results by line and cell state, so that a
// line met again in the same state (common while probing and searching) is
// not solved again. It is owned by one solve and cleared when it grows past
// its limit, so memory stays bounded; it never changes a result.
//
// A line whose cell sets fit in 64 bits (a two-colour line of up to 32 cells,
// say) is keyed by the packed state; longer ones by a byte string.
type lineCache struct {
	packed   map[packedKey]uint64 // result packed likewise; 0: contradiction
	entries  map[string][]colorSet
	bytes    int
	key      []byte
	cellBits int // bits per packed cell: the palette size
}

type packedKey struct {
	line  int32
	state uint64
}

// cacheLimit is roughly how many bytes of keys and results a cache may hold.
const cacheLimit = 16 << 20

func newLineCache(lines, colors int) *lineCache {
	return &lineCache{
		packed:   make(map[packedKey]uint64, 4*lines),
		entries:  make(map[string][]colorSet, 4*lines),
		cellBits: max(colors, 1),
	}
}

// solve returns the line solver's answer for line l, from the cache when it
// has one.
func (c *lineCache) solve(ls *lineSolver, l int, clue []block, cells []colorSet, stats *Stats) bool {
	if len(cells)*c.cellBits <= 64 {
		return c.solvePacked(ls, l, clue, cells, stats)
	}
	c.key = append(c.key[:0], byte(l), byte(l>>8), byte(l>>16))
	if c.cellBits > 8 {
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
	c.makeRoom()
	c.entries[string(c.key)] = res
	c.bytes += len(c.key) + 4*len(res) + 48
	return ok
}

func (c *lineCache) solvePacked(ls *lineSolver, l int, clue []block, cells []colorSet, stats *Stats) bool {
	key := packedKey{line: int32(l), state: c.pack(cells)}
	if res, ok := c.packed[key]; ok {
		stats.CacheHits++
		if res == 0 {
			return false
		}
		c.unpack(res, cells)
		return true
	}
	ok := ls.solve(clue, cells)
	var res uint64
	if ok {
		res = c.pack(cells)
	}
	c.makeRoom()
	c.packed[key] = res
	c.bytes += 32
	return ok
}

func (c *lineCache) pack(cells []colorSet) uint64 {
	var v uint64
	for i, s := range cells {
		v |= uint64(s) << (i * c.cellBits)
	}
	return v
}

func (c *lineCache) unpack(v uint64, cells []colorSet) {
	mask := uint64(1)<<c.cellBits - 1
	if c.cellBits == 64 {
		mask = ^uint64(0)
	}
	for i := range cells {
		cells[i] = colorSet(v >> (i * c.cellBits) & mask)
	}
}

// makeRoom empties the cache once it holds more than cacheLimit bytes.
func (c *lineCache) makeRoom() {
	if c.bytes > cacheLimit {
		clear(c.entries)
		clear(c.packed)
		c.bytes = 0
	}
}
