package content

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/nonopress/nonopress/diag"
)

// TOML's syntax errors name characters ("unexpected character U+0043 'C'
// at start of value"); the mistakes behind them are few: text without
// quotes, a quote left open, a list of words without quotes, YAML's
// "key: value", and '' inside single quotes. TOMLLineError says them.

// TOMLLineError says what is wrong with the row-th line of data, the TOML
// that go-toml blamed it in (line at of the file at path), and how to
// write it, after prefix ("front matter: "); fields is the struct decoded
// into, whose toml tags give the keys' types. It is nil when the line is
// none of the usual mistakes.
func TOMLLineError(path string, at int, data []byte, row int, prefix string, fields any) *diag.Diagnostic {
	lines := strings.Split(string(data), "\n")
	if row < 1 || row > len(lines) {
		return nil
	}
	d := &diag.Diagnostic{File: path, Line: at, Severity: diag.Error}
	l := strings.TrimSpace(lines[row-1])
	key, value, ok := strings.Cut(l, "=")
	if !ok {
		if k, v, yamlish := strings.Cut(l, ":"); yamlish && isKey(strings.TrimSpace(k)) {
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			toml := "TOML" // nonopress.toml, which has no +++ lines
			if prefix != "" {
				toml = "TOML (between +++ lines)" // a note's front matter
			}
			d.Message = fmt.Sprintf("%s%q is written as YAML: %s writes key = value", prefix, l, toml)
			if v == "" || strings.ContainsAny(v[:1], "\"'[{0123456789") || v == "true" || v == "false" {
				d.Hint = "write " + k + " = " + v
			} else {
				d.Hint = "write " + k + " = " + tomlText(v)
			}
			return d
		}
		return nil
	}
	key, value = strings.TrimSpace(key), strings.TrimSpace(value)
	if !isKey(key) || value == "" {
		return nil
	}
	switch c := value[0]; {
	case c == '"' && !closesQuote(value[1:], '"'), c == '\'' && !strings.ContainsRune(value[1:], '\''): // \" escapes a " only
		d.Message = fmt.Sprintf("%s%s: the value quoted with %c is never closed", prefix, key, c)
		d.Hint = fmt.Sprintf("end it with %c on the same line", c)
	case c == '\'' && len(value) >= 2 && strings.Contains(value[1:len(value)-1], "''"):
		d.Message = fmt.Sprintf("%s%s: TOML has no '' inside single quotes", prefix, key)
		d.Hint = "write " + key + " = " + tomlText(strings.ReplaceAll(value[1:len(value)-1], "''", "'"))
	case c == '[' && strings.HasSuffix(value, "]") && !strings.ContainsAny(value, "\"'"):
		var items []string
		for _, it := range strings.Split(value[1:len(value)-1], ",") {
			if it = strings.TrimSpace(it); it != "" {
				items = append(items, tomlText(it))
			}
		}
		d.Message = fmt.Sprintf("%s%s: the words of a TOML list need quotes", prefix, key)
		d.Hint = "write " + key + " = [" + strings.Join(items, ", ") + "]"
	case c == '"' || c == '\'' || c == '[' || c == '{' || c == '-' || c == '+' || (c >= '0' && c <= '9') || value == "true" || value == "false":
		return nil // a value TOML has a syntax for: its error is another's
	default:
		word, _, _ := strings.Cut(value, " #") // a comment
		word = strings.TrimSpace(word)
		switch fieldKind(fields, key) {
		case reflect.Bool:
			d.Message = fmt.Sprintf("%s%s: %q is not true or false", prefix, key, word)
			d.Hint = fmt.Sprintf("write %s = true or %s = false", key, key)
		case reflect.Int, reflect.Float64:
			d.Message = fmt.Sprintf("%s%s: %q is not a number", prefix, key, word)
			d.Hint = fmt.Sprintf("write a number, as in %s = 2", key)
		case reflect.Slice:
			d.Message = fmt.Sprintf("%s%s: %q is not a list", prefix, key, word)
			d.Hint = "write " + key + " = [" + tomlText(word) + "]"
		default:
			d.Message = fmt.Sprintf("%s%s: text in TOML needs quotes", prefix, key)
			d.Hint = "write " + key + " = " + tomlText(word)
		}
	}
	return d
}

// fieldKind is the kind of the field of struct fields whose toml tag is
// key; reflect.Invalid for none.
func fieldKind(fields any, key string) reflect.Kind {
	t := reflect.TypeOf(fields)
	for i := range t.NumField() {
		if tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ","); tag == key {
			return t.Field(i).Type.Kind()
		}
	}
	return reflect.Invalid
}

// tomlText writes s as a TOML basic string.
func tomlText(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
