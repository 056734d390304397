// Package render draws nonograms for print and for the web: puzzle sheets,
// solution images and thumbnails as compact SVG (drawn through svgo, with no
// minify pass), single sheets and collection booklets as PDF.
//
// Every product is computed once as a layout in millimetres (layout.go: boxes,
// lines, marks and texts on a page) and then written by one of two back ends,
// svg.go or pdf.go, so that the SVG and the PDF of a sheet never drift apart.
//
// Sheet writes a whole page; SheetFigure writes the same drawing cropped to
// its content plus a 2 mm margin, still sized in millimetres, for inlining in
// a web page. A caller that writes a puzzle's sheet, solution image and
// sheet PDF (a site does, for every puzzle) lays the sheet out once with
// LayOut and writes all three from the Layout.
//
// Booklets embed the Go fonts, subset to the characters used, and are
// written through fpdf, compressed by fpdf itself. A one-puzzle sheet PDF
// (the site makes one per puzzle) sets its text in the core Helvetica,
// which every viewer and printer has, so that nothing is embedded;
// pdfcore.go writes such a document itself. Measured per 30x35 sheet with
// its solution page, in CPU (farm-bench, 50 PDFs less one): the core writer
// 0.6 ms; fpdf with its own compression 9.0 ms, and 10.0 ms through the
// post-pass parser of fpdf's output that compressed it before (gone). fpdf
// everywhere would cost a site 14 times the CPU for its sheet PDFs, so
// sheets stay on the core writer; extending it to embed subset TrueType
// fonts is what would leave one path. When a text needs a character outside
// WinAnsiEncoding (Windows-1252: Polish, Cyrillic, Greek, CJK, Arabic...),
// the sheet goes through fpdf, with the fonts of fonts.go for what the Go
// fonts lack. The layout measures text with the Go fonts, whose widths are
// within a few percent of Helvetica's. A caller lends a Scratch (deflate.go)
// to reuse the core writer's compressor; render keeps no state between
// calls.
//
// A sheet has a title block above the grid (title in 18 pt bold; author,
// copyright and licence; source; size, colours and difficulty in words;
// optionally a line for the solver's name and the date, titleblock.go), and
// its cells are as large as fit the printable area with the clues, up to
// 24 mm, so that a 5x5 is a large friendly grid: every grid up to 40x40
// spans at least 60 % of the printable width or height (TestSheetFillsThePage
// measures it from the rasterised PDF). Clue digits are 0.58 of the cell, up
// to 8.5 mm. Cells shrink to fit down to 3.5 mm; a puzzle that still does
// not fit is turned to landscape, then moved to A4 (from A5), then A3.
// Beyond A3 at 3.5 mm (cauldron, 512x512) the cells shrink further: the
// sheet stays a valid vector drawing that can be zoomed or tiled, though no
// longer a comfortable pencil puzzle.
//
// Output depends only on the input: the same puzzle gives the same bytes
// (PDFs carry Options.Date, the caller's, and no date without one). The
// functions keep no state, and may be called concurrently. Every string from a puzzle file is escaped
// before it reaches the SVG, and text the Go fonts cannot show (characters
// beyond the Basic Multilingual Plane, control characters) is replaced.
package render
