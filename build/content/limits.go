package content

import (
	"context"
	"fmt"

	"github.com/nonopress/nonopress/internal/treefile"
)

// Caps on what a content tree may hold, so that no small file (or a link to
// /dev/zero) makes a build run out of memory or time. Each is far beyond
// what an archive needs; passing one is an error naming the file.
const (
	MaxNoteBytes        = 1 << 20  // a Markdown note, front matter included
	maxFrontMatterBytes = 64 << 10 // a note's front matter (a TOML or YAML decoder's work grows faster than its input)
	maxConfigBytes      = 64 << 10 // nonopress.toml
	MaxTitleBytes       = 1024     // a puzzle's or note's title
	maxTags             = 100      // tags of one note
	maxTagBytes         = 200      // one tag
)

// CheckTitle refuses a title beyond MaxTitleBytes: a title is repeated in a
// page, its sheet, its PDF and every list that names it.
func CheckTitle(title string) error {
	if len(title) > MaxTitleBytes {
		return fmt.Errorf("title of %d bytes: at most %d", len(title), MaxTitleBytes)
	}
	return nil
}

// checkFrontMatter refuses front matter values beyond the caps: titles,
// tags and their number end up in every page and list that shows them.
func checkFrontMatter(path string, fm FrontMatter) error {
	if err := CheckTitle(fm.Title); err != nil {
		return fmt.Errorf("%s:1: front matter: %w", path, err)
	}
	if len(fm.Tags) > maxTags {
		return fmt.Errorf("%s:1: front matter: %d tags: at most %d", path, len(fm.Tags), maxTags)
	}
	for _, t := range fm.Tags {
		if len(t) > maxTagBytes {
			return fmt.Errorf("%s:1: front matter: a tag of %d bytes: at most %d", path, len(t), maxTagBytes)
		}
	}
	return nil
}

// maxTOMLKeys bounds the keys and tables of TOML the build decodes (front
// matter, nonopress.toml). go-toml's tracking of defined keys costs time
// quadratic in their number: 6,000 tables in 47 KB took 0.7 s, and
// millions took minutes. Front matter needs a handful.
const maxTOMLKeys = 500

// checkTOMLKeys refuses TOML with more than maxTOMLKeys possible keys,
// counted before decoding, in one pass: every '=' and '[' may start one
// (strings holding them count too, which only makes the bound stricter).
func checkTOMLKeys(data []byte) error {
	n := 0
	for _, c := range data {
		if c == '=' || c == '[' {
			n++
		}
	}
	if n > maxTOMLKeys {
		return fmt.Errorf("TOML with %d keys, tables or arrays: at most %d", n, maxTOMLKeys)
	}
	return nil
}

// ReadTreeFile reads a file of the content tree rooted at src that the
// scanner does not see (nonopress.toml, the site's templates and assets)
// under the tree's rules: a link leading out of the tree, a loop or a
// special file is an error naming the file.
func ReadTreeFile(src, path string, limit int64) ([]byte, error) {
	tree, err := treefile.New(src)
	if err != nil {
		return nil, err
	}
	return tree.Read(context.Background(), path, limit)
}
