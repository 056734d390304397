package build

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/nonopress/nonopress/build/content"
)

// serveState is what the builder owes after a rebuild in serve mode.
type serveState struct {
	// owed: a quick build kept files as they were published (booklets,
	// site-wide lists) and no full build has made them since.
	owed bool
	// pending: Rebuild(ctx, nil) has work to do (owed files, a back buffer
	// to ready for the next edit); cleared by a failed try until the next
	// change.
	pending bool
	// setupBroken: the last load of the site's setup (nonopress.toml, the
	// templates) failed, so every rebuild loads it again until it works,
	// whatever changed; a build set off by another file would otherwise
	// go on with the old setup and say the mistake was fixed.
	setupBroken bool
}

// Rebuild is serve mode's one entry point. Given the paths that changed (as
// a watcher reports them; an empty list for a first build), it publishes at
// once what an author waits on: the edited puzzles' pages and files and the
// pages listing them, keeping booklets and site-wide lists as published
// (counted in Summary.Deferred): by patching the last build's site when only
// puzzle files it knew changed (patch.go), else by a quick build. A change to nonopress.toml or
// the templates reloads the site's setup first.
//
// Given nil, it does what it deferred: the full build that brings booklets
// and lists up to date, or, when nothing is owed, readies the back buffer so
// that the next edit writes only what changed. Pending reports whether such
// a call has work to do.
func (b *Builder) Rebuild(ctx context.Context, changed []string) (Summary, error) {
	st := &b.serving
	if changed == nil {
		return b.catchUp(ctx)
	}
	if st.setupBroken || b.touchesSetup(changed) {
		if err := b.reloadSetup(); err != nil {
			return Summary{}, err
		}
	}
	owed := st.owed
	// A patch or a quick build may publish kept files even if ctx ends as
	// it finishes: owe the full build from the start.
	st.owed = true
	sum, patched, err := b.patch(ctx, changed)
	if !patched {
		sum, err = b.buildQuick(ctx)
	}
	if err != nil {
		if ctx.Err() == nil {
			st.owed = owed // a failed build publishes nothing
		}
		return sum, err
	}
	st.pending = true
	if sum.Deferred == 0 {
		st.owed = false
	}
	return sum, nil
}

// reloadSetup loads the site's setup again, remembering whether it
// failed (serveState.setupBroken).
func (b *Builder) reloadSetup() error {
	err := b.load()
	b.serving.setupBroken = err != nil
	return err
}

// Pending reports whether Rebuild(ctx, nil) has work to do.
func (b *Builder) Pending() bool { return b.serving.pending }

// catchUp is Rebuild(ctx, nil).
func (b *Builder) catchUp(ctx context.Context) (Summary, error) {
	st := &b.serving
	// Whatever happens, wait for the next change before trying again: a
	// broken file would fail every attempt.
	st.pending = false
	if st.setupBroken {
		if err := b.reloadSetup(); err != nil {
			return Summary{}, err
		}
	}
	if !st.owed {
		return Summary{}, b.prepareBack(ctx)
	}
	sum, err := b.Build(ctx)
	if err != nil {
		return sum, err
	}
	st.owed, st.pending = false, true // and then ready the back buffer
	return sum, nil
}

// Flush makes what quick rebuilds left as it was published, so that the
// output folder is complete; serve calls it as it stops.
func (b *Builder) Flush(ctx context.Context) error {
	if !b.serving.owed {
		return nil
	}
	_, err := b.catchUp(ctx)
	return err
}

// touchesSetup reports whether changes concern the site's setup:
// nonopress.toml or the templates folder.
func (b *Builder) touchesSetup(changed []string) bool {
	for _, p := range changed {
		rel, err := filepath.Rel(b.cfg.Src, p)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		if rel == content.ConfigFile || rel == "templates" || strings.HasPrefix(rel, "templates/") {
			return true
		}
	}
	return false
}
