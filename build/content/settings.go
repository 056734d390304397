package content

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/spell"
	"github.com/nonopress/nonopress/nav"
	"github.com/nonopress/nonopress/render"
	"github.com/nonopress/nonopress/validate"
)

// ConfigFile is the name of the optional site configuration at the root of
// the content tree.
const ConfigFile = "nonopress.toml"

// Settings is what nonopress.toml may say. Every key is optional.
type Settings struct {
	Title    string `toml:"title"`
	BaseURL  string `toml:"base_url"`
	Language string `toml:"language"`
	// Paper is the sheet's paper size: "a3", "a4", "a5" or "letter".
	Paper string `toml:"paper"`
	// SolutionThumbnails shows the solution as the thumbnail of a puzzle's
	// card; by default cards show the empty grid (spoiler-safe).
	SolutionThumbnails bool `toml:"solution_thumbnails"`
	Strict             bool `toml:"strict"`
	// SolverBudget is the solver's time limit per puzzle, as "10s", "500ms".
	SolverBudget string `toml:"solver_budget"`
	// UnsafeHTML lets raw HTML of notes through to pages (off by default).
	UnsafeHTML bool `toml:"unsafe_html"`
	// MonoSafe adds a glyph per colour to sheets, solutions and legends, for
	// black-and-white printers and colour-blind readers.
	MonoSafe bool `toml:"mono_safe"`
	// Recent is how many recently added puzzles the home page shows.
	Recent int `toml:"recent"`
	// Description is the site's one-line description, for the home page
	// and search engines; by default the root note's front matter
	// description or first line.
	Description string `toml:"description"`
	// GitInfo dates each puzzle by the commit that added its file, and its
	// lastmod by the last commit that changed the file or its note, when the
	// content tree is in a git repository and its note gives no date (as
	// Hugo's enableGitInfo).
	GitInfo bool `toml:"git_info"`
	// PerPage is how many cards a collection or tag page lists before it
	// continues on page/2/, page/3/...
	PerPage int `toml:"per_page"`
	// PublicWarnings shows the checks' warnings meant for authors (no
	// license, several solutions...) on puzzle pages; by default only the
	// build log, check and serve show them.
	PublicWarnings bool `toml:"public_warnings"`
	// Font is a TrueType font file, relative to the content folder, for
	// sheet and booklet text the Go fonts cannot draw (CJK, Arabic...);
	// without it render looks among the system's fonts.
	Font string `toml:"font"`
	// NameLine adds a line for the solver's name and the date under each
	// sheet's title, for classes and clubs.
	NameLine bool `toml:"name_line"`
	// CacheDir is where builds keep what they may reuse (verdicts, rendered
	// files, the file memo): a path relative to the content folder that
	// stays inside it (checkCacheDir). By default .nonopress-cache beside
	// the content folder, so that a build never writes into its input.
	CacheDir string `toml:"cache_dir"`

	Budget time.Duration
}

// DefaultSettings is the configuration of a site without nonopress.toml.
func DefaultSettings() Settings {
	return Settings{Language: "en", Paper: "a4", Recent: 12, PerPage: nav.DefaultPerPage, Budget: validate.DefaultTimeout}
}

// ReadSettings reads <src>/nonopress.toml over the defaults. A missing file
// is not an error; an unknown key or a bad value is, named with its line.
func ReadSettings(src string) (Settings, error) {
	cfg := DefaultSettings()
	path := filepath.Join(src, ConfigFile)
	data, err := ReadTreeFile(src, path, maxConfigBytes)
	if errors.Is(err, os.ErrNotExist) {
		return cfg, nil
	}
	if err != nil {
		return cfg, fmt.Errorf("read site configuration: %w", err)
	}
	if err := checkTOMLKeys(data); err != nil {
		return cfg, fmt.Errorf("%s:1: %w", path, err)
	}
	dec := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		var strict *toml.StrictMissingError
		if errors.As(err, &strict) && len(strict.Errors) > 0 {
			e := strict.Errors[0]
			row, _ := e.Position()
			key := strings.Join(e.Key(), ".")
			if known := spell.Closest(key, tagKeys(reflect.TypeFor[Settings](), "toml"), func(string) int { return 2 }); known != "" {
				return cfg, fmt.Errorf("%s:%d: unknown key %q (did you mean %q?)", path, row, key, known)
			}
			return cfg, fmt.Errorf("%s:%d: unknown key %q", path, row, key)
		}
		var derr *toml.DecodeError
		if errors.As(err, &derr) {
			row, _ := derr.Position()
			if d := TOMLLineError(path, row, data, row, "", cfg); d != nil {
				return cfg, d
			}
			if d := tomlTypeError(path, row, err, cfg, ""); d != nil {
				return cfg, d
			}
			return cfg, fmt.Errorf("%s:%d: %s", path, row, derr.Error())
		}
		return cfg, fmt.Errorf("%s: %w", path, err)
	}
	if err := cfg.check(path, data); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// check validates values and fills the derived fields.
