// Package build turns a content tree into a static site: `nonopress build`.
//
//	b, err := build.New(build.Config{Src: "content", Out: "public"})
//	sum, err := b.Build(ctx)
//
// # Content tree
//
// Folders are collections, nested at will; a folder's _index.md or README.md
// is its note, and a Markdown file next to a puzzle file with the same base
// name is that puzzle's note. Notes may start with YAML ("---") or TOML
// ("+++") front matter: title, description, weight, draft, tags, date. Every
// puzzle file the formats package knows is published, one page per puzzle; a
// file of several also gets a page listing them. Images and documents (png,
// jpg, gif, webp, avif, svg, pdf, txt) are published next to their
// collection, and a note's relative links and images are rewritten to what
// they point at on the site (links.go). nonopress.toml at the root configures
// the site; the root's templates/ folder overrides embedded templates and
// assets by name.
//
// # Pipeline
//
// scanTree reads the tree (no puzzle is parsed yet). A pool of GOMAXPROCS
// workers then takes the puzzle files: each is parsed, checked by package
// validate (verdicts cached by puzzle id in .nonopress-cache/ under the
// content root, so an unchanged puzzle is never solved twice), rendered, and
// its page and files written at once. Only a small entry per puzzle is kept
// (title, size, verdict, URLs), so memory stays bounded by the number of
// puzzles times a few hundred bytes, never by rendered pages. Collection
// booklets are made afterwards on the same pool, each job reading one
// collection's files again. Lists, the catalogue, sitemap and feed follow.
// Results are gathered by index, never in completion order, and no output
// depends on the clock or file times: the same input gives the same bytes for
// any GOMAXPROCS.
//
// # Output and crash safety: double buffering
//
// The published folder Out (say public/) is never written into. Beside it,
// a hidden back buffer .public.nonopress-next/ holds the output of the build
// before last. A build:
//
//  1. marks the back buffer dirty (its .nonopress marker file), then brings
//     it up to date: each output file is minified, hashed, and written only
//     if its bytes differ from what the back buffer holds. The marker's
//     manifest of hashes, trusted only when the marker says clean, avoids
//     reading files back; after an interrupted build the bytes are compared.
//     Files are written in place (the back buffer is never served, and a
//     half-written file is caught by that comparison), after unlinking the
//     old name, so that a hard link shared with Out is never written through;
//  2. deletes the files this build did not produce (stale pages, temporary
//     files of a killed build) and folders left empty;
//  3. writes the marker as clean with the new manifest;
//  4. swaps the two folders with renameat2(RENAME_EXCHANGE), an atomic
//     exchange of names: Out is at every instant either the old complete
//     site or the new one. (Where the exchange is not supported, three
//     renames do it, with a moment where Out is missing.)
//
// A failed build (invalid puzzle, template error) stops before step 4, and a
// build killed at any moment leaves Out as it was: only the back buffer was
// touched, and it is marked dirty until complete. The next build updates the
// back buffer, which now holds the older site, again writing only what
// differs. When the back buffer is empty (the build after the first), the
// files Out already holds are hard-linked into it, which is safe because a
// file of the back buffer is unlinked before it is written; those links are
// deferred to the end (package output), and a build that changed nothing makes
// none, leaves Out alone and does not swap. With a clean back buffer, stale
// files come from its manifest, without walking the folder.
//
// # Work skipped by warm builds
//
// A build that would change nothing is found before it starts: the build
// stamp (stamp.go) digests the content tree's file metadata, the settings
// and the output folders' markers, and when the last successful build left
// the same digest its summary is returned without reading a file. Otherwise,
// the file memo (memo.go) remembers, by a key of everything it depends on
// (the program, the site's configuration and templates, the file's and its
// note's bytes, its place in the tree), what publishing each puzzle file
// gave: its entries and the hashes of its outputs. A file whose key is known
// and whose outputs one of the two buffers still holds is neither parsed,
// nor checked, nor rendered, nor templated; it is not even read when its
// size, times and inode are those it was hashed with (filestat.go), and the
// solver cache is opened only if some puzzle must be checked. The memo lives
// in the builder (serve mode) and in .nonopress-cache/files.gob, which a
// removed cache folder resets. Below it, the asset cache
// (assets.go) finds a puzzle's sheet, solution, thumbnail and PDF, a
// collection's booklet, and a list page by a key of what they depend on
// (a list page: its template data), and hard-links them from Out when the
// back buffer lacks them. Render's SVGs are minified once, by render; the
// sheet goes into its page after the page is minified (inline.go).
//
// An exclusive lock (flock) on the back buffer folder keeps two builds of the
// same output apart. Both folders carry the .nonopress marker; a non-empty
// folder without it is refused, so nonopress never overwrites what it did
// not create.
// Summary.Changed lists the files that differ from the previous published
// output, for serve mode's live reload.
//
// # Serve mode
//
// BuildQuick (quick.go) answers an edit: it makes the changed puzzles' pages
// and files and the collection pages that list them, and keeps as published
// the booklets and the site-wide lists (authors, licenses, tags, catalogue,
// sitemap, feed), which serve then brings up to date with a Build. A Builder
// keeps its caches and both folders' manifests in memory between builds,
// and PrepareBack, which serve calls when idle, links the published site
// into an empty back buffer ahead of the first edit.
//
// # Files per puzzle
//
// A puzzle gets four files: its page, sheet and solution SVGs and sheet PDF.
// Its .non and PBN XML versions are data: links in the page (files of their
// own above 32 KiB), and the blank thumbnails of the cards are shared by
// size (thumbs/15x20.svg): on the disks this was measured on, creating a
// file costs more than rendering it.
package build
