// Package sitetest audits the demo site in a real browser, as a visitor
// meets it: it builds content/, serves it over HTTP, and runs
// testdata/npm/audit.mjs (Lighthouse, axe-core and Puppeteer, pinned in
// testdata/npm/package.json and installed by .ci/run with npm ci) against
// Debian's Chromium on four pages: the home page, a collection, a 5×5
// puzzle and a 64×64 multicolour puzzle. The test fails below a Lighthouse
// score of 95 (mobile settings) in accessibility, best practices or SEO
// on any of them, or in performance on the 64×64 page, on a layout shift
// above 0.1, on a serious or critical axe violation in the
// light or dark theme (where Lighthouse's own axe-core pass times out on a
// loaded machine, that run alone judges accessibility), and on any console
// error or failed request. The performance score measures time on
// whatever else the machine runs: the large page is made cheap enough for
// it (its grid is built when the player asks, its sheet is an image), the
// score is the median of up to three runs (one run can fall on a moment
// when other work holds the CPU), and every page's score and metrics are
// logged (the small pages' blocking time is mostly the machine's load). Screenshots at 1280
// and 390 px wide, light and dark, and the Lighthouse reports are written
// to test-output/ at the repository root (NONOPRESS_TEST_OUTPUT overrides
// it), for a reviewer to look at.
//
// TestPlayStatesAxe runs the same axe-core (read from testdata/npm) on a
// puzzle's page through a solve: mid solve, a hint shown, a check, solved.
//
// Without node, the npm packages or Chromium the test is skipped, except
// with CI=true, where it fails.
package sitetest
