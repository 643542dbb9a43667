package build

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/build/cache"
	"github.com/lorekit/lore/build/config"
	"github.com/lorekit/lore/build/diag"
	"github.com/lorekit/lore/build/lint"
	"github.com/lorekit/lore/build/manual"
	"github.com/lorekit/lore/build/prompt"
	"github.com/lorekit/lore/build/tokens"
)

// BundlesDir is where bundles are published inside the output folder.
const BundlesDir = "lore/bundles"

// Baked is the output of the bake stage: the prompt bundles and the
// findings made while composing them.
type Baked struct {
	// Prompts is the loaded prompts/ folder.
	Prompts *prompt.Set
	// Bundles, sorted by id.
	Bundles []*bundle.Bundle
	// Seeds are the bundles composed from the seed tier alone, by id:
	// what each bundle's layers changed is the difference.
	Seeds       map[string]*bundle.Bundle
	Diagnostics diag.List
}

// Bake loads the project's prompts and composes every bundle, without
// writing anything: what lore build publishes, lore prompt previews.
func Bake(p *Project) (*Baked, error) {
	return bake(p, tokens.NewCounter(p.Config.Tokenizer))
}

// bake composes every recipe's prompt bundles and runs the prompt checks,
// prose references included.
func bake(p *Project, counter *tokens.Counter) (*Baked, error) {
	if _, err := counter.Count("lore"); err != nil {
		return nil, err
	}
	set := prompt.Load(p.FS, p.Config.Path(p.Config.Prompts))
	res := prompt.Bake(set, p.promptOptions(counter))
	b := &Baked{Prompts: set, Bundles: res.Bundles, Seeds: res.Seeds, Diagnostics: res.Diagnostics}
	for _, f := range set.Paths() {
		b.Diagnostics = append(b.Diagnostics, lint.PromptProse(f, set.Files[f])...)
	}
	b.Diagnostics.Sort()
	return b, nil
}

// promptOptions configures the prompt package for this project.
func (p *Project) promptOptions(counter *tokens.Counter) prompt.Options {
	return prompt.Options{Config: p.Config, Count: counter.MustCount, Tokenizer: counter.Encoding(),
		Manuals: &projectManuals{p: p, cascades: map[string]*manual.Cascade{}}, Rel: p.RelPath}
}

// BakeOne composes the bundle sel names, as lore build would bake it; with
// seedOnly the layers are left out (the baseline of lore prompt diff).
func BakeOne(p *Project, sel prompt.Selection, seedOnly bool) (*bundle.Bundle, diag.List, error) {
	counter := tokens.NewCounter(p.Config.Tokenizer)
	if _, err := counter.Count("lore"); err != nil {
		return nil, nil, err
	}
	set := prompt.Load(p.FS, p.Config.Path(p.Config.Prompts))
	o := p.promptOptions(counter)
	o.SeedOnly = seedOnly
	return prompt.BakeOne(set, o, sel)
}

// projectManuals resolves hooks through a recipe's manual cascade, built
// once per list of manualPaths.
type projectManuals struct {
	p        *Project
	cascades map[string]*manual.Cascade
}

func (m *projectManuals) cascade(r *config.Recipe) *manual.Cascade {
	key := strings.Join(r.ManualPaths, "\x00")
	c, ok := m.cascades[key]
	if !ok {
		c = m.p.Cascade(r.ManualPaths)
		m.cascades[key] = c
	}
	return c
}

func (m *projectManuals) Resolve(r *config.Recipe, name string) (string, string, bool) {
	w := m.cascade(r).Resolve(name)
	if w == nil {
		return "", "", false
	}
	return m.p.RelPath(w.Path), w.Audience, true
}

func (m *projectManuals) Names(r *config.Recipe) []string {
	var out []string
	for _, w := range m.cascade(r).Winners() {
		out = append(out, w.Name)
	}
	return out
}

// source returns the text of a prompt file, for disable comments.
func (b *Baked) source(file string) []byte {
	if b == nil || b.Prompts == nil {
		return nil
	}
	return b.Prompts.Files[file]
}

// lockPath is prompts.lock beside the project file.
func (p *Project) lockPath() string { return p.Config.Path(bundle.LockFile) }

// ReadLock reads the project's prompts.lock; a missing file is an empty
// lock and ok is false.
func ReadLock(p *Project) (l *bundle.Lock, ok bool, err error) {
	src, err := afero.ReadFile(p.FS, p.lockPath())
	if errors.Is(err, fs.ErrNotExist) {
		return &bundle.Lock{}, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", p.lockPath(), err)
	}
	l, err = bundle.ParseLock(src)
	if err != nil {
		return nil, true, err
	}
	return l, true, nil
}

// lockDiagnostics compares the bundles with prompts.lock (build --locked).
func (b *Baked) lockDiagnostics(p *Project) diag.List {
	file := p.lockPath()
	l, ok, err := ReadLock(p)
	if err != nil {
		return diag.List{{Pos: diag.Pos{File: file, Line: 1, Col: 1}, Severity: diag.Error, Rule: prompt.RuleLock, Message: err.Error()}}
	}
	if !ok {
		if len(b.Bundles) == 0 {
			return nil
		}
		return diag.List{{Pos: diag.Pos{File: file}, Severity: diag.Error, Rule: prompt.RuleLock,
			Message: fmt.Sprintf("no %s, and the project bakes %d bundles: run 'lore lock' and commit the file", bundle.LockFile, len(b.Bundles))}}
	}
	var out diag.List
	for _, m := range l.Check(b.Bundles) {
		out = append(out, diag.Diagnostic{Pos: diag.Pos{File: file, Line: m.Line, Col: min(m.Line, 1)}, Severity: diag.Error, Rule: prompt.RuleLock, Message: m.Message})
	}
	return out
}

// write stores the bundles under lore/bundles/ of out, and the task
// templates, as they are, under lore/templates/.
func (b *Baked) write(out *output) error {
	files := map[string][]byte{}
	for _, bd := range b.Bundles {
		data, err := bd.Marshal()
		if err != nil {
			return err
		}
		files[BundlePath(bd.ID)] = data
	}
	for _, t := range b.templates() {
		files[TemplatePath(t.Name)] = b.Prompts.Files[t.Path]
	}
	for _, p := range slices.Sorted(maps.Keys(files)) {
		if err := out.Write(p, cache.Key{}, files[p]); err != nil {
			return err
		}
	}
	return nil
}

// templates returns the task templates in name order.
func (b *Baked) templates() []*prompt.TaskTemplate {
	if b == nil || b.Prompts == nil {
		return nil
	}
	out := slices.Clone(b.Prompts.Templates)
	slices.SortFunc(out, func(x, y *prompt.TaskTemplate) int { return strings.Compare(x.Name, y.Name) })
	return out
}

// BundlePath is the path of bundle id inside the output folder.
func BundlePath(id string) string { return path.Join(BundlesDir, id+".json") }

// TemplatesDir is where task templates are published inside the output
// folder.
const TemplatesDir = "lore/templates"

// TemplatePath is the path of the task template called name inside the
// output folder.
func TemplatePath(name string) string { return path.Join(TemplatesDir, name+".prompt.md") }

// LoadPrompts loads the project's prompts/ folder.
func LoadPrompts(p *Project) *prompt.Set {
	return prompt.Load(p.FS, p.Config.Path(p.Config.Prompts))
}
