package lint

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/prompt/facts"
)

// Input is what the linter checks.
type Input struct {
	Config *config.Config
	// FS is the file system the manuals were read from (for link checks).
	FS      afero.Fs
	Manuals *manual.Set
	// Report, when set, limits findings to files it accepts (lint PATH…
	// over a project reports on the given paths only).
	Report func(file string) bool
	// Prompts are the facts of the prompt bake, which the prompt rules
	// judge; nil when the prompts are not checked. Disable comments in
	// prompt files are honoured like those in manuals.
	Prompts *facts.Prompts
	// hosts is the simulation of the targeted hosts, made once for all
	// host/* rules of a run.
	hosts hostRun
	// anchors are the anchors of the manuals links point into
	// (*manual.Manual → map[string]bool, ref/broken-link), found once per
	// run, not once per manual that links there.
	anchors sync.Map

	// Memo, when set, keeps the findings of the ScopeManual and
	// ScopeNames checks of each manual between runs. Its keys must hold
	// everything such a check reads: the manual (with its owner), the
	// configuration and the context Run gives (for ScopeNames checks the
	// project's names and paths).
	Memo Memo

	// NoProject skips the Project checks, which read every file: only
	// the Manual checks of the reported manuals run (lore serve's page of
	// an edited manual, ahead of the build that runs them all).
	NoProject bool

	// ManualLock is the capability lock (manuals.lock) the manual/lock
	// rule compares every manual's surface with (lore build --locked);
	// empty does not compare. It is read through FS.
	ManualLock string
}

// Memo keeps the findings of the ScopeManual and ScopeNames checks of
// manuals. ctx tells the two apart and says what else the checks read:
// the zero value for the ScopeManual checks, NamesDigest of the manuals
// for the ScopeNames checks.
type Memo interface {
	// Findings returns the findings kept for m in ctx, if any.
	Findings(m *manual.Manual, ctx [32]byte) (diag.List, bool)
	// Keep keeps the findings of m in ctx (called from several
	// goroutines).
	Keep(m *manual.Manual, ctx [32]byte, ds diag.List)
}

// DigestMemo is a Memo that also keeps digests a Project check computes
// of each manual's bytes alone (ref/duplicate's digest of a body): a
// manual read before is not digested again.
type DigestMemo interface {
	Memo
	// Digest returns f() for m, or what f returned for a manual of the
	// same identity before; kind names f. f reads m's source only.
	Digest(m *manual.Manual, kind string, f func() [32]byte) [32]byte
}

// digest returns f() for m, through in.Memo when it keeps digests.
func (in *Input) digest(m *manual.Manual, kind string, f func() [32]byte) [32]byte {
	if dm, ok := in.Memo.(DigestMemo); ok {
		return dm.Digest(m, kind, f)
	}
	return f()
}

// Pass is handed to a rule's check. It reports findings for that rule.
type Pass struct {
	In   *Input
	rule *Rule
	out  *diag.List
	// files are the files the security rules scan besides manuals
	// (securityFiles), read once per run.
	files []*scanText
	// opaque are the files of skills the security rules cannot read
	// (security/opaque-file).
	opaque []opaqueFile
	// text is the text of the manual being checked for the security
	// rules, shared by the rules of that manual (which run one after
	// another), or nil.
	text *scanText
	// weakened is Weakened of the configuration, for the manual/lock
	// rule (which cannot name it: Weakened reads the registry).
	weakened func(files []string) []capability.Fact
	// suggested counts the names compared for "did you mean" (closest).
	suggested int
}

// maxSuggestWork is how many names one pass compares for "did you mean"
// suggestions: a file of thousands of unknown names among thousands of
// known ones gets suggestions for the first findings, and lint stays
// linear in the size of its input instead of their product.
const maxSuggestWork = 1 << 20

// closest returns the candidate closest to s (config.Closest), or "" once
// the pass has compared maxSuggestWork names.
func (p *Pass) closest(s string, candidates []string) string {
	if p.suggested+len(candidates) > maxSuggestWork {
		return ""
	}
	p.suggested += len(candidates)
	return config.Closest(s, candidates)
}

// Rule returns the rule being checked.
func (p *Pass) Rule() *Rule { return p.rule }

// Report records a finding at line:col of manual m.
func (p *Pass) Report(m *manual.Manual, line, col int, format string, args ...any) {
	p.ReportAt(diag.Pos{File: m.Path, Line: line, Col: col}, diag.Pos{}, format, args...)
}

// ReportRange records a finding spanning line:col to endLine:endCol of m.
func (p *Pass) ReportRange(m *manual.Manual, line, col, endLine, endCol int, format string, args ...any) {
	p.ReportAt(diag.Pos{File: m.Path, Line: line, Col: col}, diag.Pos{File: m.Path, Line: endLine, Col: endCol}, format, args...)
}

// ReportAt records a finding at any position.
func (p *Pass) ReportAt(pos, end diag.Pos, format string, args ...any) {
	p.ReportFix(pos, end, nil, format, args...)
}

// ReportFix records a finding with the fix that resolves it (nil: none
// is known).
func (p *Pass) ReportFix(pos, end diag.Pos, fix *diag.Fix, format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	*p.out = append(*p.out, diag.Diagnostic{Pos: pos, End: end, Severity: p.rule.Severity, Rule: p.rule.ID, Message: diag.Bound(msg), Fix: fix})
}

// reportProblems is the check of the rules whose findings the parser made.
func reportProblems(p *Pass, m *manual.Manual) {
	for _, pr := range m.Problems {
		if pr.Rule != p.rule.ID || m.InSkill() && strings.HasPrefix(pr.Rule, "header/") {
			continue // a skill's resources carry the skill's front matter, not a lore header
		}
		end := diag.Pos{}
		if pr.EndLine > 0 {
			end = diag.Pos{File: m.Path, Line: pr.EndLine, Col: pr.EndCol}
		}
		p.ReportFix(diag.Pos{File: m.Path, Line: pr.Line, Col: pr.Col}, end, headerFix(m, pr), "%s", pr.Message)
	}
}

// reportFileProblems reports the unparsed-file problems of p's rule: the
// manual set's and the prompts folder's.
func reportFileProblems(p *Pass) {
	probs := p.In.Manuals.Problems
	if p.In.Prompts != nil {
		probs = append(slices.Clip(probs), p.In.Prompts.FileProblems...)
	}
	for _, fp := range probs {
		if fp.Rule == p.rule.ID {
			p.ReportAt(diag.Pos{File: fp.Path, Line: fp.Line, Col: fp.Col}, diag.Pos{}, "%s", fp.Message)
		}
	}
}

// problemRule makes a rule whose findings are the parser's Problems tagged
// with its id.
func problemRule(id string, sev diag.Severity, summary, doc string) *Rule {
	return &Rule{ID: id, Severity: sev, Summary: summary, Doc: doc,
		Manual: reportProblems, Project: reportFileProblems, Scope: ScopeManual}
}

// bodyLine returns the first line of m's body, or its last line when the
// body is empty, for findings about the body as a whole.
func bodyLine(m *manual.Manual) int {
	return max(1, min(m.Header.End+1, m.Lines))
}
