package build

import (
	"net/url"
	"path"
	"regexp"
	"strings"
	"testing"
)

// The link checks every site test ends with: links that lead somewhere,
// and pages that links reach.

// linkPattern finds the links of minified pages (attributes keep quotes).
var linkPattern = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

// refreshPattern finds where a page forwards to.
var refreshPattern = regexp.MustCompile(`<meta http-equiv="?refresh"? content="0; url=([^"]*)"`)

// idPattern finds element ids, the targets of fragments.
var idPattern = regexp.MustCompile(`id="([^"]*)"`)

// checkLinks checks every internal link of every HTML page under out: its
// file exists and its fragment names an id of the page. It then checks that
// every page is reachable from index.html. It returns the number of pages.
func checkLinks(t *testing.T, out string, allowBroken ...string) int {
	t.Helper()
	files := snapshot(t, out)
	links := map[string][]string{}
	for name, data := range files {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		dir := path.Dir(name)
		for _, m := range linkPattern.FindAllStringSubmatch(string(data), -1) {
			link := strings.ReplaceAll(m[1], "&amp;", "&")
			if link == "" || strings.Contains(link, ":") || strings.HasPrefix(link, "//") {
				continue // external
			}
			if strings.HasPrefix(link, "/") {
				t.Errorf("%s: absolute link %q (links must be relative)", name, link)
				continue
			}
			target, frag, _ := strings.Cut(link, "#")
			target, _, _ = strings.Cut(target, "?") // the file; its page reads the query (search/index.html?q=easy)
			if u, err := url.PathUnescape(target); err == nil {
				target = u
			} else {
				t.Errorf("%s: bad link %q: %v", name, link, err)
			}
			if name == "404.html" {
				continue // shown at any depth; checked by TestSitemapAndFeed
			}
			resolved := path.Clean(path.Join(dir, target))
			if target == "" {
				resolved = name
			}
			body, ok := files[resolved]
			if !ok && contains(allowBroken, link) {
				continue
			}
			if !ok {
				t.Errorf("%s: broken link %q (no %s)", name, link, resolved)
				continue
			}
			if frag != "" && strings.HasSuffix(resolved, ".html") {
				found := false
				for _, id := range idPattern.FindAllStringSubmatch(string(body), -1) {
					found = found || id[1] == frag
				}
				if !found {
					t.Errorf("%s: link %q: no id %q in %s", name, link, frag, resolved)
				}
			}
			links[name] = append(links[name], resolved)
		}
	}
	return checkReachable(t, files, links)
}

// checkReachable checks that every page of files is reached from the home
// page by links (page → the pages it links to), but the 404 page and the
// pages that forward to another, whose target must be there. It returns
// the number of pages.
func checkReachable(t *testing.T, files map[string][]byte, links map[string][]string) int {
	t.Helper()
	seen := map[string]bool{"index.html": true}
	queue := []string{"index.html"}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, l := range links[p] {
			if strings.HasSuffix(l, ".html") && !seen[l] {
				seen[l] = true
				queue = append(queue, l)
			}
		}
	}
	pages := 0
	for name := range files {
		if strings.HasSuffix(name, ".html") {
			pages++
			if m := refreshPattern.FindSubmatch(files[name]); m != nil {
				// A wrapper folder's page: an address kept, forwarding on.
				if to := path.Clean(path.Join(path.Dir(name), string(m[1]))); files[to] == nil {
					t.Errorf("%s forwards to %s, which is not there", name, to)
				}
				continue
			}
			if !seen[name] && name != "404.html" {
				t.Errorf("page %s is not reachable from the home page", name)
			}
		}
	}
	return pages
}
