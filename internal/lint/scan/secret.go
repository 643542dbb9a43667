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
	// byPrefix indexes them by their first two bytes for a one-pass
	// search.
	keywords []keyword
	byPrefix map[uint16][]int
	always   []int // rules without keywords
}

type keyword struct {
	text  []byte
	rules []int
}

// secretRules compiles the rule set once; it is immutable afterwards.
var secretRules = sync.OnceValues(func() (*secretSet, error) { return compileSecrets(gitleaksTOML) })

func compileSecrets(data []byte) (*secretSet, error) {
	var cfg glConfig
	if err := toml.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("gitleaks rules: %w", err)
	}
	s := &secretSet{byPrefix: map[uint16][]int{}}
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
				s.byPrefix[p] = append(s.byPrefix[p], ki)
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
	var c collector
	// Where each armed rule must look: the lines holding its keywords.
	windows := map[int][][2]int{}
	addWindow := func(ri, off int) {
		w := windows[ri]
		if n := len(w); n > 0 && off < w[n-1][1] {
			return // inside the rule's last window already
		}
		ls, le := lineAt(src, off)
		if set.rules[ri].multiline {
			le = min(len(src), le+1<<14)
		}
		if n := len(w); n > 0 && ls <= w[n-1][1]+256 { // near windows run as one
			w[n-1][1] = max(w[n-1][1], le)
		} else {
			w = append(w, [2]int{ls, le})
		}
		windows[ri] = w
	}
	for _, ri := range set.always {
		windows[ri] = [][2]int{{0, len(src)}}
	}
	for i := 0; i+1 < len(src); i++ {
		p := uint16(lower(src[i]))<<8 | uint16(lower(src[i+1]))
		cands, ok := set.byPrefix[p]
		if !ok {
			continue
		}
		for _, ki := range cands {
			k := set.keywords[ki].text
			if i+len(k) <= len(src) && asciiFoldEqual(src[i:i+len(k)], k) {
				for _, ri := range set.keywords[ki].rules {
					addWindow(ri, i)
				}
			}
		}
	}
	type found struct{ off, end int }
	var seen []found
	for ri, r := range set.rules {
		ws, ok := windows[ri]
		if !ok {
			continue
		}
		if r.path != nil && !r.path.MatchString(path) {
			continue
		}
		for _, w := range ws {
			for _, m := range r.re.FindAllSubmatchIndex(src[w[0]:w[1]], -1) {
				off, end := w[0]+m[0], w[0]+m[1]
				if len(c.hits) == limit {
					c.more++ // past the limit: counted, not checked further
					continue
				}
				for end > off && (src[end-1] == '\n' || src[end-1] == '\r') {
					end--
				}
				match := string(src[off:end])
				secret := match
				if r.group > 0 && 2*r.group+1 < len(m) && m[2*r.group] >= 0 {
					secret = string(src[w[0]+m[2*r.group] : w[0]+m[2*r.group+1]])
				} else if r.group == 0 {
					for g := 1; 2*g+1 < len(m); g++ {
						if m[2*g] >= 0 && m[2*g+1] > m[2*g] {
							secret = string(src[w[0]+m[2*g] : w[0]+m[2*g+1]])
							break
						}
					}
				}
				if r.entropy > 0 && entropy(secret) <= r.entropy {
					continue
				}
				ls, le := lineAt(src, off)
				line := string(src[ls:le])
				if strings.Contains(line, "gitleaks:allow") {
					continue
				}
				if set.global != nil && set.global.allowed(path, secret, match, line) {
					continue
				}
				allowed := false
				for _, a := range r.allow {
					if a.allowed(path, secret, match, line) {
						allowed = true
						break
					}
				}
				if allowed {
					continue
				}
				dup := false
				for _, f := range seen {
					if off < f.end && f.off < end {
						dup = true
						break
					}
				}
				if dup {
					continue
				}
				seen = append(seen, found{off, end})
				c.add(Hit{Off: off, End: end, Redact: true,
					What: fmt.Sprintf("a credential (gitleaks rule %s: %s)", r.id, strings.TrimSuffix(r.description, "."))})
			}
		}
	}
	return c.result(), nil
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
