package site

import (
	"regexp"
	"strings"
	"testing"

	"github.com/lorekit/lore/internal/manual"
)

// fakeLinks resolves a fixed set of manuals and files.
type fakeLinks struct{}

func (fakeLinks) hook(name string) string {
	if name == "images" || name == "fences" {
		return ManualURL(name, 0)
	}
	return ""
}

func (fakeLinks) file(p string) string {
	if p == "manuals/embedding/images.md" {
		return "manuals/images.html"
	}
	return ""
}

func (fakeLinks) media(p string) string {
	if p == "manuals/embedding/pic.png" {
		return "media/0123456789abcdef.png"
	}
	return ""
}

func renderManual(t *testing.T, src string) string {
	t.Helper()
	m := manual.Parse("manuals/embedding/x.md", []byte(src))
	b := &body{root: "../", dir: "manuals/embedding", link: fakeLinks{}, hl: newHighlighter(nil)}
	out, err := b.render(m.Body(), m.Doc)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestHref(t *testing.T) {
	b := &body{root: "../", dir: "manuals/embedding", link: fakeLinks{}}
	for _, c := range []struct {
		dest, want string
		ok         bool
	}{
		{"https://example.org/a?b#c", "https://example.org/a?b#c", true},
		{"http://example.org", "http://example.org", true},
		{"mailto:a@example.org", "mailto:a@example.org", true},
		{"//example.org/x", "https://example.org/x", true},
		{"#section", "#section", true},
		{"", "", true},
		{"images.md", "../manuals/images.html", true},
		{"images.md#when-to-use", "../manuals/images.html#when-to-use", true},
		{"IMAGES.md", "IMAGES.md", true}, // not a manual of the set: left as written
		{"other/notes.txt", "other/notes.txt", true},
		{"javascript:alert(1)", "", false},
		{"JaVaScRiPt:alert(1)", "", false},
		{" javascript:alert(1)", "", false},
		{"java\tscript:alert(1)", "", false},
		{"java\nscript:alert(1)", "", false},
		{"\x01javascript:alert(1)", "", false},
		{"vbscript:msgbox", "", false},
		{"data:text/html;base64,PHNjcmlwdD4=", "", false},
		{"file:///etc/passwd", "", false},
		{"ftp://example.org", "", false},
	} {
		got, _, ok := b.href(c.dest)
		if got != c.want || ok != c.ok {
			t.Errorf("href(%q) = %q, %v; want %q, %v", c.dest, got, ok, c.want, c.ok)
		}
	}
}

// TestLinkDestinationDecoded: a destination is used as CommonMark
// decodes it, backslash escapes and character references resolved, so an
// escaped manual link becomes the manual's page.
func TestLinkDestinationDecoded(t *testing.T) {
	out := renderManual(t, "[a](images\\.md) [b](&#105;mages.md#x) [c](imag&eacute;s.md)\n")
	for _, want := range []string{
		`<a href="../manuals/images.html">a</a>`,
		`<a href="../manuals/images.html#x">b</a>`,
		`<a href="imag%C3%A9s.md">c</a>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
}

func TestHookLinks(t *testing.T) {
	out := renderManual(t, "# X\n\nLoad `manual_read('images')`, `manual_read(\"fences\")`, `manual_read( name='images' )`.\n"+
		"Unknown `manual_read('nope')`. Two calls `manual_read('images') manual_read('fences')`.\n"+
		"Inside a link: [`manual_read('images')`](https://example.org).\n\n"+
		"```\nmanual_read('images')\n```\n")
	for _, want := range []string{
		`<a class="hook" href="../manuals/images.html"><code>manual_read(&#39;images&#39;)</code></a>`,
		`<a class="hook" href="../manuals/fences.html"><code>manual_read(&#34;fences&#34;)</code></a>`,
		`<a class="hook" href="../manuals/images.html"><code>manual_read( name=&#39;images&#39; )</code></a>`,
		`<code>manual_read(&#39;nope&#39;)</code>`,
		`<code>manual_read(&#39;images&#39;) manual_read(&#39;fences&#39;)</code>`,
		`<a href="https://example.org" rel="external noopener noreferrer"><code>manual_read(&#39;images&#39;)</code></a>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	if n := strings.Count(out, `class="hook"`); n != 3 {
		t.Errorf("%d hook links, want 3 (not in code blocks, not for unknown names, not inside links)", n)
	}
}

// xssVectors are manual bodies that must not produce active content.
var xssVectors = []string{
	"<script>alert(1)</script>",
	"<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
	"<img src=x onerror=alert(1)>",
	"<svg onload=alert(1)>",
	"<iframe src=\"https://evil.example\"></iframe>",
	"<a href=\"javascript:alert(1)\">x</a>",
	"<div style=\"background:url(javascript:alert(1))\">x</div>",
	"<object data=x></object><embed src=x>",
	"<!-- comment --><script>alert(2)</script>",
	"[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](&#106;avascript:alert(1)) [d](javascript&colon;alert(1))",
	"[n](javascript\\:alert(1)) [o](java&#x73;cript&#58;alert(1))",
	"[e](<java\tscript:alert(1)>) [f](data:text/html,<script>alert(1)</script>) [g](vbscript:x)",
	"![i](javascript:alert(1)) ![j](https://evil.example/track.png) ![k](data:image/svg+xml,<svg onload=alert(1)>)",
	"<https://evil.example/\"onmouseover=\"alert(1)> <javascript:alert(1)>",
	"[l]: javascript:alert(1)\n\n[l] [m][l]",
	"```html\n<script>alert(1)</script>\n```",
	"<style>body{display:none}</style>",
	"<form action=https://evil.example><button>x</button></form>",
	"<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
	"# Heading <img src=x onerror=alert(1)>\n\n| a <script> | b |\n|---|---|\n| <b onclick=x>c</b> | d |",
	"Footnote[^1]\n\n[^1]: <script>alert(1)</script>",
}

var (
	tagRE   = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9]*)([^>]*)>`)
	attrRE  = regexp.MustCompile(`\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?`)
	allowed = map[string]bool{"a": true, "code": true, "pre": true, "p": true, "div": true, "span": true, "h1": true, "h2": true,
		"h3": true, "h4": true, "h5": true, "h6": true, "table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true,
		"em": true, "strong": true, "ul": true, "ol": true, "li": true, "sup": true, "section": true, "hr": true, "br": true, "img": true,
		"del": true, "blockquote": true, "input": true}
)

// TestXSS renders every vector and inspects every tag of the output: only
// harmless elements, no event attributes, no style attributes, and only
// safe URLs in href and src.
func TestXSS(t *testing.T) {
	for _, v := range xssVectors {
		out := renderManual(t, v+"\n")
		for _, m := range tagRE.FindAllStringSubmatch(out, -1) {
			tag := strings.ToLower(m[1])
			if !allowed[tag] {
				t.Errorf("%q: element <%s> in output:\n%s", v, tag, out)
			}
			for _, a := range attrRE.FindAllStringSubmatch(m[2], -1) {
				name, val := strings.ToLower(a[1]), strings.Trim(a[2], `"'`)
				switch {
				case strings.HasPrefix(name, "on"), name == "style", name == "srcdoc", name == "formaction":
					t.Errorf("%q: attribute %s in output:\n%s", v, name, out)
				case name == "href" || name == "src":
					u := strings.ToLower(strings.ReplaceAll(val, "&amp;", "&"))
					if !(strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "mailto:") ||
						strings.HasPrefix(u, "#") || strings.HasPrefix(u, "../") || u == "") {
						t.Errorf("%q: %s=%q in output:\n%s", v, name, val, out)
					}
					if name == "src" && !strings.HasPrefix(u, "../media/") {
						t.Errorf("%q: src=%q loads from elsewhere than the site:\n%s", v, val, out)
					}
				}
			}
		}
	}
}

func TestImages(t *testing.T) {
	out := renderManual(t, "![pic](pic.png \"Title\") ![remote](https://example.org/a.png) ![gone](missing.png)\n")
	for _, want := range []string{
		`<img src="../media/0123456789abcdef.png" alt="pic" title="Title" loading="lazy">`,
		`<a class="image-link" href="https://example.org/a.png" rel="external noopener noreferrer">remote</a>`,
		`<a class="image-link" href="missing.png" rel="external noopener noreferrer">gone</a>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
}

func TestHeadingAnchors(t *testing.T) {
	out := renderManual(t, "# Größe & Form\n\n## Größe & Form\n")
	for _, want := range []string{
		`<h1 id="größe--form">Größe &amp; Form <a class="anchor" href="#größe--form" aria-label="Link to this section">#</a></h1>`,
		`<h2 id="größe--form-1">`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
}

func TestHighlight(t *testing.T) {
	out := renderManual(t, "```go\nfunc main() {}\n```\n\n```nosuchlang\n<b>x</b>\n```\n\n    indented <i>\n")
	for _, want := range []string{
		`<div class="code" data-lang="go"><pre class="chroma"><code>`,
		`<span class="kd">func</span>`,
		`<div class="code" data-lang="nosuchlang"><pre class="chroma"><code>&lt;b&gt;x&lt;/b&gt;`,
		`<div class="code"><pre class="chroma"><code>indented &lt;i&gt;`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	if css := highlightCSS(); !strings.Contains(css, ":root:not([data-theme=dark]) .chroma .kd {") || !strings.Contains(css, ":root[data-theme=dark] .chroma .kd {") {
		t.Errorf("highlightCSS lacks a palette:\n%s", css)
	}
}
