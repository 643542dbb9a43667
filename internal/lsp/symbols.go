package lsp

import (
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

func (s *server) symbolsRequest(_ *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	d := s.doc(p.TextDocument.URI)
	if d == nil {
		return []protocol.DocumentSymbol{}, nil
	}
	return s.symbols(d), nil
}

// symbols returns the sections of the manual d, nested by heading level:
// each spans its lines, and its heading line is its selection.
func (s *server) symbols(d *document) []protocol.DocumentSymbol {
	out := []protocol.DocumentSymbol{}
	m := s.manualOf(d)
	if m == nil {
		return out
	}
	type open struct {
		level int
		sym   *protocol.DocumentSymbol
	}
	var stack []open
	var roots []*protocol.DocumentSymbol
	for _, sec := range m.Sections {
		start := d.text.position(sec.Offset)
		endLine := max(sec.EndLine, sec.Line) - 1
		sym := &protocol.DocumentSymbol{Name: sec.Title, Kind: protocol.SymbolKindString,
			Range:          protocol.Range{Start: start, End: d.text.lineEnd(endLine)},
			SelectionRange: protocol.Range{Start: start, End: d.text.lineEnd(int(start.Line))}}
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
			parent.Children = append(parent.Children, protocol.DocumentSymbol{})
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
func attach(parent, child *protocol.DocumentSymbol) *protocol.DocumentSymbol {
	parent.Children[len(parent.Children)-1] = *child
	return &parent.Children[len(parent.Children)-1]
}
