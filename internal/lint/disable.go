package lint

import (
	"fmt"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/lint/directive"
)

// directives are the inline controls of one file (package directive),
// as spans of lines per rule.
type directives struct {
	spans   []span
	unknown []unknownRule
	floor   []unknownRule // directives that name a floor rule (lint/floor)
}

type span struct {
	rules    []string // nil = all
	from, to int      // lines, inclusive; to == 0 means end of file
	file     bool
}

type unknownRule struct {
	line, col int
	msg       string
}

func parseDirectives(src []byte) *directives {
	d := &directives{}
	open := map[string]int{} // rule (or "*") → index of its open span
	for _, dir := range directive.Parse(src) {
		line, col, kind := dir.Line, dir.Col, dir.Kind
		var rules []string
		named := len(dir.Rules) > 0
		for _, f := range dir.Rules {
			if !known(f) {
				msg := fmt.Sprintf("lore-%s names unknown rule %q", kind, f)
				d.unknown = append(d.unknown, unknownRule{line: line, col: col, msg: msg + suggestRule(f)})
				continue
			}
			if kind != "enable" && namesFloor(f) {
				d.floor = append(d.floor, unknownRule{line: line, col: col,
					msg: fmt.Sprintf("lore-%s cannot silence %s: it guards the safety floor; fix the finding instead", kind, f)})
			}
			rules = append(rules, f)
		}
		if named && len(rules) == 0 {
			continue // only unknown rules: silences nothing (and is reported)
		}
		keys := rules
		if len(keys) == 0 {
			keys = []string{"*"}
		}
		switch kind {
		case "disable-file":
			d.spans = append(d.spans, span{rules: rules, file: true})
		case "disable-next-line":
			d.spans = append(d.spans, span{rules: rules, from: line + 1, to: line + 1})
		case "disable":
			for _, k := range keys {
				d.spans = append(d.spans, span{rules: nilIfAll(k), from: line})
				open[k] = len(d.spans) - 1
			}
		case "enable":
			for _, k := range keys {
				if i, ok := open[k]; ok {
					d.spans[i].to = line
					delete(open, k)
				}
			}
			if len(rules) == 0 {
				for k, i := range open {
					d.spans[i].to = line
					delete(open, k)
				}
			}
		}
	}
	return d
}

func nilIfAll(k string) []string {
	if k == "*" {
		return nil
	}
	return []string{k}
}

func (d *directives) disabled(rule string, line int) bool {
	for _, s := range d.spans {
		if !s.file && (line < s.from || s.to != 0 && line > s.to || line == 0) {
			continue
		}
		if s.rules == nil {
			return true
		}
		for _, r := range s.rules {
			if matchesRule(r, rule) {
				return true
			}
		}
	}
	return false
}

func known(pattern string) bool {
	if pattern == "*" {
		return true
	}
	for _, r := range registry() {
		if matchesRule(pattern, r.ID) {
			return true
		}
	}
	return false
}

func suggestRule(s string) string {
	best, bestD := "", 1<<30
	for _, id := range ruleIDs() {
		if d := config.Distance(s, id); d < bestD {
			best, bestD = id, d
		}
	}
	if best != "" && bestD <= max(2, len(s)/3) {
		return fmt.Sprintf(": did you mean %q?", best)
	}
	return ": see `lore lint --rules` for the list"
}
