package jsonmap

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

type entry struct {
	Name  string            `json:"name"`
	Cells []string          `json:"cells,omitempty"`
	Files map[string]string `json:"files"`
}

// Encode gives json.Marshal's bytes, for keys and values that need escaping
// too.
func TestEncodeIsMarshal(t *testing.T) {
	cases := []map[string]entry{
		nil,
		{},
		{"b": {Name: "second"}, "a": {Name: "first", Cells: []string{"AQI="}}},
		{"<script>": {Name: "\u2028 & \"quoted\""}, "é": {Files: map[string]string{"z": "1", "a": "2"}}},
	}
	for _, m := range cases {
		var got bytes.Buffer
		if err := Encode(&got, m); err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(m)
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("Encode = %s\nwant   %s", got.Bytes(), want)
		}
	}
}

type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n--; w.n < 0 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

// A write error is returned, wherever it happens.
func TestEncodeWriteError(t *testing.T) {
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	for n := range 4 {
		if err := Encode(&failingWriter{n: n}, m); err == nil {
			t.Errorf("failing after %d writes: no error", n)
		}
	}
}
