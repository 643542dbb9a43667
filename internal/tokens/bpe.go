package tokens

import "math"

// noRank marks a pair of parts that is not a token.
const noRank = math.MaxUint32

// smallPiece is the longest piece merged with a linear scan over arrays on
// the stack; longer pieces use a heap.
const smallPiece = 64

// mergeCount returns the number of tokens byte-pair encoding makes of
// piece: starting from single bytes, it merges the adjacent pair whose
// concatenation has the lowest rank, the leftmost of equals first, until
// no pair is a token. That is tiktoken's merge order; only the number of
// parts is kept.
func (v *vocabulary) mergeCount(piece string) int {
	n := len(piece)
	if n <= 1 {
		return n
	}
	if n > smallPiece {
		return v.mergeCountHeap(piece)
	}
	// Part k is piece[start[k]:start[k+1]]; rank[k] is the rank of parts
	// k and k+1 together.
	var start [smallPiece + 1]int32
	var rank [smallPiece]uint32
	for k := range n + 1 {
		start[k] = int32(k)
	}
	for k := range n - 1 {
		rank[k] = v.pair(piece[k], piece[k+1])
	}
	m := n
	for m > 1 {
		best, at := uint32(noRank), -1
		for k, r := range rank[:m-1] {
			if r < best {
				best, at = r, k
			}
		}
		if at < 0 {
			break
		}
		// Parts at and at+1 become one: drop boundary at+1 and the rank
		// of the pair that began there.
		copy(start[at+1:], start[at+2:m+1])
		if at+2 < m-1 {
			copy(rank[at+1:], rank[at+2:m-1])
		}
		m--
		if at+1 < m {
			rank[at] = v.rank(piece[start[at]:start[at+2]])
		}
		if at > 0 {
			rank[at-1] = v.rank(piece[start[at-1]:start[at+1]])
		}
	}
	return m
}

// mergeCountHeap is mergeCount in O(n log n) for long pieces: the parts
// form a linked list and the candidate pairs a heap ordered by rank, then
// position.
func (v *vocabulary) mergeCountHeap(piece string) int {
	n := int32(len(piece))
	type node struct {
		next, prev int32
		rank       uint32 // of this part and the next together
	}
	nodes := make([]node, n+1) // nodes[n] ends the list
	for i := range nodes {
		nodes[i] = node{next: int32(i) + 1, prev: int32(i) - 1, rank: noRank}
	}
	rankAt := func(i int32) uint32 {
		j := nodes[i].next
		if j >= n {
			return noRank
		}
		return v.rank(piece[i:nodes[j].next])
	}
	h := make(pairHeap, 0, n)
	for i := int32(0); i+1 < n; i++ {
		nodes[i].rank = v.pair(piece[i], piece[i+1])
		if nodes[i].rank != noRank {
			h = append(h, pair{nodes[i].rank, i})
		}
	}
	h.init()
	parts := int(n)
	for len(h) > 0 {
		top := h.pop()
		i := top.at
		if nodes[i].rank != top.rank {
			continue // stale: the part changed since
		}
		j := nodes[i].next
		k := nodes[j].next
		nodes[j].rank = noRank
		nodes[i].next = k
		nodes[k].prev = i
		parts--
		for _, b := range [2]int32{i, nodes[i].prev} {
			if b < 0 {
				continue
			}
			if nodes[b].rank = rankAt(b); nodes[b].rank != noRank {
				h.push(pair{nodes[b].rank, b})
			}
		}
	}
	return parts
}

type pair struct {
	rank uint32
	at   int32
}

// pairHeap is a binary min-heap of pairs by rank, then position.
type pairHeap []pair

func (h pairHeap) less(a, b int) bool {
	return h[a].rank < h[b].rank || h[a].rank == h[b].rank && h[a].at < h[b].at
}

func (h pairHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *pairHeap) push(p pair) {
	*h = append(*h, p)
	s := *h
	for i := len(s) - 1; i > 0; {
		parent := (i - 1) / 2
		if !s.less(i, parent) {
			break
		}
		s[i], s[parent] = s[parent], s[i]
		i = parent
	}
}

func (h *pairHeap) pop() pair {
	s := *h
	top := s[0]
	s[0] = s[len(s)-1]
	*h = s[:len(s)-1]
	h.down(0)
	return top
}

func (h pairHeap) down(i int) {
	for {
		c := 2*i + 1
		if c >= len(h) {
			return
		}
		if c+1 < len(h) && h.less(c+1, c) {
			c++
		}
		if !h.less(c, i) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}
