package search

// A German compound the glossary splits (Sicherheitsprüfung → Sicherheit
// + Prüfung: security, safety | check, review, audit) is matched by the
// renderings of its parts, each weighing a part's share (scoring.part) of
// a whole rendering. A manual that holds one part — the head, since a
// compound is a kind of its head — matches the word as well as before; a
// manual that holds the renderings of several parts ("security review")
// holds more of what the word says, and matches it up to fully: the
// head's score, plus each other part's score scaled to share the rest of
// the word (1 − part) with the other non-head parts. The word counts as
// the better of this and its best single form.

// maxParts is how many parts of a compound are told apart (bits of
// form.parts); a rendering of a later part counts for the last one.
const maxParts = 4

// compounds are the split compounds of an intent: slot maps a word to its
// index among them (-1: not split), words holds the word index of each,
// and groups how many parts it has (at most maxParts).
type compounds struct {
	slot   []int
	words  []int
	groups []int
}

func compoundsOf(it intent) compounds {
	var c compounds
	c.slot = make([]int, len(it.words))
	for i, w := range it.words {
		c.slot[i] = -1
		if w.split && len(w.transGroups) > 1 {
			c.slot[i] = len(c.words)
			c.words = append(c.words, i)
			c.groups = append(c.groups, min(len(w.transGroups), maxParts))
		}
	}
	return c
}

// partsOf returns the parts of the split word w whose renderings hold t
// (bit g: part g; parts beyond maxParts count as the last).
func partsOf(w qword, t string) uint8 {
	var m uint8
	for g, grp := range w.transGroups {
		for _, x := range grp {
			if x == t {
				m |= 1 << min(g, maxParts-1)
				break
			}
		}
	}
	return m
}

// recordParts keeps s as the best score of each part in mask for word i of
// document n.
func (q *scorer) recordParts(n uint64, i int, s float64, mask uint8) {
	k := q.compounds.slot[i]
	if k < 0 {
		return
	}
	base := (q.at(n)/q.nw*len(q.compounds.words) + k) * maxParts
	for g := range maxParts {
		if mask&(1<<g) != 0 && s > q.sc.parts[base+g] {
			q.sc.parts[base+g] = s
		}
	}
}

// wordScore is word i's score in the document at slot d: its best single
// form, or its parts together when that is more (see above).
func (q *scorer) wordScore(d, i int) float64 {
	best := q.sc.best[d*q.nw+i]
	k := q.compounds.slot[i]
	if k < 0 {
		return best
	}
	if together := q.together(d, k); together > best {
		return together
	}
	return best
}

// together is the score of the parts of compound k together in the
// document at slot d: the head's, plus the others' scaled to share the
// rest of the word.
func (q *scorer) together(d, k int) float64 {
	groups := q.compounds.groups[k]
	parts := q.sc.parts[(d*len(q.compounds.words)+k)*maxParts:][:maxParts]
	head := q.c.sc.part
	s := parts[groups-1]
	for g := range groups - 1 {
		s += parts[g] / head * (1 - head) / float64(groups-1)
	}
	return s
}
