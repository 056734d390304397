package diag

import (
	"fmt"
	"strings"
)

// A Group is diagnostics that say the same thing (severity, message and
// hint) of different files, such as "no license" over a folder of files
// that cannot state one: printed as First in full, then one line naming
// the files of Others, so that one line repeated a hundred times does not
// hide the diagnostics that differ.
type Group struct {
	First  Diagnostic
	Others List
}

// Listed is how many diagnostics that say the same a report lists one by
// one before it groups them, and how many of the others its Same line
// names: the count build, print and serve use.
const Listed = 3

// Grouped groups l by what its diagnostics say, in order of first
// appearance. A group of at most listed diagnostics is given as groups of
// one, each printed in full; a diagnostic without a file (its message
// names what it is about) is never grouped.
func Grouped(l List, listed int) []Group {
	byKey := map[string]List{}
	var order []string
	for i, d := range l {
		key := fmt.Sprintf("%d\x00%s\x00%s", d.Severity, d.Message, d.Hint)
		if d.File == "" {
			key = fmt.Sprint(i)
		}
		if byKey[key] == nil {
			order = append(order, key)
		}
		byKey[key] = append(byKey[key], d)
	}
	var out []Group
	for _, key := range order {
		g := byKey[key]
		if len(g) <= listed {
			for _, d := range g {
				out = append(out, Group{First: d})
			}
			continue
		}
		out = append(out, Group{First: g[0], Others: g[1:]})
	}
	return out
}

// Same is the line that follows a group's first diagnostic: "the same in
// 77 more files: a.nin, b.nin, c.nin, …", naming at most named files.
func (g Group) Same(named int) string {
	var names []string
	for i, d := range g.Others {
		if i == named {
			names = append(names, "…")
			break
		}
		names = append(names, d.File)
	}
	more := "1 more file"
	if len(g.Others) != 1 {
		more = fmt.Sprintf("%d more files", len(g.Others))
	}
	return "the same in " + more + ": " + strings.Join(names, ", ")
}
