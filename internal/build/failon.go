package build

import (
	"cmp"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
)

// Fails reports whether the findings ds stop a build run with o: a
// finding at or above o.FailOn (error by default) unless o.NeverFail, or
// an error that no option lets through (Unpublishable).
func (o RunOptions) Fails(ds diag.List) bool {
	return fails(ds, cmp.Or(o.FailOn, diag.Error), o.NeverFail)
}

// fails reports whether the findings ds stop a step that publishes to
// agents (a build, an export): an error no option lets through, or a
// finding at or above failOn unless never.
func fails(ds diag.List, failOn diag.Severity, never bool) bool {
	if Unpublishable(ds) > 0 {
		return true
	}
	return !never && failOn != diag.Off && ds.AtLeast(failOn)
}

// Unpublishable counts the errors among ds that stop a build or an export
// whatever --fail-on says: those of the safety floor's rules, and those
// of the security rules, since an agent would load what they found.
// A line reviewed as safe is let through by a disable comment or a
// lint.rules setting, which manuals.lock records.
func Unpublishable(ds diag.List) int { return FloorErrors(ds) + SecurityErrors(ds) }

// SecurityErrors counts the errors of the security rules (security/*)
// among ds: content an agent must not load.
func SecurityErrors(ds diag.List) int {
	n := 0
	for _, d := range ds {
		if securityError(d) {
			n++
		}
	}
	return n
}

// securityError reports whether d is an error of a security rule.
func securityError(d diag.Diagnostic) bool {
	return d.Severity == diag.Error && strings.HasPrefix(d.Rule, "security/")
}

// FloorErrors counts the errors of the safety floor's rules among ds:
// they fail a build even under --fail-on never.
func FloorErrors(ds diag.List) int {
	n := 0
	for _, d := range ds {
		if d.Severity == diag.Error {
			if r := lint.Lookup(d.Rule); r != nil && r.Floor {
				n++
			}
		}
	}
	return n
}
