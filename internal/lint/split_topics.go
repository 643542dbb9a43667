package lint

import (
	"path"
	"regexp"
	"strings"
	"unicode"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// topicLines is the size from which an H2 section counts as a standalone
// topic: split off with a header, a title and cross-references, a smaller
// one would be a fragment of under 30 lines (seed 000 §5).
const topicLines = 25

// scaffoldHeading matches the headings of the recommended manual structure
// (seed 000 §3) and other sections that serve the manual's one topic.
var scaffoldHeading = regexp.MustCompile(`(?i)^(?:(?:basic|common|advanced|more|further|quick|general|additional|other|key|weitere|allgemeine)\s+)?(when to use|wann|instructions?|anleitung|examples?|beispiele?|cross[- ]references?|querverweise|see also|siehe auch|related|anti-?patterns?|pitfalls|mistakes|overview|übersicht|notes?|hinweise?|summary|zusammenfassung|background|hintergrund|decision( table)?|entscheidung|troubleshooting|fehlersuche|faq|usage|verwendung|steps?|schritte?|phase|stage|\d+[.):]|rules|regeln|checklist|checkliste|references?|quick ?start|getting started|inline form|stored form|prerequisites|voraussetzungen|requirements|installation|install|setup|einrichtung|configuration|konfiguration|dependenc(y|ies)|limitations|einschränkungen|what (it|this) (covers|does)|purpose|zweck|scope|output|input|parameters|options|best practices|patterns|tips|links|resources|reading|comparison|errors?|error handling|facts|glossary)\b`)

var splitTopics = &Rule{
	ID: "split/topics", Severity: diag.Warning,
	Summary: "three or more standalone H2 topics",
	Doc: "A manual should cover one topic (seed 000 §5: three or more distinct topics that each make sense standalone → split). " +
		"The rule counts H2 sections of at least 25 lines (smaller ones would become fragments once split off) whose heading is neither " +
		"part of the usual structure (When to use, Instructions, Examples, Anti-patterns, Cross-references, Setup, Best practices, …) nor an aspect of the " +
		"manual's own topic (a heading that shares a word with the title or file name, such as \"Upload a file\" in \"Files API\"). " +
		"With three or more, move each topic into its own manual and route to them from an overview.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Lore || m.IsOverview() {
			return
		}
		own := topicWords(m.Title + " " + strings.TrimSuffix(path.Base(m.Path), path.Ext(m.Path)))
		var topics []manual.Section
		for _, s := range m.Sections {
			title := strings.TrimSpace(s.Title)
			if s.Level != 2 || title == "" || s.EndLine-s.Line+1 < topicLines || scaffoldHeading.MatchString(title) || sharesWord(title, own) {
				continue
			}
			topics = append(topics, s)
		}
		if len(topics) < 3 {
			return
		}
		names := make([]string, len(topics))
		for i, t := range topics {
			names[i] = "“" + diag.Clip(t.Title) + "”"
		}
		if len(names) > 12 {
			names = append(names[:12], "…")
		}
		p.Report(m, topics[2].Line, 1, "%d standalone topics (%s): split them into separate manuals and route from an overview", len(topics), strings.Join(names, ", "))
	},
}

// stopWords are words too common to tie a heading to a title.
var stopWords = map[string]bool{"with": true, "from": true, "into": true, "your": true, "this": true, "that": true, "when": true,
	"what": true, "using": true, "guide": true, "mit": true, "und": true, "oder": true, "eine": true, "einen": true, "über": true, "dem": true, "der": true, "die": true, "das": true}

// topicWords returns the stems of the significant words of s: lowercase
// letters and digits, at least four characters, plural or -ing endings
// dropped ("Files" and "file", "caching" and "cache" meet).
func topicWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len([]rune(w)) < 4 || stopWords[w] {
			continue
		}
		out[stem(w)] = true
	}
	return out
}

func stem(w string) string {
	for _, suf := range []string{"ing", "es", "s", "e"} {
		if t, ok := strings.CutSuffix(w, suf); ok && len([]rune(t)) >= 3 {
			return t
		}
	}
	return w
}

func sharesWord(heading string, own map[string]bool) bool {
	for w := range topicWords(heading) {
		if own[w] {
			return true
		}
	}
	return false
}
