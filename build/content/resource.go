package content

import (
	"path"
	"strings"
)

// Resource is a file copied as it is into its collection's output folder.
type Resource struct {
	Name, Abs string // its name in the content tree, and its path as opened
	Out       string // its name in the output folder
}

// resourceExts are the extensions of the files published as resources.
var resourceExts = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".avif": true, ".svg": true,
	".pdf": true, ".txt": true,
}

// hostFiles are the files a web host reads at a site's root, published as
// they are from the content folder itself: GitHub Pages' CNAME (the site's
// own domain), and Netlify's and Cloudflare Pages' _redirects and _headers.
// Kept in public/ by hand instead, each was warned of at every build.
var hostFiles = map[string]bool{"CNAME": true, "_redirects": true, "_headers": true}

// isResource reports whether a file of collection c that is no puzzle
// file is published as it is.
func isResource(c *Collection, name string) bool {
	return resourceExts[strings.ToLower(path.Ext(name))] || (c.Parent == nil && hostFiles[name])
}
