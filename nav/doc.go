// Package nav holds the site's navigation logic as pure functions: the
// natural order of names ("2" before "10"), a page's previous and next
// neighbours in a list, pagination of long lists, and the first line of a
// note as a one-line summary. It knows nothing of files or templates, so
// that the site builder can call it from wherever it keeps its data.
package nav
