// Package corpusgen writes deterministic projects of agent manuals shaped
// like real ones, for benchmarks and tests: a lore.yaml with recipes and a
// tool inventory, manual families with routing overviews, flat and
// engine-specific manuals, kind manuals, Agent Skills folders and Copilot
// documents, with bilingual triggers, code fences and cross-references.
//
// The same (n, seed) always yields byte-identical files.
package corpusgen

import (
	"fmt"
	"math/rand/v2"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/afero"
)

// Write writes a project with n manuals (every .md file counts as one) into
// dir on fsys: dir/lore.yaml and dir/manuals/…. Existing files with the
// same names are overwritten; nothing else is removed.
func Write(fsys afero.Fs, dir string, n int, seed int64) error {
	if n < 0 {
		return fmt.Errorf("corpusgen: negative manual count %d", n)
	}
	g := newGen(n, seed)
	g.plan()
	files := g.render()
	made := map[string]bool{}
	for _, f := range files {
		full := path.Join(dir, f.path)
		d := path.Dir(full)
		if !made[d] {
			if err := fsys.MkdirAll(d, 0o755); err != nil {
				return fmt.Errorf("corpusgen: %w", err)
			}
			made[d] = true
		}
		if err := afero.WriteFile(fsys, full, f.data, 0o644); err != nil {
			return fmt.Errorf("corpusgen: %w", err)
		}
	}
	return nil
}

type outFile struct {
	path string
	data []byte
}

type docKind uint8

const (
	kManual   docKind = iota // lore manual, flat or in a family
	kOverview                // <family>-overview.md
	kKind                    // kind-<x>.md (seed 000 §6.1)
	kLegacy                  // no header
	kSkill                   // SKILL.md
	kSkillRef                // references/*.md of a skill
	kCopilot                 // *.instructions.md, *.agent.md, *.prompt.md
)

// defects are deliberate mistakes, so that rules fire on generated input
// as they do on real input.
type defect uint16

const (
	dProse defect = 1 << iota
	dUnknownRef
	dBrokenAnchor
	dYAMLHeader
	dUnknownKey
	dNoSummary
	dUnknownTool
	dDuplicate
	dOverlap
	dSelfRefs
	dOverviewContent
)

type doc struct {
	path     string // relative to the project folder
	name     string
	kind     docKind
	de       bool // written in German
	dom      term
	asp      term
	fam      *family
	skill    *doc // the SKILL.md of a reference file
	refs     []*doc
	audience string
	lines    int      // target length in lines
	headings []string // H2 titles, in order
	triggers []string
	tools    []string
	defects  defect
	body     string // rendered body, kept for duplicates
}

type family struct {
	slug     string
	dom      term
	overview *doc
	members  []*doc
}

type gen struct {
	n     int
	rng   *rand.Rand
	docs  []*doc
	names map[string]bool
	lore  []*doc // lore manuals with a header, targets of manual_read
	fams  map[string]bool
}

func newGen(n int, seed int64) *gen {
	return &gen{n: n, rng: rand.New(rand.NewPCG(uint64(seed), 0x6c6f7265)), names: map[string]bool{}, fams: map[string]bool{}}
}

