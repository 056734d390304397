package validate

import (
	"context"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/puzzle"
)

func TestLicenseExpression(t *testing.T) {
	for in, want := range map[string]string{
		"MIT": "MIT", "cc-by-4.0": "CC-BY-4.0", "CC-BY-4.0 OR MIT": "CC-BY-4.0 OR MIT",
		"(MIT OR CC0-1.0) AND CC-BY-4.0": "(MIT OR CC0-1.0) AND CC-BY-4.0", "Apache-2.0 WITH LLVM-exception": "Apache-2.0 WITH LLVM-exception",
		"CC-BY-4": "", "Public domain": "", "MIT OR": "", "": "",
	} {
		got, ok := LicenseExpression(in)
		if got != want || ok != (want != "") {
			t.Errorf("LicenseExpression(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestCheckLicenseWarnings(t *testing.T) {
	for license, want := range map[string]string{
		"CC-BY-4.0":           "",
		"Free for any use":    "",
		"CC-BY-4":             `license "CC-BY-4" is not an SPDX license identifier (did you mean "CC-BY-4.0"?)`,
		"CC0":                 `license "CC0" is not an SPDX license identifier (did you mean "CC0-1.0"?)`,
		"Unlicence":           `license "Unlicence" is not an SPDX license identifier (did you mean "Unlicense"?)`,
		"CC BY-NC 4.0":        `license "CC BY-NC 4.0" is an SPDX identifier written with spaces (did you mean "CC-BY-NC-4.0"?)`,
		"MIT AND (CC0-1.0":    `license "MIT AND (CC0-1.0" is not a valid SPDX expression`,
		"MIT OR CC-BY-SA-4.1": `license "CC-BY-SA-4.1" is not an SPDX license identifier (did you mean "CC-BY-SA-4.0"?)`,
		// A family named without its version: its latest version, not its first.
		"CC-BY-SA": `license "CC-BY-SA" is not an SPDX license identifier (did you mean "CC-BY-SA-4.0"?)`,
		"cc-by":    `license "cc-by" is not an SPDX license identifier (did you mean "CC-BY-4.0"?)`,
		"GPL":      `license "GPL" is not an SPDX license identifier (did you mean "GPL-3.0-only"?)`,
		"Apache":   `license "Apache" is not an SPDX license identifier (did you mean "Apache-2.0"?)`,
	} {
		p := grid("#")
		p.Meta.License = license
		p.Origin.Places = &puzzle.Places{License: 7}
		ws := checkLicense(p)
		switch {
		case want == "" && len(ws) > 0:
			t.Errorf("%q: unexpected warning %v", license, ws)
		case want != "" && (len(ws) != 1 || !strings.HasPrefix(ws[0].String(), "t.non:7: "+want)):
			t.Errorf("%q: warnings %v, want %q at line 7", license, ws, want)
		}
	}
}

func TestNoSolutionNamesAContradictedLine(t *testing.T) {
	p := grid("#.#", "...", "..#")
	p.Goal = nil
	p.Cols[2] = puzzle.Line{{Len: 2, Color: 1}} // two in a row across the empty row 2: impossible
	p.Origin.Places = &puzzle.Places{Rows: []int{5, 6, 7}, Cols: []int{9, 10, 11}}
	r := Check(context.Background(), p, Options{})
	if r.Verdict != "none" || len(r.Errors) != 1 {
		t.Fatalf("verdict %q, errors %v", r.Verdict, r.Errors)
	}
	if e := r.Errors[0]; e.Line != 11 || !strings.Contains(e.Message, "column 3 (2) cannot fit what the other clues force") {
		t.Errorf("error %v: want one at a clue line naming it", e)
	}
}
