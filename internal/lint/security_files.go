package lint

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"math"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/wall"
)

// Helpers of the security/* rules: the files they scan besides manuals,
// and how a Hit of internal/lint/scan becomes a finding.

// scanText is a file the security rules scan.
type scanText struct {
	path   string
	src    []byte
	kind   scan.Kind
	prompt bool           // a prompt file (prompt/guardrail-override judges its overrides)
	m      *manual.Manual // the manual, for manuals
	lines  diag.Lines     // line index, for other files
	// read is the reading of src (scan.ReadingOf), kept for a manual's
	// text once read (readDone), which only the rules of that manual use.
	read             *scan.Reading
	readOK, readDone bool
	// exec is scan.RemoteExec of src, found once (execOnce):
	// security/remote-exec and security/backdoor share it, also for a
	// file their project checks read at the same time.
	exec     []scan.Hit
	execOnce sync.Once
}

// remoteExec returns scan.RemoteExec of the text, found once.
func (t *scanText) remoteExec() []scan.Hit {
	t.execOnce.Do(func() { t.exec = scan.RemoteExec(t.src, t.kind) })
	return t.exec
}

// reading returns scan.ReadingOf(t.src), read once for a manual's text;
// the text of another file is shared by project rules that run at the
// same time, and is read anew.
func (t *scanText) reading() (*scan.Reading, bool) {
	if t.m == nil {
		return scan.ReadingOf(t.src)
	}
	if !t.readDone {
		t.read, t.readOK = scan.ReadingOf(t.src)
		t.readDone = true
	}
	return t.read, t.readOK
}

func (t *scanText) pos(off int) diag.Pos {
	if t.m != nil {
		return t.m.Pos(off)
	}
	l, c := t.lines.Pos(t.src, off)
	return diag.Pos{File: t.path, Line: l, Col: c}
}

// line returns the line of byte offset off: pos's line, without the
// column, which costs a walk from the line's start.
func (t *scanText) line(off int) int {
	if t.m != nil {
		return t.m.LineOf(off)
	}
	return t.lines.Line(max(0, min(off, len(t.src))))
}

func manualText(m *manual.Manual) *scanText {
	return &scanText{path: m.Path, src: m.Src, kind: scan.Markdown, m: m}
}

// maxSupportingFile bounds the supporting files read: a larger one is not
// a page an agent reads as text.
const maxSupportingFile = 16 << 20

// scriptExts are the supporting files read as code from the first byte.
var scriptExts = map[string]bool{".sh": true, ".bash": true, ".zsh": true, ".ksh": true, ".fish": true, ".ps1": true,
	".psm1": true, ".bat": true, ".cmd": true, ".py": true, ".rb": true, ".pl": true, ".js": true, ".mjs": true, ".cjs": true,
	".ts": true, ".php": true, ".lua": true, ".go": true, ".rs": true, ".java": true, ".kt": true, ".swift": true,
	".r": true, ".applescript": true, ".vbs": true, ".psd1": true, ".mk": true, ".makefile": true, ".dockerfile": true}

// securityFiles are the files the security rules scan besides the
// manuals: the files a manual links to, every other file under a manual
// root (an Agent Skills folder's scripts/, references/, assets/ and the
// rest; Markdown files are manuals already), and every prompt file (engine prompts, layers, library
// blocks, fragments, task templates). Those of the manuals' files they
// cannot read are opaque, for security/opaque-file.
func securityFiles(in *Input) ([]*scanText, []opaqueFile) {
	var out []*scanText
	var opaque []opaqueFile
	seen := map[string]bool{}
	if in.FS != nil && in.Manuals != nil {
		roots := map[string]bool{}
		for _, m := range in.Manuals.Manuals {
			out, opaque = appendLinkedFiles(out, opaque, in.FS, m, seen)
			if m.Root != "" { // a manual parsed on its own has no root to walk
				roots[m.Root] = true
			}
		}
		skip := notManuals(in)
		for _, root := range slices.Sorted(maps.Keys(roots)) {
			out, opaque = appendRootFiles(out, opaque, in.FS, in.Manuals, root, skip, seen)
		}
	}
	if in.Prompts != nil {
		keys := make([]string, 0, len(in.Prompts.Files))
		for k := range in.Prompts.Files {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			src := in.Prompts.Files[k]
			if in.FS != nil {
				// The bytes on disk, while they are the text the prompt
				// set read: hits and their fixes are offsets in the file.
				if d, ok := diskPrompt(in.FS, k, src); ok {
					src = d
				}
			}
			out = append(out, &scanText{path: k, src: src, kind: scan.Markdown, prompt: true, lines: diag.NewLines(src)})
		}
	}
	return out, opaque
}

