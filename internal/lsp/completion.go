package lsp

import (
	"regexp"
	"slices"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lorekit/lore/internal/manual"
)

// openCall matches a manual_read call being typed, up to the cursor.
var openCall = regexp.MustCompile(`(?:^|[^A-Za-z0-9_])manual_read\(\s*(?:name\s*=\s*)?['"]([A-Za-z0-9._-]*)$`)

func (s *server) completionRequest(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	if d := s.doc(p.TextDocument.URI); d != nil {
		return s.completion(d, p.Position), nil
	}
	return nil, nil
}

// completion proposes manual names inside manual_read(', header keys at
// the start of a header line, engines after audience: and tools after
// requires-tools:.
func (s *server) completion(d *document, p protocol.Position) protocol.CompletionList {
	out := protocol.CompletionList{Items: []protocol.CompletionItem{}}
	snap := s.current()
	if snap.err != nil {
		return out
	}
	n := int(p.Line)
	before := d.text.s[d.text.offset(protocol.Position{Line: p.Line}):d.text.offset(p)]
	if openCall.MatchString(before) {
		for _, m := range snap.cascade.Winners() {
			out.Items = append(out.Items, protocol.CompletionItem{Label: m.Name, Kind: ptr(protocol.CompletionItemKindFile), Detail: ptr(m.Summary),
				Documentation: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: s.describe(snap.cascade, m.Name)}})
		}
		return out
	}
	if !s.inHeader(d, n) {
		return out
	}
	key, _, typed := strings.Cut(before, ":")
	if !typed {
		present := map[string]bool{}
		for i := 1; s.inHeader(d, i); i++ {
			if k, _, ok := strings.Cut(d.text.line(i), ":"); ok && i != n {
				present[strings.TrimSpace(k)] = true
			}
		}
		for _, k := range manual.HeaderKeys() {
			if !present[k] {
				out.Items = append(out.Items, protocol.CompletionItem{Label: k, Kind: ptr(protocol.CompletionItemKindField), Detail: ptr(keyDocs[k])})
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
		item := protocol.CompletionItem{Label: v, Kind: ptr(protocol.CompletionItemKindValue), Detail: ptr(detail)}
		if desc := cfg.Tools[v]; detail == "tool" && desc != "" {
			item.Detail = ptr(desc)
		}
		out.Items = append(out.Items, item)
	}
	return out
}
