package hosts

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"hash"

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
	h := sha256.New()
	str := func(v string) {
		writeLen(h, len(v))
		h.Write([]byte(v))
	}
	str("hosts-listing/1")
	h.Write(prof)
	writeLen(h, window)
	str(s.in.Config.Dir)
	writeLen(h, len(s.sources))
	for _, src := range s.sources {
		m := src.M
		for _, v := range []string{m.Path, m.Name, m.Summary, m.Title, src.Name, src.Manual, src.Export} {
			str(v)
		}
		writeLen(h, len(src.Triggers))
		for _, t := range src.Triggers {
			str(t)
		}
		if src.Skill {
			str("skill")
			for _, f := range p.Listing.Fields {
				str(f)
				str(metaText(m, f))
			}
		} else {
			str("lore")
		}
	}
	var k [32]byte
	h.Sum(k[:0])
	return k
}

func writeLen(h hash.Hash, n int) {
	h.Write(binary.AppendVarint(nil, int64(n)))
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
