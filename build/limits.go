package build

import (
	"context"

	"github.com/nonopress/nonopress/formats"
	"github.com/nonopress/nonopress/internal/treefile"
)

// maxTemplateBytes caps a page template of the site's own.
const maxTemplateBytes = 1 << 20

// maxAssetBytes caps a static asset or a resource (an image, a PDF): as a
// puzzle file.
const maxAssetBytes = formats.MaxFileSize

// readSource reads a file the scanner found in the content tree (symbolic
// links checked by then: see content's checkEntry), as treefile.ReadFile:
// regular files only, capped, stopped by ctx.
func readSource(ctx context.Context, path string, limit int64) ([]byte, error) {
	return treefile.ReadFile(ctx, path, limit)
}
