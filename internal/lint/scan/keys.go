package scan

// keySet finds which of up to 64 keys (lower-case ASCII, two bytes or
// more) a text holds, ignoring ASCII case, in one pass: the keys are
// indexed by their first two bytes.
type keySet struct {
	keys  []string
	index [1 << 16]uint8 // first two bytes → 1 + index into lists, 0: none
	lists [][]int
}

func newKeySet(keys []string) *keySet {
	if len(keys) > 64 {
		panic("scan: a keySet holds at most 64 keys")
	}
	ks := &keySet{keys: keys, lists: [][]int{nil}}
	for i, k := range keys {
		if len(k) < 2 {
			panic("scan: a key of keySet has two bytes or more: " + k)
		}
		p := uint16(k[0])<<8 | uint16(k[1])
		if ks.index[p] == 0 {
			ks.index[p] = uint8(len(ks.lists))
			ks.lists = append(ks.lists, nil)
		}
		ks.lists[ks.index[p]] = append(ks.lists[ks.index[p]], i)
	}
	return ks
}

// present returns the set of keys s holds: bit i for keys[i].
func (ks *keySet) present(s []byte) uint64 {
	var out uint64
	for i := 0; i+1 < len(s); i++ {
		li := ks.index[uint16(lower(s[i]))<<8|uint16(lower(s[i+1]))]
		if li == 0 {
			continue
		}
		for _, k := range ks.lists[li] {
			key := ks.keys[k]
			if i+len(key) <= len(s) && asciiFoldEqual(s[i:i+len(key)], []byte(key)) {
				out |= 1 << k
			}
		}
	}
	return out
}

// mask returns the bits of the keys in ks.keys that are among keys.
func (ks *keySet) mask(keys []string) uint64 {
	var out uint64
	for i, k := range ks.keys {
		for _, x := range keys {
			if k == x {
				out |= 1 << i
			}
		}
	}
	return out
}
