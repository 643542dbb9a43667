package scan

// maxKeys bounds the keys of a keySet (the bits of keyBits).
const maxKeys = 128

// keyBits is a set of keys of a keySet: bit i for keys[i].
type keyBits [maxKeys / 64]uint64

// with returns b with key i added.
func (b keyBits) with(i int) keyBits {
	b[i/64] |= 1 << (i % 64)
	return b
}

// has reports whether b holds key i.
func (b keyBits) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }

// meets reports whether b and o share a key.
func (b keyBits) meets(o keyBits) bool {
	for i := range b {
		if b[i]&o[i] != 0 {
			return true
		}
	}
	return false
}

// union returns the keys of b and of o.
func (b keyBits) union(o keyBits) keyBits {
	for i := range b {
		b[i] |= o[i]
	}
	return b
}

// keySet finds which of up to maxKeys keys (lower-case ASCII, two bytes
// or more) a text holds, ignoring ASCII case, in one pass: the keys are
// indexed by their first two bytes.
type keySet struct {
	keys  []string
	index [1 << 16]uint8 // first two bytes → 1 + index into lists, 0: none
	lists [][]int
}

func newKeySet(keys []string) *keySet {
	if len(keys) > maxKeys {
		panic("scan: a keySet holds at most 128 keys")
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

// present returns the set of keys s holds.
func (ks *keySet) present(s []byte) keyBits {
	var out keyBits
	for i := 0; i+1 < len(s); i++ {
		li := ks.index[uint16(lower(s[i]))<<8|uint16(lower(s[i+1]))]
		if li == 0 {
			continue
		}
		for _, k := range ks.lists[li] {
			key := ks.keys[k]
			if i+len(key) <= len(s) && asciiFoldEqual(s[i:i+len(key)], []byte(key)) {
				out = out.with(k)
			}
		}
	}
	return out
}

// mask returns the keys of ks.keys that are among keys.
func (ks *keySet) mask(keys []string) keyBits {
	var out keyBits
	for i, k := range ks.keys {
		for _, x := range keys {
			if k == x {
				out = out.with(i)
			}
		}
	}
	return out
}
