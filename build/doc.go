// Package build turns a content tree into a static site: `nonopress build`.
//
//	b, err := build.New(build.Config{Src: "content", Out: "public"})
//	sum, err := b.Build(ctx)
//
// It orchestrates; each concern has a package of its own:
//
//   - build/content reads the tree: folders as collections, puzzle files,
//     notes with front matter, resources, nonopress.toml, and the links that
//     notes' relative paths become (content writes nothing);
//   - build/output is the transactional output store: it updates a hidden
//     back buffer beside Out, writing only files whose bytes changed, and
//     swaps it in atomically at commit, so that Out is always a complete site;
//   - build/site makes what visitors see from the published puzzles'
//     entries (site.Entry, the one summary of a puzzle): page views, list
//     pages, puzzle pages, catalogue.json, search index, sitemap and feed;
//   - formats, validate and render parse, check and draw each puzzle.
//
// # Pipeline
//
// content.Scan lists the tree. A pool of GOMAXPROCS workers takes the
// puzzle files; each file's step (processFile) parses, checks and renders
// its puzzles, writes their pages and files, and returns their entries (the
// one summary of a puzzle: lists, catalogue.json and the file memo use it as
// it is) with its diagnostics (diag.List). Results are gathered in path
// order; then the collections are arranged, and booklets, lists, the
// catalogue, sitemap and feed are written. Only entries stay in memory, and
// no output depends on the clock, map order or GOMAXPROCS.
//
// # Work skipped by warm builds
//
// The caches live in .nonopress-cache beside the content folder (cache_dir
// in nonopress.toml moves it). The build stamp (stamp.go) recognises a
// build that would change nothing before it reads a file. The file memo
// (memo*.go) knows, by a key hashed from everything a puzzle file's work
// depends on, what publishing it gave (its entries, diagnostics and output
// hashes); a file whose key is known and whose outputs a buffer still holds
// is not even read when its metadata is unchanged (filestat.go). Below it,
// the asset cache (assets.go) finds rendered files and list pages by keys of
// what they depend on. Every key comes from build/internal/key; the memo,
// the asset cache and the stats are saved as one gob stream (store.gob,
// memofile.go). The solver's verdicts are cached by puzzle id.
//
// # Serve mode
//
// serve calls Rebuild with the paths that changed. The builder answers with
// a quick build (quick.go) that keeps booklets and site-wide lists as
// published, and does that deferred work, then readies the back buffer for
// the next edit, when serve calls Rebuild(ctx, nil) while idle. A Builder
// keeps its caches and both folders' manifests in memory between builds.
//
// A puzzle gets four files (page, sheet, solution, PDF); its .non and XML
// versions are data: links in its page up to 32 KiB, and blank thumbnails
// are shared by size: creating a file costs more than rendering it.
package build
