package serve

import (
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/treefile"
)

// leftOutPages knows where the pages of the files in error would be, so
// that the missing page sent at such an address says why it is missing
// (reload.js): the puzzle is left out until its file is fixed, and the
// page comes back by itself, where a stranger reads "There is no page at
// this address" as a page lost.
type leftOutPages struct {
	mu    sync.Mutex
	pages map[string]string // address, "/first-steps/arrow/", → the file, as the panel names it
}

// set replaces the pages by those of the errors in l, a build's
// diagnostics over the content tree src.
func (p *leftOutPages) set(src string, l diag.List) {
	pages := map[string]string{}
	for _, d := range l {
		if d.Severity != diag.Error || d.File == "" {
			continue
		}
		if addr, ok := pageAddress(src, d.File); ok {
			pages[addr] = d.File
		}
	}
	p.mu.Lock()
	p.pages = pages
	p.mu.Unlock()
}

// at returns the file in error whose page is, or holds, the URL path
// urlPath, the nearest of several (a puzzle's before its collection's
// note); "" when there is none.
func (p *leftOutPages) at(urlPath string) string {
	here := path.Clean("/"+urlPath) + "/"
	p.mu.Lock()
	defer p.mu.Unlock()
	nearest, file := "", ""
	for addr, f := range p.pages {
		if strings.HasPrefix(here, addr) && len(addr) > len(nearest) {
			nearest, file = addr, f
		}
	}
	return file
}

// pageAddress is the address of the page a file of the content tree src
// makes: a puzzle file's or its note's, "/first-steps/arrow/" for
// first-steps/arrow.non or arrow.md, a collection note's the collection's,
// as content names them (each folder and file by its slug). A slug taken
// twice in a folder (content gives the second "-2") is not foreseen. The
// root's note makes no page of its own (a mistake there leaves out the
// note alone).
func pageAddress(src, file string) (string, bool) {
	rel, ok := treefile.Inside(src, file)
	if !ok {
		return "", false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	addr := "/"
	for _, dir := range parts[:len(parts)-1] {
		addr += content.Slugify(dir) + "/"
	}
	switch name := parts[len(parts)-1]; name {
	case "README.md", "_index.md":
		return addr, addr != "/"
	default:
		return addr + content.Slugify(content.BaseName(name)) + "/", true
	}
}
