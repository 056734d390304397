package site

import "strings"

// spdxIDs are the SPDX license identifiers nonopress names and links, by
// lower case: those puzzle archives use, the Creative Commons family and the
// common software licenses. Anything else is shown as the free text it is.
var spdxIDs = func() map[string]string {
	ids := []string{
		"CC0-1.0", "CC-PDDC", "Unlicense", "0BSD", "WTFPL",
		"CC-BY-1.0", "CC-BY-2.0", "CC-BY-2.5", "CC-BY-3.0", "CC-BY-4.0",
		"CC-BY-SA-1.0", "CC-BY-SA-2.0", "CC-BY-SA-2.5", "CC-BY-SA-3.0", "CC-BY-SA-4.0",
		"CC-BY-NC-1.0", "CC-BY-NC-2.0", "CC-BY-NC-2.5", "CC-BY-NC-3.0", "CC-BY-NC-4.0",
		"CC-BY-ND-1.0", "CC-BY-ND-2.0", "CC-BY-ND-2.5", "CC-BY-ND-3.0", "CC-BY-ND-4.0",
		"CC-BY-NC-SA-1.0", "CC-BY-NC-SA-2.0", "CC-BY-NC-SA-2.5", "CC-BY-NC-SA-3.0", "CC-BY-NC-SA-4.0",
		"CC-BY-NC-ND-1.0", "CC-BY-NC-ND-2.0", "CC-BY-NC-ND-2.5", "CC-BY-NC-ND-3.0", "CC-BY-NC-ND-4.0",
		"MIT", "MIT-0", "ISC", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "MPL-2.0", "Zlib",
		"GPL-1.0-only", "GPL-1.0-or-later", "GPL-2.0", "GPL-2.0+", "GPL-2.0-only", "GPL-2.0-or-later",
		"GPL-3.0", "GPL-3.0+", "GPL-3.0-only", "GPL-3.0-or-later",
		"LGPL-2.1", "LGPL-2.1-only", "LGPL-2.1-or-later", "LGPL-3.0", "LGPL-3.0-only", "LGPL-3.0-or-later",
		"AGPL-3.0", "AGPL-3.0-only", "AGPL-3.0-or-later",
		"GFDL-1.3", "GFDL-1.3-only", "GFDL-1.3-or-later", "OFL-1.1", "Artistic-2.0", "EUPL-1.2",
	}
	m := make(map[string]string, len(ids))
	for _, id := range ids {
		m[strings.ToLower(id)] = id
	}
	return m
}()

// spdxID returns the canonical SPDX identifier a license string is, or "".
func spdxID(license string) string { return spdxIDs[strings.ToLower(strings.TrimSpace(license))] }

// spdxURL returns the SPDX page of a license identifier, or "" when the
// license is not a known SPDX identifier.
func spdxURL(license string) string {
	id := spdxID(license)
	if id == "" {
		return ""
	}
	return "https://spdx.org/licenses/" + id + ".html"
}
