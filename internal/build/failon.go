package build

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
)

// Fails reports whether the findings ds stop a build run with o: a
// finding at or above o.FailOn (error by default) unless o.NeverFail, or
// an error of a rule of the safety floor, which no option lets through.
func (o RunOptions) Fails(ds diag.List) bool {
	if FloorErrors(ds) > 0 {
		return true
	}
	if o.NeverFail {
		return false
	}
	return ds.AtLeast(o.failOn())
}

func (o RunOptions) failOn() diag.Severity {
	if o.FailOn == diag.Off {
		return diag.Error
	}
	return o.FailOn
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
