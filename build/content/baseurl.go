package content

import (
	"fmt"
	"net/url"
	"strings"
)

// CheckBaseURL reports what is wrong with a site's base URL, or nil: it must
// be an absolute http(s) URL with a host and nothing after its path, since
// every sitemap and feed URL is made by appending a page's path to it (a
// query or fragment would end up in the middle of each).
func CheckBaseURL(s string) error {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return fmt.Errorf("base URL %q: %v", s, err)
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("base URL %q: want an absolute http(s) URL", s)
	case u.Host == "":
		return fmt.Errorf("base URL %q: no host", s)
	case u.User != nil:
		return fmt.Errorf("base URL %q: user name or password in a public URL", s)
	case u.RawQuery != "" || u.ForceQuery:
		return fmt.Errorf("base URL %q: a query (?...) cannot be followed by page paths; give the site's folder only", s)
	case u.Fragment != "" || u.RawFragment != "" || strings.Contains(s, "#"):
		return fmt.Errorf("base URL %q: a fragment (#...) cannot be followed by page paths; give the site's folder only", s)
	}
	return nil
}
