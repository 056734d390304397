// Package site turns published puzzles into the site's pages and data: its
// one job is what visitors see. From the entries (Entry: the one summary of a
// puzzle, made from its file by FileEntry, which catalogue.json, the build's
// store, the views and `check -json` share) and the content tree it makes the
// page views, the list pages (collections, tags, authors, licenses, search,
// 404) with their pagination, the puzzle pages' data, catalogue.json, the
// search index, the sitemap and the Atom feed, and it executes the page
// templates (Templates).
//
// It writes nothing and keeps no cache: package build decides what is made
// again and puts it in the output store. Data flows one way: site uses
// content, puzzle, validate and templates, never build.
package site
