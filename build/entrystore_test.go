package build

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/nonopress/nonopress/build/site"
)

// unpersisted are site.Entry's fields that the store does not keep: where
// the puzzle was read from, which every build sets anew (site.Entry.Place),
// and what this build kept of it for its booklet (site.Entry.SetBooklet).
var unpersisted = map[string]bool{"coll": true, "file": true, "order": true, "booklet": true}

// TestStoreKeepsEveryEntryField fills every exported field of an entry
// (found by reflection, so that a field added later is filled too), keeps
// it in the store file and reads it back in a new builder's store: a field
// added to site.Entry that the store does not keep fails here, as does an
// unexported field, which the store cannot keep, unless it is listed above.
func TestStoreKeepsEveryEntryField(t *testing.T) {
	var e site.Entry
	n := 0
	fillValue(t, reflect.ValueOf(&e).Elem(), &n)
	et := reflect.TypeOf(e)
	for i := range et.NumField() {
		if f := et.Field(i); !f.IsExported() && !unpersisted[f.Name] {
			t.Errorf("site.Entry.%s is unexported: the store cannot keep it", f.Name)
		}
	}
	tpl, err := site.LoadTemplates(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	m := newFileMemo(dir, "test program", tpl)
	m.load()
	if err := m.keep(map[string]*fileRecord{"k": {Entries: []site.Entry{e}}}, nil, buildStamp{}, true); err != nil {
		t.Fatal(err)
	}
	again := newFileMemo(dir, "test program", tpl)
	again.load()
	rec := again.lookup("k")
	if rec == nil || len(rec.Entries) != 1 {
		t.Fatalf("the store read back %+v, want the entry kept", rec)
	}
	if !reflect.DeepEqual(rec.Entries[0], e) {
		t.Errorf("the store read back\n%+v\nwant\n%+v", rec.Entries[0], e)
	}
}

// fillValue sets v, and every exported field, element and value below it,
// to a value of its kind that is not the zero value and differs from the
// others (n counts them).
func fillValue(t *testing.T, v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString("value " + strconv.Itoa(*n))
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(*n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Float64:
		v.SetFloat(float64(*n) + 0.5)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fillValue(t, v.Index(i), n)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		k, x := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fillValue(t, k, n)
		fillValue(t, x, n)
		v.SetMapIndex(k, x)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillValue(t, v.Field(i), n)
			}
		}
	default:
		t.Fatalf("fillValue: no value for a %s: teach this test the new field's kind", v.Type())
	}
}
