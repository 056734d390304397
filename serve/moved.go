package serve

import (
	"path"
	"strings"
	"sync"
)

// movedPages knows where the pages of files renamed while serve runs went
// (a puzzle renamed, a folder renamed or moved with mv or git mv), so that
// a browser showing a page at its old address follows it to the new one on
// its next reload, rather than a missing page that does not say why.
type movedPages struct {
	mu sync.Mutex
	to map[string]string // old page folder, "gnome/kde/", → new, "logos/kde/"
}

// learn finds the pages of the manifest old (path → hash) gone from the
// manifest now, and where each went: the page, new in now, that holds a
// file of the same name and bytes as one of the gone page's own (its
// puzzle's solution picture, a collection's puzzle files), the one most of
// them point to; a page without one such page (deleted, or as likely two
// places) moved nowhere.
func (m *movedPages) learn(old, now map[string]string) {
	gone := map[string]bool{}
	for rel := range old {
		if dir, ok := pageFolder(rel); ok && dir != "" {
			if _, still := now[rel]; !still {
				gone[dir] = true
			}
		}
	}
	if len(gone) == 0 {
		return
	}
	fresh := map[string][]string{} // hash → the files new in now
	for rel, h := range now {
		if _, was := old[rel]; !was {
			fresh[h] = append(fresh[h], rel)
		}
	}
	votes := map[string]map[string]int{} // gone page → new page → files that say so
	for rel, h := range old {
		dir := path.Dir(rel) + "/"
		if !gone[dir] {
			continue
		}
		for _, n := range fresh[h] {
			to := path.Dir(n) + "/"
			if path.Base(n) != path.Base(rel) || !newPage(old, now, to) {
				continue
			}
			if votes[dir] == nil {
				votes[dir] = map[string]int{}
			}
			votes[dir][to]++
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.to == nil {
		m.to = map[string]string{}
	}
	for dir, v := range votes {
		if to, ok := mostVoted(v); ok {
			m.to[dir] = to
		}
	}
}

// pageFolder returns the folder, "gnome/kde/" ("" at the root), of a
// manifest path that is a page, ".../index.html".
func pageFolder(rel string) (string, bool) {
	if rel != "index.html" && !strings.HasSuffix(rel, "/index.html") {
		return "", false
	}
	return strings.TrimSuffix(rel, "index.html"), true
}

// newPage reports whether the folder dir ("logos/kde/") holds a page in now
// that old did not have.
func newPage(old, now map[string]string, dir string) bool {
	_, isNow := now[dir+"index.html"]
	_, was := old[dir+"index.html"]
	return isNow && !was
}

// mostVoted returns the page most files point to, when no other is as
// many's.
func mostVoted(votes map[string]int) (string, bool) {
	best, most, tied := "", 0, false
	for p, n := range votes {
		switch {
		case n > most:
			best, most, tied = p, n, false
		case n == most:
			tied = true
		}
	}
	return best, best != "" && !tied
}

// find returns where the site path rel (from the root, without a leading
// slash: "gnome/kde/", "gnome/kde/sheet.pdf") went when the page that holds
// it moved, as an address with a leading slash, following a page moved
// again; published says what the build publishes now. ok is false when rel
// lies in no page that moved, or its new place is not published.
func (m *movedPages) find(rel string, published func(rel string) bool) (string, bool) {
	for hops := 0; hops < 16; hops++ {
		next, ok := m.step(rel)
		if !ok {
			return "", false
		}
		if published(next) {
			return "/" + next, true
		}
		if page := strings.TrimSuffix(next, "/") + "/"; published(page + "index.html") {
			return "/" + page, true
		}
		rel = next
	}
	return "", false
}

// step moves rel by the deepest moved page folder that holds it. (The
// lock is not held over published, which may learn a new manifest.)
func (m *movedPages) step(rel string) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	dir := strings.TrimSuffix(rel, "/") + "/"
	for dir != "./" && dir != "/" {
		if to, ok := m.to[dir]; ok {
			rest := strings.TrimPrefix(rel, strings.TrimSuffix(dir, "/"))
			return strings.TrimPrefix(strings.TrimSuffix(to, "/")+rest, "/"), true
		}
		dir = path.Dir(strings.TrimSuffix(dir, "/")) + "/"
	}
	return "", false
}