// appendListed adds each file of files not seen yet that is not Markdown
// (manuals are read as manuals), by appendSupportingFile.
func appendListed(out []*scanText, opaque []opaqueFile, fsys afero.Fs, files []manual.SkillFile, seen map[string]bool) ([]*scanText, []opaqueFile) {
	for _, f := range files {
		if strings.EqualFold(path.Ext(f.Path), ".md") || seen[f.Path] {
			continue
		}
		seen[f.Path] = true
		out, opaque = appendSupportingFile(out, opaque, fsys, f.Path, f.Info.Size())
	}
	return out, opaque
}

// appendRootFiles adds the other files under the manual root root that
// are not Markdown (manuals are read as manuals): a script or a data file
// beside the manuals is one an agent can be told to run or read without
// a link ("run `./tools/setup.sh`").
// The folders the manuals' load listed are not listed again.
func appendRootFiles(out []*scanText, opaque []opaqueFile, fsys afero.Fs, set *manual.Set, root string, skip func(string) bool, seen map[string]bool) ([]*scanText, []opaqueFile) {
	return appendListed(out, opaque, fsys, set.RootFiles(fsys, root, skip, notMarkdown, math.MaxInt), seen)
}

// notMarkdown reports whether a file of this name is no Markdown file
// (appendListed leaves those out: manuals are read as manuals).
func notMarkdown(name string) bool { return !strings.EqualFold(path.Ext(name), ".md") }

// notManuals reports the folders a manual root may hold that are no
// manuals' (a root "." holds the whole project): the output, the build
// cache, and the prompts, content and theme folders, which are read as
// what they are.
func notManuals(in *Input) func(string) bool {
	if in.Config == nil {
		return nil
	}
	c := in.Config
	dirs := map[string]bool{}
	for _, d := range []string{c.Out, c.Prompts, c.Content, c.Theme, config.CacheDir} {
		if d != "" {
			dirs[path.Clean(c.Path(d))] = true
		}
	}
	return func(dir string) bool { return dirs[path.Clean(dir)] }
}

// appendLinkedFiles adds the files manual m links to that are no manuals
// (a script, a data file, an archive beside it), which an agent reading
// m opens or runs and lore export copies beside it: every relative link
// to a regular file that stays inside m's root after symbolic links
// (nothing of lore reads a file out of its root).
func appendLinkedFiles(out []*scanText, opaque []opaqueFile, fsys afero.Fs, m *manual.Manual, seen map[string]bool) ([]*scanText, []opaqueFile) {
	for _, r := range m.Refs {
		if r.Kind != manual.RefLink || r.Target == "" {
			continue
		}
		p := path.Join(path.Dir(m.Path), r.Target)
		if strings.EqualFold(path.Ext(p), ".md") || seen[p] {
			continue
		}
		seen[p] = true
		if e, err := wall.Check(fsys, m.Root, p); err != nil || e != nil {
			continue
		}
		fi, err := fsys.Stat(p)
		if err != nil || !fi.Mode().IsRegular() {
			continue // ref/broken-link reports a missing file
		}
		out, opaque = appendSupportingFile(out, opaque, fsys, p, fi.Size())
	}
	return out, opaque
}

