package content

import (
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/nonopress/nonopress/diag"
)

// The YAML and TOML decoders' errors, said for an author: at the line of
// the mistake, by the key, with the fix, and never by a Go type's name.

var (
	yamlLine = regexp.MustCompile(`line (\d+)`)
	// yamlType is a value YAML read that does not fit its key's type.
	yamlType = regexp.MustCompile("cannot unmarshal !!\\w+ `([^`]*)` into (\\S+)")
	// tomlType is a TOML value that does not fit its key's field.
	tomlType = regexp.MustCompile(`cannot decode TOML (\w+) into struct field [\w.]*\.(\w+) of type (\S+)`)
	// yamlNested is a list or mapping where its key wants one value.
	yamlNested = regexp.MustCompile(`cannot unmarshal !!(seq|map) into (\S+)`)
)

// yamlError is the error of a note's YAML front matter head (the lines
// after the opening "---", the first of them line 2 of the file at path)
// that YAML refused with err, said for an author: at the line of the
// mistake, a quote left open where it opens, a value that needs quotes
// (yamlplain.go), and a value of the wrong type by its key, with the fix.
func yamlError(path string, head []byte, err error) error {
	if k, quote := unclosedQuote(head); k > 0 && strings.Contains(err.Error(), "unexpected end of stream") {
		// YAML reads on past the line end for the quote's close, and
		// blames the end of the front matter.
		return &diag.Diagnostic{File: path, Line: 1 + k, Severity: diag.Error,
			Message: fmt.Sprintf("front matter: the value quoted with %c on this line is never closed", quote),
			Hint:    fmt.Sprintf("end it with %c on the same line", quote)}
	}
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if d := plainValueError(path, head, msg); d != nil {
		return d
	}
	if strings.Contains(msg, "into content.FrontMatter") || !strings.Contains(msg, "cannot unmarshal") {
		if d := noSpaceAfterColon(path, head); d != nil {
			return d
		}
	}
	if d := indentedKey(path, head); d != nil && !strings.Contains(msg, "cannot unmarshal") {
		return d
	}
	at := 1
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		k, _ := strconv.Atoi(m[1])
		at = 1 + k
		msg = strings.Replace(msg, m[0]+": ", "", 1)
		if d := yamlTypeError(path, head, k, msg); d != nil {
			return d
		}
	}
	return noteError(path, at, "front matter: %s", msg)
}

// yamlTypeError says a value of the wrong type (msg, YAML's unmarshal
// error, for line k of head, line 1+k of the file) by its key: "weight:
// \"heavy\" is not a number"; nil for any other error.
func yamlTypeError(path string, head []byte, k int, msg string) error {
	lines := strings.Split(string(head), "\n")
	if k < 1 || k > len(lines) {
		return nil
	}
	// A nested value's lines follow its key's, indented: YAML may blame one
	// of them.
	for k > 1 && (strings.HasPrefix(lines[k-1], " ") || strings.HasPrefix(lines[k-1], "\t") || strings.HasPrefix(lines[k-1], "-")) {
		k--
	}
	key, value, _ := strings.Cut(lines[k-1], ":")
	key = strings.TrimSpace(key)
	d := &diag.Diagnostic{File: path, Line: 1 + k, Severity: diag.Error}
	if m := yamlNested.FindStringSubmatch(msg); m != nil {
		nestedValue(d, key, value, m[1], m[2])
		return d
	}
	m := yamlType.FindStringSubmatch(msg)
	if m == nil {
		return nil
	}
	got := m[1]
	if v := strings.Trim(strings.TrimSpace(value), `"'`); strings.HasSuffix(got, "...") && strings.HasPrefix(v, strings.TrimSuffix(got, "...")) {
		got = v // YAML cuts a value it quotes after 7 characters
	}
	switch into := m[2]; {
	case strings.HasPrefix(into, "int"), strings.HasPrefix(into, "float"):
		d.Message = fmt.Sprintf("front matter: %s: %q is not a number", key, got)
	case strings.HasPrefix(into, "[]"):
		d.Message = fmt.Sprintf("front matter: %s: %q is not a list", key, got)
		d.Hint = fmt.Sprintf("write a list in brackets, as in %s: [%s]", key, got)
	case into == "bool":
		d.Message = fmt.Sprintf("front matter: %s: %q is not true or false", key, got)
	default:
		return nil
	}
	return d
}

