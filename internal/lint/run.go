package lint

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/par"
)

// Run checks in and returns the findings, sorted by file, line and column,
// with the project's severities, ignore globs and disable comments applied
// and the byte offset of every position set. The findings of ScopeManual
// and ScopeNames checks come from in.Memo when it has them for a manual,
// and go into it when they are made.
func Run(in *Input) diag.List {
	rules := effective(in)
	var own, named, wide, project []*Rule
	for _, r := range rules {
		switch {
		case r.Manual != nil && r.Scope == ScopeManual:
			own = append(own, r)
		case r.Manual != nil && r.Scope == ScopeNames:
			named = append(named, r)
		case r.Manual != nil:
			wide = append(wide, r)
		}
		if r.Project != nil && !in.NoProject {
			project = append(project, r)
		}
	}

	// The security rules scan skill supporting files and prompt files
	// too: read once for all of them.
	var files []*scanText
	var opaque []opaqueFile
	if slices.ContainsFunc(project, func(r *Rule) bool { return r.Group() == "security" }) {
		files, opaque = securityFiles(in)
	}

	// Project rules run beside the manuals, each into its own list.
	ms := in.Manuals.Manuals
	var names [32]byte
	if in.Memo != nil && len(named) > 0 {
		names = NamesDigest(in.Manuals)
	}
	projOuts := make([]diag.List, len(project))
	outs := make([]diag.List, len(ms))
	par.Each(len(project)+len(ms), func(i int) {
		if i < len(project) {
			r := project[i]
			r.Project(&Pass{In: in, rule: r, out: &projOuts[i], files: files, opaque: opaque, weakened: Weakened(in.Config)})
			return
		}
		i -= len(project)
		if m := ms[i]; in.Report == nil || in.Report(m.Path) {
			outs[i] = checkManual(in, m, own, named, wide, names)
		}
	})
	var all diag.List
	for _, o := range append(outs, projOuts...) {
		all = append(all, o...)
	}
	out := filter(in, all, files)
	out = append(out, unknownConfigRules(in)...)
	out = append(out, floorConfig(in)...)
	locate(in, out, files)
	out.Sort()
	return out
}

// checkManual runs the Manual checks on m: those of ScopeManual rules
// (own) and of ScopeNames rules (named) unless in.Memo keeps their
// findings (named ones in the context names, NamesDigest), then the others
// (wide).
func checkManual(in *Input, m *manual.Manual, own, named, wide []*Rule, names [32]byte) diag.List {
	var out diag.List
	t := manualText(m) // shared by the security rules of m, run one after another
	out = memoized(in, m, t, own, [32]byte{}, out)
	out = memoized(in, m, t, named, names, out)
	for _, r := range wide {
		r.Manual(&Pass{In: in, rule: r, out: &out, text: t}, m)
	}
	return out
}

// memoized appends the findings of the rules' Manual checks on m (whose
// text for the security rules is t) to out: from in.Memo when it keeps
// them in ctx, else from the checks (and then kept).
func memoized(in *Input, m *manual.Manual, t *scanText, rules []*Rule, ctx [32]byte, out diag.List) diag.List {
	if len(rules) == 0 {
		return out
	}
	if in.Memo != nil {
		if kept, ok := in.Memo.Findings(m, ctx); ok {
			return append(out, kept...)
		}
	}
	var ds diag.List
	for _, r := range rules {
		r.Manual(&Pass{In: in, rule: r, out: &ds, text: t}, m)
	}
	if in.Memo != nil {
		in.Memo.Keep(m, ctx, slices.Clip(ds))
	}
	return append(out, ds...)
}

