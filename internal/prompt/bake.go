package prompt

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/prompt/facts"
)

// Options configure a bake.
type Options struct {
	Config *config.Config
	// Count counts tokens with the encoding Tokenizer names; nil leaves
	// counts at 0.
	Count     func(string) int
	Tokenizer string
	// Rel turns a file path into the project-relative path bundles record;
	// nil keeps paths as they are.
	Rel func(string) string
	// SeedOnly composes the seed tier alone (engine prompt, library
	// blocks, addon fragments): the baseline of lore prompt diff.
	SeedOnly bool
	// Sources returns the manuals recipe r's engine can load, in the
	// order {{ sources }} lists them; nil: none.
	Sources func(r *config.Recipe) []Source
}

// Selection names one bundle.
type Selection struct {
	Recipe, Surface, Role, Provider string
}

// Result is what Bake produced.
type Result struct {
	// Bundles, sorted by id.
	Bundles []*bundle.Bundle
	// Facts are what loading and baking found, for the prompt rules of
	// internal/lint to judge.
	Facts *facts.Prompts
	// Seeds holds, by bundle id, the bundle composed from the seed tier
	// alone (engine prompt, library blocks, addon fragments) out of the
	// same rendered templates: the baseline the layers are compared with.
	// It equals what BakeOne bakes with Options.SeedOnly.
	Seeds map[string]*bundle.Bundle
}

// Bundle returns the bundle with id, or nil.
func (r *Result) Bundle(id string) *bundle.Bundle {
	for _, b := range r.Bundles {
		if b.ID == id {
			return b
		}
	}
	return nil
}

// DefaultSurface and DefaultProvider apply to a recipe that lists none.
const (
	DefaultSurface  = "default"
	defaultProvider = "anthropic"
)

// workerSurface is the surface of a role bundle (seed 001, Surface::Worker):
// a spawned worker's reader is the agent that started it, never the
// parent's human. Its layer, prompts/layers/surface/worker/, takes the
// place of the parent's surface, bot and chat tiers, of which only the
// guardrails still apply: the guardrail floor reaches the deepest child.
const workerSurface = "worker"

// surfacesOf returns the surfaces of r (DefaultSurface when it lists none).
func surfacesOf(r *config.Recipe) []string {
	if len(r.Surfaces) == 0 {
		return []string{DefaultSurface}
	}
	return r.Surfaces
}

// providersOf returns the providers of r (DefaultProvider when it lists none).
func providersOf(r *config.Recipe) []string {
	if len(r.Providers) == 0 {
		return []string{defaultProvider}
	}
	return r.Providers
}

// recipesOf returns the recipes that bake bundles: the configured ones whose
// engine has a prompt, or, in a project without recipes, one recipe per
// engine prompt.
func recipesOf(s *Set, cfg *config.Config) []*config.Recipe {
	if len(cfg.Recipes) == 0 {
		var out []*config.Recipe
		for _, e := range s.Engines {
			out = append(out, &config.Recipe{Name: e.Name, Engine: e.Name, Lang: "en", Addons: len(s.Fragments[e.Name]) > 0})
		}
		return out
	}
	var out []*config.Recipe
	for _, r := range cfg.Recipes {
		if s.Engine(r.Engine) != nil {
			out = append(out, r)
		}
	}
	return out
}

// Bake composes every bundle of every recipe and records the facts the
// prompt rules judge.
func Bake(s *Set, o Options) *Result {
	b := newBaker(s, o)
	b.seeds = map[string]*bundle.Bundle{}
	res := &Result{Seeds: b.seeds, Facts: b.f}
	for _, r := range b.f.Recipes {
		b.missing(r)
		b.hooks(r)
		for _, sel := range b.selections(r) {
			bd, err := b.bake(r, sel)
			if err != nil {
				b.f.Refused = append(b.f.Refused, facts.Refusal{Recipe: r, Err: err.Error()})
				continue
			}
			res.Bundles = append(res.Bundles, bd)
		}
	}
	b.absences()
	b.unused()
	slices.SortFunc(res.Bundles, func(x, y *bundle.Bundle) int { return strings.Compare(x.ID, y.ID) })
	b.f.Bundles = res.Bundles
	return res
}

