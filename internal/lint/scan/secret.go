package scan

import (
	_ "embed"
	"fmt"
	"math"
	"regexp"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
)

// gitleaksTOML is the default rule set of gitleaks v8.30.1
// (github.com/zricethezav/gitleaks/v8, config/gitleaks.toml, MIT
// licence; see THIRD_PARTY.md beside this file). Its regular expressions
// are RE2 syntax, so Go's regexp runs them in linear time.
//
//go:embed gitleaks.toml
var gitleaksTOML []byte

// GitleaksVersion names the release the rule set comes from.
const GitleaksVersion = "v8.30.1"

type glConfig struct {
	Allowlist *glAllow `toml:"allowlist"`
	Rules     []glRule `toml:"rules"`
}

type glRule struct {
	ID          string    `toml:"id"`
	Description string    `toml:"description"`
	Regex       string    `toml:"regex"`
	Path        string    `toml:"path"`
	SecretGroup int       `toml:"secretGroup"`
	Entropy     float64   `toml:"entropy"`
	Keywords    []string  `toml:"keywords"`
	Allowlists  []glAllow `toml:"allowlists"`
}

type glAllow struct {
	Condition   string   `toml:"condition"`
	RegexTarget string   `toml:"regexTarget"`
	Regexes     []string `toml:"regexes"`
	Paths       []string `toml:"paths"`
	StopWords   []string `toml:"stopwords"`
}

// secretRule is a compiled gitleaks rule.
type secretRule struct {
	id, description string
	re              *regexp.Regexp
	path            *regexp.Regexp
	group           int
	entropy         float64
	multiline       bool
	allow           []*allowlist
	// anchors, when set, is what must follow at a keyword for a match to
	// go on from there, which spans at most anchorSpan bytes (-1: no
	// bound; see anchorsOf); nil arms the rule at every keyword. They are
	// made from anchorRegex and anchorKeywords when first asked for
	// (anchor): in a project of dozens of manuals most rules' keywords
	// never occur, and compiling every rule's anchors was most of what
	// loading the rule set cost each process.
	anchorRegex    string
	anchorKeywords []string
	anchorOnce     sync.Once
	anchors        *regexp.Regexp
	anchorSpan     int
}

// anchor returns the rule's anchors and their span (anchors nil: none,
// or none that compile: they only save work, and the rule is then armed
// at every keyword).
func (r *secretRule) anchor() (*regexp.Regexp, int) {
	r.anchorOnce.Do(func() {
		if r.anchorRegex == "" {
			return
		}
		if a, span, err := anchorsOf(r.anchorRegex, r.anchorKeywords); err == nil {
			r.anchors, r.anchorSpan = a, span
		}
	})
	return r.anchors, r.anchorSpan
}

type allowlist struct {
	and       bool
	target    string
	regexes   *regexp.Regexp
	paths     *regexp.Regexp
	stopwords []string
}

// secretSet is the compiled rule set with its keyword index.
type secretSet struct {
	rules  []*secretRule
	global *allowlist
	// keywords lists every keyword (lower case) and the rules it arms;
	// byPrefix indexes them by their first two bytes (lower case) for a
	// one-pass search: byPrefix[p] is the index in prefixLists of the
	// keywords starting with p, 0 for none.
	keywords    []keyword
	byPrefix    []uint16
	prefixLists [][]int
	always      []int // rules without keywords
}

type keyword struct {
	text  []byte
	rules []int
}

// secretRules compiles the rule set once; it is immutable afterwards.
var secretRules = sync.OnceValues(func() (*secretSet, error) { return compileSecrets(gitleaksTOML, true) })

