package site

import (
	"cmp"
	"slices"
	"strings"
)

// Capabilities is what a manual or skill lets an agent do (the surface
// manuals.lock records, internal/capability): its tools, the URL hosts it
// references, the commands of its shell code, the scripts it ships and
// its files with their integrity digests. Values come from the manuals:
// the build passes them with hidden characters escaped.
type Capabilities struct {
	Tools, Hosts, Commands, Scripts []string
	// Suppressed are the security rules the manual's inline directives
	// turn off ("*": every rule).
	Suppressed []string
	Files      []CapabilityFile
}

// CapabilityFile is a file of a manual or skill and its digest (SRI form).
type CapabilityFile struct {
	Path, Digest string
}

// securityURL is the Security page.
const securityURL = "security.html"

// securityView is the Security page: the security/* findings (and
// manual/lock's) by rule and by file, and the capability surface of every
// manual.
type securityView struct {
	ByRule   []ruleCount
	ByFile   []fileFindings
	Findings int
	Surfaces []surfaceRow
	// With counts the manuals with tools, hosts, commands and scripts.
	WithTools, WithHosts, WithCommands, WithScripts, WithSuppressed int
}

// surfaceRow is one manual's line of the capability table: what the
// page shows, so that an edit that changes only a file's digest does not
// render the page again.
type surfaceRow struct {
	Name, Path, URL                             string
	Tools, Hosts, Commands, Scripts, Suppressed []string
	Files                                       int
}

// securityRule reports whether a rule's findings belong on the Security
// page.
func securityRule(id string) bool {
	return strings.HasPrefix(id, "security/") || id == "manual/lock"
}

func securityData(r *run) (any, error) {
	v := &securityView{}
	counts := map[string]*ruleCount{}
	for _, rl := range r.in.Rules {
		if securityRule(rl.ID) {
			counts[rl.ID] = &ruleCount{Rule: rl.ID, Severity: rl.Severity.String()}
		}
	}
	for _, d := range r.in.Diagnostics {
		if !securityRule(d.Rule) {
			continue
		}
		c := counts[d.Rule]
		if c == nil {
			c = &ruleCount{Rule: d.Rule}
			counts[d.Rule] = c
		}
		c.Severity = d.Severity.String()
		c.Count++
		v.Findings++
		if n := len(v.ByFile); n == 0 || v.ByFile[n-1].File != d.Pos.File {
			v.ByFile = append(v.ByFile, fileFindings{File: d.Pos.File, URL: r.byFile[d.Pos.File]})
		}
		f := &v.ByFile[len(v.ByFile)-1]
		f.Findings = append(f.Findings, newFinding(d))
	}
	for _, c := range counts {
		v.ByRule = append(v.ByRule, *c)
	}
	slices.SortFunc(v.ByRule, func(a, b ruleCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.Rule, b.Rule))
	})
	for _, m := range r.in.Manuals {
		c := m.Capabilities
		if c == nil {
			continue
		}
		v.Surfaces = append(v.Surfaces, surfaceRow{Name: m.M.Name, Path: m.Path, URL: m.URL, Tools: c.Tools, Hosts: c.Hosts,
			Commands: c.Commands, Scripts: c.Scripts, Suppressed: c.Suppressed, Files: len(c.Files)})
		for _, x := range []struct {
			n   *int
			has bool
		}{{&v.WithTools, len(c.Tools) > 0}, {&v.WithHosts, len(c.Hosts) > 0}, {&v.WithCommands, len(c.Commands) > 0}, {&v.WithScripts, len(c.Scripts) > 0},
			{&v.WithSuppressed, len(c.Suppressed) > 0}} {
			if x.has {
				*x.n++
			}
		}
	}
	return v, nil
}
