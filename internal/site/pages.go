package site

import (
	"cmp"
	"fmt"
	"html/template"
	"maps"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// page is what a layout receives.
type page struct {
	Site  *siteData
	Path  string // output path from the site root
	Root  string // from this page back to the site root: "", "../", …
	Title string
	Desc  string
	Kind  string // the layout: home, manual, bundle, …
	// Base is set on pages served from any path (404.html): the base URL
	// path that relative links resolve against.
	Base string
	// NavPath is Path when the sidebar links to this page, else "": the
	// sidebar reads the page's path only to mark that link (its key in
	// partialCached).
	NavPath string
	Data    any

	// input returns what the page shows, cheaply: the page's key is
	// computed from it. view, when set, turns it into the layout's Data
	// (the expensive part, skipped when the page is already published).
	// Both run on the page's worker.
	input func(r *run) (any, error)
	view  func(r *run, input any) (any, error)
	// body is the page's rendered Markdown, if any (part of its key).
	body *bodyResult
	// kept is called when the published page is kept as it is.
	kept func()
	// inKey, when set, returns the key of everything the page is made
	// from, when it has one (manualInKey): with Input.PageKeys, a page
	// made from the same inputs in the last rendering has the key it had
	// then.
	inKey func(r *run) (cache.Key, bool)
}

// siteData is shared by every page.
type siteData struct {
	Title      string
	CSS        string
	JS         string
	ThemeJS    string
	Docs       []navItem
	Reference  []navItem
	Downloads  []string
	Manuals    int
	Bundles    int
	HasPrompts bool
}

// finding is a diagnostic as pages show it.
type finding struct {
	File     string
	Line     int
	Col      int
	Severity string
	Rule     string
	Message  string
}

func newFinding(d diag.Diagnostic) finding {
	return finding{File: d.Pos.File, Line: d.Pos.Line, Col: d.Pos.Col, Severity: d.Severity.String(), Rule: d.Rule, Message: d.Message}
}

// link is a labelled page path (from the site root); URL is "" when the
// target has no page.
type link struct {
	Label string
	URL   string
	Note  string
}

// pages lists every page of the site in a fixed order.
func (r *run) pages() []*page {
	in := r.in
	newPage := func(kind, p, title string, input func(*run) (any, error)) *page {
		return &page{Site: r.site, Path: p, Root: rootOf(p), Title: title, Kind: kind, input: input, kept: func() {}}
	}
	ps := []*page{newPage("home", homeURL, "Manuals", homeData)}
	ps[0].Desc = "Catalog of every manual of " + in.Title
	for i, m := range in.Manuals {
		ps = append(ps, r.manualPage(m, r.bodies[i]))
	}
	if len(in.Bundles) > 0 {
		ps = append(ps, newPage("bundles", bundlesURL, "Bundles", func(r *run) (any, error) { return r.in.Bundles, nil }))
		for _, b := range in.Bundles {
			b := b
			ps = append(ps, newPage("bundle", BundleURL(b.ID), "Bundle "+b.ID, func(r *run) (any, error) { return bundleData(b), nil }))
		}
	}
	ps = append(ps,
		newPage("lint", lintURL, "Lint report", lintData),
		newPage("security", securityURL, "Security report", securityData),
		newPage("rules", rulesURL, "Rule reference", rulesData),
		graphPage(newPage("graph", graphURL, "Reference graph", graphInput)),
	)
	if r.site.HasPrompts {
		ps = append(ps, newPage("cheatsheet", cheatsheetURL, "Templates & blocks", cheatsheetData))
	}
	if r.hosts.listed {
		ps = append(ps, newPage("hosts", hostsURL, "Agent hosts", hostsData))
	}
	for i, d := range r.docs {
		b := r.docBody[i]
		p := newPage("page", d.URL, d.Title, func(r *run) (any, error) { return r.docData(d), nil })
		p.Desc = d.Desc
		p.body = b
		p.view = func(r *run, in any) (any, error) {
			html, err := r.htmlOf(b, pageSource(d.Body, d.Doc), d.URL, path.Dir(d.File))
			v := *in.(*docView)
			v.Body = template.HTML(html)
			return &v, inFile(d.File, err)
		}
		p.kept = func() { r.keep(b) }
		ps = append(ps, p)
	}
	nf := newPage("404", notFoundURL, "Page not found", nil)
	nf.Base = basePath(in.BaseURL)
	return append(ps, nf)
}

// manualPage is the page of manual m, whose body is b.
func (r *run) manualPage(m *Manual, b *bodyResult) *page {
	p := &page{Site: r.site, Path: m.URL, Root: rootOf(m.URL), Title: orText(m.M.Title, m.M.Name), Kind: "manual",
		input: func(r *run) (any, error) { return r.manualData(m), nil }}
	p.Desc = m.M.Summary
	p.body = b
	p.view = func(r *run, in any) (any, error) {
		html, err := r.htmlOf(b, manualSource(m.M), m.URL, path.Dir(m.M.Path))
		v := *in.(*manualView)
		v.setBody(html)
		return &v, inFile(m.M.Path, err)
	}
	p.kept = func() { r.keep(b) }
	p.inKey = func(r *run) (cache.Key, bool) { return r.manualInKey(m, b) }
	return p
}

// basePath is the path part of baseURL, escaped, between slashes ("/"
// when there is none, or when baseURL is not a URL).
func basePath(baseURL string) string {
	u, err := url.Parse(baseURL)
	if err != nil {
		return "/"
	}
	p := u.EscapedPath()
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return p
}

// gauge is the size gauge of a manual page: lines against the goal, the
// split point and the hard limit (manual.GoalLines and the next two).
type gauge struct {
	Lines  int
	Scale  int // lines at the right end
	Marker int // x of the marker, in per-mille of the width
	Goal   int // x of the goal, split and limit ticks, per mille
	Split  int
	Limit  int
	// Widths of the zones between the ticks.
	GoalW, SplitW, LimitW int
	Level                 string // ok, goal, split, limit
	Label                 string
}

const gaugeWidth = 1000

func newGauge(lines int) gauge {
	scale := max(250, lines+lines/10)
	x := func(n int) int { return n * gaugeWidth / scale }
	g := gauge{Lines: lines, Scale: scale, Marker: min(x(lines), gaugeWidth-6), Goal: x(manual.GoalLines), Split: x(manual.SplitLines), Limit: x(manual.HardLimitLines)}
	g.GoalW, g.SplitW, g.LimitW = g.Split-g.Goal, g.Limit-g.Split, gaugeWidth-g.Limit
	switch {
	case lines > manual.HardLimitLines:
		g.Level, g.Label = "limit", fmt.Sprintf("over the %d-line hard limit: split it", manual.HardLimitLines)
	case lines > manual.SplitLines:
		g.Level, g.Label = "split", fmt.Sprintf("over %d lines: consider splitting", manual.SplitLines)
	case lines > manual.GoalLines:
		g.Level, g.Label = "goal", fmt.Sprintf("over the %d-line goal", manual.GoalLines)
	default:
		g.Level, g.Label = "ok", fmt.Sprintf("within the %d-line goal", manual.GoalLines)
	}
	return g
}

// manualView is a manual's page.
type manualView struct {
	*Manual
	Body       template.HTML
	TOC        []tocEntry
	Crumbs     []link
	Pager      pager
	Format     string
	HasTitle   bool
	Gauge      gauge
	Findings   []finding
	Reads      []link
	Links      []link
	RefBy      []link
	LinkedFrom []link // manuals that link to it (Markdown links)
	// Neighbourhood draws what the manual reads or links to and what
	// reads or links to it.
	Neighbourhood template.HTML
	// Near is what Neighbourhood draws (in the page's key; drawn only
	// when the page is rendered).
	Near       *nbInput
	Others     []link // other files with the same name
	Shadows    []link
	ShadowedBy []link
	EditURL    string
	// MoreTriggers counts the triggers of the header lore does not keep.
	MoreTriggers int
	// HostCuts link to the Hosts page for each agent host that cuts this
	// manual's listing entry (Note is what it does).
	HostCuts []link
}

// manualData is a manual's page without its body (view adds it).
func (r *run) manualData(m *Manual) *manualView { return r.manualView(m, r.findings[m.M.Path]) }

// manualView is manualData with the given findings.
func (r *run) manualView(m *Manual, findings []finding) *manualView {
	mm := m.M
	v := &manualView{Manual: m, HasTitle: mm.Title != "", Gauge: newGauge(mm.Lines), Format: formatOf(m.Path),
		Crumbs: crumbs(rootOf(m.URL), m.Path), Pager: r.folderPager(m),
		Findings: findings, EditURL: editURL(r.in.EditURL, m.Path), MoreTriggers: max(0, mm.TriggerCount-len(mm.Triggers)),
		HostCuts: r.hostCuts(m)}
	for _, name := range m.References {
		v.Reads = append(v.Reads, link{Label: name, URL: r.hook(name)})
	}
	seen := map[string]bool{}
	for _, ref := range mm.Refs {
		if ref.Kind == manual.RefLink && ref.Target != "" && !seen[ref.Target] {
			seen[ref.Target] = true
			v.Links = append(v.Links, link{Label: ref.Target, URL: r.file(path.Join(path.Dir(mm.Path), ref.Target))})
		}
	}
	for _, name := range m.ReferencedBy {
		v.RefBy = append(v.RefBy, link{Label: name, URL: r.hook(name)})
	}
	g := r.refGraph()
	for _, o := range g.in[m] {
		if !slices.Contains(m.ReferencedBy, o.M.Name) || r.primary[o.M.Name] != o {
			v.LinkedFrom = append(v.LinkedFrom, link{Label: r.label(o), URL: o.URL})
		}
	}
	v.Near = neighbours(r, m, g)
	for _, o := range r.byName[mm.Name] {
		if o.M.Path != mm.Path {
			v.Others = append(v.Others, link{Label: o.Path, URL: o.URL})
		}
	}
	for _, s := range m.Shadows {
		v.Shadows = append(v.Shadows, link{Label: s.Other.Path, URL: s.Other.URL, Note: s.Recipe})
	}
	for _, s := range m.ShadowedBy {
		v.ShadowedBy = append(v.ShadowedBy, link{Label: s.Other.Path, URL: s.Other.URL, Note: s.Recipe})
	}
	return v
}

// setBody puts the rendered body and its on-page contents into the view,
// and draws the neighbourhood.
func (v *manualView) setBody(html []byte) {
	v.Body = template.HTML(html)
	v.TOC = tocOf(html)
	v.Neighbourhood = template.HTML(v.Near.svg())
}

// editURL joins the project's edit URL and a file's path; only http(s)
// edit URLs are used.
func editURL(base, p string) string {
	if base == "" {
		return ""
	}
	if s := scheme(base); s != "http" && s != "https" {
		return ""
	}
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	return base + p
}

// bundleView is a bundle's page.
type bundleView struct {
	*Bundle
	BudgetPct  int // prefix tokens as per mille of the budget, capped at 1000
	Over       bool
	Layers     []layerRow
	Diff       []diffLine
	Added      int
	Removed    int
	HasSeed    bool
	AllStyles  []StyledPrompt
	OtherPaths []string
}

type layerRow struct {
	Block, Layer, Source, Digest string
	Bytes, Tokens, Priority      int
	Share                        int // per mille of the bundle's tokens
}

func bundleData(b *Bundle) *bundleView {
	v := &bundleView{Bundle: b}
	if b.Budget > 0 {
		v.BudgetPct = min(1000, b.Tokens*1000/b.Budget)
		v.Over = b.Tokens > b.Budget
	}
	for _, l := range b.Layers {
		share := 0
		if b.Tokens > 0 {
			share = l.Tokens * 1000 / b.Tokens
		}
		v.Layers = append(v.Layers, layerRow{Block: l.Block, Layer: l.Layer, Source: l.Source, Digest: l.Digest,
			Bytes: l.Bytes, Tokens: l.Tokens, Priority: l.Priority, Share: share})
	}
	v.HasSeed = b.SeedPrefix != ""
	if v.HasSeed {
		v.Diff = lineDiff(b.SeedPrefix, b.Prefix)
		for _, d := range v.Diff {
			switch d.Op {
			case "+":
				v.Added++
			case "-":
				v.Removed++
			}
		}
	}
	v.AllStyles = append([]StyledPrompt{{Style: b.Style, Text: b.Prefix}}, b.Styles...)
	return v
}

// lintView is the lint report.
type lintView struct {
	Files    int
	Errors   int
	Warnings int
	Infos    int
	ByRule   []ruleCount
	ByFile   []fileFindings
}

type ruleCount struct {
	Rule     string
	Severity string
	Count    int
}

type fileFindings struct {
	File     string
	URL      string
	Findings []finding
}

func lintData(r *run) (any, error) {
	d := r.in.Diagnostics
	v := &lintView{Files: r.in.Files, Errors: d.Count(diag.Error), Warnings: d.Count(diag.Warning), Infos: d.Count(diag.Info)}
	counts := map[string]*ruleCount{}
	for _, x := range d {
		c := counts[x.Rule]
		if c == nil {
			c = &ruleCount{Rule: x.Rule, Severity: x.Severity.String()}
			counts[x.Rule] = c
		}
		c.Count++
		if n := len(v.ByFile); n == 0 || v.ByFile[n-1].File != x.Pos.File {
			v.ByFile = append(v.ByFile, fileFindings{File: x.Pos.File, URL: r.byFile[x.Pos.File]})
		}
		f := &v.ByFile[len(v.ByFile)-1]
		f.Findings = append(f.Findings, newFinding(x))
	}
	for _, c := range counts {
		v.ByRule = append(v.ByRule, *c)
	}
	slices.SortFunc(v.ByRule, func(a, b ruleCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.Rule, b.Rule))
	})
	return v, nil
}

