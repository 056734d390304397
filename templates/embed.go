// Package templates holds the page templates and static assets of a nonopress
// site, embedded in the binary. A site overrides any of them by name with a
// file of its own templates/ folder (templates/static/ for assets).
//
// Each page template defines "main" (and optionally "head") and is parsed
// together with base.html, which defines the page layout "base", and
// partials.html, which defines the pieces pages share ("cards").
package templates

import "embed"

// Pages holds the page templates: base.html, partials.html and one file per
// kind of page (home, collection, puzzle, authors, licenses, tags, 404).
//
//go:embed *.html
var Pages embed.FS

// Static holds the assets copied to static/ of every site, under "static/".
//
//go:embed static
var Static embed.FS
