package lint

import (
	"fmt"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
)

var securityEncodedPayload = securityRule(&Rule{
	ID: "security/encoded-payload", Severity: diag.Warning,
	Summary: "a long base64 or hex run that decodes to text or an executable",
	Doc: "Encoded text hides instructions from the reviewer that a model or a shell decodes without effort; an encoded executable " +
		"is a program nobody reviewed. The rule decodes runs of " + fmt.Sprint(scan.MinPayload) + " or more base64 or hex characters (also " +
		"wrapped over lines) and reports those that decode to readable text, a script, an ELF, PE or Mach-O executable or a compressed " +
		"archive; hashes, signatures and images decode to random bytes and are not reported. Ship the decoded content as a reviewed file.",
}, "ship the decoded content as a reviewed file instead", func(t *scanText) []scan.Hit {
	return scan.EncodedPayload(t.src)
})
