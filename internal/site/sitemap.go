package site

import (
	"bytes"
	"encoding/xml"
	"slices"
	"strings"
)

// sitemap lists every page but the 404 page. Locations are absolute when
// the project has a baseURL, root-relative otherwise.
func sitemap(baseURL string, pages []*page) []byte {
	base := strings.TrimSuffix(baseURL, "/") + "/"
	var locs []string
	for _, p := range pages {
		if p.Kind == "404" {
			continue
		}
		locs = append(locs, base+p.Path)
	}
	slices.Sort(locs)
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, l := range locs {
		b.WriteString("  <url><loc>")
		_ = xml.EscapeText(&b, []byte(l))
		b.WriteString("</loc></url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

// robots allows every crawler and names the sitemap when its address is
// known.
func robots(baseURL string) []byte {
	s := "User-agent: *\nAllow: /\n"
	if strings.HasPrefix(baseURL, "http://") || strings.HasPrefix(baseURL, "https://") {
		s += "Sitemap: " + strings.TrimSuffix(baseURL, "/") + "/sitemap.xml\n"
	}
	return []byte(s)
}
