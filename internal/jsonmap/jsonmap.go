// Package jsonmap writes a map as a JSON object an entry at a time, keys in
// order: the bytes of json.Marshal(m), without the whole encoding ever in
// memory. The build's caches of a large archive are a hundred megabytes of
// JSON, and encoding them at once doubled and tripled that at the peak.
package jsonmap

import (
	"encoding/json"
	"io"
	"maps"
	"slices"
)

// Encode writes m to w as json.Marshal(m) would.
func Encode[V any](w io.Writer, m map[string]V) error {
	if m == nil {
		_, err := io.WriteString(w, "null")
		return err
	}
	buf := []byte{'{'}
	for i, k := range slices.Sorted(maps.Keys(m)) {
		key, err := json.Marshal(k)
		if err != nil {
			return err
		}
		val, err := json.Marshal(m[k])
		if err != nil {
			return err
		}
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(append(append(buf, key...), ':'), val...)
		if _, err := w.Write(buf); err != nil {
			return err
		}
		buf = buf[:0]
	}
	_, err := w.Write(append(buf, '}'))
	return err
}
