// Package build turns a content tree into a static site: `nonopress build`.
//
//	b, err := build.New(build.Config{Src: "content", Out: "public"})
//	sum, err := b.Build(ctx)
//
// It orchestrates; each concern has a package of its own, and data flows
// one way (content → formats → validate → render → site → output):
//
//   - build/content reads the tree: collections, puzzle files, notes with
//     front matter, resources, nonopress.toml and the notes' links;
//   - formats, validate and render parse, check and draw each puzzle;
//   - build/site makes what visitors see from the published puzzles' entries
//     (site.Entry, the one summary of a puzzle): views, list and puzzle
//     pages, catalogue.json, search index, sitemap and feed;
//   - build/output is the transactional output store: it updates a back
//     buffer beside Out, writing only files whose bytes changed, and swaps
//     it in at commit, so that Out is always a complete site.
//
// # Pipeline
//
// content.Scan lists the tree. The puzzle files are published a batch of
// whole collections at a time (publishfiles.go): the files of a batch whose
// notes give no title are read for their own titles (owntitles.go), which
// their neighbours' links show, then a pool of workers takes the batch's
// files; each file's step (puzzles.go) reuses its record when the memo
// knows its work, else reads its note and the file (as the title pass
// parsed it), checks its puzzles and publishes each (puzzlepage.go: files
// reused or rendered, then the page), returning their entries with its
// diagnostics (diag.List); the booklets of the batch's collections are
// made while the next batch is published. Results are gathered in path order; then the collections are
// arranged and the site pages written. Only entries stay in memory (with,
// until their booklet is made, what it draws of each puzzle, so that no
// booklet parses or checks a puzzle again); no output depends on the clock,
// map order or GOMAXPROCS.
//
// # The store
//
// What a later build may reuse is one store (memo.go), saved as one file,
// .nonopress-cache/store.gob beside the content folder (cache_dir in
// nonopress.toml moves the folder inside the content folder; the titles
// read for previous/next links are titles.json beside it, owntitles.go),
// every part by a key from build/internal/key
// hashed from the inputs that matter: each puzzle file's record (its
// entries, diagnostics and output hashes: a file whose key is known and
// whose outputs a buffer still holds is not even read), the rendered files
// and list pages, the files' stats (fileStats), the solver's verdicts
// (verdicts.go, verified against the clues before use) and the build stamp
// (stamp.go), which recognises a build that would change nothing before it
// reads a file. A store of another version (memoVersion: the release a site
// was upgraded from, or rolled back to) is used for its verdicts alone,
// found by their trailer (trailingVerdicts): the first build after an
// upgrade makes every page again but solves no puzzle again, and saves only
// the verdicts it asked for (those of puzzles since edited or removed stay
// behind).
//
// # Serve mode
//
// serve calls Rebuild with the paths that changed. When they are puzzle
// files the last build knew, the builder patches its site (patch.go: the
// files and the pages listing them made again, the rest carried over);
// otherwise it answers with a quick build (quick.go). Both keep booklets
// and site-wide lists as published, and that deferred work is done when
// serve calls Rebuild(ctx, nil) while idle. A Builder keeps its store and both folders' manifests in
// memory between builds.
package build