func (c *Settings) check(path string, data []byte) error {
	at := func(key string) string { return fmt.Sprintf("%s:%d", path, keyLine(data, key)) }
	// The names `nonopress print -paper` takes too (render.ParsePaper).
	paper, err := render.ParsePaper(c.Paper)
	if err != nil {
		return fmt.Errorf("%s: paper %q: want %s", at("paper"), c.Paper, render.Papers)
	}
	c.Paper = string(paper)
	c.Budget = validate.DefaultTimeout
	if c.SolverBudget != "" {
		d, err := time.ParseDuration(c.SolverBudget)
		if err != nil || d <= 0 {
			return fmt.Errorf("%s: solver_budget %q: want a positive duration such as \"10s\"", at("solver_budget"), c.SolverBudget)
		}
		c.Budget = d
	}
	if c.Recent < 0 {
		return fmt.Errorf("%s: recent %d: want 0 or more", at("recent"), c.Recent)
	}
	if c.PerPage < 0 {
		return fmt.Errorf("%s: per_page %d: want 1 or more (0 for the default, %d)", at("per_page"), c.PerPage, nav.DefaultPerPage)
	}
	if c.PerPage == 0 {
		c.PerPage = nav.DefaultPerPage
	}
	if c.BaseURL != "" {
		if err := CheckBaseURL(c.BaseURL); err != nil {
			return fmt.Errorf("%s: base_url: %w", at("base_url"), err)
		}
	}
	if c.Font != "" {
		if _, err := os.Stat(c.FontPath(filepath.Dir(path))); err != nil {
			return fmt.Errorf("%s: font %q: no such file", at("font"), c.Font)
		}
	}
	if c.CacheDir != "" {
		if err := checkCacheDir(filepath.Dir(path), c.CacheDir); err != nil {
			return fmt.Errorf("%s: cache_dir %q: %w", at("cache_dir"), c.CacheDir, err)
		}
	}
	if c.Language == "" {
		c.Language = "en"
	}
	return nil
}

// FontPath is the site's font file, "" for none; src is the content folder.
func (c Settings) FontPath(src string) string {
	if c.Font == "" || filepath.IsAbs(c.Font) {
		return c.Font
	}
	return filepath.Join(src, c.Font)
}

// keyLine finds the 1-based line where key is set in a TOML file (0 if not
// found): good enough to point at a bad value.
func keyLine(data []byte, key string) int {
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(t, key); ok && strings.HasPrefix(strings.TrimSpace(rest), "=") {
			return i + 1
		}
	}
	return 0
}

// maxConfigBytes caps nonopress.toml, as the caps in note.go cap notes:
// far beyond what a site needs, so that no file makes a build run out of
// memory or time.
const maxConfigBytes = 64 << 10

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

// SettingsDiagnostic is the error ReadSettings gave for file: a
// diagnostic as it is, or a message "file:8: unknown key "x" (did you mean
// "y"?)" with its line and its "did you mean" taken out, as check gives a
// puzzle's: for check, and for serve's panel and log.
func SettingsDiagnostic(file string, err error) diag.Diagnostic {
	d := diag.FromError(file, err)
	rest, ok := strings.CutPrefix(d.Message, file+":")
	if d.Line != 0 || !ok {
		return d
	}
	num, msg, ok := strings.Cut(rest, ": ")
	if line, err := strconv.Atoi(num); ok && err == nil {
		d.Line, d.Message = line, msg
	} else {
		d.Message = strings.TrimSpace(rest)
	}
	if msg, hint, ok := strings.Cut(d.Message, " (did you mean "); ok && strings.HasSuffix(hint, ")") {
		d.Message, d.Hint = msg, "did you mean "+strings.TrimSuffix(hint, ")")
	}
	return d
}