// appendSupportingFile adds the file p of size bytes to out when the
// rules can read it as text, else to opaque unless it is media or a
// document (opaqueKind).
func appendSupportingFile(out []*scanText, opaque []opaqueFile, fsys afero.Fs, p string, size int64) ([]*scanText, []opaqueFile) {
	large := size > maxSupportingFile
	src, head, err := readText(fsys, p, large)
	if err != nil {
		return out, append(opaque, opaqueFile{path: p, why: "unreadable (" + err.Error() + ")"})
	}
	if src == nil || large {
		if why := opaqueKind(p, head, large); why != "" {
			opaque = append(opaque, opaqueFile{path: p, why: why})
		}
		return out, opaque
	}
	kind := scan.Markdown
	if scriptExts[strings.ToLower(path.Ext(p))] || strings.HasPrefix(string(src), "#!") || strings.Contains(p, "/scripts/") {
		kind = scan.Script
	}
	return append(out, &scanText{path: p, src: src, kind: kind, lines: diag.NewLines(src)}), opaque
}

// readText reads a supporting file (only its head when headOnly); src is
// nil for a binary file (a NUL byte in its first 8 KiB). head is its
// first 8 KiB either way.
func readText(fsys afero.Fs, p string, headOnly bool) (src, head []byte, err error) {
	f, err := fsys.Open(p)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	limit := int64(maxSupportingFile)
	if headOnly {
		limit = 8 << 10
	}
	src, err = io.ReadAll(io.LimitReader(f, limit))
	if err != nil {
		return nil, nil, err
	}
	head = src[:min(len(src), 8<<10)]
	if slices.Contains(head, 0) {
		return nil, head, nil
	}
	return src, head, nil
}

// securityRule makes a rule whose check is detect, run on every manual
// and on every supporting and prompt file (securityFiles); fix is the
// advice that ends each message.
func securityRule(r *Rule, fix string, detect func(t *scanText) []scan.Hit) *Rule {
	return securityRuleFix(r, fix, "", detect)
}

// securityRuleFix is securityRule for a rule whose hits can simply be
// deleted: each finding carries the fix (titled remove) that deletes the
// bytes of its hits, which lore lint --fix and the language server's code
// actions apply.
func securityRuleFix(r *Rule, fix, remove string, detect func(t *scanText) []scan.Hit) *Rule {
	r.Scope = ScopeManual // the Manual check reads its manual; Project scans the other files
	r.Manual = func(p *Pass, m *manual.Manual) {
		t := p.text
		if t == nil || t.m != m {
			t = manualText(m)
		}
		reportHits(p, t, detect(t), fix, remove)
	}
	project := r.Project
	r.Project = func(p *Pass) {
		for _, t := range p.files {
			if p.In.Report != nil && !p.In.Report(t.path) {
				continue
			}
			reportHits(p, t, detect(t), fix, remove)
		}
		if project != nil {
			project(p)
		}
	}
	return r
}

// reportHits reports each hit at its place, with an escaped excerpt. Hits
// on one line are one finding (the first, with how many more the line
// holds), so a line of 100,000 hidden characters is one message. With
// remove set, the finding's fix deletes every hit of its line.
func reportHits(p *Pass, t *scanText, hits []scan.Hit, fix, remove string) {
	for i := 0; i < len(hits); {
		h := hits[i]
		pos := t.pos(h.Off)
		j := i + 1
		for j < len(hits) && t.line(hits[j].Off) == pos.Line {
			j++
		}
		what := h.What
		if more := j - i - 1; more > 0 {
			what += fmt.Sprintf(" (and %d more on this line)", more)
		}
		until := len(t.src)
		for _, x := range hits[i+1 : j] {
			if x.Redact {
				until = x.Off // the next credential of the line is not quoted
				break
			}
		}
		ex := scan.Excerpt(t.src, h.Off, h.End, h.Redact, until)
		var f *diag.Fix
		if remove != "" {
			f = &diag.Fix{Title: remove}
			for _, x := range hits[i:j] {
				f.Edits = append(f.Edits, diag.Edit{Start: x.Off, End: x.End})
			}
		}
		p.ReportFix(pos, t.pos(h.End), f, "%s: `%s`; %s", what, ex, cmp.Or(h.Fix, fix))
		i = j
	}
}