type ruleView struct {
	ID       string
	Anchor   string
	Severity string
	Summary  template.HTML // Markdown rendered, without the paragraph
	Doc      template.HTML // the rule's doc paragraph, Markdown rendered
	Count    int
}

func rulesData(r *run) (any, error) {
	counts := map[string]int{}
	for _, d := range r.in.Diagnostics {
		counts[d.Rule]++
	}
	var out []ruleView
	b := r.bodyFor(rulesURL, "")
	for _, rule := range r.in.Rules {
		doc, err := b.markdown(rule.Doc)
		if err != nil {
			return nil, err
		}
		sum, err := b.markdown(rule.Summary)
		if err != nil {
			return nil, err
		}
		sum = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(sum), "<p>"), "</p>")
		out = append(out, ruleView{ID: rule.ID, Anchor: ruleAnchor(rule.ID), Severity: rule.Severity.String(),
			Summary: template.HTML(sum), Doc: template.HTML(doc), Count: counts[rule.ID]})
	}
	return out, nil
}

type cheatsheetView struct {
	Templates []*Template
	Blocks    []*Block
}

func cheatsheetData(r *run) (any, error) {
	return &cheatsheetView{Templates: r.in.Templates, Blocks: r.in.Blocks}, nil
}

type graphView struct {
	SVG      template.HTML
	Width    int
	Height   int
	Edges    int
	Folders  bool // the drawing shows folders, the site being too large for manuals
	TooLarge bool // not even the folders can be drawn
	Isolated []link
	Missing  []link // references to manuals that do not exist
}

