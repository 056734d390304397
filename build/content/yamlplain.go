package content

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/nonopress/nonopress/diag"
)

// Titles are where YAML's plain (unquoted) values bite: "Cat: the sequel"
// reads as a key inside a value, "[Draft] Cat" as a list left open, "#1
// puzzle" as a comment, leaving the title empty. YAML says so in its own
// terms ("mapping values are not allowed in this context"), often without
// a line. These say it at the line, by the key, with the fix: quotes.

// plainValueError finds the first top-level line of YAML front matter head
// (whose first line is line 2 of the file at path) whose unquoted value
// YAML cannot read as text, given YAML's error message yamlMsg, and says
// why and how to write it; nil when there is none, or when YAML's error is
// not one a plain value causes.
func plainValueError(path string, head []byte, yamlMsg string) *diag.Diagnostic {
	if strings.Contains(yamlMsg, "cannot unmarshal") { // a type, yamlTypeError's
		return nil
	}
	for i, l := range strings.Split(string(head), "\n") {
		key, value, ok := topLevelPair(l)
		if !ok {
			continue
		}
		why := ""
		switch {
		case value == "":
			continue
		case value[0] == '[' && !strings.HasSuffix(value, "]") && slices.Contains(listKeys, key) && strings.Contains(yamlMsg, "did not find expected"):
			return &diag.Diagnostic{File: path, Line: 1 + i + 1, Severity: diag.Error,
				Message: fmt.Sprintf("front matter: %s: the list is never closed", key),
				Hint:    fmt.Sprintf("end it with ]: %s: %s]", key, value)}
		case value[0] == '[' && !strings.HasSuffix(value, "]") && strings.Contains(yamlMsg, "did not find expected"):
			why = "YAML reads a value that starts with [ as a list, and this one is never closed"
		case value[0] == '{' && !strings.HasSuffix(value, "}") && strings.Contains(yamlMsg, "did not find expected"):
			why = "YAML reads a value that starts with { as a mapping, and this one is never closed"
		case strings.ContainsAny(value[:1], "@`"):
			why = fmt.Sprintf("YAML does not let a value start with %c", value[0])
		case strings.HasPrefix(value, "- "):
			why = "YAML reads a value that starts with \"- \" as a list"
		case strings.ContainsAny(value[:1], "*&!%"):
			why = fmt.Sprintf("YAML reads %c at the start of a value as its own syntax", value[0])
		case !strings.ContainsAny(value[:1], "\"'[{") && strings.Contains(value, ": ") && strings.Contains(yamlMsg, "mapping values"):
			why = "YAML reads \": \" inside a value as the start of another key"
		default:
			continue
		}
		return &diag.Diagnostic{File: path, Line: 1 + i + 1, Severity: diag.Error,
			Message: fmt.Sprintf("front matter: %s: %s", key, why),
			Hint:    fmt.Sprintf("put the value in quotes: %s: %q", key, value)}
	}
	return nil
}

// noSpaceAfterColon finds a top-level line of YAML front matter written
// "key:value", which YAML reads as text rather than a key and its value,
// and says so with the fix; nil when there is none.
func noSpaceAfterColon(path string, head []byte) *diag.Diagnostic {
	for i, l := range strings.Split(string(head), "\n") {
		key, value, ok := strings.Cut(l, ":")
		if !ok || l == "" || l[0] == ' ' || l[0] == '\t' || l[0] == '#' || value == "" || value[0] == ' ' || value[0] == '\t' || !isKey(key) {
			continue
		}
		return &diag.Diagnostic{File: path, Line: 1 + i + 1, Severity: diag.Error,
			Message: fmt.Sprintf("front matter: %q is not a key and value: YAML wants a space after the colon", l),
			Hint:    fmt.Sprintf("write %s: %s", key, value)}
	}
	return nil
}

