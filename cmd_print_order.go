package main

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/nonopress/nonopress/build/content"
)

// printFiles lists the puzzle files of paths for print: a file as given, a
// folder's files in the order the site shows them (content.SiteOrder: by
// weight, then by name in natural order, "2" before "10", then each
// sub-collection likewise). A file the site leaves out (a draft) follows
// the others, in name order.
func printFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		found, err := collectPuzzleFiles([]string{p})
		if err != nil {
			return nil, err
		}
		if info, err := os.Stat(p); err == nil && info.IsDir() {
			if err := siteOrder(p, found.files); err != nil {
				return nil, err
			}
		}
		files = append(files, found.files...)
	}
	return files, nil
}

// siteOrder sorts the files found in folder dir into the site's order.
func siteOrder(dir string, found []string) error {
	root, _, err := content.Scan(dir)
	if err != nil {
		return err
	}
	rank := map[string]int{}
	for i, f := range content.SiteOrder(root) {
		rank[filepath.Clean(f.Abs)] = i
	}
	place := func(f string) int {
		if r, ok := rank[filepath.Clean(f)]; ok {
			return r
		}
		return len(rank)
	}
	slices.SortStableFunc(found, func(a, b string) int { return place(a) - place(b) })
	return nil
}