// NamesDigest is what the ScopeNames checks read of a set beyond the
// manual they check: every manual's name and path, in the set's order
// (path order). It is never the zero value.
func NamesDigest(s *manual.Set) [32]byte {
	h := sha256.New()
	var buf []byte
	for _, m := range s.Manuals {
		buf = binary.AppendUvarint(buf, uint64(len(m.Name)))
		buf = append(buf, m.Name...)
		buf = binary.AppendUvarint(buf, uint64(len(m.Path)))
		buf = append(buf, m.Path...)
		if len(buf) > 32<<10 {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	h.Write(buf)
	var k [32]byte
	h.Sum(k[:0])
	k[0] |= 1 // never zero: the zero context is the ScopeManual checks'
	return k
}

// unknownConfigRules reports rule ids in lore.yaml's lint.rules that name no
// rule: a misspelt id silences nothing.
func unknownConfigRules(in *Input) diag.List {
	sev := severities(in)[lintUnknownRule.ID]
	if in.Config == nil || in.Config.File == "" || sev == diag.Off {
		return nil
	}
	var out diag.List
	for id := range in.Config.Lint.Rules {
		if known(id) {
			continue
		}
		pos := in.Config.Lint.RulePos[id]
		out = append(out, diag.Diagnostic{Pos: diag.Pos{File: in.Config.File, Line: pos[0], Col: pos[1]},
			Severity: sev, Rule: lintUnknownRule.ID, Message: fmt.Sprintf("lint.rules names unknown rule %q", id) + suggestRule(id)})
	}
	return out
}

// effective returns the rules that are on, each with its configured
// severity.
func effective(in *Input) []*Rule {
	sev := severities(in)
	var out []*Rule
	for _, r := range registry() {
		s := sev[r.ID]
		if s == diag.Off {
			continue
		}
		c := *r
		c.Severity = s
		out = append(out, &c)
	}
	return out
}

// severities maps every rule id to its configured severity: an exact id
// beats "group/*", which beats "*", which beats the default.
func severities(in *Input) map[string]diag.Severity {
	out := map[string]diag.Severity{}
	var conf map[string]string
	if in.Config != nil {
		conf = in.Config.Lint.Rules
	}
	for _, r := range registry() {
		s := r.Severity
		for _, pat := range []string{"*", r.Group() + "/*", r.ID} {
			if v, ok := conf[pat]; ok {
				if p, err := diag.ParseSeverity(v); err == nil {
					s = p
				}
			}
		}
		if r.Floor && s < r.Severity {
			s = r.Severity // lore.yaml cannot lower the safety floor (lint/floor)
		}
		out[r.ID] = s
	}
	return out
}

// filter drops findings outside the reported files, in ignored files, under
// disable comments or switched off, and sorts the rest. Findings of floor
// rules are neither ignored nor disabled.
func filter(in *Input, all diag.List, files []*scanText) diag.List {
	ignore := ignoreGlobs(in.Config)
	dirs := map[string]*directives{}
	src := func(file string) []byte {
		if m := in.Manuals.ByPath(file); m != nil {
			return m.Src
		}
		if b := in.Prompts.Source(file); b != nil {
			return b
		}
		for _, t := range files {
			if t.path == file {
				return t.src
			}
		}
		return nil
	}
	out := all[:0]
	for _, d := range all {
		if d.Severity == diag.Off {
			continue
		}
		f := d.Pos.File
		if in.Report != nil && !in.Report(f) {
			continue
		}
		floor := isFloor(d.Rule)
		if !floor && ignored(in, f, ignore) {
			continue
		}
		ds, ok := dirs[f]
		if !ok {
			ds = parseDirectives(src(f))
			dirs[f] = ds
		}
		if !floor && ds.disabled(d.Rule, d.Pos.Line) {
			continue
		}
		out = append(out, d)
	}
	// Disable comments that name unknown rules are findings themselves, in
	// files with findings and without.
	for _, m := range in.Manuals.Manuals {
		if _, ok := dirs[m.Path]; !ok && (in.Report == nil || in.Report(m.Path)) {
			dirs[m.Path] = parseDirectives(m.Src)
		}
	}
	unknownSev := severities(in)[lintUnknownRule.ID]
	for f, ds := range dirs {
		for _, u := range ds.floor {
			out = append(out, diag.Diagnostic{Pos: diag.Pos{File: f, Line: u.line, Col: u.col}, Severity: diag.Error,
				Rule: lintFloor.ID, Message: u.msg})
		}
		for _, u := range ds.unknown {
			if unknownSev == diag.Off || ignored(in, f, ignore) {
				continue
			}
			out = append(out, diag.Diagnostic{Pos: diag.Pos{File: f, Line: u.line, Col: u.col}, Severity: unknownSev,
				Rule: lintUnknownRule.ID, Message: u.msg})
		}
	}
	out.Sort()
	return out
}

// isFloor reports whether id names a rule of the safety floor.
func isFloor(id string) bool {
	r := lookup(id)
	return r != nil && r.Floor
}
