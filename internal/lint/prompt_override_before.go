package lint

// What the words before a token say, worked out for a whole sentence in
// one pass: the matcher asks it of many tokens, and scanning back from
// each to the start of its clause made a long sentence quadratic (a
// 2 MiB line of "rules rules …" did not end in five minutes).

// Flags of before()[k], about the tokens before token k.
const (
	// modalBefore, considerBefore: a modal verb (may, darfst …) or a
	// verb of considering (consider, treat …) since the last comma.
	modalBefore uint8 = 1 << iota
	considerBefore
	// conditionalBefore: a conditional or relative opener (when, if,
	// users …) since the last comma or dash.
	conditionalBefore
	// reportedBefore: a reporting word (asks, says …) anywhere before;
	// relativeBefore: one after that, which, who … ("a page that asks").
	reportedBefore
	relativeBefore
)

// before returns, per token k (and len(t) for the end), the flags of
// the tokens before it.
func (m *sentence) before() []uint8 {
	if m.clauses != nil {
		return m.clauses
	}
	f := make([]uint8, len(m.t)+1)
	var cur uint8
	for k, t := range m.t {
		f[k] = cur
		if t.Kind != tWord {
			switch t.Text {
			case ",":
				cur &^= modalBefore | considerBefore | conditionalBefore
			case "—", "–":
				cur &^= conditionalBefore
			}
			continue
		}
		w := t.Low
		if modalWords[w] {
			cur |= modalBefore
		} else if consider[w] {
			cur |= considerBefore
		}
		if conditionalLead[w] {
			cur |= conditionalBefore
		}
		if reportingWords[w] {
			cur |= reportedBefore
			if p := m.word(k - 1); p == "that" || p == "which" || p == "who" || p == "die" || p == "der" || p == "das" || p == "welche" {
				cur |= relativeBefore
			}
		}
	}
	f[len(m.t)] = cur
	m.clauses = f
	return f
}
