package build

import (
	"cmp"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
)

// Fails reports whether the findings ds stop a build run with o: a
// finding at or above o.FailOn (error by default) unless o.NeverFail, or
// an error of a rule of the safety floor, which no option lets through.
func (o RunOptions) Fails(ds diag.List) bool {
	return fails(ds, cmp.Or(o.FailOn, diag.Error), o.NeverFail)
}

// fails reports whether the findings ds stop a step that publishes (a
// build, an export): a finding at or above failOn unless never (a build's
// failOn is error when Off; an export's Off fails on nothing here), or an
// error of the safety floor.
func fails(ds diag.List, failOn diag.Severity, never bool) bool {
	if FloorErrors(ds) > 0 {
		return true
	}
	return !never && failOn != diag.Off && ds.AtLeast(failOn)
}

// SecurityErrors counts the errors of the security rules (security/*)
// among ds: content an agent must not load.
func SecurityErrors(ds diag.List) int {
	n := 0
	for _, d := range ds {
		if d.Severity == diag.Error && strings.HasPrefix(d.Rule, "security/") {
			n++
		}
	}
	return n
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