func (g *gen) intn(n int) int         { return g.rng.IntN(n) }
func (g *gen) chance(p float64) bool  { return g.rng.Float64() < p }
func (g *gen) between(lo, hi int) int { return lo + g.rng.IntN(hi-lo+1) }
func pick[T any](g *gen, xs []T) T    { return xs[g.rng.IntN(len(xs))] }
func (g *gen) left() int              { return g.n - len(g.docs) }
func (g *gen) add(d *doc)             { g.docs = append(g.docs, d) }
func (g *gen) dom() term              { return pick(g, domains) }
func (g *gen) aspect() term           { return pick(g, aspects) }
func (g *gen) german() bool           { return g.chance(0.15) }
func (g *gen) lineTarget() int        { return g.lineTargetIn(40) }
func slugOf(s string) string          { return strings.ReplaceAll(strings.ToLower(s), " ", "-") }
func title(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
func (g *gen) setDefect(d *doc, p float64, f defect) {
	if g.chance(p) {
		d.defects |= f
	}
}

// lineTargetIn draws a manual length: mostly under the 100-line goal, some
// over the split threshold and a few over the hard limit.
func (g *gen) lineTargetIn(lo int) int {
	switch r := g.rng.Float64(); {
	case r < 0.70:
		return g.between(lo, 100)
	case r < 0.90:
		return g.between(101, 150)
	case r < 0.97:
		return g.between(151, 200)
	default:
		return g.between(201, 240)
	}
}

// unique returns base, or base-2, base-3, … when base is taken.
func (g *gen) unique(base string) string {
	name := base
	for i := 2; g.names[name]; i++ {
		name = fmt.Sprintf("%s-%d", base, i)
	}
	g.names[name] = true
	return name
}

// plan decides every file: paths, names, sizes, headings, triggers and
// references, so that rendering can point at any of them.
func (g *gen) plan() {
	for g.left() > 0 {
		switch r := g.rng.Float64(); {
		case r < 0.50 && g.left() >= 4:
			g.planFamily()
		case r < 0.66:
			g.planFlat("manuals", "")
		case r < 0.74:
			eng := pick(g, engines)
			aud := eng
			if g.chance(0.2) {
				aud = "" // header/audience-marker
			}
			g.planFlat("manuals/"+eng, aud)
		case r < 0.76:
			g.planKind()
		case r < 0.89:
			g.planSkill()
		case r < 0.94:
			g.planCopilot()
		default:
			g.planLegacy()
		}
	}
	for _, d := range g.docs {
		g.planRefs(d)
	}
}

func (g *gen) planFamily() {
	dom := g.dom()
	area := pick(g, areas)
	slug := dom.en + "-" + area
	for g.fams[slug] {
		area = pick(g, areas)
		slug = fmt.Sprintf("%s-%s-%d", dom.en, area, g.intn(1000))
	}
	g.fams[slug] = true
	f := &family{slug: slug, dom: dom}
	k := min(g.between(3, 7), g.left()-1)
	de := g.german()
	ov := &doc{path: "manuals/" + slug + "/" + g.unique(slug+"-overview") + ".md", kind: kOverview, dom: dom, fam: f, de: de}
	ov.name = strings.TrimSuffix(path.Base(ov.path), ".md")
	ov.triggers = []string{dom.en, dom.de, dom.en + " " + area, dom.de + " " + area}
	g.setDefect(ov, 0.03, dOverviewContent)
	f.overview = ov
	g.add(ov)
	g.lore = append(g.lore, ov)
	used := map[string]bool{}
	for range k {
		asp := g.aspect()
		for used[asp.en] {
			asp = g.aspect()
		}
		used[asp.en] = true
		d := g.planManual("manuals/"+slug, slug+"-"+asp.en, dom, asp, de)
		d.fam = f
		f.members = append(f.members, d)
	}
}

func (g *gen) planFlat(dir, audience string) {
	dom, asp := g.dom(), g.aspect()
	d := g.planManual(dir, dom.en+"-"+asp.en, dom, asp, g.german())
	d.audience = audience
}

func (g *gen) planManual(dir, base string, dom, asp term, de bool) *doc {
	name := g.unique(base)
	d := &doc{path: dir + "/" + name + ".md", name: name, kind: kManual, dom: dom, asp: asp, de: de, lines: g.lineTarget()}
	d.headings = g.headings(d)
	d.triggers = g.triggers(dom, asp)
	if g.chance(0.3) {
		d.tools = g.someTools()
	}
	g.setDefect(d, 0.03, dProse)
	g.setDefect(d, 0.005, dUnknownRef)
	g.setDefect(d, 0.005, dBrokenAnchor)
	g.setDefect(d, 0.005, dYAMLHeader)
	g.setDefect(d, 0.005, dUnknownKey)
	g.setDefect(d, 0.01, dNoSummary)
	g.setDefect(d, 0.01, dUnknownTool)
	g.setDefect(d, 0.003, dDuplicate)
	g.setDefect(d, 0.01, dOverlap)
	g.setDefect(d, 0.02, dSelfRefs)
	g.add(d)
	g.lore = append(g.lore, d)
	return d
}

func (g *gen) planKind() {
	k := pick(g, kinds)
	name := g.unique("kind-" + k)
	d := &doc{path: "manuals/kinds/" + name + ".md", name: name, kind: kKind, dom: term{k, k}, asp: term{"inline", "eingebettet"},
		lines: g.between(60, 120)}
	d.headings = []string{"Decision table", "Inline form", "Stored form", "Anti-patterns", "Cross-references"}
	if g.chance(0.2) {
		d.headings = []string{"Stored form", "Inline form", "Cross-references"} // structure/kind-manual
	}
	d.triggers = []string{k, k + " inline", "show " + k, k + " anzeigen"}
	d.tools = []string{"doc_create"}
	g.add(d)
	g.lore = append(g.lore, d)
}

func (g *gen) planLegacy() {
	dom, asp := g.dom(), g.aspect()
	name := g.unique(dom.en + "-" + asp.en + "-notes")
	d := &doc{path: "manuals/legacy/" + name + ".md", name: name, kind: kLegacy, dom: dom, asp: asp, lines: g.lineTarget()}
	d.headings = g.headings(d)
	g.add(d)
}

func (g *gen) planSkill() {
	dom, asp := g.dom(), g.aspect()
	name := g.unique(slugOf(dom.en) + "-" + slugOf(asp.en) + "-skill")
	dir := "manuals/skills/" + name
	s := &doc{path: dir + "/SKILL.md", name: name, kind: kSkill, dom: dom, asp: asp, lines: g.between(40, 220)}
	s.headings = []string{"Quick start", "Workflow", title(asp.en) + " with " + dom.en, "Common mistakes", "References"}
	if g.chance(0.4) {
		s.tools = []string{"Read", "Grep", "Bash"}[:g.between(1, 3)]
	}
	g.add(s)
	nrefs := min(g.between(0, 4), g.left())
	used := map[string]bool{}
	for range nrefs {
		asp2 := g.aspect()
		for used[asp2.en] {
			asp2 = g.aspect()
		}
		used[asp2.en] = true
		base := slugOf(asp2.en)
		if g.chance(0.8) {
			base = name + "-" + base // most reference files have distinct names
		}
		r := &doc{path: dir + "/references/" + base + ".md", name: base, kind: kSkillRef, dom: dom, asp: asp2, skill: s,
			lines: g.between(40, 200)}
		r.headings = g.headings(r)
		s.refs = append(s.refs, r)
		g.add(r)
	}
}

func (g *gen) planCopilot() {
	dom, asp := g.dom(), g.aspect()
	suffix := pick(g, []string{".instructions.md", ".instructions.md", ".agent.md", ".prompt.md"})
	name := g.unique(slugOf(dom.en) + "-" + slugOf(asp.en))
	d := &doc{path: "manuals/copilot/" + name + suffix, name: name, kind: kCopilot, dom: dom, asp: asp, lines: g.between(40, 160)}
	d.headings = g.headings(d)
	g.add(d)
}

// headings picks the H2 sections of a manual: the recommended structure
// plus, in longer manuals, topic sections.
func (g *gen) headings(d *doc) []string {
	scaffold, topic := scaffoldEN, topicEN
	if d.de {
		scaffold, topic = scaffoldDE, topicDE
	}
	out := []string{scaffold[0]}
	nsec := 2 + d.lines/50
	for len(out) < nsec {
		h := pick(g, scaffold[1:])
		if g.chance(0.35) {
			// A section about something else: a topic of its own.
			h = fill(pick(g, topic), g.dom(), g.aspect(), "", 0, d.de)
		}
		if !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	if d.kind == kManual {
		cr := "Cross-references"
		if d.de {
			cr = "Querverweise"
		}
		out = append(out, cr)
	}
	return out
}

// triggers draws 4–8 bilingual keywords: the domain and aspect in both
// languages, their combination and a few related words.
func (g *gen) triggers(dom, asp term) []string {
	ts := []string{dom.en + " " + asp.en, dom.de, asp.en, asp.de}
	for range g.between(0, 4) {
		t := g.aspect()
		if g.chance(0.5) {
			ts = append(ts, dom.en+" "+t.en)
		} else {
			ts = append(ts, dom.de+" "+t.de)
		}
	}
	var out []string
	for _, t := range ts {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

func (g *gen) someTools() []string {
	var out []string
	for range g.between(1, 2) {
		t := tools[g.between(3, len(tools)-1)].name
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// planRefs chooses the manuals a document refers to.
func (g *gen) planRefs(d *doc) {
	switch d.kind {
	case kManual:
		if d.fam != nil {
			d.refs = append(d.refs, d.fam.overview)
			for range g.between(1, 2) {
				if s := pick(g, d.fam.members); s != d && !slices.Contains(d.refs, s) {
					d.refs = append(d.refs, s)
				}
			}
		}
		for range g.between(0, 2) {
			if t := pick(g, g.lore); t != d && !slices.Contains(d.refs, t) {
				d.refs = append(d.refs, t)
			}
		}
	case kKind:
		for range 2 {
			if t := pick(g, g.lore); t != d && !slices.Contains(d.refs, t) {
				d.refs = append(d.refs, t)
			}
		}
	}
}
