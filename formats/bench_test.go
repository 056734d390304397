package formats

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/internal/corpustest"
	"github.com/nonopress/nonopress/puzzle"
)

func benchRead(b *testing.B, name string, data []byte) {
	b.Helper()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(name, data); err != nil && !strings.Contains(err.Error(), "blank lines among them") {
			b.Fatal(err)
		}
	}
}

func benchCorpusFile(b *testing.B, rel string) {
	corpustest.Dir(b)
	path := corpustest.Path(b, rel)
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	benchRead(b, path, data)
}

// BenchmarkReadNonCauldron reads the largest real puzzle, 512x512.
func BenchmarkReadNonCauldron(b *testing.B) {
	benchCorpusFile(b, "picross-solver/inputs/cauldron.non")
}

func BenchmarkReadNonTiger(b *testing.B) {
	benchCorpusFile(b, "picross-solver/inputs/qnonograms/tiger.non")
}

func BenchmarkReadXMLSwing(b *testing.B) { benchCorpusFile(b, "saulrh-nonogram/puzzles/529.xml") }

func BenchmarkReadNin(b *testing.B) { benchCorpusFile(b, "jwilk-nonogram/data/data120.nin") }

// BenchmarkReadBlankFlood is a rows block followed by a million blank
// lines: the block-fitting rule must stay linear.
func BenchmarkReadBlankFlood(b *testing.B) {
	src := "width 1\nheight 3\nrows\n1\n" + strings.Repeat("\n", 1<<20) + "1\ncolumns\n1\n"
	benchRead(b, "flood.non", []byte(src))
}

// BenchmarkReadMaxGoal is a 1024x1024 puzzle given only as a goal image.
func BenchmarkReadMaxGoal(b *testing.B) {
	var src bytes.Buffer
	src.WriteString("width 1024\nheight 1024\ngoal \"")
	for i := range puzzle.MaxSide * puzzle.MaxSide {
		src.WriteByte("01"[i*7%3%2])
	}
	src.WriteString("\"\n")
	benchRead(b, "max.non", src.Bytes())
}

// BenchmarkWriteXMLCauldron writes the 512x512 puzzle as XML.
func BenchmarkWriteXMLCauldron(b *testing.B) {
	corpustest.Dir(b)
	ps, err := ReadFile(corpustest.Path(b, "picross-solver/inputs/cauldron.non"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		var buf bytes.Buffer
		if err := WriteXML(&buf, ps); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadCorpus reads every corpus file once per iteration.
func BenchmarkReadCorpus(b *testing.B) {
	corpustest.Dir(b)
	var names []string
	var datas [][]byte
	for _, f := range corpusFiles(b) {
		data, err := os.ReadFile(corpustest.Path(b, f))
		if err != nil {
			b.Fatal(err)
		}
		names, datas = append(names, f), append(datas, data)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i := range names {
			if _, err := Read(names[i], datas[i]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// maxCluesXML is a 1024x1024 checkerboard in XML: 512 counts in each of the
// 2048 lines, the most a one-colour puzzle can have.
func maxCluesXML() []byte {
	var b bytes.Buffer
	b.WriteString("<puzzleset><puzzle>\n")
	for _, t := range []string{"rows", "columns"} {
		b.WriteString("<clues type=\"" + t + "\">\n")
		for range puzzle.MaxSide {
			b.WriteString("<line>")
			for range puzzle.MaxSide / 2 {
				b.WriteString("<count>1</count>")
			}
			b.WriteString("</line>\n")
		}
		b.WriteString("</clues>\n")
	}
	b.WriteString("</puzzle></puzzleset>\n")
	return b.Bytes()
}

// BenchmarkReadXMLMaxClues reads the largest clue set a grid can have.
func BenchmarkReadXMLMaxClues(b *testing.B) { benchRead(b, "max.xml", maxCluesXML()) }