// nestedValue says in d that key, on a line that reads value after it,
// was given a list or mapping (kind "seq" or "map") where it wants one
// value of Go type into, or a mapping where it wants a list (into "[]…").
func nestedValue(d *diag.Diagnostic, key, value, kind, into string) {
	if strings.HasPrefix(into, "[]") {
		d.Message = fmt.Sprintf("front matter: %s: a mapping is not a list", key)
		d.Hint = fmt.Sprintf("write a list in brackets, as in %s: [a, b]", key)
		return
	}
	what := map[string]string{"seq": "a list", "map": "a mapping"}[kind]
	d.Message = fmt.Sprintf("front matter: %s: %s is not one value", key, what)
	if into != "string" {
		return
	}
	if one := strings.TrimSpace(strings.Trim(strings.TrimSpace(value), "[]{}")); one != "" {
		d.Hint = fmt.Sprintf("write it as one text, as in %s: %q", key, one)
	} else {
		d.Hint = fmt.Sprintf("write it as one text on the line of %s:", key)
	}
}

// unclosedQuote finds the first line (1-based, within head) of YAML front
// matter whose value opens a quote (" or ') that the line does not close,
// and the quote; 0 when every quoted value closes on its line. YAML lets a
// quoted value run on to later lines, so it is asked only of front matter
// that failed to parse.
func unclosedQuote(head []byte) (int, byte) {
	for i, l := range strings.Split(string(head), "\n") {
		_, v, ok := strings.Cut(l, ":")
		v = strings.TrimSpace(v)
		if !ok || v == "" || (v[0] != '"' && v[0] != '\'') {
			continue
		}
		if !closesQuote(v[1:], v[0]) {
			return i + 1, v[0]
		}
	}
	return 0, 0
}

// closesQuote reports whether s holds the quote that closes a YAML value
// opened with quote: an unescaped " (\" escapes it), or a ' not doubled.
func closesQuote(s string, quote byte) bool {
	for i := 0; i < len(s); i++ {
		switch {
		case quote == '"' && s[i] == '\\':
			i++
		case s[i] == quote && quote == '\'' && i+1 < len(s) && s[i+1] == '\'':
			i++
		case s[i] == quote:
			return true
		}
	}
	return false
}

// tomlTypeError says a TOML value of the wrong type (err, at line at of
// the file) by its key, in the words yamlTypeError uses, with the fix,
// after prefix ("front matter: "); nil for any other error. go-toml names
// the Go field of fields (the struct decoded into) whose toml tag is the key.
func tomlTypeError(path string, at int, err error, fields any, prefix string) *diag.Diagnostic {
	m := tomlType.FindStringSubmatch(err.Error())
	if m == nil {
		return nil
	}
	key := strings.ToLower(m[2])
	if f, ok := reflect.TypeOf(fields).FieldByName(m[2]); ok {
		key, _, _ = strings.Cut(f.Tag.Get("toml"), ",")
	}
	article := "a "
	if strings.ContainsRune("aeiou", rune(m[1][0])) {
		article = "an "
	}
	d := &diag.Diagnostic{File: path, Line: at, Severity: diag.Error}
	switch into := m[3]; {
	case into == "string":
		d.Message = fmt.Sprintf("%s%s: %s%s is not one text", prefix, key, article, m[1])
		d.Hint = fmt.Sprintf(`write it in quotes, as in %s = "…"`, key)
	case strings.HasPrefix(into, "int") && m[1] == "float":
		d.Message = fmt.Sprintf("%s%s: a fraction is not a whole number", prefix, key)
		d.Hint = fmt.Sprintf("write a whole number, as in %s = 2", key)
	case strings.HasPrefix(into, "int"):
		d.Message = fmt.Sprintf("%s%s: %s%s is not a number", prefix, key, article, m[1])
		d.Hint = fmt.Sprintf("write a number without quotes, as in %s = 2", key)
	case into == "bool":
		d.Message = fmt.Sprintf("%s%s: %s%s is not true or false", prefix, key, article, m[1])
		d.Hint = fmt.Sprintf("write %s = true or %s = false", key, key)
	case strings.HasPrefix(into, "[]"):
		d.Message = fmt.Sprintf("%s%s: %s%s is not a list", prefix, key, article, m[1])
		d.Hint = fmt.Sprintf(`write a list in brackets, as in %s = ["a", "b"]`, key)
	default:
		return nil
	}
	return d
}

// tagKeys are the keys of the fields of struct type t in the format whose
// struct tag is tag ("yaml", "toml"), in field order: the keys a file of
// it may hold.
func tagKeys(t reflect.Type, tag string) []string {
	var keys []string
	for i := range t.NumField() {
		if key, _, _ := strings.Cut(t.Field(i).Tag.Get(tag), ","); key != "" && key != "-" {
			keys = append(keys, key)
		}
	}
	return keys
}
