package hosts

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"

	"github.com/lorekit/lore/internal/hosts/profiles"
)

// listingKey identifies everything a host's listing is made from: the
// profile, the window, the project folder the sources are shown relative
// to, and every listed manual's path, names, summary, title, triggers and
// (a skill) the front-matter fields the host reads. The IDF is counted over
// these too. The zero key means none could be made (never equal).
func (s *Simulator) listingKey(p *profiles.Profile, window int) [32]byte {
	prof, err := json.Marshal(p)
	if err != nil {
		return [32]byte{}
	}
	s.keyOnce.Do(func() { s.sourcesKey = sha256.Sum256(s.sourcesText()) })
	var b []byte
	str := func(v string) {
		b = binary.AppendUvarint(b, uint64(len(v)))
		b = append(b, v...)
	}
	str("hosts-listing/1")
	str(string(prof))
	b = binary.AppendVarint(b, int64(window))
	str(s.in.Config.Dir)
	b = append(b, s.sourcesKey[:]...)
	// A skill's description is the fields the host reads.
	for i, src := range s.sources {
		if src.Skill {
			b = binary.AppendUvarint(b, uint64(i))
			for _, f := range p.Listing.Fields {
				str(f)
				str(metaText(src.M, f))
			}
		}
	}
	return sha256.Sum256(b)
}

// sourcesText is what every listing reads of the sources, whatever the
// host: in order, each one's path, names, summary, title, triggers and
// whether it is a skill.
func (s *Simulator) sourcesText() []byte {
	var b []byte
	str := func(v string) {
		b = binary.AppendUvarint(b, uint64(len(v)))
		b = append(b, v...)
	}
	b = binary.AppendUvarint(b, uint64(len(s.sources)))
	for _, src := range s.sources {
		m := src.M
		for _, v := range []string{m.Path, m.Name, m.Summary, m.Title, src.Name, src.Manual, src.Export} {
			str(v)
		}
		b = binary.AppendUvarint(b, uint64(len(src.Triggers)))
		for _, t := range src.Triggers {
			str(t)
		}
		if src.Skill {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	return b
}

// reuseListing returns a copy of prev's listing for host p when prev was
// made from the same inputs (key), its entries pointing at this
// simulation's manuals; nil when it cannot be reused.
func (s *Simulator) reuseListing(prev *Host, key [32]byte) *Listing {
	if prev == nil || prev.Listing == nil || prev.listingKey != key || key == ([32]byte{}) {
		return nil
	}
	l := *prev.Listing
	l.Entries = make([]*Entry, len(prev.Listing.Entries))
	for i, e := range prev.Listing.Entries {
		if e.order < 0 || e.order >= len(s.sources) {
			return nil
		}
		c := *e
		c.m = s.sources[e.order].M
		l.Entries[i] = &c
	}
	return &l
}

// storedListing returns the listing store keeps for key, its entries
// pointing at this simulation's manuals; nil when it has none (or none
// that decodes).
func (s *Simulator) storedListing(store Store, key [32]byte) *Listing {
	if store == nil || key == ([32]byte{}) {
		return nil
	}
	b, ok := store.Get(storeKey(key))
	if !ok {
		return nil
	}
	l, _ := decodeListing(b, s.sources) // nil when b does not decode
	return l
}

// storeKey is the key a listing made from inputs key is stored under: it
// names the binary form too (listingCodec).
func storeKey(key [32]byte) [32]byte {
	return sha256.Sum256(append([]byte(listingCodec+"\x00"), key[:]...))
}
