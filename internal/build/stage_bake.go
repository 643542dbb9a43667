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
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/prompt"
	pfacts "github.com/lorekit/lore/internal/prompt/facts"
	"github.com/lorekit/lore/internal/tokens"
	"github.com/lorekit/lore/internal/wall"
)

// BundlesDir is where bundles are published inside the output folder.
const BundlesDir = "lore/bundles"

// Baked is the output of the bake stage: the prompt bundles and the facts
// the prompt rules judge.
type Baked struct {
	// Prompts is the loaded prompts/ folder.
	Prompts *prompt.Set
	// Bundles, sorted by id.
	Bundles []*bundle.Bundle
	// Seeds are the bundles composed from the seed tier alone, by id:
	// what each bundle's layers changed is the difference.
	Seeds map[string]*bundle.Bundle
	// Facts are what loading and composing found, for lint.Input.Prompts.
	Facts *pfacts.Prompts
}

// Bake loads the project's prompts and composes every bundle, without
// writing anything: what lore build publishes, lore prompt previews.
func Bake(p *Project) (*Baked, error) {
	return bake(p, tokens.NewCounter(p.Config.Tokenizer))
}

// bake loads the project's prompts and composes every recipe's bundles.
func bake(p *Project, counter *tokens.Counter) (*Baked, error) {
	if _, err := counter.Count("lore"); err != nil {
		return nil, err
	}
	set := LoadPrompts(p)
	res := prompt.Bake(set, p.promptOptions(counter))
	return &Baked{Prompts: set, Bundles: res.Bundles, Seeds: res.Seeds, Facts: res.Facts}, nil
}

// promptOptions configures the prompt package for this project.
func (p *Project) promptOptions(counter *tokens.Counter) prompt.Options {
	return prompt.Options{Config: p.Config, Count: counter.MustCount, Tokenizer: counter.Encoding(), Rel: p.RelPath, Sources: p.sourcesFor}
}

// BakeOne composes the bundle sel names, as lore build would bake it; with
// seedOnly the layers are left out (the baseline of lore prompt diff). The
// findings are those of the prompts folder and of that bundle.
func BakeOne(p *Project, sel prompt.Selection, seedOnly bool) (*bundle.Bundle, diag.List, error) {
	counter := tokens.NewCounter(p.Config.Tokenizer)
	if _, err := counter.Count("lore"); err != nil {
		return nil, nil, err
	}
	o := p.promptOptions(counter)
	o.SeedOnly = seedOnly
	b, f, err := prompt.BakeOne(LoadPrompts(p), o, sel)
	if err != nil {
		return nil, nil, err
	}
	// No hooks are among the facts of one bundle: the manuals are not
	// needed.
	return b, lint.Run(&lint.Input{Config: p.Config, FS: p.FS, Manuals: &manual.Set{}, Prompts: f}), nil
}

// lockPath is prompts.lock beside the project file.
func (p *Project) lockPath() string { return p.Config.Path(bundle.LockFile) }

// ReadLock reads the project's prompts.lock; a missing file is an empty
// lock and ok is false.
func ReadLock(p *Project) (l *bundle.Lock, ok bool, err error) {
	src, err := readLockFile(p.FS, p.lockPath())
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

// lockFacts reads prompts.lock for the prompt/lock rule to compare with
// the bundles (build --locked).
func (p *Project) lockFacts() *pfacts.Lock {
	l, ok, err := ReadLock(p)
	f := &pfacts.Lock{Path: p.lockPath(), Found: ok, Lock: l}
	var le *bundle.LockError
	switch {
	case errors.As(err, &le):
		f.Err, f.ErrLine = le.Msg, le.Line
	case err != nil:
		f.Err = err.Error()
	}
	return f
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
	dir := p.Config.Path(p.Config.Prompts)
	if e := p.escape(dir); e != nil {
		// A link out of the project folder: an empty set and the reason.
		s := prompt.Load(afero.NewMemMapFs(), dir)
		s.Problems = append(s.Problems, manual.FileProblem{Path: e.Path, Problem: manual.Problem{Rule: wall.Rule, Message: e.Message()}})
		return s
	}
	return prompt.Load(p.FS, dir)
}

// sourcesFor lists the manuals recipe r's engine can load, for
// {{ sources }}: the winners of its cascade that its audience and
// allow-set let it see (the documents of a skill fold into its SKILL.md),
// sorted by name. Without manuals (a project of prompts only, or a
// preview that did not load them) the list is empty.
func (p *Project) sourcesFor(r *config.Recipe) []prompt.Source {
	if p.Manuals == nil {
		return nil
	}
	v := manual.Visibility{Engine: r.Engine, Tools: slices.Clone(r.Tools)}
	if v.Tools == nil {
		v.Tools = []string{}
	}
	var out []prompt.Source
	for _, m := range p.Manuals.CascadeFor(r.ManualPaths, v).Winners() {
		if m.Owner == nil {
			out = append(out, prompt.Source{Name: m.Name, Summary: m.Summary})
		}
	}
	slices.SortStableFunc(out, func(a, b prompt.Source) int { return strings.Compare(a.Name, b.Name) })
	return out
}
