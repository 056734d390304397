// Package key derives the keys of the build's caches: a hash of everything
// an output is made from (the program, the kind of output, the bytes of its
// inputs and the settings that shape it), so that a changed input can only
// give a new key. Settings are hashed as values, every exported field
// counting, rather than by a list of fields kept by hand.
package key

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"io"
)

// Hasher accumulates the parts of a key. Each part is written with its
// length, so that no two sequences of parts hash alike.
type Hasher struct{ h hash.Hash }

// New starts the key of a kind of output made by a program (its
// fingerprint; "" where the program does not matter).
func New(program, kind string) *Hasher {
	k := &Hasher{h: sha256.New()}
	return k.String(program).String(kind)
}

// String adds a string.
func (k *Hasher) String(s string) *Hasher {
	k.Int(len(s))
	io.WriteString(k.h, s)
	return k
}

// Int adds a number.
func (k *Hasher) Int(n int) *Hasher {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(n))
	k.h.Write(b[:])
	return k
}

// Bool adds a truth value.
func (k *Hasher) Bool(v bool) *Hasher {
	if v {
		return k.Int(1)
	}
	return k.Int(0)
}

// Value adds a value by its JSON encoding: a settings struct, an image.
// Every exported field counts, so a field added to the settings is in every
// key made from them. A value JSON cannot encode (one holding a function)
// is added as Go syntax instead (fmt's %#v), which may differ from one run
// to the next: the key then misses, and the output is made again.
func (k *Hasher) Value(v any) *Hasher {
	data, err := json.Marshal(v)
	if err != nil {
		return k.String(fmt.Sprintf("go %#v", v))
	}
	return k.String(string(data))
}

// Sum returns the key: 32 hexadecimal digits.
func (k *Hasher) Sum() string {
	return hex.EncodeToString(k.h.Sum(nil)[:16])
}
