package build

import (
	"github.com/nonopress/nonopress/build/content"

	"io"
)

// Config says what to build and where. The zero value of every field but Src
// and Out is a working default.
type Config struct {
	Src, Out string // the content tree and the output folder
	BaseURL  string // the site's public URL; overrides base_url of nonopress.toml
	// Strict makes warnings (multiple solutions, unknown uniqueness, no
	// license) fatal; SkipInvalid publishes the valid puzzles and lists the
	// others instead of failing the build; Quiet drops the progress line.
	Strict, SkipInvalid, Quiet bool
	Log                        io.Writer // summary and progress; nil = io.Discard
}

// defaultTitle is the title of a site that names none, in nonopress.toml or
// in the front matter of its root note.
const defaultTitle = "Nonograms"

// ConfigFile is the name of the optional site configuration at the root of
// the content tree (content.ConfigFile).
const ConfigFile = content.ConfigFile
