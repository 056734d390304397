package content

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/spell"
	"github.com/nonopress/nonopress/validate"
	"github.com/pelletier/go-toml/v2"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"go.yaml.in/yaml/v3"
)

// FrontMatter is what a note may say about its collection or puzzle. Keys
// nonopress does not know are ignored, as Hugo does, so that notes written for
// another tool still build.
type FrontMatter struct {
	Title       string   `yaml:"title" toml:"title"`
	Description string   `yaml:"description" toml:"description"`
	Weight      int      `yaml:"weight" toml:"weight"`
	Draft       bool     `yaml:"draft" toml:"draft"`
	Tags        []string `yaml:"tags" toml:"tags"`
	Date        any      `yaml:"date" toml:"date"`
	Lastmod     any      `yaml:"lastmod" toml:"lastmod"`
	// Credits (credits.go): a puzzle's note states them over its file's; a
	// collection's note gives them to the puzzles in it and below that have
	// none.
	Author    string `yaml:"author" toml:"author"`
	License   string `yaml:"license" toml:"license"`
	Copyright string `yaml:"copyright" toml:"copyright"`

	DateRFC3339    string `yaml:"-" toml:"-"` // Date normalised to RFC 3339 ("" when not given)
	LastmodRFC3339 string `yaml:"-" toml:"-"` // Lastmod normalised to RFC 3339 ("" when not given)
	// LicenseFile and LicenseLine are where License is given: the note's
	// path, and the line of its key, so that a warning about the license
	// (LicenseWarnings) is said where it can be fixed.
	LicenseFile string `yaml:"-" toml:"-"`
	LicenseLine int    `yaml:"-" toml:"-"`
}

// LicenseWarnings returns the warnings about the license the front matter
// gives (validate.LicenseWarnings), at its key's line: whoever reports the
// note says them, once for all the puzzles it credits, which are not
// warned about it themselves (puzzle.Puzzle.LicenseFromNote).
func (fm FrontMatter) LicenseWarnings() diag.List {
	if fm.LicenseFile == "" {
		return nil
	}
	return validate.LicenseWarnings(fm.License, fm.LicenseFile, fm.LicenseLine)
}

// Note is a Markdown file split into its front matter and body.
type Note struct {
	Front    FrontMatter
	Body     []byte
	BodyLine int // the line where the body starts, from 1
	// Warnings are front matter keys that look like misspelt known ones
	// ("tag" for "tags"), with the key meant as hint.
	Warnings diag.List
}

// frontMatterKeys are the keys FrontMatter reads.
var frontMatterKeys = tagKeys(reflect.TypeFor[FrontMatter](), "yaml")

// noteError is an error of a note at a line: "path:line: message".
func noteError(path string, line int, format string, args ...any) error {
	return &diag.Diagnostic{File: path, Line: line, Severity: diag.Error, Message: fmt.Sprintf(format, args...)}
}

// misspeltKeys warns about each top-level key of the front matter (YAML
// "key:" or TOML "key =") that is not one nonopress reads but a letter or
// two away from one. Other unknown keys are left alone: notes written for
// another tool still build.
func misspeltKeys(path string, head []byte, toml bool) diag.List {
	var out diag.List
	for i, l := range strings.Split(string(head), "\n") {
		if l == "" || l[0] == ' ' || l[0] == '\t' || l[0] == '#' {
			continue
		}
		sep := ":"
		if toml {
			sep = "="
		}
		key, _, ok := strings.Cut(l, sep)
		key = strings.Trim(strings.TrimSpace(key), `"'`)
		if !ok || key == "" || slices.Contains(frontMatterKeys, strings.ToLower(key)) {
			continue
		}
		if known := spell.Closest(key, frontMatterKeys, func(string) int { return 1 }); known != "" && len(key) >= 3 {
			out = append(out, diag.Diagnostic{File: path, Line: i + 2, Col: 1, Severity: diag.Warning,
				Message: fmt.Sprintf("unknown front matter key %q", key), Hint: fmt.Sprintf("did you mean %q?", known)})
		}
	}
	return out
}

