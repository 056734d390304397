package diag

import (
	"errors"
	"fmt"
	"testing"
)

func TestString(t *testing.T) {
	for _, tc := range []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{File: "typo.non", Line: 4, Message: `unknown key "widht"`, Hint: `did you mean "width"?`},
			`typo.non:4: unknown key "widht" (did you mean "width"?)`},
		{Diagnostic{File: "a.non", Line: 7, Col: 3, Message: "ignored characters"}, "a.non:7:3: ignored characters"},
		{Diagnostic{File: "a.non", Col: 3, Message: "m"}, "a.non: m"},
		{Diagnostic{Message: "no content"}, "no content"},
	} {
		if got := tc.d.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
}

func TestLabelled(t *testing.T) {
	for _, tc := range []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{File: "typo.non", Line: 4, Severity: Warning, Message: `unknown key "widht"`, Hint: `did you mean "width"?`},
			`typo.non:4: warning: unknown key "widht" (did you mean "width"?)`},
		{Diagnostic{File: "a.non", Line: 7, Col: 3, Message: "bad clue"}, "a.non:7:3: error: bad clue"},
		{Diagnostic{Severity: Warning, Message: "booklet too large"}, "warning: booklet too large"},
		{Warningf("public/CNAME", "not written by %s", "nonopress"), "public/CNAME: warning: not written by nonopress"},
	} {
		if got := tc.d.Labelled(); got != tc.want {
			t.Errorf("Labelled() = %q, want %q", got, tc.want)
		}
	}
}

type own struct{ d Diagnostic }

func (o own) Error() string          { return "own" }
func (o own) Diagnostic() Diagnostic { return o.d }

func TestFromError(t *testing.T) {
	d := &Diagnostic{File: "x.non", Line: 2, Message: "bad"}
	if got := FromError("other", fmt.Errorf("wrapped: %w", d)); got != *d {
		t.Errorf("FromError(*Diagnostic) = %+v", got)
	}
	o := own{Diagnostic{File: "y.xml", Line: 9, Message: "m", Severity: Warning}}
	if got := FromError("other", fmt.Errorf("w: %w", o)); got != o.d {
		t.Errorf("FromError(Diagnoser) = %+v", got)
	}
	if got := FromError("z.non", errors.New("plain")); got.String() != "z.non: plain" || got.Severity != Error {
		t.Errorf("FromError(plain) = %+v", got)
	}
}

func TestListSortAndCount(t *testing.T) {
	l := List{
		{File: "b", Line: 1, Message: "x", Severity: Warning},
		{File: "a", Line: 3, Message: "y"},
		{File: "a", Line: 3, Message: "w", Severity: Warning},
		{File: "a", Line: 1, Col: 2, Message: "z"},
	}
	l.Sort()
	var got []string
	for _, d := range l {
		got = append(got, d.Severity.String()+" "+d.String())
	}
	want := []string{"error a:1:2: z", "error a:3: y", "warning a:3: w", "warning b:1: x"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sorted = %q, want %q", got, want)
	}
	if l.Count(Error) != 2 || l.Count(Warning) != 2 || !l.HasErrors() {
		t.Errorf("counts wrong: %d errors, %d warnings", l.Count(Error), l.Count(Warning))
	}
	if (List{{Severity: Warning}}).HasErrors() {
		t.Error("a list of warnings has errors")
	}
}
