package site

import "testing"

func TestBasePath(t *testing.T) {
	for in, want := range map[string]string{
		"":                                 "/",
		"https://lorekit.github.io/lore/":  "/lore/",
		"https://lorekit.github.io/lore":   "/lore/",
		"https://example.com":              "/",
		"http://localhost:1313/docs/x/":    "/docs/x/",
		"https://example.com/a%20b/?q=1#f": "/a%20b/",
		"https://example.com/a b/":         "/a%20b/",
		"//cdn.example.com/site":           "/site/",
		"/docs":                            "/docs/",
		"docs/":                            "/docs/",
		"https://example.com/%zz":          "/", // not a URL
		"http://[::1":                      "/", // not a URL
	} {
		if got := basePath(in); got != want {
			t.Errorf("basePath(%q) = %q, want %q", in, got, want)
		}
	}
}
