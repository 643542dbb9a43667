package scan

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
)

// An SVG image is a document: opened on its own (a reader clicks the
// image, or the site's address of it is shared), its <script> elements,
// event attributes (onload=…) and javascript: links run with the site's
// origin. ActiveSVG finds what can run, or load a document that runs, in
// an SVG: elements outside the static SVG vocabulary (script, an XHTML
// element other than those that lay out text, which diagram editors put
// in a foreignObject), event attributes, links that leave
// the image (only #fragment references and data: raster images stay
// inside it), javascript: anywhere in an attribute or a style sheet,
// style sheets that import others, entities loaded from outside and
// processing instructions other than the XML declaration (an XSLT style
// sheet). Internal entities (old Illustrator exports declare some) are
// expanded, so that what they hide is checked. A file that is not
// well-formed XML is one hit: what a browser would make of it is not
// known.

// svgElements are the elements of SVG 1.1 and 2 that draw, group, paint,
// animate or describe; none runs code.
var svgElements = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields(`svg g defs desc title metadata symbol use image switch style path rect circle
		ellipse line polyline polygon text tspan textPath tref a marker pattern clipPath mask linearGradient radialGradient
		meshgradient meshrow meshpatch hatch hatchpath stop filter solidcolor view mpath animate animateMotion
		animateTransform animateColor set feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix
		feDiffuseLighting feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR
		feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight
		feTile feTurbulence foreignObject font font-face font-face-src font-face-name font-face-uri glyph missing-glyph hkern vkern
		altGlyph altGlyphDef altGlyphItem glyphRef color-profile cursor`) {
		m[e] = true
	}
	return m
}()

// htmlStatic are the HTML elements that only lay out text: diagram
// editors (draw.io) put labels in a foreignObject as XHTML <div>s.
var htmlStatic = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields(`div span p br hr b i u s em strong small big sub sup font center code pre kbd samp tt
		var blockquote q cite abbr ul ol li dl dt dd table caption thead tbody tfoot tr td th col colgroup h1 h2 h3 h4 h5 h6
		img a label mark del ins wbr`) {
		m[e] = true
	}
	return m
}()

// Namespaces that decide how an element is read.
const (
	nsSVG   = "http://www.w3.org/2000/svg"
	nsXHTML = "http://www.w3.org/1999/xhtml"
	nsXLink = "http://www.w3.org/1999/xlink"
)

// maxSVGHits bounds the hits of one file: the first few say enough.
const maxSVGHits = 20

// ActiveSVG returns what can run code in the SVG image src.
func ActiveSVG(src []byte) []Hit {
	d := xml.NewDecoder(bytes.NewReader(src))
	d.Strict = true
	d.Entity = map[string]string{} // only the five predefined entities
	var hits []Hit
	add := func(off, end int, what string) {
		if len(hits) < maxSVGHits {
			hits = append(hits, Hit{Off: off, End: max(end, off+1), What: what})
		}
	}
	var inStyle int
	for {
		off := int(d.InputOffset())
		tok, err := d.Token()
		end := int(d.InputOffset())
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			add(min(off, len(src)-1), min(end, len(src)), "an SVG that is not well-formed XML ("+err.Error()+"): what a browser makes of it is not known")
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if what := activeElement(t.Name); what != "" {
				add(off, end, what)
			}
			if t.Name.Local == "style" {
				inStyle++
			}
			for _, a := range t.Attr {
				if what := activeAttr(t.Name, a); what != "" {
					add(off, end, what)
				}
			}
		case xml.EndElement:
			if t.Name.Local == "style" && inStyle > 0 {
				inStyle--
			}
		case xml.CharData:
			if inStyle > 0 {
				if what := activeCSS(string(t)); what != "" {
					add(off, end, what)
				}
			}
		case xml.Directive:
			if what := declareEntities(d, t); what != "" {
				add(off, end, what)
			}
		case xml.ProcInst:
			if t.Target != "xml" {
				add(off, end, "a processing instruction <?"+t.Target+"?> (a style sheet instruction can load XSLT, which runs)")
			}
		}
	}
	return hits
}

