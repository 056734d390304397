package formats

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"os"
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16Bytes encodes s as UTF-16 with a byte order mark.
func utf16Bytes(s string, bigEndian bool) []byte {
	var b []byte
	put := func(u uint16) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	put(0xfeff)
	for _, u := range utf16.Encode([]rune(s)) {
		put(u)
	}
	return b
}

// UTF-16 files with a byte order mark read as their UTF-8 text does; other
// encodings the readers cannot take are named in the error.
func TestUTF16IsReadOrNamed(t *testing.T) {
	xmlText, err := os.ReadFile("testdata/spec-example.xml")
	if err != nil {
		t.Fatal(err)
	}
	nonText := "title \"Café ☕\"\nwidth 2\nheight 1\nrows\n2\ncolumns\n1\n1\n"
	for _, tc := range []struct{ name, text string }{{"a.non", nonText}, {"b.xml", string(xmlText)}, {"c.unknown", nonText}} {
		want, err := Read(tc.name, []byte(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		for _, big := range []bool{false, true} {
			got, err := Read(tc.name, utf16Bytes(tc.text, big))
			if err != nil {
				t.Errorf("%s (UTF-16, big endian %v): %v", tc.name, big, err)
				continue
			}
			if len(got) != len(want) || got[0].Meta.Title != want[0].Meta.Title || got[0].ID() != want[0].ID() {
				t.Errorf("%s (UTF-16, big endian %v): %d puzzles, title %q; want %q", tc.name, big, len(got), got[0].Meta.Title, want[0].Meta.Title)
			}
		}
	}
	for _, tc := range []struct {
		data []byte
		want string
	}{
		{append([]byte{0xff, 0xfe, 0, 0}, "t\x00\x00\x00"...), "UTF-32"},
		{utf16Bytes(nonText, false)[2:], "UTF-16 without a byte order mark"},
		{utf16Bytes(nonText, true)[:9], "UTF-16BE text with an odd number of bytes"},
	} {
		_, err := Read("x.non", tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "x.non: ") {
			t.Errorf("Read(% x...) = %v; want an error naming %s", tc.data[:4], err, tc.want)
		}
	}
}

// Data compressed twice, and bytes after a compressed stream, get messages
// that say so; concatenated gzip members and zero padding are read.
func TestCompressionMistakesAreNamed(t *testing.T) {
	gz := func(data []byte) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write(data)
		w.Close()
		return b.Bytes()
	}
	var zl bytes.Buffer
	zw := zlib.NewWriter(&zl)
	zw.Write([]byte(bundle))
	zw.Close()
	half := strings.Index(bundle, "====")
	for _, tc := range []struct {
		name string
		data []byte
		want string // "" for no error
	}{
		{"twice.nonpack.gz", gz(gz([]byte(bundle))), "compressed twice"},
		{"garbage.nonpack.gz", append(gz([]byte(bundle)), "PK\x03\x04 trailing"...), "13 bytes of trailing garbage after the gzip stream"},
		{"zgarbage.nonpack.gz", append(zl.Bytes(), "junk"...), "4 bytes of trailing garbage after the zlib stream"},
		{"members.nonpack.gz", append(gz([]byte(bundle[:half])), gz([]byte(bundle[half:]))...), ""},
		{"padded.nonpack.gz", append(gz([]byte(bundle)), make([]byte, 512)...), ""},
	} {
		ps, err := Read(tc.name, tc.data)
		switch {
		case tc.want == "" && (err != nil || len(ps) != 2):
			t.Errorf("%s: %d puzzles, %v; want 2", tc.name, len(ps), err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v; want an error saying %q", tc.name, err, tc.want)
		}
	}
}

// An element with an absurd number of attributes is refused before
// encoding/xml holds them all; ordinary files are untouched by the check.
func TestXMLAttributeFlood(t *testing.T) {
	data := []byte("<?xml version=\"1.0\"?>\n<puzzleset>\n<puzzle" + strings.Repeat(" a", 100000) + "></puzzle></puzzleset>")
	_, err := Read("flood.xml", data)
	if err == nil || !strings.Contains(err.Error(), "flood.xml:3: an element with more than 1000 attributes") {
		t.Errorf("attribute flood: %v", err)
	}
	quoted := []byte(`<puzzleset><puzzle title="` + strings.Repeat("a ", 5000) + `"></puzzle></puzzleset>`)
	if err := checkXMLAttrs("q.xml", quoted); err != nil {
		t.Errorf("spaces inside a quoted value counted as attributes: %v", err)
	}
}

// Files whose lines end in a carriage return alone read as with "\n", and
// their errors name the right line, in every text format.
func TestCROnlyLineEnds(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"a.non", "width 1\nheight 2\nrows\n1\nl\ncolumns\n2\n", "a.non:5:1:"},
		{"b.nin", "1 2\n1\n1\nx\n", "b.nin:4:"},
		{"c.g", "#d\n   1:#  #000000\n: rows\n1\nx\n: columns\n2\n", "c.g:5:"},
		{"d.xml", "<puzzleset>\n<puzzle type=\"grid\">\n<color>000</color>\n</puzzle>\n</puzzleset>\n", "d.xml:3:"},
	} {
		_, err := Read(tc.name, []byte(strings.ReplaceAll(tc.text, "\n", "\r")))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s with CR line ends: error %v, want it at %s", tc.name, err, tc.want)
		}
		good := strings.ReplaceAll(tc.text, "\n", "\r\n")
		if _, errCRLF := Read(tc.name, []byte(good)); errCRLF == nil || err == nil || errCRLF.Error() != err.Error() {
			t.Errorf("%s: CR-only error %v, CRLF error %v: want the same", tc.name, err, errCRLF)
		}
	}
}
