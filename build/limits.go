package build

import (
	"context"

	"github.com/nonopress/nonopress/internal/treefile"
)

// readSource reads a file the scanner found in the content tree (symbolic
// links checked by then: see content's checkEntry), as treefile.ReadFile:
// regular files only, capped, stopped by ctx.
func readSource(ctx context.Context, path string, limit int64) ([]byte, error) {
	return treefile.ReadFile(ctx, path, limit)
}