// ParseNote splits a note into front matter (YAML between "---" lines or TOML
// between "+++" lines) and Markdown body. Errors read "path:line: message".
func ParseNote(path string, data []byte) (Note, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	n := Note{Body: data, BodyLine: 1}
	first, rest, _ := bytes.Cut(data, []byte("\n"))
	delim := string(bytes.TrimRight(first, " \t\r"))
	if delim != "---" && delim != "+++" {
		return n, nil
	}
	// Find the closing delimiter on a line of its own.
	var head []byte
	line := 2
	closed := false
	for len(rest) > 0 || !closed {
		l, after, found := bytes.Cut(rest, []byte("\n"))
		if string(bytes.TrimRight(l, " \t\r")) == delim {
			n.Body = after
			n.BodyLine = line + 1
			closed = true
			break
		}
		head = append(head, l...)
		head = append(head, '\n')
		rest = after
		line++
		if !found {
			break
		}
	}
	if !closed {
		return n, noteError(path, 1, "front matter opened with %q is never closed", delim)
	}
	if len(head) > maxFrontMatterBytes {
		return n, fmt.Errorf("%s:1: front matter of %d bytes: at most %d", path, len(head), maxFrontMatterBytes)
	}
	if delim == "---" {
		if err := yaml.Unmarshal(head, &n.Front); err != nil {
			return n, yamlError(path, head, err)
		}
	} else {
		if err := checkTOMLKeys(head); err != nil {
			return n, fmt.Errorf("%s:1: front matter: %w", path, err)
		}
		if err := toml.Unmarshal(head, &n.Front); err != nil {
			at := 1
			var derr *toml.DecodeError
			if errors.As(err, &derr) {
				row, _ := derr.Position()
				at = 1 + row
				if d := TOMLLineError(path, at, head, row, "front matter: ", n.Front); d != nil {
					return n, d
				}
			}
			if d := tomlTypeError(path, at, err, n.Front, "front matter: "); d != nil {
				return n, d
			}
			return n, noteError(path, at, "front matter: %v", err)
		}
	}
	d, err := normaliseDate(n.Front.Date)
	if err != nil {
		return n, noteError(path, frontKeyLine(head, "date"), "front matter: date: %v", err)
	}
	n.Front.DateRFC3339 = d
	lm, err := normaliseDate(n.Front.Lastmod)
	if err != nil {
		return n, noteError(path, frontKeyLine(head, "lastmod"), "front matter: lastmod: %v", err)
	}
	n.Front.LastmodRFC3339 = lm
	if n.Front.License != "" {
		n.Front.LicenseFile, n.Front.LicenseLine = path, frontKeyLine(head, "license")
	}
	n.Warnings = misspeltKeys(path, head, delim == "+++")
	if delim == "---" {
		n.Warnings = append(n.Warnings, commentedValues(path, head)...)
	}
	return n, checkFrontMatter(path, n.Front)
}

// frontKeyLine is the line of the note where front matter head (TOML or
// YAML, after the note's first line) sets key; the first line if none.
func frontKeyLine(head []byte, key string) int {
	return 1 + keyLine(head, key) + yamlKeyLine(head, key)
}

// yamlKeyLine finds the 1-based line of "key:" in YAML (0 if not found).
func yamlKeyLine(data []byte, key string) int {
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), key+":") {
			return i + 1
		}
	}
	return 0
}

// normaliseDate turns a front matter date (a string, a TOML date or datetime,
// a YAML timestamp) into RFC 3339 in UTC, so that dates sort as strings.
func normaliseDate(v any) (string, error) {
	switch d := v.(type) {
	case nil:
		return "", nil
	case time.Time:
		return d.UTC().Format(time.RFC3339), nil
	case toml.LocalDate:
		return d.AsTime(time.UTC).Format(time.RFC3339), nil
	case toml.LocalDateTime:
		return d.AsTime(time.UTC).Format(time.RFC3339), nil
	case string:
		for _, layout := range []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"} {
			if t, err := time.Parse(layout, strings.TrimSpace(d)); err == nil {
				return t.UTC().Format(time.RFC3339), nil
			}
		}
		return "", fmt.Errorf("%q is not a date (want 2006-01-02 or RFC 3339)", d)
	}
	return "", fmt.Errorf("%v is not a date", v)
}

// NewestDay returns the newest of day and the days of dates (RFC 3339, each
// taken in the zone it was written in, as a UTC midnight): the day a
// booklet of dated puzzles is dated. "" and malformed dates are passed over,
// so a collection without dates gives day back, never the clock.
func NewestDay(day time.Time, dates ...string) time.Time {
	for _, s := range dates {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			continue
		}
		y, m, d := t.Date()
		if at := time.Date(y, m, d, 0, 0, 0, 0, time.UTC); at.After(day) {
			day = at
		}
	}
	return day
}

// Caps on what a content tree may hold, so that no small file (or a link to
// /dev/zero) makes a build run out of memory or time. Each is far beyond
// what an archive needs; passing one is an error naming the file.
const (
	MaxNoteBytes        = 1 << 20  // a Markdown note, front matter included
	maxFrontMatterBytes = 64 << 10 // a note's front matter (a TOML or YAML decoder's work grows faster than its input)
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

// NewMarkdown returns the converter for notes: CommonMark with GitHub's
// tables, strikethrough, autolinks, task lists and footnotes, and an id on
// each heading (from its text: "## Hints" is #hints, see headingIDs) for
// links to it. Raw
// HTML in notes is left out unless the site allows it (unsafe_html).
func NewMarkdown(unsafe bool) goldmark.Markdown {
	opts := []goldmark.Option{goldmark.WithExtensions(extension.GFM, extension.Footnote),
		goldmark.WithParserOptions(parser.WithAutoHeadingID())}
	if unsafe {
		opts = append(opts, goldmark.WithRendererOptions(html.WithUnsafe()))
	}
	return goldmark.New(opts...)
}
