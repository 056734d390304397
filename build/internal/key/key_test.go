package key

import "testing"

// Keys differ whenever a part differs, and parts cannot run into each other.
func TestKeysDiffer(t *testing.T) {
	type settings struct {
		Paper string
		Mono  bool
	}
	keys := map[string]string{}
	for name, k := range map[string]*Hasher{
		"base":      New("prog", "puzzle").String("ab").Value(settings{"a4", false}),
		"program":   New("prog2", "puzzle").String("ab").Value(settings{"a4", false}),
		"kind":      New("prog", "page").String("ab").Value(settings{"a4", false}),
		"split":     New("prog", "puzzle").String("a").String("b").Value(settings{"a4", false}),
		"setting":   New("prog", "puzzle").String("ab").Value(settings{"a4", true}),
		"int":       New("prog", "puzzle").String("ab").Int(1),
		"bool":      New("prog", "puzzle").String("ab").Bool(false),
		"no values": New("prog", "puzzle").String("ab"),
	} {
		sum := k.Sum()
		if other, dup := keys[sum]; dup {
			t.Errorf("%s and %s have the same key", name, other)
		}
		keys[sum] = name
	}
	a := New("p", "k").Value(settings{"letter", true}).Sum()
	b := New("p", "k").Value(settings{"letter", true}).Sum()
	if a != b || len(a) != 32 {
		t.Errorf("the same parts gave %q and %q", a, b)
	}
}

// A value JSON cannot encode still makes a key.
func TestValueWithoutJSON(t *testing.T) {
	type withFunc struct{ F func() }
	if k := New("p", "k").Value(withFunc{}).Sum(); len(k) != 32 {
		t.Errorf("key %q", k)
	}
}
