package lsp

// symbols returns the sections of the manual d, nested by heading level.
func (s *server) symbols(d *document) []DocumentSymbol {
	out := []DocumentSymbol{}
	m := s.manualOf(d)
	if m == nil {
		return out
	}
	type open struct {
		level int
		sym   *DocumentSymbol
	}
	var stack []open
	var roots []*DocumentSymbol
	for _, sec := range m.Sections {
		l := sec.Line - 1
		endLine := max(sec.EndLine, sec.Line) - 1
		sym := &DocumentSymbol{Name: sec.Title, Kind: symbolString,
			Range:          Range{Start: Position{Line: l}, End: Position{Line: endLine, Character: utf16Count(d.text.line(endLine))}},
			SelectionRange: Range{Start: Position{Line: l}, End: Position{Line: l, Character: utf16Count(d.text.line(l))}}}
		if sym.Name == "" {
			sym.Name = "(untitled)"
		}
		for len(stack) > 0 && stack[len(stack)-1].level >= sec.Level {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			roots = append(roots, sym)
		} else {
			parent := stack[len(stack)-1].sym
			parent.Children = append(parent.Children, DocumentSymbol{})
			sym = attach(parent, sym)
		}
		stack = append(stack, open{sec.Level, sym})
	}
	for _, r := range roots {
		out = append(out, *r)
	}
	return out
}

// attach stores child as the last child of parent and returns the stored
// copy, so that grandchildren attach to it.
func attach(parent, child *DocumentSymbol) *DocumentSymbol {
	parent.Children[len(parent.Children)-1] = *child
	return &parent.Children[len(parent.Children)-1]
}
