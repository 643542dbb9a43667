package lint

import (
	"fmt"
	"runtime"
	"slices"

	"golang.org/x/sync/errgroup"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// Run checks in and returns the findings, sorted by file, line and column,
// with the project's severities, ignore globs and disable comments applied
// and the byte offset of every position set. The findings of ScopeManual
// checks come from in.Memo when it has them for a manual, and go into it
// when they are made.
func Run(in *Input) diag.List {
	rules := effective(in)
	var own, wide, project []*Rule
	for _, r := range rules {
		switch {
		case r.Manual != nil && r.Scope == ScopeManual:
			own = append(own, r)
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
	if slices.ContainsFunc(project, func(r *Rule) bool { return r.Group() == "security" }) {
		files = securityFiles(in)
	}

	// Project rules run beside the manuals, each into its own list.
	ms := in.Manuals.Manuals
	projOuts := make([]diag.List, len(project))
	outs := make([]diag.List, len(ms))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, r := range project {
		g.Go(func() error {
			r.Project(&Pass{In: in, rule: r, out: &projOuts[i], files: files})
			return nil
		})
	}
	for i, m := range ms {
		if in.Report != nil && !in.Report(m.Path) {
			continue
		}
		g.Go(func() error {
			outs[i] = checkManual(in, m, own, wide)
			return nil
		})
	}
	_ = g.Wait()
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
// (own) unless in.Memo keeps their findings, then the others (wide).
func checkManual(in *Input, m *manual.Manual, own, wide []*Rule) diag.List {
	var out diag.List
	kept, ok := diag.List(nil), false
	if in.Memo != nil {
		kept, ok = in.Memo.Findings(m)
	}
	if ok {
		out = append(out, kept...)
	} else {
		for _, r := range own {
			r.Manual(&Pass{In: in, rule: r, out: &out}, m)
		}
		if in.Memo != nil {
			in.Memo.Keep(m, slices.Clip(out))
		}
	}
	for _, r := range wide {
		r.Manual(&Pass{In: in, rule: r, out: &out}, m)
	}
	return out
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