// compileSecrets compiles the rule set; withAnchors derives the keyword
// anchors (secret_anchors.go), which only save work.
func compileSecrets(data []byte, withAnchors bool) (*secretSet, error) {
	var cfg glConfig
	if err := toml.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("gitleaks rules: %w", err)
	}
	s := &secretSet{byPrefix: make([]uint16, 1<<16), prefixLists: [][]int{nil}}
	if cfg.Allowlist != nil {
		a, err := compileAllow(*cfg.Allowlist)
		if err != nil {
			return nil, err
		}
		s.global = a
	}
	kwIndex := map[string]int{}
	var generic *secretRule
	var genericKeywords []string
	add := func(sr *secretRule, keywords []string) {
		idx := len(s.rules)
		s.rules = append(s.rules, sr)
		if len(keywords) == 0 {
			s.always = append(s.always, idx)
		}
		for _, k := range keywords {
			k = strings.ToLower(k)
			if len(k) < 2 {
				s.always = append(s.always, idx)
				continue
			}
			ki, ok := kwIndex[k]
			if !ok {
				ki = len(s.keywords)
				kwIndex[k] = ki
				s.keywords = append(s.keywords, keyword{text: []byte(k)})
				p := uint16(k[0])<<8 | uint16(k[1])
				if s.byPrefix[p] == 0 {
					s.byPrefix[p] = uint16(len(s.prefixLists))
					s.prefixLists = append(s.prefixLists, nil)
				}
				s.prefixLists[s.byPrefix[p]] = append(s.prefixLists[s.byPrefix[p]], ki)
			}
			s.keywords[ki].rules = append(s.keywords[ki].rules, idx)
		}
	}
	for _, r := range cfg.Rules {
		if r.Regex == "" {
			continue // a rule on file names only: lore scans text
		}
		re, err := regexp.Compile(r.Regex)
		if err != nil {
			return nil, fmt.Errorf("gitleaks rule %s: %w", r.ID, err)
		}
		sr := &secretRule{id: r.ID, description: r.Description, re: re, group: r.SecretGroup, entropy: r.Entropy,
			multiline: strings.Contains(r.Regex, `\s\S`) || strings.Contains(r.Regex, `\n`)}
		if r.Path != "" {
			if sr.path, err = regexp.Compile(r.Path); err != nil {
				return nil, fmt.Errorf("gitleaks rule %s path: %w", r.ID, err)
			}
		}
		if withAnchors {
			sr.anchorRegex, sr.anchorKeywords = r.Regex, r.Keywords
		}
		for _, al := range r.Allowlists {
			a, err := compileAllow(al)
			if err != nil {
				return nil, fmt.Errorf("gitleaks rule %s: %w", r.ID, err)
			}
			sr.allow = append(sr.allow, a)
		}
		if r.ID == "generic-api-key" {
			generic, genericKeywords = sr, r.Keywords // last: a specific rule names a secret better
			continue
		}
		add(sr, r.Keywords)
	}
	if generic != nil {
		add(generic, genericKeywords)
	}
	return s, nil
}

func compileAllow(a glAllow) (*allowlist, error) {
	out := &allowlist{and: strings.EqualFold(a.Condition, "AND"), target: a.RegexTarget}
	var err error
	if len(a.Regexes) > 0 {
		if out.regexes, err = regexp.Compile("(?:" + strings.Join(a.Regexes, ")|(?:") + ")"); err != nil {
			return nil, err
		}
	}
	if len(a.Paths) > 0 {
		if out.paths, err = regexp.Compile("(?:" + strings.Join(a.Paths, ")|(?:") + ")"); err != nil {
			return nil, err
		}
	}
	for _, w := range a.StopWords {
		out.stopwords = append(out.stopwords, strings.ToLower(w))
	}
	return out, nil
}

