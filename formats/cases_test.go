package formats

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/cases.txt")

const (
	caseSep = "//- - - - - - - - -//"
	caseEnd = "//= = = = = = = = = = = = = = = = = = = = = = = =//"
)

// readCase is one "puzzle source → normalised form" case of testdata/cases.txt:
//
//	#N what the case shows
//	file: name.ext
//	//- - - - - - - - -//
//	source
//	//- - - - - - - - -//
//	expected (describe of each puzzle, then the error lines)
//	//= = = ... = = =//
type readCase struct {
	title, file, source, want string
}

func parseCases(t *testing.T, text string) []readCase {
	t.Helper()
	var cases []readCase
	for _, chunk := range strings.Split(text, caseEnd+"\n") {
		if strings.TrimSpace(chunk) == "" {
			continue
		}
		chunk = strings.TrimLeft(chunk, "\n")
		head, rest, ok := strings.Cut(chunk, caseSep+"\n")
		source, want, ok2 := strings.Cut(rest, caseSep+"\n")
		hl := strings.Split(strings.TrimSpace(head), "\n")
		if !ok || !ok2 || len(hl) != 2 || !strings.HasPrefix(hl[1], "file: ") {
			t.Fatalf("malformed case:\n%s", chunk)
		}
		cases = append(cases, readCase{title: hl[0], file: strings.TrimPrefix(hl[1], "file: "), source: source, want: want})
	}
	return cases
}

// normalise gives the normal form of what Read returns: each puzzle
// described, separated by "---", then one "error:" line per failure.
func normalise(name string, data []byte) string {
	ps, err := Read(name, data)
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteString("---\n")
		}
		b.WriteString(describe(p))
	}
	if err != nil {
		for _, e := range unjoin(err) {
			var pe *ParseError
			if !errors.As(e, &pe) {
				fmt.Fprintf(&b, "error (not a *ParseError): %v\n", e)
				continue
			}
			fmt.Fprintf(&b, "error: %v\n", e)
		}
	}
	return b.String()
}

// unjoin splits an errors.Join result into its errors.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func TestReadCases(t *testing.T) {
	const path = "testdata/cases.txt"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cases := parseCases(t, string(data))
	var out strings.Builder
	for _, c := range cases {
		got := normalise(c.file, []byte(c.source))
		if *update {
			fmt.Fprintf(&out, "%s\nfile: %s\n%s\n%s%s\n%s%s\n\n", c.title, c.file, caseSep, c.source, caseSep, got, caseEnd)
			continue
		}
		if got != c.want {
			t.Errorf("%s (%s):\n--- got\n%s--- want\n%s", c.title, c.file, got, c.want)
		}
	}
	if *update {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
