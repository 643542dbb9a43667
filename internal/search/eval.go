package search

import (
	"bufio"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
)

// None is the expected value of an out-of-scope intent.
const None = "NONE"

// Case is one labelled intent of an eval set.
type Case struct {
	ID     string
	Lang   string
	Intent string
	// Expected are manual paths relative to the manual root; empty for an
	// out-of-scope intent (NONE).
	Expected []string
	Line     int
}

// ParseCases reads a TSV eval set: id, lang, intent, expected (paths
// separated by '|', or NONE). A header line starting with "id", blank
// lines and lines starting with '#' are skipped. name is used in errors.
func ParseCases(r io.Reader, name string) ([]Case, error) {
	var out []Case
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if n == 1 && strings.EqualFold(strings.TrimSpace(cols[0]), "id") {
			continue
		}
		if len(cols) != 4 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 4 separated by tabs: id, lang, intent, expected", name, n, len(cols))
		}
		c := Case{ID: strings.TrimSpace(cols[0]), Lang: strings.TrimSpace(cols[1]), Intent: strings.TrimSpace(cols[2]), Line: n}
		exp := strings.TrimSpace(cols[3])
		if c.Intent == "" || exp == "" {
			return nil, fmt.Errorf("%s:%d: empty intent or expected column", name, n)
		}
		if exp != None {
			for _, p := range strings.Split(exp, "|") {
				if p = strings.TrimSpace(p); p != "" {
					c.Expected = append(c.Expected, path.Clean(p))
				}
			}
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no intents", name)
	}
	return out, nil
}

// Outcome is how the router answered one case.
type Outcome struct {
	Case
	// Want are the expected catalog entries (documents inside a skill
	// folder count as their SKILL.md), relative to the manual root.
	Want []string
	// Rank is the 1-based rank of the first expected entry among the
	// candidates, 0 when absent.
	Rank   int
	Ranked []Hit
	Answer *Answer
	// Hidden are expected entries the asking engine cannot see (another
	// audience, outside its cascade, or a required tool outside its
	// allow-set). They are not in Want: for that engine they do not
	// exist, and an intent that expects only hidden entries is out of
	// scope for it — it must not load anything.
	Hidden []string
}

// Decision names the answer's kind: loaded, alternatives or hint.
func (o *Outcome) Decision() string {
	switch {
	case o.Answer.Loaded != nil:
		return "loaded"
	case len(o.Answer.Alternatives) > 0:
		return "alternatives"
	}
	return "hint"
}

// LoadedRight reports whether the answer loaded an expected manual.
func (o *Outcome) LoadedRight() bool {
	return o.Answer.Loaded != nil && slices.Contains(o.Want, o.Answer.Loaded.Rel)
}

// Eval routes every case for v and records the outcomes. Expected paths
// that no entry of the catalog has are an error: the set and the catalog
// do not belong together. Expected entries that v cannot see are moved to
// Outcome.Hidden (see there), so one set serves every engine.
func (c *Catalog) Eval(cases []Case, v Visibility, th Thresholds) ([]Outcome, error) {
	return guarded(c.dir, func() ([]Outcome, error) { return c.eval(cases, v, th) })
}

func (c *Catalog) eval(cases []Case, v Visibility, th Thresholds) ([]Outcome, error) {
	rels, err := c.entryRels(v)
	if err != nil {
		return nil, err
	}
	var out []Outcome
	var missing []string
	for _, cs := range cases {
		o := Outcome{Case: cs}
		for _, e := range cs.Expected {
			w := ownerRel(e, rels)
			if w == "" {
				missing = append(missing, fmt.Sprintf("line %d: %s", cs.Line, e))
				continue
			}
			if rels[w] {
				o.Want = appendNew(o.Want, w)
			} else {
				o.Hidden = appendNew(o.Hidden, w)
			}
		}
		ranked, err := c.rank(cs.Intent, v, candidates)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", cs.Line, err)
		}
		o.Ranked = ranked
		for i, h := range ranked {
			if slices.Contains(o.Want, h.Rel) {
				o.Rank = i + 1
				break
			}
		}
		o.Answer = decide(ranked, th)
		out = append(out, o)
	}
	if len(missing) > 0 {
		if len(missing) > 5 {
			missing = append(missing[:5], fmt.Sprintf("and %d more", len(missing)-5))
		}
		return out, fmt.Errorf("expected manuals not in the catalog (paths are relative to the manual root): %s", strings.Join(missing, "; "))
	}
	return out, nil
}

// entryRels maps the root-relative path of every catalog entry to whether
// v can see it.
func (c *Catalog) entryRels(v Visibility) (map[string]bool, error) {
	req := bleve.NewSearchRequestOptions(query.NewMatchAllQuery(), c.meta.Documents+1, 0, false)
	req.Fields = []string{fRel, fAudience, fTools, fEngines}
	res, err := c.idx.Search(req)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(res.Hits))
	visible := c.judge(v)
	for _, h := range res.Hits {
		out[str(h.Fields[fRel])] = visible(h.ID, str(h.Fields[fAudience]), strs(h.Fields[fTools]), strs(h.Fields[fEngines]))
	}
	return out, nil
}

// ownerRel maps a root-relative path to its catalog entry (rels holds
// every entry): itself, or the
// SKILL.md of the nearest folder above it that has one.
func ownerRel(p string, rels map[string]bool) string {
	has := func(r string) bool { _, ok := rels[r]; return ok }
	if has(p) && path.Base(p) == "SKILL.md" {
		return p
	}
	for d := path.Dir(p); ; d = path.Dir(d) {
		sk := path.Join(d, "SKILL.md")
		if has(sk) {
			return sk
		}
		if d == "." || d == "/" {
			break
		}
	}
	if has(p) {
		return p
	}
	return ""
}

// Triggers maps the root-relative path of every catalog entry to its
// triggers.
func (c *Catalog) Triggers() (map[string][]string, error) {
	return guarded(c.dir, c.triggers)
}

func (c *Catalog) triggers() (map[string][]string, error) {
	req := bleve.NewSearchRequestOptions(query.NewMatchAllQuery(), c.meta.Documents+1, 0, false)
	req.Fields = []string{fRel, fTrigEN}
	res, err := c.idx.Search(req)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]string, len(res.Hits))
	for _, h := range res.Hits {
		if t := str(h.Fields[fTrigEN]); t != "" {
			out[str(h.Fields[fRel])] = strings.Split(t, ", ")
		}
	}
	return out, nil
}
