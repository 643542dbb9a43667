// Package lint checks manuals, prompts and configuration against lore's rule
// set and reports diagnostics. A rule is data plus a function: an id, a
// default severity, a doc paragraph and a check. Each rule lives in its own
// file; Rules lists them all.
package lint

import (
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// Rule is one lint rule.
type Rule struct {
	// ID is stable: configuration, disable comments and CI depend on it.
	ID string
	// Severity is the default severity.
	Severity diag.Severity
	// Summary is one line: when the rule fires.
	Summary string
	// Doc is one paragraph: why the rule exists and how to fix a finding.
	// The site's rule reference is generated from it.
	Doc string
	// Manual checks one manual; it may run in parallel with other manuals.
	Manual func(p *Pass, m *manual.Manual)
	// Project checks everything at once (cross-manual rules).
	Project func(p *Pass)
	// Scope says what the rule's Manual check reads. The zero value,
	// ScopeProject, is the safe one: such a check runs on every manual in
	// every run.
	Scope Scope
	// Floor marks a rule of the safety floor (content/trust.md): lore.yaml
	// cannot lower its severity, lint.ignore does not hide its findings and
	// a disable comment does not silence it; trying is a lint/floor finding.
	Floor bool
}

// Scope is what a rule's Manual check depends on.
type Scope uint8

const (
	// ScopeProject: the Manual check reads more than its manual (other
	// manuals, the file system), so its findings for a manual can change
	// when anything else does. Project checks are always of this scope.
	ScopeProject Scope = iota
	// ScopeManual: the Manual check reads only the manual it is given
	// (its source and what parsing made of it, with the skill that owns
	// it) and the configuration. Its findings for an unchanged manual in
	// an unchanged configuration are the same, and a build reuses them
	// (Input.Memo).
	ScopeManual
	// ScopeNames: the Manual check reads the manual it is given (as
	// ScopeManual) and, of the other manuals, only their names and paths
	// (Set.ByName, Set.Names: whether a name resolves, and to which
	// files). Its findings for an unchanged manual are the same while the
	// configuration and the project's names and paths are (NamesDigest),
	// and a build reuses them (Input.Memo).
	ScopeNames
)

// String names the scope as the rule reference shows it.
func (s Scope) String() string {
	switch s {
	case ScopeManual:
		return "manual"
	case ScopeNames:
		return "names"
	}
	return "project"
}

// Group returns the part of the id before the slash ("size" of "size/goal").
func (r *Rule) Group() string {
	g, _, _ := strings.Cut(r.ID, "/")
	return g
}

// ruleIDs returns every rule id, sorted.
func ruleIDs() []string {
	var out []string
	for _, r := range registry() {
		out = append(out, r.ID)
	}
	slices.Sort(out)
	return out
}

// matchesRule reports whether pattern (a rule id, "group/*" or "*") selects id.
func matchesRule(pattern, id string) bool {
	if pattern == "*" || pattern == id {
		return true
	}
	if g, ok := strings.CutSuffix(pattern, "/*"); ok {
		return strings.HasPrefix(id, g+"/")
	}
	return false
}
