package lint

import (
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// Run checks in and returns the findings, sorted by file, line and column,
// with the project's severities, ignore globs and disable comments applied.
func Run(in *Input) diag.List {
	rules := effective(in)
	var perManual, project []*Rule
	for _, r := range rules {
		if r.Manual != nil {
			perManual = append(perManual, r)
		}
		if r.Project != nil {
			project = append(project, r)
		}
	}

	// The security rules scan skill supporting files and prompt files
	// too: read once for all of them.
	var files []*scanText
	if slices.ContainsFunc(project, func(r *Rule) bool { return r.Group() == "security" }) {
		files = securityFiles(in)
	}

	// Project rules run beside the per-manual rules, each into its own
	// list; manuals are spread over the cores.
	var wg sync.WaitGroup
	projOuts := make([]diag.List, len(project))
	for i, r := range project {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.Project(&Pass{In: in, rule: r, out: &projOuts[i], files: files})
		}()
	}
	ms := in.Manuals.Manuals
	workers := min(runtime.GOMAXPROCS(0), max(1, len(ms)))
	outs := make([]diag.List, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(ms); i += workers {
				m := ms[i]
				if in.Report != nil && !in.Report(m.Path) {
					continue
				}
				for _, r := range perManual {
					r.Manual(&Pass{In: in, rule: r, out: &outs[w]}, m)
				}
			}
		}()
	}
	wg.Wait()
	var all diag.List
	for _, o := range append(outs, projOuts...) {
		all = append(all, o...)
	}
	out := filter(in, all, files)
	out = append(out, unknownConfigRules(in)...)
	out = append(out, floorConfig(in)...)
	out.Sort()
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
	for _, r := range Rules() {
		s := sev[r.ID]
		if s == diag.Off || in.ManualRulesOnly && r.Manual == nil {
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
	for _, r := range Rules() {
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
				Rule: "lint/unknown-rule", Message: u.msg})
		}
	}
	out.Sort()
	return out
}

// isFloor reports whether id names a rule of the safety floor.
func isFloor(id string) bool {
	r := Lookup(id)
	return r != nil && r.Floor
}

// Glob compiles a path glob: * matches within a folder, ** across folders,
// ? one character; a glob ending in / or ** matches everything below.
func Glob(g string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	g = strings.TrimPrefix(g, "./")
	if strings.HasSuffix(g, "/") {
		g += "**"
	}
	for i := 0; i < len(g); i++ {
		c := g[i]
		switch c {
		case '*':
			if i+1 < len(g) && g[i+1] == '*' {
				i++
				if i+1 < len(g) && g[i+1] == '/' {
					i++
					b.WriteString("(?:.*/)?")
				} else {
					b.WriteString(".*")
				}
			} else {
				b.WriteString("[^/]*")
			}
		case '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

var _ = manual.Lore
