package lint

import (
	"strings"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

var headerUnknownTool = &Rule{
	ID: "header/unknown-tool", Severity: diag.Warning,
	Summary: "requires-tools names a tool outside the inventory",
	Doc: "`requires-tools` hides a manual from every engine whose allow-set lacks one of the named tools (seed 000 §3). " +
		"A tool that is not in lore.yaml's `tools:` inventory is in no allow-set, so the manual is hidden from everyone — usually a typo " +
		"or a renamed tool. Fix the name (the message suggests the closest tool) or add the tool to the inventory. " +
		"The rule is silent in projects without a tool inventory.",
	Scope: ScopeManual,
	Manual: func(p *Pass, m *manual.Manual) {
		if m.Dialect != manual.Lore || p.In.Config == nil || len(p.In.Config.Tools) == 0 {
			return
		}
		f, ok := m.Header.Field(manual.KeyRequiresTools)
		if !ok {
			return
		}
		line := m.Line(f.Line)
		// Columns count code points from the start of the line; the value
		// starts at f.Col.
		valStart := byteOffsetOfCol(line, f.Col)
		off := valStart
		for _, part := range strings.Split(line[valStart:], ",") {
			name := strings.TrimSpace(part)
			start := off + strings.Index(part, name)
			off += len(part) + 1
			if name == "" {
				continue
			}
			if _, known := p.In.Config.Tools[name]; known {
				continue
			}
			col := utf8.RuneCountInString(line[:start]) + 1
			hint := "add it to `tools:` in lore.yaml or remove it"
			if c := config.Closest(name, p.In.Config.ToolNames); c != "" {
				hint = "did you mean `" + c + "`?"
			}
			p.ReportRange(m, f.Line, col, f.Line, col+utf8.RuneCountInString(name),
				"requires-tools names %s, which is not in the tool inventory, so no engine sees this manual: %s", diag.Excerpt(name), hint)
		}
	},
}

// byteOffsetOfCol returns the byte offset of 1-based code point column col
// in s.
func byteOffsetOfCol(s string, col int) int {
	n := 1
	for i := range s {
		if n == col {
			return i
		}
		n++
	}
	return len(s)
}