// graphInputs are what the graph page draws: the manuals, their
// references (manual_read and Markdown links, see refs), and the same
// between folders.
type graphInputs struct {
	Nodes       []graphNode
	Edges       []graphEdge
	Missing     []link // references to manuals that do not exist
	Folders     []string
	FolderEdges []graphEdge
}

func graphInput(r *run) (any, error) {
	in := &graphInputs{}
	folders := map[string]bool{}
	g := r.refGraph()
	for _, m := range r.in.Manuals {
		in.Nodes = append(in.Nodes, graphNode{Name: m.URL, Label: r.label(m), URL: m.URL, Summary: m.M.Summary,
			Errors: hasError(r.findings[m.M.Path])})
		from := path.Dir(m.Path)
		folders[from] = true
		for _, t := range m.References {
			if r.primary[t] == nil {
				in.Missing = append(in.Missing, link{Label: t, URL: m.URL, Note: r.label(m)})
			}
		}
		for _, t := range g.out[m] {
			in.Edges = append(in.Edges, graphEdge{From: m.URL, To: t.URL})
			if to := path.Dir(t.Path); to != from {
				in.FolderEdges = append(in.FolderEdges, graphEdge{From: from, To: to})
			}
		}
	}
	in.Folders = slices.Sorted(maps.Keys(folders))
	return in, nil
}

