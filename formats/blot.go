package formats

import "fmt"

// Blotted clues.
//
// webpbn lets a designer hide clue numbers behind blots: the block's colour
// shows, its length does not, so the block is any length from 1
// (puzzle.Clue.Blot). webpbn's XML (XMLpuz.cgi and export.cgi's XML) marks a
// blot as a count of zero, in the block's colour:
//
//	<line><count color="red">0</count><count>3</count></line>
//
// Where this was found: webpbn's format description (webpbn.com/pbn_fmt.html,
// version 0.3) does not mention blots; Mirek Olšák's and Jan Wolter's own
// readers do not either (pbnsolve's read_xml.c wants a digit in <count> and
// keeps its value), but pbnsolve's blot branch (avi-levy/pbnsolve,
// branches/blot/pbnsolve.h and line_lro.c) stores a blotted clue as length 0
// ("clue->length[b] == 0 ? clue->lbcl[b]"), and tsionyx/pynogram's webpbn
// reader (pynogram/reader.py, Pbn._parse_clue) reads a <count> of 0 as its
// BlottedBlock, "the size of the block is unknown", pointing at webpbn #19407
// (pynogram/core/common.py); tsionyx/nonogrid's benches/blotted lists webpbn
// ids of blotted puzzles from 19407 on. No other export format of webpbn
// (.non, .nin, .g, ...) was found to carry blots, so nonopress reads and
// writes them in XML only: XML writes a blot back as a count of 0, and the
// writers whose format has no way to say a blot (.non, .nonpack, .g) refuse
// a blotted puzzle rather than drop or invent its lengths.

// xmlBlotCount is the text of a blotted block's <count>.
const xmlBlotCount = "0"

// errBlotIn is the error of a writer whose format cannot hold a blot.
func errBlotIn(format string) error {
	return fmt.Errorf("a blotted clue (a hidden length) cannot be written as %s: %w (write XML, where a blot is a count of 0)", format, ErrUnsupported)
}
