package lint

import (
	"regexp"
	"sort"
	"strings"

	"github.com/lorekit/lore/internal/diag"
)

var promptLiteralPerTurn = &Rule{
	ID: "prompt/literal-per-turn", Severity: diag.Warning,
	Summary: "a literal timestamp, UUID or session id in a static block",
	Doc: "The cached prefix is the same bytes on every turn (seed 002). A literal per-turn value written into a static block — a timestamp " +
		"(`2026-05-26 12:00:01`, ISO 8601 with a time, a date with a time, \"today is 2026-05-26\"), a UUID, a session-looking id " +
		"(`sess_8f3a9c2d1e`) or a long random hex or base62 id — is either stale from the next turn on or, if a tool rewrites it per " +
		"turn, breaks the cache every turn. It is a warning at the value: render it in a block marked `dynamic` from a `{{ turn.NAME }}` " +
		"placeholder instead. (prompt/cache-order is the error for a static block that reads `turn.*`; this rule catches the value " +
		"written out.)",
	Project: promptRule(func(p *Pass) {
		for _, t := range p.In.Prompts.Templates {
			if t.Dynamic || t.Text == "" {
				continue
			}
			at := newPosCursor(t.Path, t.Text, t.Start) // the literals come in text order
			for _, v := range literalPerTurn(t.Text) {
				p.ReportAt(at.pos(v.off), at.pos(v.end),
					"%s is static but holds the literal %s %q: the cached prefix must be the same bytes every turn and a fixed value goes stale; "+
						"render it from a {{ turn.NAME }} placeholder in a block marked dynamic (<!-- block: runtime-context dynamic -->)",
					templateLabel(t.Name), v.kind, t.Text[v.off:v.end])
			}
		}
	}),
}

// templateLabel names a template in messages: `block "identity"`, or
// `addon fragment "calendar"`.
func templateLabel(name string) string {
	if a, ok := strings.CutPrefix(name, "addon "); ok {
		return "addon fragment \"" + a + "\""
	}
	return "block \"" + name + "\""
}

// literal is a per-turn value found in text.
type literal struct {
	kind     string
	off, end int
}

const (
	month = `(?:jan(?:uary|uar)?|feb(?:ruary|ruar)?|m(?:ar(?:ch)?|ärz)|apr(?:il)?|ma[iy]|jun[ie]?|jul[iy]?|aug(?:ust)?|sep(?:t(?:ember)?)?|o[ck]t(?:ober)?|nov(?:ember)?|de[cz](?:ember)?)\.?`
	clock = `\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s?[ap]\.?m\.?|\s?uhr)?`
	zone  = `(?:z|[+-]\d{2}:?\d{2}|\s?(?:utc|gmt|[a-z]{2,4}t))?`
)

// literalPatterns, in order of precedence; a later match inside an
// earlier one is dropped.
var literalPatterns = []struct {
	kind string
	re   *regexp.Regexp
}{
	{"timestamp", regexp.MustCompile(`(?i)\b\d{4}-\d{2}-\d{2}[t ]` + clock + zone + `\b`)},
	{"timestamp", regexp.MustCompile(`(?i)\b\d{1,2}[./]\d{1,2}[./]\d{2,4},?\s(?:um\s|at\s)?` + clock + `\b`)},
	{"timestamp", regexp.MustCompile(`(?i)\b(?:\d{1,2}\.?\s` + month + `|` + month + `\s\d{1,2}(?:st|nd|rd|th)?),?\s\d{4},?\s(?:um\s|at\s)?` + clock + `\b`)},
	{"UUID", regexp.MustCompile(`(?i)\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`)},
	{"session id", regexp.MustCompile(`(?i)\b(?:sess|session|sid|conv|conversation|chat|thread|msg|req|request|run|trace|turn|job|task|user|usr|cus|sk|tok|key)[_-][A-Za-z0-9]{6,}\b`)},
	{"date", regexp.MustCompile(`(?i)\b(?:today(?:'s date)? is|the date is|current (?:date|time)(?: is)?|it is now|now:|date:|datum:|heute ist(?: der)?|es ist jetzt|aktuelles datum:?)\s*(?:\w+,\s*)?(?:\d{4}-\d{2}-\d{2}|\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4}|\d{1,2}\.?\s` + month + `\s\d{4}|` + month + `\s\d{1,2},?\s\d{4}|` + clock + `)`)},
	{"Unix timestamp", regexp.MustCompile(`(?i)\b(?:timestamp|epoch|unix time|ts)[:=\s]+1[5-9]\d{8}(?:\d{3})?\b`)},
	{"id", regexp.MustCompile(`\b[0-9a-fA-F]{20,}\b`)},
	{"id", regexp.MustCompile(`\b[A-Za-z0-9]{20,}\b`)},
}

// literalPerTurn returns the per-turn values written out in text,
// outside template tags, in text order. The literals taken are kept
// sorted and apart, so that a text holding tens of thousands of them (one
// 2 MiB line of UUIDs) costs n log n, not n² (each match was compared
// with every literal taken before, then the list insertion-sorted).
func literalPerTurn(text string) []literal {
	scan := blankTags(text)
	var out []literal
	for _, p := range literalPatterns {
		var found []literal
		for _, m := range p.re.FindAllStringIndex(scan, -1) {
			if overlaps(out, m[0], m[1]) {
				continue
			}
			if l, ok := literalAt(p.kind, scan, m[0], m[1]); ok {
				found = append(found, l)
			}
		}
		out = mergeLiterals(out, found)
	}
	return out
}

// literalAt returns the literal of kind matched at scan[a:b], or false
// when the match is a name rather than a value.
func literalAt(kind, scan string, a, b int) (literal, bool) {
	v := scan[a:b]
	switch {
	case kind == "session id" && !hasDigit(v[strings.IndexAny(v, "_-"):]):
		return literal{}, false // job_status, user_settings: names, not ids
	case kind == "id" && !randomLooking(v):
		return literal{}, false
	case kind == "date":
		// Report the value, not its lead-in.
		if i := strings.IndexFunc(v, func(r rune) bool { return r >= '0' && r <= '9' }); i > 0 {
			if j := strings.LastIndexAny(v[:i], " :"); j >= 0 && !monthBefore(v[:i]) {
				a += j + 1
			}
		}
	}
	return literal{kind: kind, off: a, end: b}, true
}

// overlaps reports whether [a, b) overlaps a literal of taken, which is
// sorted by offset and holds no two that overlap.
func overlaps(taken []literal, a, b int) bool {
	i := sort.Search(len(taken), func(i int) bool { return taken[i].end > a })
	return i < len(taken) && taken[i].off < b
}

// mergeLiterals merges two lists sorted by offset (b's literals overlap
// none of a's) into one.
func mergeLiterals(a, b []literal) []literal {
	if len(b) == 0 {
		return a
	}
	out := make([]literal, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if b[0].off < a[0].off {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

var monthRE = regexp.MustCompile(`(?i)` + month + `\s*$`)

func monthBefore(s string) bool { return monthRE.MatchString(strings.TrimSpace(s)) }

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// randomLooking reports an id-like string: digits and letters mixed, and
// for base62 both cases.
func randomLooking(s string) bool {
	var digit, lower, upper bool
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z':
			upper = true
		}
	}
	hex := strings.Trim(strings.ToLower(s), "0123456789abcdef") == ""
	if hex {
		return digit && (lower || upper)
	}
	return digit && lower && upper
}
