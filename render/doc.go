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
// PDFs are written by one writer of render's own (pdfwrite.go), with no PDF
// library. A one-puzzle sheet PDF (the site makes one per puzzle) whose
// texts fit WinAnsiEncoding sets them in the core Helvetica, which every
// viewer and printer has, so that nothing is embedded. Booklets, which are
// printed and kept, and sheets with other characters (Polish, Cyrillic,
// CJK, Arabic...) embed the Go fonts and, for what they lack, the fonts of
// fonts.go, as Type0 fonts over CIDFontType2 with Identity-H (pdffont.go):
// each with its widths, a ToUnicode map that gives the text back, and a
// font file subset to the glyphs drawn (ttfsubset.go), named with a tag
// derived from those glyphs ("ABCDEF+GoRegular"). The layout measures text
// with the Go fonts, whose widths are within a few percent of Helvetica's.
// Measured per 30x35 sheet with its solution page and a Polish title, in
// CPU from outside the process (farm-bench, 200 PDFs less one): 3.1 ms,
// where fpdf, which wrote such sheets and booklets before, took 13.4 ms;
// the 100-puzzle booklet 0.09 s (fpdf: 0.18 s). A caller lends a Scratch
// (deflate.go) to reuse the compressor and buffers; render keeps no state
// between calls.
//
// A sheet PDF draws its grid and clues as a form XObject (drawn.go), which
// Layout.Drawn returns compressed. A booklet given it (BookletEntry.Drawn)
// places the same bytes again, scaled to its cells, instead of laying out,
// drawing and compressing the clues afresh, wherever that draws the same:
// for the same clues, palette and mono-safe setting, and cells of at most
// 8 mm on both, where strokes and digits grow with the cell. Its digits
// are single-byte codes of /F1: Helvetica in a core-font sheet, in a
// booklet Go Regular as a simple TrueType font subset to the digits, whose
// widths are Helvetica's. The 100-puzzle booklet takes 0.04 s of CPU with
// its puzzles' drawn grids, 0.09 s without (farm-bench, 11 booklets less 1).
//
// A sheet has a title block above the grid (title in 18 pt bold; author,
// copyright and licence; source; size, colours and difficulty in words;
// optionally a line for the solver's name and the date, titleblock.go), and
// its cells are as large as fit the printable area with the clues, up to
// 24 mm, so that a 5x5 is a large friendly grid: every grid up to 40x40
// spans at least 60 % of the printable width or height (TestSheetFillsThePage
// measures it from the rasterised PDF). Clue digits are 0.58 of the cell, up
// to 8.5 mm. Cells shrink to fit down to 3.5 mm; a puzzle that still does
// not fit is turned to landscape, then moved to A4 (from A5), then A3. A
// page that fits with cells under 6 mm is turned when that makes them a
// fifth larger: a wide puzzle takes the paper's length (TestPageChoice,
// TestWidePuzzleTurnsThePage).
// Beyond A3 at 3.5 mm (cauldron, 512x512) the cells shrink further: the
// sheet stays a valid vector drawing that can be zoomed or tiled, though no
// longer a comfortable pencil puzzle. A booklet's cells stop at 10 mm
// (bookletMaxCell, a child's exercise-book square), where a small puzzle
// alone on its page among large ones had 24 mm cells and colour clue boxes
// as large; its puzzle stands a little above the middle of the room it has
// (bookletDrop), a pair side by side with their headings on one line
// (TestSmallPuzzleAloneIsCappedAndPlaced, TestPairHeadingsShareALine). A
// small puzzle after a large one (a page of its own) fills the room left on
// the page begun before it, and puzzles are numbered as printed
// (TestSmallPuzzlesFillTheRoomBeforeLargeOnes).
//
// Output depends only on the input: the same puzzle gives the same bytes
// (PDFs carry Options.Date, the caller's, and no date without one). The
// functions keep no state, and may be called concurrently. Every string from a puzzle file is escaped
// before it reaches the SVG, and text the Go fonts cannot show (characters
// beyond the Basic Multilingual Plane, control characters) is replaced.
package render
