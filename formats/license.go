package formats

import (
	"strings"

	"github.com/github/go-spdx/v2/spdxexp"

	"github.com/nonopress/nonopress/puzzle"
)

// licenseFromCopyright moves a license written as the copyright into the
// license, when the puzzle gives no license of its own: number-loom's files
// say <copyright>CC BY 4.0</copyright>, which a reader takes for the
// license, and the XML format of 2007 has no element for one. Only a
// copyright that is nothing but an SPDX license, its words joined by
// spaces or hyphens ("CC BY 4.0", "CC-BY-SA 3.0", "MIT"), is moved; a
// notice ("© 2006 Jan Wolter") stays the copyright.
func licenseFromCopyright(m *puzzle.Meta) {
	if m == nil || strings.TrimSpace(m.License) != "" {
		return
	}
	if id := licenseID(m.Copyright); id != "" {
		m.License, m.Copyright = id, ""
	}
}

// licenseID returns the SPDX identifier s spells, its words joined by
// hyphens, in SPDX's spelling ("cc by 4.0" → "CC-BY-4.0"), or "".
func licenseID(s string) string {
	dashed := strings.Join(strings.Fields(s), "-")
	if dashed == "" || strings.ContainsAny(dashed, "()+:") {
		return ""
	}
	norm, bad := spdxexp.ValidateAndNormalizeLicensesWithOptions([]string{dashed}, spdxexp.ValidateLicensesOptions{})
	if len(bad) > 0 || len(norm) != 1 {
		return ""
	}
	return norm[0]
}