// hasError reports whether fs holds an error.
func hasError(fs []finding) bool {
	return slices.ContainsFunc(fs, func(f finding) bool { return f.Severity == "error" })
}

// graphPage draws the graph only when the page is rendered; the session's
// page keys know it by graphInKey.
func graphPage(p *page) *page {
	p.view = func(_ *run, in any) (any, error) { return graphData(in.(*graphInputs)), nil }
	p.inKey = func(r *run) (cache.Key, bool) { return r.graphInKey(p), true }
	return p
}

// graphData draws which manual reads which; a large site gets a drawing of
// its folders instead (a reference between manuals of two folders is an
// edge between the folders), a huge one only the lists.
func graphData(in *graphInputs) *graphView {
	v := &graphView{Missing: in.Missing}
	l := layoutGraph(in.Nodes, in.Edges)
	if l == nil {
		var fnodes []graphNode
		for _, f := range in.Folders {
			fnodes = append(fnodes, graphNode{Name: f})
		}
		l = layoutGraph(fnodes, in.FolderEdges)
		v.Folders = true
	}
	if l == nil {
		v.TooLarge = true
		return v
	}
	svg, w, h := l.svg()
	v.SVG, v.Width, v.Height, v.Edges = template.HTML(svg), w, h, len(l.edges)
	if !v.Folders {
		drawn := map[string]bool{}
		for _, n := range l.nodes {
			drawn[n.Name] = true
		}
		for _, n := range in.Nodes {
			if !drawn[n.Name] {
				v.Isolated = append(v.Isolated, link{Label: n.label(), URL: n.URL})
			}
		}
	}
	return v
}

type docView struct {
	Body    template.HTML
	HasH1   bool
	EditURL string
	Rel     string
}

// docData is a content page without its body (view adds it).
func (r *run) docData(d *doc) *docView {
	rel := d.File
	if r.in.RelPath != nil {
		rel = r.in.RelPath(d.File)
	}
	return &docView{HasH1: firstH1(d.Doc, d.Body) != "", EditURL: editURL(r.in.EditURL, rel), Rel: d.Rel}
}