// indentedKey is the error of a key written indented under a key whose
// value is on its own line (` author: Ada` after `description: My
// puzzles`): YAML reads it as more of that value, or as a mapping where
// none can be, and says "mapping values are not allowed in this context"
// or "did not find expected key". nil when no line is so.
func indentedKey(path string, head []byte) *diag.Diagnostic {
	lines := strings.Split(string(head), "\n")
	prev := -1 // the last line that is not blank or a comment
	for i, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if t == "" || t[0] == '#' {
			continue
		}
		key, _, ok := strings.Cut(t, ":")
		if ok && t != l && isKey(key) && prev >= 0 {
			pk, pv, pok := strings.Cut(lines[prev], ":")
			if pok && isKey(pk) && strings.TrimSpace(pv) != "" {
				return &diag.Diagnostic{File: path, Line: 1 + i + 1, Severity: diag.Error,
					Message: fmt.Sprintf("front matter: %q is indented, so YAML reads it as part of %s (line %d)", key+":", pk, 1+prev+1),
					Hint:    fmt.Sprintf("remove the %s before %q: a key starts its line, as the others do", indentName(l[:len(l)-len(t)]), key+":")}
			}
		}
		prev = i
	}
	return nil
}

// indentName names the white space that indents a line: "space", "tab",
// "spaces", "tabs" or "spaces and tabs".
func indentName(indent string) string {
	switch {
	case indent == " ":
		return "space"
	case indent == "\t":
		return "tab"
	case strings.Trim(indent, " ") == "":
		return "spaces"
	case strings.Trim(indent, "\t") == "":
		return "tabs"
	}
	return "spaces and tabs"
}

// textKeys are the front matter keys whose values are text, which a
// comment cuts short unnoticed (a number or true, or a list, would not
// take a # anyway); listKeys those whose values are lists.
var textKeys, listKeys = keysOfKind(reflect.String), keysOfKind(reflect.Slice)

// keysOfKind are the YAML keys of FrontMatter's fields of kind k.
func keysOfKind(k reflect.Kind) []string {
	var keys []string
	t := reflect.TypeFor[FrontMatter]()
	for i := range t.NumField() {
		if f := t.Field(i); f.Type.Kind() == k && f.Tag.Get("yaml") != "-" {
			keys = append(keys, f.Tag.Get("yaml"))
		}
	}
	return keys
}

// commentedValues warns of each text key of YAML front matter head whose
// unquoted value YAML cut short at a comment: all of it when it starts
// with # ("title: #1 puzzle" gives no title), the rest from " #" on.
func commentedValues(path string, head []byte) diag.List {
	var out diag.List
	for i, l := range strings.Split(string(head), "\n") {
		key, value, ok := topLevelPair(l)
		if !ok || value == "" || strings.ContainsAny(value[:1], "\"'[{") || !slices.Contains(textKeys, key) {
			continue
		}
		var msg string
		if kept, _, cut := strings.Cut(value, " #"); strings.HasPrefix(value, "#") {
			msg = fmt.Sprintf("front matter: %s is empty, as YAML reads %s as a comment", key, value)
		} else if cut {
			msg = fmt.Sprintf("front matter: %s is %q, as YAML reads what follows \" #\" as a comment", key, strings.TrimSpace(kept))
		} else {
			continue
		}
		out = append(out, diag.Diagnostic{File: path, Line: 1 + i + 1, Severity: diag.Warning, Message: msg,
			Hint: fmt.Sprintf("put the value in quotes: %s: %q", key, value)})
	}
	return out
}

// topLevelPair splits a line of YAML "key: value" at the top level (not
// indented, not a comment) into the key and the value without its
// surrounding space.
func topLevelPair(l string) (key, value string, ok bool) {
	if l == "" || l[0] == ' ' || l[0] == '\t' || l[0] == '#' {
		return "", "", false
	}
	key, value, ok = strings.Cut(l, ": ")
	if !ok {
		key, ok = strings.CutSuffix(l, ":")
	}
	if !ok || !isKey(key) {
		return "", "", false
	}
	return key, strings.TrimSpace(value), true
}

// isKey reports whether s looks like a front matter key: letters, digits,
// _ and -.
func isKey(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}