// BakeOne composes the bundle sel names, with the facts of the prompts
// folder and of that bundle; what only a bake of every bundle finds out
// (hooks, blocks absent across bundles, unused fragments, recipes not
// baked, missing roles and blocks) is left out. An unknown recipe,
// surface or provider, or a role the recipe does not admit, is an error.
func BakeOne(s *Set, o Options, sel Selection) (*bundle.Bundle, *facts.Prompts, error) {
	var r *config.Recipe
	var names []string
	for _, rc := range recipesOf(s, o.Config) {
		names = append(names, rc.Name)
		if rc.Name == sel.Recipe {
			r = rc
		}
	}
	if r == nil {
		if rc := o.Config.Recipe(sel.Recipe); rc != nil {
			return nil, nil, fmt.Errorf("recipe %q has no engine prompt: create %s", sel.Recipe, path.Join(s.Dir, rc.Engine+".md"))
		}
		return nil, nil, fmt.Errorf("unknown recipe %q (recipes with prompts: %s)", sel.Recipe, list(names))
	}
	if sel.Surface == "" {
		sel.Surface = surfacesOf(r)[0]
	}
	if sel.Provider == "" {
		sel.Provider = providersOf(r)[0]
	}
	if !slices.Contains(surfacesOf(r), sel.Surface) {
		return nil, nil, fmt.Errorf("recipe %q has no surface %q (surfaces: %s)", r.Name, sel.Surface, list(surfacesOf(r)))
	}
	if !slices.Contains(providersOf(r), sel.Provider) {
		return nil, nil, fmt.Errorf("recipe %q has no provider %q (providers: %s)", r.Name, sel.Provider, list(providersOf(r)))
	}
	if sel.Role != "" && !slices.Contains(r.Roles, sel.Role) {
		return nil, nil, fmt.Errorf("%w: role %q is not admitted by recipe %q (admitted roles: %s)", bundle.ErrUnadmittedRole, sel.Role, r.Name, list(r.Roles))
	}
	b := newBaker(s, o)
	bd, err := b.bake(r, sel)
	if err != nil {
		return nil, nil, err
	}
	b.f.Recipes = []*config.Recipe{r}
	b.f.Bundles = []*bundle.Bundle{bd}
	return bd, b.f, nil
}

