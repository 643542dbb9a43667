package lint

import (
	"slices"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
)

var securitySecret = securityRule(&Rule{
	ID: "security/secret", Severity: diag.Error,
	Summary: "a credential or private key",
	Doc: "Whatever a manual or skill file holds ends up in every agent's context, in bundles and on the site. The rule runs the " +
		"default rule set of gitleaks (" + scan.GitleaksVersion + ", MIT licence, embedded as data: about 220 rules for cloud keys, " +
		"tokens of code hosts and chat services, private keys and generic assignments of random-looking values), with gitleaks' " +
		"keywords, entropy thresholds and allowlists, and reports a password written into a service's address " +
		"(`postgres://app:…@db.internal`), unless it is a placeholder or the host is an example or this machine; the excerpt shows only the first characters of the secret. Revoke the credential, " +
		"remove it and write a placeholder (`YOUR_API_KEY`). A line with `gitleaks:allow` is not reported.",
}, "revoke it and write a placeholder instead", func(t *scanText) []scan.Hit {
	hits, err := scan.Secrets(t.path, t.src)
	if err != nil {
		return []scan.Hit{{What: "the secret rules cannot be loaded (" + err.Error() + ")"}}
	}
	for _, h := range scan.URLPasswords(t.src) {
		if !slices.ContainsFunc(hits, func(s scan.Hit) bool { return s.Off < h.End && h.Off < s.End }) {
			hits = append(hits, h) // a token gitleaks knows is reported once, as that
		}
	}
	return hits
})
