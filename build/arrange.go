package build

import (
	"sort"

	"github.com/nonopress/nonopress/build/content"
)

// listing is what a collection's page shows once its puzzles are published.
type listing struct {
	entries []*entry // its published puzzles, in display order
	total   int      // published puzzles here and below
	booklet bool     // a booklet of its puzzles was written
}

// list returns a collection's listing (empty before arrange).
func (r *run) list(c *content.Collection) *listing {
	if l := r.lists[c]; l != nil {
		return l
	}
	return &listing{}
}

// arrange places published puzzles in their collections, in display order,
// counts each collection's puzzles with those below it, and drops from the
// tree the collections that publish none.
func (r *run) arrange() {
	r.lists = map[*content.Collection]*listing{}
	for _, e := range r.entries {
		l := r.lists[e.coll]
		if l == nil {
			l = &listing{}
			r.lists[e.coll] = l
		}
		l.entries = append(l.entries, e)
	}
	var count func(c *content.Collection) int
	count = func(c *content.Collection) int {
		l := r.lists[c]
		if l == nil {
			l = &listing{}
			r.lists[c] = l
		}
		sortEntries(l.entries)
		content.SortCollections(c.Children)
		kept := c.Children[:0]
		n := len(l.entries)
		for _, sub := range c.Children {
			if k := count(sub); k > 0 {
				n += k
				kept = append(kept, sub)
			}
		}
		c.Children = kept
		l.total = n
		return n
	}
	count(r.root)
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// sortEntries orders a collection's puzzles: by weight (front matter), then in
// path order.
func sortEntries(es []*entry) {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Weight != es[j].Weight {
			return es[i].Weight < es[j].Weight
		}
		return es[i].order < es[j].order
	})
}