// allowed reports whether the allowlist lets a finding pass.
func (a *allowlist) allowed(path, secret, match, line string) bool {
	target := secret
	switch a.target {
	case "match":
		target = match
	case "line":
		target = line
	}
	var checks []bool
	if a.paths != nil {
		checks = append(checks, a.paths.MatchString(path))
	}
	if a.regexes != nil {
		checks = append(checks, target != "" && a.regexes.MatchString(target))
	}
	if len(a.stopwords) > 0 {
		ls := strings.ToLower(secret)
		hit := false
		for _, w := range a.stopwords {
			if strings.Contains(ls, w) {
				hit = true
				break
			}
		}
		checks = append(checks, hit)
	}
	if len(checks) == 0 {
		return false
	}
	for _, c := range checks {
		if c && !a.and {
			return true
		}
		if !c && a.and {
			return false
		}
	}
	return a.and
}

// Secrets finds credentials and private keys in src (the file at path)
// with the rules of gitleaks: a rule's regular expression runs only on
// the lines that hold one of its keywords, its secret must be as random
// as the rule asks (Shannon entropy), and gitleaks' allowlists (stop
// words, placeholders) apply. A line with "gitleaks:allow" is skipped,
// as gitleaks does.
func Secrets(path string, src []byte) ([]Hit, error) {
	set, err := secretRules()
	if err != nil {
		return nil, err
	}
	return set.scan(path, src), nil
}

// scan runs the rule set over src.
func (set *secretSet) scan(path string, src []byte) []Hit {
	windows := set.windows(src)
	var c collector
	var seen [][2]int
	for ri, r := range set.rules {
		ws, ok := windows[ri]
		if !ok || r.path != nil && !r.path.MatchString(path) {
			continue
		}
		for _, w := range ws {
			for _, m := range r.re.FindAllSubmatchIndex(src[w[0]:w[1]], -1) {
				if len(c.hits) == limit {
					c.more++ // past the limit: counted, not checked further
					continue
				}
				off, end := w[0]+m[0], w[0]+m[1]
				for end > off && (src[end-1] == '\n' || src[end-1] == '\r') {
					end--
				}
				if h, ok := set.finding(r, path, src, off, end, secretOf(r, src, w[0], m, off, end)); ok && !overlaps(seen, off, end) {
					seen = append(seen, [2]int{off, end})
					c.add(h)
				}
			}
		}
	}
	return c.result()
}

// windows returns, for every rule armed in src, the byte ranges its
// regular expression must run on: the lines that hold one of its
// keywords (and, for a rule that spans lines, the 16 KiB after), joined
// when they are near. A keyword occurrence arms a rule with anchors only
// when what follows it can continue a match (secretRule.anchors).
func (s *secretSet) windows(src []byte) map[int][][2]int {
	out := map[int][][2]int{}
	for _, ri := range s.always {
		out[ri] = [][2]int{{0, len(src)}}
	}
	a := &armer{set: s, src: src, out: out, fails: map[int][2]int{}}
	for i := 0; i+1 < len(src); i++ {
		li := s.byPrefix[uint16(lower(src[i]))<<8|uint16(lower(src[i+1]))]
		if li == 0 {
			continue
		}
		for _, ki := range s.prefixLists[li] {
			k := s.keywords[ki].text
			if i+len(k) > len(src) || !asciiFoldEqual(src[i:i+len(k)], k) {
				continue
			}
			for _, ri := range s.keywords[ki].rules {
				a.arm(ri, i)
			}
		}
	}
	return out
}

// maxChecks bounds the anchored checks of one rule on one line: past
// them the line is armed whole, as without anchors, so that a long line
// full of keywords costs one run of the rule, not one check per keyword.
const maxChecks = 8

// armer collects the windows of a scan. The line of the current keyword
// is found once per line (keywords come in order), so a file of one long
// line is not searched again for every keyword on it.
type armer struct {
	set                *secretSet
	src                []byte
	out                map[int][][2]int
	fails              map[int][2]int // rule → line start, failed checks on it
	lineStart, lineEnd int
}

