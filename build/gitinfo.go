package build

import (
	"context"
	"errors"
	"fmt"

	"github.com/nonopress/nonopress/build/content"
	"github.com/nonopress/nonopress/diag"
	"github.com/nonopress/nonopress/gitdate"
)

// readGitDates gives each puzzle file, when the site enables git_info, the
// date of the commit that added it (its date: "Added", "Recently added",
// the feed) and of the last commit that changed it or its note (its
// lastmod), read with one git log for the whole tree. A fixed typo in a
// note does not make an old puzzle new. Outside a repository the files
// have no git dates; any other failure of git is a warning. The commit the
// repository is at, read first, is kept for HistoryMoved.
func (b *Builder) readGitDates(ctx context.Context, files []*content.PuzzleFile) {
	b.datedAt = ""
	if !b.site.GitInfo || len(files) == 0 {
		return
	}
	b.datedAt = gitdate.Head(ctx, b.cfg.Src)
	dates, err := gitdate.Read(ctx, b.cfg.Src)
	if errors.Is(err, gitdate.ErrNoGit) {
		return
	}
	if err != nil {
		// At the content folder, where git was run.
		fmt.Fprintln(b.log, diag.Warningf(b.cfg.Src, "git_info: puzzles not dated from git: %v", err).Labelled())
		return
	}
	content.SetGitDates(dates, b.cfg.Src, files)
}

// HistoryMoved reports whether the last build dated puzzles from git
// (git_info) and the repository has moved to another commit since: a
// commit changes the puzzles' dates (their pages, the feed, the booklets'
// covers) without changing a file, so that serve, which watches the files,
// builds again when it has. A tree that was in no repository is not looked
// at (serve would run git every second for nothing) until a build finds
// one.
func (b *Builder) HistoryMoved(ctx context.Context) bool {
	return b.datedAt != "" && gitdate.Head(ctx, b.cfg.Src) != b.datedAt
}

// gitStamp is what the build stamp adds with git_info: the commit the tree
// is at, since a commit changes dates without changing a file.
func (b *Builder) gitStamp() string {
	if !b.site.GitInfo {
		return ""
	}
	return "git " + gitdate.Head(context.Background(), b.cfg.Src)
}