func list(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

type baker struct {
	s   *Set
	o   Options
	cfg *config.Config
	f   *facts.Prompts
	// byT maps each template to its facts; reached[recipe][template] is
	// the index in f.Reach of that template's reach of recipe.
	byT     map[*Template]*facts.Template
	byPos   map[string]*Template // "path#line" → template
	reached map[*config.Recipe]map[*facts.Template]int
	// empty[block] lists the bundles where a seed-tier block rendered
	// nothing; where[block] is its marker position.
	empty map[string][]string
	where map[string]diag.Pos
	// broken marks blocks that failed to compile or render.
	broken map[string]bool
	paths  map[string]string // bundle source → file path
	// seeds, when not nil, receives each bundle's seed-tier baseline.
	seeds map[string]*bundle.Bundle
	// sourceLists caches each recipe's {{ sources }}; usedSources is set
	// when a template of the bundle being baked read it.
	sourceLists map[*config.Recipe]sourceList
	usedSources bool
}

func newBaker(s *Set, o Options) *baker {
	if o.Rel == nil {
		o.Rel = func(p string) string { return p }
	}
	f, byT := s.facts()
	f.Recipes = recipesOf(s, o.Config)
	return &baker{s: s, o: o, cfg: o.Config, f: f, byT: byT, reached: map[*config.Recipe]map[*facts.Template]int{},
		empty: map[string][]string{}, where: map[string]diag.Pos{}, broken: map[string]bool{}, sourceLists: map[*config.Recipe]sourceList{}}
}

// selections lists the bundles of r: surfaces × roles × providers, the
// recipe's own prompt first. Roles without a layer are left out (recorded
// by missing).
func (b *baker) selections(r *config.Recipe) []Selection {
	roles := []string{""}
	for _, role := range r.Roles {
		if len(b.s.LayerFiles(bundle.LayerID(bundle.Agent, role))) > 0 || b.roleDirExists(role) {
			roles = append(roles, role)
		}
	}
	var out []Selection
	for _, sf := range surfacesOf(r) {
		for _, role := range roles {
			for _, p := range providersOf(r) {
				out = append(out, Selection{Recipe: r.Name, Surface: sf, Role: role, Provider: p})
			}
		}
	}
	return out
}

func (b *baker) roleDirExists(role string) bool {
	return slices.ContainsFunc(b.s.Layers, func(l *LayerFile) bool { return l.Kind == bundle.Agent && l.Name == role })
}

func (b *baker) style(provider string) bundle.Style {
	if st, err := bundle.ParseStyle(b.cfg.Style(provider)); err == nil {
		return st
	}
	return bundle.XML
}

// bake composes one bundle.
func (b *baker) bake(r *config.Recipe, sel Selection) (*bundle.Bundle, error) {
	e := b.s.Engine(r.Engine)
	st := b.style(sel.Provider)
	meta := bundle.Meta{Recipe: r.Name, Engine: r.Engine, Surface: sel.Surface, Role: sel.Role, Provider: sel.Provider, Style: st, Budget: r.Budget,
		Tokenizer: b.o.Tokenizer}
	if sel.Role != "" && !b.roleDirExists(sel.Role) {
		return nil, fmt.Errorf("recipe %q names role %q but %s does not exist: create the role's layer (e.g. its operating-rules.md) or remove the role",
			r.Name, sel.Role, path.Join(b.s.Dir, "layers", "agents", sel.Role)+"/")
	}

	// Addon fragments render first: the engine prompt may place them.
	var addons []string
	var fragments []rendered
	sources := b.sourcesOf(r)
	b.usedSources = false
	if r.Addons {
		ctx := renderContext(b.cfg, r, sel.Surface, sel.Role, sel.Provider, st, "")
		ctx["sources"] = sources.text
		for _, f := range b.s.Fragments[r.Engine] {
			if text, ok := b.render(f.T, ctx); ok && strings.TrimSpace(text) != "" {
				addons = append(addons, strings.TrimSpace(text))
				fragments = append(fragments, rendered{f.T, text})
			}
		}
	}
	addonSections := strings.Join(addons, "\n\n")
	ctx := renderContext(b.cfg, r, sel.Surface, sel.Role, sel.Provider, st, addonSections)
	ctx["sources"] = sources.text

	seed := bundle.Layer{Kind: bundle.Seed}
	for _, eb := range e.Blocks {
		key := e.Path + "#" + eb.Name
		b.where[key] = diag.Pos{File: e.Path, Line: max(eb.MarkerLine, 1), Col: 1}
		text, ok := b.render(eb.T, ctx)
		if !ok {
			b.broken[key] = true
			continue
		}
		seed.Blocks = append(seed.Blocks, bundle.Block{Name: eb.Name, Text: text, Source: b.o.Rel(e.Path), Line: eb.T.Line,
			Priority: eb.Priority, Dynamic: eb.Dynamic})
	}
	stack := bundle.Stack{Layers: []bundle.Layer{seed}, Roles: r.Roles, Disabled: b.cfg.Disabled}
	if addonSections != "" && !e.UsesAddons {
		stack.Layers = append(stack.Layers, bundle.Layer{Kind: bundle.Addon, Blocks: []bundle.Block{{Name: bundle.Addons, Text: addonSections,
			Source: b.o.Rel(path.Join(b.s.Dir, r.Engine)) + "/"}}})
	}
	lib := bundle.Layer{Kind: bundle.Library}
	for _, name := range r.Blocks {
		lb := b.s.Library[name]
		if lb == nil || lb.For(st) == nil {
			continue // recorded once per recipe by missing
		}
		f := lb.For(st)
		key := f.Path + "#" + name
		b.where[key] = diag.Pos{File: f.Path, Line: 1, Col: 1}
		text, ok := b.render(f.T, ctx)
		if !ok {
			b.broken[key] = true
			continue
		}
		lib.Blocks = append(lib.Blocks, bundle.Block{Name: name, Text: text, Source: b.o.Rel(f.Path), Line: f.T.Line, Priority: f.Priority, Dynamic: f.Dynamic})
	}
	if len(lib.Blocks) > 0 {
		stack.Layers = append(stack.Layers, lib)
	}
	seedTier := slices.Clip(stack.Layers)
	if !b.o.SeedOnly {
		stack.Layers = append(seedTier, b.layers(r, sel, ctx)...)
	}

	if b.usedSources {
		info := sources.info
		meta.Sources = &info
	}
	bd, probs, err := bundle.Bake(meta, stack, b.o.Count)
	if err != nil {
		return nil, err
	}
	b.problems(probs)
	b.absent(bd, stack)
	b.reach(r, bd, fragments)
	if b.seeds != nil {
		// The seed tier alone, composed again from the same texts; its
		// problems are the full stack's, reported above.
		seed := stack
		seed.Layers = seedTier
		sb, _, err := bundle.Bake(meta, seed, b.o.Count)
		if err != nil {
			return nil, err
		}
		b.seeds[bd.ID] = sb
	}
	return bd, nil
}

// layers returns the editable layers of one bundle, broadest first.
func (b *baker) layers(r *config.Recipe, sel Selection, ctx map[string]any) []bundle.Layer {
	ids := []string{bundle.LayerID(bundle.Shared, ""), bundle.LayerID(bundle.Project, "")}
	if sel.Surface != DefaultSurface {
		ids = append(ids, bundle.LayerID(bundle.Surface, sel.Surface))
	}
	if r.Bot != "" {
		ids = append(ids, bundle.LayerID(bundle.Bot, r.Bot))
	}
	if r.Chat != "" {
		ids = append(ids, bundle.LayerID(bundle.Chat, r.Chat))
	}
	// A role bundle is a worker's prompt (WorkerSurface): the parent's
	// tiers that describe its human conversation keep only their
	// guardrails, and the worker surface takes their place.
	human := map[string]bool{}
	if sel.Role != "" {
		worker := bundle.LayerID(bundle.Surface, workerSurface)
		for _, id := range ids[2:] {
			human[id] = id != worker
		}
		if !slices.Contains(ids, worker) {
			ids = append(ids, worker)
		}
		ids = append(ids, bundle.LayerID(bundle.Agent, sel.Role))
	}
	var out []bundle.Layer
	for _, id := range ids {
		files := b.s.LayerFiles(id)
		if len(files) == 0 {
			continue
		}
		k, name, _ := bundle.ParseLayerID(id)
		l := bundle.Layer{Kind: k, Name: name, Untrusted: !isTrusted(b.cfg, id)}
		for _, f := range files {
			if human[id] && f.Block != bundle.Guardrails {
				continue
			}
			text, ok := b.render(f.T, ctx)
			if !ok {
				continue
			}
			l.Blocks = append(l.Blocks, bundle.Block{Name: f.Block, Text: text, Source: b.o.Rel(f.Path), Line: 1})
		}
		out = append(out, l)
	}
	return out
}

// misusesTurn reports whether t uses per-turn values it may not: any in a
// static template, anything but bare placeholders in a dynamic one.
func misusesTurn(t *Template) bool {
	for _, r := range t.Turn {
		if !t.Dynamic || !r.Placeholder {
			return true
		}
	}
	return false
}

// isTrusted reports whether layer id is trusted: lore.yaml trust: sets it
// per layer ("project", "surface/chat") or per kind ("surface"); layers are
// trusted unless set to false.
func isTrusted(cfg *config.Config, id string) bool {
	if t, ok := cfg.Trust[id]; ok {
		return t
	}
	kind, _, _ := strings.Cut(id, "/")
	if t, ok := cfg.Trust[kind]; ok {
		return t
	}
	return true
}

// render renders a template, recording a render error. A template that
// does not compile or misuses per-turn values is not rendered (both are
// facts of the template) and stays out of every bundle.
func (b *baker) render(t *Template, ctx map[string]any) (string, bool) {
	if t.Err != nil || misusesTurn(t) {
		return "", false
	}
	if t.Names["sources"] {
		b.usedSources = true
	}
	out, d := t.Render(ctx)
	if d != nil {
		b.f.RenderErrors = append(b.f.RenderErrors, *d)
		return "", false
	}
	return out, true
}

// problems records composition problems, positioned in the source files.
func (b *baker) problems(ps []bundle.Problem) {
	for _, p := range ps {
		p.Source = b.fsPath(p.Source)
		b.f.Composition = append(b.f.Composition, p)
	}
}

// fsPath maps a bundle source back to the file path diagnostics use.
func (b *baker) fsPath(rel string) string {
	if b.paths == nil {
		b.paths = map[string]string{}
		for p := range b.s.Files {
			b.paths[b.o.Rel(p)] = p
		}
	}
	if p, ok := b.paths[rel]; ok {
		return p
	}
	return rel
}

// absent records, for bundle bd, the seed-tier blocks of stack it lacks:
// blocks that rendered nothing where no layer emptied them on purpose.
func (b *baker) absent(bd *bundle.Bundle, stack bundle.Stack) {
	// The names of the blocks that appear, as a set: a layer of
	// thousands of blocks searched the bundle's list for each (n²).
	there := map[string]bool{}
	for _, c := range bd.Blocks {
		if reached(c) {
			there[c.Name] = true
		}
	}
	for _, l := range stack.Layers {
		if l.Kind != bundle.Seed && l.Kind != bundle.Library {
			continue
		}
		for _, blk := range l.Blocks {
			key := b.fsPath(blk.Source) + "#" + blk.Name
			if there[blk.Name] {
				continue
			}
			if !slices.Contains(b.empty[key], bd.ID) {
				b.empty[key] = append(b.empty[key], bd.ID)
			}
		}
	}
}

// reached reports whether a composed block appears, or was emptied on
// purpose by a layer (an empty file is a deliberate nothing).
func reached(c bundle.Composed) bool {
	if c.Text != "" {
		return true
	}
	if len(c.Parts) == 0 {
		return false
	}
	k, _, _ := strings.Cut(c.Parts[len(c.Parts)-1].Layer, "/")
	return bundle.Kind(k).Rank() > 0
}

// absences turns the blocks recorded by absent into facts, in file and
// block order.
func (b *baker) absences() {
	keys := make([]string, 0, len(b.empty))
	for k := range b.empty {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		_, name, _ := strings.Cut(k, "#")
		b.f.Absent = append(b.f.Absent, facts.Absence{Block: name, Pos: b.where[k], Bundles: b.empty[k], Broken: b.broken[k]})
	}
}
