package formats

import "testing"

// TestLicenseFromCopyright checks that a copyright that is only a license
// (number-loom's <copyright>CC BY 4.0</copyright>) becomes the license when
// the file gives none, and that a notice, or a file with a license of its
// own, keeps its copyright.
func TestLicenseFromCopyright(t *testing.T) {
	xml := func(copyright, license string) string {
		return `<?xml version="1.0"?><puzzleset><puzzle type="grid" defaultcolor="black" backgroundcolor="white"><title>T</title>` +
			copyright + license + `<color name="white" char=".">fff</color><color name="black" char="X">000</color>
<clues type="columns"><line><count>1</count></line></clues><clues type="rows"><line><count>1</count></line></clues></puzzle></puzzleset>`
	}
	non := "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
	for _, c := range []struct{ name, file, license, copyright string }{
		{"a.xml", xml("<copyright>CC BY 4.0</copyright>", ""), "CC-BY-4.0", ""},
		{"b.xml", xml("<copyright>cc-by-sa 3.0</copyright>", ""), "CC-BY-SA-3.0", ""},
		{"c.xml", xml("<copyright>© 2006 Jan Wolter</copyright>", ""), "", "© 2006 Jan Wolter"},
		{"d.xml", xml("<copyright>CC BY 4.0</copyright>", "<license>CC0-1.0</license>"), "CC0-1.0", "CC BY 4.0"},
		{"e.non", "copyright \"MIT\"\n" + non, "MIT", ""},
		{"f.non", "copyright \"Public domain\"\n" + non, "", "Public domain"},
	} {
		ps, err := Read(c.name, []byte(c.file))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if m := ps[0].Meta; m.License != c.license || m.Copyright != c.copyright {
			t.Errorf("%s: license %q, copyright %q; want %q, %q", c.name, m.License, m.Copyright, c.license, c.copyright)
		}
	}
}
