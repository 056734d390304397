package formats

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/nonopress/nonopress/puzzle"
)

// This file finds the character references of an XML file that its reader
// keeps as text rather than decoding: a name neither XML nor HTML defines
// ("&eacut;"), or a name without its ';' ("&amp"). The file still reads,
// but the title or note would show the reference itself.

// entityRefs returns each reference of data: where its '&' is, its name
// and whether a ';' ends it.
func entityRefs(data []byte, yield func(at int, name string, semi bool) bool) {
	for i := 0; i < len(data); i++ {
		j := bytes.IndexByte(data[i:], '&')
		if j < 0 {
			return
		}
		at := i + j
		k := at + 1
		for k < len(data) && (isASCIILetter(data[k]) || k > at+1 && data[k] >= '0' && data[k] <= '9') {
			k++
		}
		i = k - 1
		if k == at+1 {
			continue
		}
		if !yield(at, string(data[at+1:k]), k < len(data) && data[k] == ';') {
			return
		}
	}
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// xmlNamedEntities are the five entities XML itself defines.
var xmlNamedEntities = map[string]bool{"amp": true, "lt": true, "gt": true, "quot": true, "apos": true}

// entityWarnings returns a warning for each reference of data that is kept
// as text (at most maxWarnings), outside comments and CDATA sections.
func entityWarnings(data []byte) []puzzle.Diagnostic {
	var out []puzzle.Diagnostic
	dtStart, dtEnd := doctype(data)
	declared := map[string]bool{} // the entities the DOCTYPE declares
	for _, m := range entityDecl.FindAllSubmatch(data[dtStart:dtEnd], -1) {
		declared[string(m[1])] = true
	}
	var sections sectionSkipper
	line, counted := 1, 0 // the line of offset counted
	entityRefs(data, func(at int, name string, semi bool) bool {
		known := xmlNamedEntities[name] || xml.HTMLEntity[name] != ""
		if (known && semi) || (at >= dtStart && at < dtEnd) || sections.skips(data, at) {
			return true
		}
		line += bytes.Count(data[counted:at], []byte("\n"))
		counted = at
		lineStart := bytes.LastIndexByte(data[:at], '\n') + 1
		d := puzzle.Diagnostic{Line: line, Col: utf8.RuneCount(data[lineStart:at]) + 1}
		switch {
		case declared[name]:
			d.Message = fmt.Sprintf("entity \"&%s;\" is declared in the DOCTYPE, which is never read: it is kept as text", name)
			d.Hint = "write the text itself"
		case known:
			d.Message = fmt.Sprintf("\"&%s\" has no ';': it is kept as text", name)
			d.Hint = fmt.Sprintf("write &%s;", name)
		default:
			ref := "&" + name // as written: "&soul" in "Heart &soul" has no ';'
			if semi {
				ref += ";"
			}
			d.Message = fmt.Sprintf("unknown entity %q: it is kept as text", ref)
			d.Hint = fmt.Sprintf("write the character itself, or &amp;%s for the text", ref[1:])
			if k := suggestKey(name, entityNames(unicode.IsUpper(rune(name[0])))); k != "" {
				d.Hint = fmt.Sprintf("did you mean &%s;?", k)
			}
		}
		out = append(out, d)
		return len(out) < maxWarnings
	})
	return out
}

// entityDecl matches an entity declaration of a DOCTYPE.
var entityDecl = regexp.MustCompile(`<!ENTITY\s+([A-Za-z][A-Za-z0-9]*)`)

// doctype returns where the DOCTYPE of data starts and ends (its internal
// subset included), or 0, 0.
func doctype(data []byte) (start, end int) {
	start = bytes.Index(data, []byte("<!DOCTYPE"))
	if start < 0 {
		return 0, 0
	}
	rest := data[start:]
	gt := bytes.IndexByte(rest, '>')
	if gt < 0 {
		return start, len(data)
	}
	if br := bytes.IndexByte(rest[:gt], '['); br >= 0 {
		if e := bytes.Index(rest, []byte("]>")); e >= 0 {
			return start, start + e + 2
		}
		return start, len(data)
	}
	return start, start + gt + 1
}

// sectionSkipper tells the offsets of data inside a comment or CDATA
// section, where references are not decoded, asked in increasing order: it
// keeps the section [start, end) at or after the last offset asked.
type sectionSkipper struct{ start, end int }

// skips reports whether offset at of data is inside a comment or CDATA
// section.
func (s *sectionSkipper) skips(data []byte, at int) bool {
	for s.end <= at && s.start < len(data) {
		s.start, s.end = nextSection(data, s.end)
	}
	return at >= s.start && at < s.end
}

// nextSection returns the span of the first comment or CDATA section of
// data starting at or after from, or len(data), len(data).
func nextSection(data []byte, from int) (start, end int) {
	for i := from; i < len(data); i++ {
		j := bytes.IndexByte(data[i:], '<')
		if j < 0 {
			break
		}
		i += j
		for _, s := range []struct{ open, close string }{{"<!--", "-->"}, {"<![CDATA[", "]]>"}} {
			if bytes.HasPrefix(data[i:], []byte(s.open)) {
				end := len(data)
				if e := bytes.Index(data[i:], []byte(s.close)); e >= 0 {
					end = i + e + len(s.close)
				}
				return i, end
			}
		}
	}
	return len(data), len(data)
}

// entityNames are the names of the entities the reader decodes, sorted,
// those starting with a capital letter or the others (names differ in case
// only: &Eacute; and &eacute;).
func entityNames(capital bool) []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(xml.HTMLEntity)) {
		if unicode.IsUpper(rune(name[0])) == capital {
			out = append(out, name)
		}
	}
	return out
}
