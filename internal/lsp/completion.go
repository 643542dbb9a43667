package lsp

import (
	"regexp"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/manual"
)

// openCall matches a manual_read call being typed, up to the cursor.
var openCall = regexp.MustCompile(`(?:^|[^A-Za-z0-9_])manual_read\(\s*(?:name\s*=\s*)?['"]([A-Za-z0-9._-]*)$`)

// completion proposes manual names inside manual_read(', header keys at
// the start of a header line, engines after audience: and tools after
// requires-tools:.
func (s *server) completion(d *document, p Position) CompletionList {
	out := CompletionList{Items: []CompletionItem{}}
	snap := s.current()
	if snap.err != nil {
		return out
	}
	line := d.text.line(p.Line)
	before := line[:d.text.offset(p)-d.text.offset(Position{Line: p.Line})]
	if openCall.MatchString(before) {
		for _, m := range snap.cascade.Winners() {
			out.Items = append(out.Items, CompletionItem{Label: m.Name, Kind: completionFile, Detail: m.Summary,
				Documentation: &MarkupContent{Kind: "markdown", Value: s.describe(snap.cascade, m.Name)}})
		}
		return out
	}
	if !s.inHeader(d, p.Line) {
		return out
	}
	key, _, typed := strings.Cut(before, ":")
	if !typed {
		present := map[string]bool{}
		for i := 1; s.inHeader(d, i); i++ {
			if k, _, ok := strings.Cut(d.text.line(i), ":"); ok && i != p.Line {
				present[strings.TrimSpace(k)] = true
			}
		}
		for _, k := range manual.HeaderKeys() {
			if !present[k] {
				out.Items = append(out.Items, CompletionItem{Label: k, Kind: completionField, Detail: keyDocs[k]})
			}
		}
		return out
	}
	var values []string
	detail := ""
	cfg := snap.project.Config
	switch strings.TrimSpace(key) {
	case manual.KeyAudience:
		values, detail = cfg.Engines(), "engine"
	case manual.KeyRequiresTools:
		values, detail = slices.Clone(cfg.ToolNames), "tool"
	}
	for _, v := range values {
		item := CompletionItem{Label: v, Kind: completionValue, Detail: detail}
		if desc := cfg.Tools[v]; detail == "tool" && desc != "" {
			item.Detail = desc
		}
		out.Items = append(out.Items, item)
	}
	return out
}
