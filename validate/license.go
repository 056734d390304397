package validate

import (
	"fmt"
	"strings"

	"github.com/github/go-spdx/v2/spdxexp"
	"github.com/github/go-spdx/v2/spdxexp/spdxlicenses"

	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/internal/spell"
	"github.com/nonopress/nonopress/puzzle"
)

// This file checks a puzzle's license against the SPDX license list
// (through github.com/github/go-spdx): an SPDX identifier or expression
// ("CC-BY-4.0 OR MIT") is accepted, an identifier SPDX does not know gets a
// warning with the closest one it does, and free text (a sentence) is left
// alone, as the formats allow it.

// LicenseExpression returns license as a valid SPDX expression in its
// canonical spelling ("cc-by-4.0" → "CC-BY-4.0") and true, or "" and false
// when it is not one (free text, an unknown identifier).
func LicenseExpression(license string) (string, bool) {
	license = strings.TrimSpace(license)
	if license == "" || !looksLikeSPDX(license) {
		return "", false
	}
	norm, bad := spdxexp.ValidateAndNormalizeLicensesWithOptions([]string{license}, spdxexp.ValidateLicensesOptions{})
	if len(bad) > 0 || len(norm) != 1 {
		return "", false
	}
	return norm[0], true
}

// looksLikeSPDX reports whether a license is written as identifiers and
// operators, not as free text: each word is AND, OR, WITH or an identifier
// (letters, digits, '.', '-', '+', ':', with parentheses around), and each
// identifier has a digit, '-' or '.' in it or is one SPDX knows or almost
// ("MIT", "Zlib", "Unlicence"). "Public domain" is free text.
func looksLikeSPDX(s string) bool {
	ids := licenseIDs(s)
	if len(ids) == 0 {
		return false
	}
	for _, id := range ids {
		for _, r := range id {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".-+:", r)) {
				return false
			}
		}
		if !strings.ContainsAny(id, "-.0123456789") && !knownLicense(id) && closestLicense(id) == "" {
			return false
		}
	}
	return true
}

// knownLicense reports whether SPDX lists id, active or deprecated.
func knownLicense(id string) bool {
	if ok, _ := spdxexp.ActiveLicense(id); ok {
		return true
	}
	dep, _ := spdxlicenses.IsDeprecatedLicense(id)
	return dep
}

// checkLicense returns the warnings about the license p's own file gives:
// none when it is missing (Check says so itself) or free text or a valid
// SPDX expression, nor when a note gave it (LicenseFromNote: the note's
// reader warns about it once, at the note, however many puzzles it
// credits).
func checkLicense(p *puzzle.Puzzle) diag.List {
	if p.LicenseFromNote() {
		return nil
	}
	return LicenseWarnings(p.Meta.License, p.Origin.File, p.LicenseLine())
}

// LicenseWarnings returns the warnings about a license given at file's
// line (a puzzle file's, a note's front matter): none when it is missing
// or free text or a valid SPDX expression; an unknown identifier gets the
// closest known one as its hint.
func LicenseWarnings(license, file string, line int) diag.List {
	license = strings.TrimSpace(license)
	warn := diag.Diagnostic{File: file, Line: line, Severity: diag.Warning}
	if dashed := strings.Join(strings.Fields(license), "-"); dashed != license && knownLicense(dashed) {
		warn.Message = fmt.Sprintf("license %q is an SPDX identifier written with spaces", license)
		warn.Hint = fmt.Sprintf("did you mean %q?", dashed)
		return diag.List{warn}
	}
	if license == "" || !looksLikeSPDX(license) {
		return nil
	}
	if _, ok := LicenseExpression(license); ok {
		return nil
	}
	for _, id := range licenseIDs(license) {
		if knownLicense(id) {
			continue
		}
		warn.Message = fmt.Sprintf("license %q is not an SPDX license identifier", id)
		if c := closestLicense(id); c != "" {
			warn.Hint = fmt.Sprintf("did you mean %q?", c)
		} else {
			warn.Hint = "use an identifier from https://spdx.org/licenses/ or write the terms in quotes"
		}
		return diag.List{warn}
	}
	warn.Message = fmt.Sprintf("license %q is not a valid SPDX expression", license)
	warn.Hint = `combine identifiers with AND, OR and WITH, as in "CC-BY-4.0 OR MIT"`
	return diag.List{warn}
}

// licenseIDs returns the words of an expression that are not operators or
// parentheses.
func licenseIDs(expr string) []string {
	var out []string
	for _, f := range strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(expr)) {
		switch strings.ToUpper(f) {
		case "AND", "OR", "WITH":
			continue
		}
		out = append(out, strings.TrimSuffix(f, "+"))
	}
	return out
}

// closestLicense returns the SPDX identifier nearest to id: the shortest
// that id starts ("CC0" → "CC0-1.0"), of those the latest version (the
// last in order: "CC-BY-SA" → "CC-BY-SA-4.0", "GPL" → "GPL-3.0-only",
// where the first was the oldest), else one at most a third of its length
// in edits away, and at most 3.
func closestLicense(id string) string {
	best := ""
	for _, k := range spdxlicenses.GetLicenses() {
		if len(k) > len(id) && strings.EqualFold(k[:len(id)], id) && strings.ContainsRune("-.", rune(k[len(id)])) &&
			(best == "" || len(k) < len(best) || len(k) == len(best) && k > best) {
			best = k
		}
	}
	if best != "" {
		return best
	}
	return spell.Closest(id, spdxlicenses.GetLicenses(), func(k string) int {
		return min(3, max(1, len(k)/3))
	})
}
