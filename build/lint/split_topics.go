package lint

import (
	"regexp"
	"strings"

	"github.com/lorekit/lore/build/diag"
	"github.com/lorekit/lore/build/manual"
)

// TopicLines is the size from which an H2 section counts as a standalone
// topic.
const TopicLines = 15

// scaffoldHeading matches the headings of the recommended manual structure
// (seed 000 §3) and other sections that serve the manual's one topic.
var scaffoldHeading = regexp.MustCompile(`(?i)^(when to use|wann|instructions?|anleitung|examples?|beispiele?|cross[- ]references?|querverweise|see also|siehe auch|related|anti-?patterns?|pitfalls|common mistakes|overview|übersicht|notes?|hinweise?|summary|zusammenfassung|background|hintergrund|decision( table)?|entscheidung|troubleshooting|fehlersuche|faq|usage|verwendung|steps|schritte|rules|regeln|checklist|checkliste|references?|quick ?start|inline form|stored form|prerequisites|voraussetzungen|limitations|einschränkungen|what (it|this) (covers|does)|purpose|zweck|scope|output|input|parameters|options)\b`)

var splitTopics = &Rule{
	ID: "split/topics", Severity: diag.Warning,
	Summary: "three or more standalone H2 topics",
	Doc: "A manual should cover one topic (seed 000 §5: three or more distinct topics that each make sense standalone → split). " +
		"The rule counts H2 sections of at least 15 lines whose heading is not part of the recommended structure " +
		"(When to use, Instructions, Examples, Anti-patterns, Cross-references, …). With three or more, move each topic into its own manual " +
		"and route to them from an overview.",
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Lore || m.IsOverview() {
			return
		}
		var topics []manual.Section
		for _, s := range m.Sections {
			if s.Level == 2 && s.EndLine-s.Line+1 >= TopicLines && !scaffoldHeading.MatchString(strings.TrimSpace(s.Title)) {
				topics = append(topics, s)
			}
		}
		if len(topics) < 3 {
			return
		}
		names := make([]string, len(topics))
		for i, t := range topics {
			names[i] = "“" + t.Title + "”"
		}
		p.Report(m, topics[2].Line, 1, "%d standalone topics (%s): split them into separate manuals and route from an overview", len(topics), strings.Join(names, ", "))
	},
}
