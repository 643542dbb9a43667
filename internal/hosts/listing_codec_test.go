package hosts

import (
	"reflect"
	"strings"
	"testing"

	"github.com/lorekit/lore/internal/manual"
)

// TestListingCodec: a listing read back from its binary form equals the
// simulated one in every field, exported or not (its entries pointing at
// the same sources), for every known host; any shorter or damaged form is
// refused, never a panic or a listing with entries out of range.
func TestListingCodec(t *testing.T) {
	// A skill whose description and when_to_use are longer together
	// than a host's per-entry limit: cut.
	long := "---\nname: long-thing\ndescription: Handle the long thing" + strings.Repeat(", and one more part of it", 38) +
		".\nwhen_to_use: When the long thing is due" + strings.Repeat(", or another part of it", 30) + ".\n---\n# Long\n\nBody.\n"
	fs, cfg := generatedProject(t, 200, 3, map[string]string{"manuals/long-thing/SKILL.md": long})
	sim := NewSimulator(Input{Config: cfg, FS: fs, Manuals: manual.Load(fs, []string{"p/manuals"})})
	states := map[string]bool{}
	for _, p := range cfg.Hosts.Profiles {
		for _, window := range []int{0, 2000} { // 2000 tokens: listings over budget
			l := sim.Host(p, window).Listing
			for _, e := range l.Entries {
				states[e.State] = true
			}
			b := encodeListing(l)
			got, ok := decodeListing(b, sim.Sources())
			if ok {
				got.key = l.key // the host's inputs' key, which Simulator.host gives it, not the bytes
			}
			if !ok || !reflect.DeepEqual(got, l) {
				t.Fatalf("%s, window %d: the listing read back differs from the simulated one (decoded %v)", p.Name, window, ok)
			}
			for n := 0; n < len(b); n += max(1, len(b)/211) {
				if _, ok := decodeListing(b[:n], sim.Sources()); ok {
					t.Fatalf("%s: the first %d of %d bytes decoded as a listing", p.Name, n, len(b))
				}
			}
			if _, ok := decodeListing(append(b, 0), sim.Sources()); ok {
				t.Fatalf("%s: a listing with a byte after it decoded", p.Name)
			}
			if len(l.Entries) > 0 {
				if _, ok := decodeListing(b, sim.Sources()[:0]); ok {
					t.Fatalf("%s: entries decoded against no sources", p.Name)
				}
			}
			for i := 0; i < len(b); i += max(1, len(b)/97) {
				d := append([]byte(nil), b...)
				d[i] ^= 0xff
				decodeListing(d, sim.Sources()) // must not panic
			}
		}
	}
	for _, s := range []string{Full, Cut, Dropped} {
		if !states[s] {
			t.Errorf("no entry of the fixture is %s: the codec is not checked on it", s)
		}
	}
}
