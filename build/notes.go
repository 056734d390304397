package build

import (
	"slices"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/build/site"
	"github.com/nonopress/nonopress/diag"
)

// noteProblems reports the collections whose note has a mistake
// (content.Collection.NoteErr: a collection is left out with its puzzles
// until the note is fixed, the root loses only its note): each is an error
// in sum's diagnostics and skipped lines, and returned as a problem, which
// fails the build unless SkipInvalid, as a broken puzzle does. The
// warnings of the collections' notes (a misspelt key: "licence" for
// "license", a link that leads nowhere, a license SPDX does not know) go
// into sum too, as a puzzle note's do; with strict, a note's license
// warning is an error, returned as a problem.
func noteProblems(pub *site.Site, sum *Summary, strict bool) diag.List {
	out := noteWarnings(pub, pub.Root, sum, strict)
	for _, c := range pub.Root.Broken {
		d := diag.FromError(c.NotePath, c.NoteErr)
		d.Severity = diag.Error
		out = append(out, d)
		sum.Diagnostics = append(sum.Diagnostics, d)
		of := ofCollection
		if c.Parent == nil {
			of = "the note"
		}
		sum.skip(Skip{Problems: diag.List{d}, Of: of})
	}
	return out
}

// noteWarnings adds the warnings of the notes of c and the collections
// below it to sum, in path order: their front matter's, their license's
// (once however many puzzles it credits; with strict an error, which it
// returns), and their links' on pub.
func noteWarnings(pub *site.Site, c *content.Collection, sum *Summary, strict bool) (problems diag.List) {
	links := pub.LinkCheck().Note(c.NotePath, c.Dir, c.Note) // from the parse pub.Notes keeps
	license := licenseDiagnostics(c.Note.Front, strict)
	sum.warnAt(append(append(slices.Clip(c.Note.Warnings), license...), links...)...)
	if strict {
		problems = license
	}
	for _, sub := range c.Children {
		problems = append(problems, noteWarnings(pub, sub, sum, strict)...)
	}
	return problems
}

// licenseDiagnostics are the warnings about the license a note gives, as
// errors with strict (a puzzle's own license warning keeps it out then).
func licenseDiagnostics(fm content.FrontMatter, strict bool) diag.List {
	ds := fm.LicenseWarnings()
	if strict {
		for i := range ds {
			ds[i].Severity = diag.Error
		}
	}
	return ds
}
