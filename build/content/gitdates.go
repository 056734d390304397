package content

import (
	"time"

	"github.com/nonopress/nonopress/gitdate"
)

// SetGitDates gives each of files its GitAdded and GitChanged from dates,
// read by gitdate.Read for folder dir: the commit that added the file, and
// the last that changed it or its note. A file never committed keeps "".
func SetGitDates(dates gitdate.Dates, dir string, files []*PuzzleFile) {
	for _, f := range files {
		if when := dates.First(dir, f.Abs); !when.IsZero() {
			f.GitAdded = when.Format(time.RFC3339)
		}
		if when := dates.Last(dir, f.Abs, f.NotePath); !when.IsZero() {
			f.GitChanged = when.Format(time.RFC3339)
		}
	}
}