// arm adds the window of rule ri for its keyword at off.
func (a *armer) arm(ri, off int) {
	r := a.set.rules[ri]
	w := a.out[ri]
	if n := len(w); n > 0 && off < w[n-1][1] {
		return // inside the rule's last window already
	}
	if off >= a.lineEnd {
		a.lineStart, a.lineEnd = lineAt(a.src, off) // keywords come in order: once per line
	}
	ls, le := a.lineStart, a.lineEnd
	if r.multiline {
		le = min(len(a.src), le+1<<14)
	}
	if anchors, _ := r.anchor(); anchors != nil {
		f := a.fails[ri]
		if f[0] != ls {
			f = [2]int{ls, 0}
		}
		if f[1] < maxChecks && !r.anchored(a.src, off, le) {
			f[1]++
			a.fails[ri] = f
			return // no match of the rule can go on from this keyword
		}
	}
	if n := len(w); n > 0 && ls <= w[n-1][1]+256 { // near windows run as one
		w[n-1][1] = max(w[n-1][1], le)
	} else {
		w = append(w, [2]int{ls, le})
	}
	a.out[ri] = w
}

// anchored reports whether a match of r can go on from its keyword at
// off (window end le): the anchored expression matches there, or the
// window runs on too far to try it.
func (r *secretRule) anchored(src []byte, off, le int) bool {
	anchors, span := r.anchor()
	end := le
	switch {
	case span >= 0:
		end = min(le, off+span)
	case le-off > maxAnchorSpan:
		return true
	}
	return anchors.Match(src[off:end])
}

// secretOf returns the secret of a match at src[off:end] (m is relative
// to base): the rule's secret group, else the first group that matched,
// else the whole match.
func secretOf(r *secretRule, src []byte, base int, m []int, off, end int) string {
	if r.group > 0 && 2*r.group+1 < len(m) && m[2*r.group] >= 0 {
		return string(src[base+m[2*r.group] : base+m[2*r.group+1]])
	}
	if r.group == 0 {
		for g := 1; 2*g+1 < len(m); g++ {
			if m[2*g] >= 0 && m[2*g+1] > m[2*g] {
				return string(src[base+m[2*g] : base+m[2*g+1]])
			}
		}
	}
	return string(src[off:end])
}

// finding returns the hit of a match at src[off:end] with its secret,
// unless the secret is not random enough or an allowlist (the rule's,
// the global one, a gitleaks:allow comment) lets it pass.
func (s *secretSet) finding(r *secretRule, path string, src []byte, off, end int, secret string) (Hit, bool) {
	if r.entropy > 0 && entropy(secret) <= r.entropy {
		return Hit{}, false
	}
	ls, le := lineAt(src, off)
	line, match := string(src[ls:le]), string(src[off:end])
	if strings.Contains(line, "gitleaks:allow") || s.global != nil && s.global.allowed(path, secret, match, line) {
		return Hit{}, false
	}
	for _, a := range r.allow {
		if a.allowed(path, secret, match, line) {
			return Hit{}, false
		}
	}
	return Hit{Off: off, End: end, Redact: true,
		What: fmt.Sprintf("a credential (gitleaks rule %s: %s)", r.id, strings.TrimSuffix(r.description, "."))}, true
}

// overlaps reports whether off..end overlaps a span of seen (a secret
// two rules find is reported once, by the first).
func overlaps(seen [][2]int, off, end int) bool {
	for _, f := range seen {
		if off < f[1] && f[0] < end {
			return true
		}
	}
	return false
}

func lower(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

func asciiFoldEqual(a, lowerB []byte) bool {
	for i := range a {
		if lower(a[i]) != lowerB[i] {
			return false
		}
	}
	return true
}

// entropy is the Shannon entropy of s in bits per character, as gitleaks
// computes it.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	counts := map[rune]int{}
	for _, r := range s {
		counts[r]++
	}
	inv := 1 / float64(len(s))
	e := 0.0
	for _, n := range counts {
		f := float64(n) * inv
		e -= f * math.Log2(f)
	}
	return e
}