// activeElement says why an element can run code, or "".
func activeElement(n xml.Name) string {
	switch n.Space {
	case nsXHTML:
		if !htmlStatic[strings.ToLower(n.Local)] {
			return "an XHTML element <" + n.Local + "> (HTML inside an SVG can run scripts or load documents)"
		}
	case nsSVG, "":
		if !svgElements[n.Local] {
			return "a <" + n.Local + "> element, which is not a static SVG element (a script runs code)"
		}
	}
	return "" // another namespace (metadata of an editor): inert
}

// activeAttr says why an attribute of element el can run code, or "".
func activeAttr(el xml.Name, a xml.Attr) string {
	local := strings.ToLower(a.Name.Local)
	v := strings.ToLower(strings.Map(dropSpace, a.Value))
	switch {
	case strings.HasPrefix(local, "on"):
		return "an event attribute " + a.Name.Local + "= (it runs script)"
	case strings.Contains(v, "javascript:") || strings.Contains(v, "vbscript:"):
		return "a javascript: address in " + a.Name.Local + "="
	case local == "href" && (a.Name.Space == "" || a.Name.Space == nsXLink || a.Name.Space == "xlink") &&
		svgCloners[el.Local] && !strings.HasPrefix(v, "#"):
		return "a <" + el.Local + "> of \"" + clipValue(a.Value) + "\", which copies in the content of another document"
	case local == "attributename" && (v == "href" || v == "xlink:href" || strings.HasPrefix(v, "on")):
		return "an animation that changes " + a.Value + " (it can set a link or a handler)"
	}
	return ""
}

// svgCloners are the elements that copy content of the document their
// href names into the image (a link or an image loads nothing that runs).
var svgCloners = map[string]bool{"use": true, "tref": true, "altGlyph": true, "glyphRef": true}

// activeCSS says why a style sheet can run code or load another, or "".
func activeCSS(css string) string {
	c := strings.ToLower(strings.Map(dropSpace, css))
	switch {
	case strings.Contains(c, "javascript:"):
		return "a javascript: address in a style sheet"
	case strings.Contains(c, "@import"):
		return "a style sheet that imports another"
	case strings.Contains(c, "expression("):
		return "a CSS expression() (it runs script in old browsers)"
	}
	return ""
}

// dropSpace drops white space and control characters, which browsers
// skip inside a scheme ("java\tscript:").
func dropSpace(r rune) rune {
	if r <= ' ' || r == 0x7f {
		return -1
	}
	return r
}

func clipValue(v string) string {
	if len(v) > 40 {
		return v[:40] + "…"
	}
	return v
}

// entityDecl matches an internal general entity of a DOCTYPE's internal
// subset: <!ENTITY name "value"> (or 'value').
var entityDecl = lazyRegexp(`<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(?:"([^"]*)"|'([^']*)')`)

// declareEntities reads a declaration: the internal entities of a DOCTYPE
// are given to the decoder; an external entity (SYSTEM or PUBLIC) or a
// parameter entity is why the declaration is active ("" when it is not).
func declareEntities(d *xml.Decoder, t xml.Directive) string {
	s := string(t)
	if !strings.HasPrefix(s, "DOCTYPE") {
		return "a declaration <!" + clipValue(s) + ">"
	}
	_, subset, ok := strings.Cut(s, "[")
	if !ok {
		return "" // a DOCTYPE without declarations: nothing is loaded
	}
	for _, m := range entityDecl.FindAllStringSubmatch(subset, -1) {
		d.Entity[m[1]] = m[2] + m[3]
	}
	for _, decl := range strings.Split(subset, "<!ENTITY")[1:] {
		decl = strings.TrimSpace(decl)
		if strings.HasPrefix(decl, "%") {
			return "a parameter entity in the DOCTYPE"
		}
		if f := strings.Fields(decl); len(f) > 1 && (f[1] == "SYSTEM" || f[1] == "PUBLIC") {
			return "an external entity " + f[0] + " in the DOCTYPE (it loads a file from outside)"
		}
	}
	return ""
}
