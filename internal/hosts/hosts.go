// Package hosts simulates what each agent host (Claude Code, Codex, GitHub
// Copilot, Cursor, Gemini CLI; internal/hosts/profiles) puts into context
// of a project's manuals: the skill listing as the host renders it, its
// size against the host's budget, every entry cut, shortened, dropped,
// omitted or refused; and the instruction-file chains with their bytes
// and where the cut falls. `lore hosts`, the host/* lint rules, the site's
// Hosts page and `lore export` all read the same simulation.
package hosts

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/manual"
)

// Input is a loaded project.
type Input struct {
	Config  *config.Config
	FS      afero.Fs
	Manuals *manual.Set
	// Roots are the manual roots as paths on FS.
	Roots []string
	// Exported are files an earlier lore export wrote (paths on FS): they
	// are copies of manuals, never manuals of their own.
	Exported map[string]bool
}

// Options change the simulation.
type Options struct {
	// Hosts are the hosts to simulate; empty means the project's targets,
	// or every known host when it targets none.
	Hosts []string
	// Window replaces every profile's context window (tokens); 0 keeps
	// each profile's.
	Window int
	// Previous, when set, is the report of an earlier run: a host's
	// listing made from the same inputs (the profile, the window and what
	// the listing reads of every listed manual: names, summary, title,
	// triggers, a skill's front matter) is taken from it instead of
	// simulated again. Chains are always simulated (they read files).
	Previous *Report
	// Store, when set, keeps every simulated listing under the key of
	// its inputs, and gives back the one made from the same inputs by an
	// earlier run (after Previous).
	Store Store
}

// Run simulates the hosts o selects. An unknown host is an error naming
// the known ones.
func Run(in Input, o Options) (*Report, error) {
	known := in.Config.Hosts.Profiles
	names := o.Hosts
	if len(names) == 0 {
		names = in.Config.Hosts.Targets
	}
	if len(names) == 0 {
		for _, p := range known {
			names = append(names, p.Name)
		}
	}
	var ps []*profiles.Profile
	for _, n := range names {
		p, err := Lookup(in.Config, n)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(ps, p) {
			ps = append(ps, p)
		}
	}
	sim := NewSimulator(in)
	r := &Report{Schema: schemaID}
	for _, p := range ps {
		h := sim.host(p, o.Window, o.Previous.host(p.Name), o.Store)
		h.Target = slices.Contains(in.Config.Hosts.Targets, p.Name)
		r.Hosts = append(r.Hosts, h)
	}
	return r, nil
}

// Lookup returns the profile of host name among cfg's; an unknown host
// is an error that suggests the closest known one, or names them all.
func Lookup(cfg *config.Config, name string) (*profiles.Profile, error) {
	if p := cfg.Hosts.Profile(name); p != nil {
		return p, nil
	}
	var all []string
	for _, k := range cfg.Hosts.Profiles {
		all = append(all, k.Name)
	}
	if s := config.Closest(name, all); s != "" {
		return nil, fmt.Errorf("unknown host %q: did you mean %q?", name, s)
	}
	return nil, fmt.Errorf("unknown host %q: use %s", name, strings.Join(all, ", "))
}

// Simulator holds what every host's simulation of one project shares: the
// listable manuals, the IDF of their words and the files chains read.
type Simulator struct {
	in      Input
	sources []*Source
	files   *files
	// idf is counted when a listing is simulated (IDF), not when every
	// listing is taken from an earlier report.
	idfOnce sync.Once
	idf     *IDF
	// sourcesKey identifies what every listing reads of the sources
	// (listingKey), made once.
	keyOnce    sync.Once
	sourcesKey [32]byte
}

// NewSimulator prepares the simulation of in.
func NewSimulator(in Input) *Simulator {
	chainFiles := chainFileNames(in.Config.Hosts.Profiles)
	s := &Simulator{in: in, sources: findSources(in.Manuals, chainFiles, in.Exported)}
	roots := in.Roots
	if roots == nil {
		for _, r := range in.Config.Manuals {
			roots = append(roots, in.Config.Path(r))
		}
	}
	s.files = newFiles(in.FS, in.Config.Dir, roots, in.Manuals)
	return s
}

// Sources returns the manuals a host lists.
func (s *Simulator) Sources() []*Source { return s.sources }

// IDF returns the distinctiveness of the words of the listed manuals.
func (s *Simulator) IDF() *IDF {
	s.idfOnce.Do(func() {
		docs := make([]string, 0, len(s.sources))
		for _, src := range s.sources {
			docs = append(docs, corpusText(src))
		}
		s.idf = newIDF(docs)
	})
	return s.idf
}

// Host simulates host p for a context window of window tokens (0: the
// profile's).
func (s *Simulator) Host(p *profiles.Profile, window int) *Host {
	return s.host(p, window, nil, nil)
}

// host is Host, taking the listing from prev (the same host in an
// earlier report; nil: none) or else from store (nil: none) when it was
// made from the same inputs.
func (s *Simulator) host(p *profiles.Profile, window int, prev *Host, store Store) *Host {
	rel := func(f string) string { return s.in.Config.Rel(f) }
	key := s.listingKey(p, window)
	h := &Host{Name: p.Name, Title: p.Title, Checked: p.Checked, Sources: p.Sources, Profile: p,
		Listing: s.reuseListing(prev, key), Chains: simulateChains(p, s.files, rel), listingKey: key}
	if h.Listing == nil {
		h.Listing = s.storedListing(store, key)
	}
	if h.Listing == nil {
		h.Listing = simulateListing(p, s.sources, window, s.IDF())
		for _, e := range h.Listing.Entries {
			e.Source = rel(e.Source)
		}
		if store != nil && key != ([32]byte{}) {
			store.Put(storeKey(key), encodeListing(h.Listing))
		}
	}
	h.Listing.key = key
	if h.Chains == nil {
		h.Chains = []*Chain{}
	}
	if h.Listing.Entries == nil {
		h.Listing.Entries = []*Entry{}
	}
	return h
}
