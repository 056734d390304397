package diag

import "testing"

// TestGrouped checks that diagnostics saying the same of several files
// group past the listed count, that fewer stay one by one, that severity
// and hint tell groups apart, and that those without a file never group.
func TestGrouped(t *testing.T) {
	var l List
	for _, f := range []string{"a", "b", "c", "d"} {
		l = append(l, Diagnostic{File: f, Severity: Warning, Message: "no license"})
	}
	l = append(l,
		Diagnostic{File: "e", Severity: Error, Message: "no license"},
		Diagnostic{File: "f", Severity: Warning, Message: "twice"},
		Diagnostic{File: "g", Severity: Warning, Message: "twice"},
		Diagnostic{Severity: Warning, Message: "site-wide"},
		Diagnostic{Severity: Warning, Message: "site-wide"},
	)
	gs := Grouped(l, 3)
	if len(gs) != 6 {
		t.Fatalf("%d groups, want 6: %+v", len(gs), gs)
	}
	if gs[0].First.File != "a" || len(gs[0].Others) != 3 || gs[0].Same(2) != "the same in 3 more files: b, c, …" {
		t.Errorf("group of four: %+v, %q", gs[0], gs[0].Same(2))
	}
	if gs[1].First.Severity != Error || len(gs[1].Others) != 0 {
		t.Errorf("the error of the same message is a group of its own: %+v", gs[1])
	}
	if gs[2].First.File != "f" || gs[3].First.File != "g" || len(gs[2].Others)+len(gs[3].Others) != 0 {
		t.Errorf("two of a kind stay one by one: %+v %+v", gs[2], gs[3])
	}
	if gs[4].First.File != "" || gs[5].First.File != "" {
		t.Errorf("site-wide diagnostics: %+v %+v", gs[4], gs[5])
	}
	if got := (Group{Others: List{{File: "x"}}}).Same(3); got != "the same in 1 more file: x" {
		t.Errorf("one more: %q", got)
	}
}
