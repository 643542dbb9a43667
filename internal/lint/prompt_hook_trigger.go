package lint

import (
	"regexp"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/prompt/facts"
)

var promptHookTrigger = &Rule{
	ID: "prompt/hook-trigger", Severity: diag.Warning,
	Summary: "a hook line without a \"when to load\" clause",
	Doc: "Each manual in a prompt hook gets a line saying when to load it, not what it contains (seed 000 §4, rule 2): " +
		"\"`manual_read('embed-images')` — if the user wants to see images\". The manual explains itself; the hook is the triage. " +
		"A hook passes when its line carries a when-clause (when, if, before, for, wenn, falls, bei, …) or when it is a list item with text " +
		"of its own under a lead-in paragraph that does (\"When the user wants to see images … consult the relevant manual:\"). " +
		"It applies to engine prompts, addon fragments, layers and library blocks.",
	Project: promptRule(func(p *Pass) {
		// A unit holding thousands of hooks is judged once: judging it
		// per hook was n² (a paragraph of 20,000 hooks: hours).
		type unitKey struct {
			file string
			line int
		}
		said := map[unitKey]bool{}
		for _, h := range p.In.Prompts.Hooks {
			k := unitKey{h.File, h.UnitLine}
			ok, known := said[k]
			if !known || h.UnitLine == 0 {
				ok = saysWhen(h)
				said[k] = ok
			}
			if !ok {
				p.ReportAt(diag.Pos{File: h.File, Line: h.Line, Col: h.Col}, diag.Pos{},
					"hook manual_read('%s') says nothing about when to load it: add the trigger, e.g. \"`manual_read('%s')` — when the user asks for …\" (the manual explains itself; the hook is the triage)",
					h.Target, h.Target)
			}
		}
	}),
}

// whenWords open a "when to load" clause, in English and German.
var whenWords = regexp.MustCompile(`(?i)(?:^|[^\pL])(when|whenever|if|before|after|for|once|while|unless|in case|wenn|falls|sobald|bevor|bei|für|vor|sofern)(?:[^\pL]|$)`)

var callRE = regexp.MustCompile("`?manual_read\\([^)]*\\)`?")

// saysWhen reports whether hook h says when to load its manual: its list
// item or paragraph carries a when-clause, or it is a list item with text
// of its own under a lead-in paragraph that does.
func saysWhen(h facts.Hook) bool {
	unit := callRE.ReplaceAllString(h.Unit, " ")
	if whenWords.MatchString(unit) {
		return true
	}
	words := strings.FieldsFunc(unit, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c > 127)
	})
	return len(words) >= 2 && whenWords.MatchString(h.LeadIn)
}
