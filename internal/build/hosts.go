package build

import (
	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/export"
	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/lint"
)

// HostsInput is the project as the host simulation reads it.
// Files an earlier lore export wrote into the project folder or a manual
// root are copies, not manuals.
func (p *Project) HostsInput() hosts.Input {
	exported := export.Exported(p.FS, p.Config, p.Config.Dir)
	for _, r := range p.roots() {
		for f := range export.Exported(p.FS, p.Config, r) {
			exported[f] = true
		}
	}
	return hosts.Input{Config: p.Config, FS: p.FS, Manuals: p.Manuals, Roots: p.roots(), Exported: exported}
}

// Hosts simulates what each agent host loads of the project (lore hosts).
func Hosts(p *Project, o hosts.Options) (*hosts.Report, error) {
	return hosts.Run(p.HostsInput(), o)
}

// ExportOptions are the options of Export: the host's layout and where
// it goes, and which lint findings stop it, as they stop a build.
type ExportOptions struct {
	export.Options
	// FailOn is the least severe lint finding that stops the export; with
	// NeverFail (or Off) no severity does. Errors that no option lets
	// through (Unpublishable: the security rules', the safety floor's)
	// stop it either way; a skill name export maps or a broken link does
	// not by default.
	FailOn    diag.Severity
	NeverFail bool
}

// ExportResult is what Export did. With Failed set it wrote and compared
// nothing: Lint holds the findings that stopped it.
type ExportResult struct {
	*export.Result
	Lint   lint.Report
	Failed bool
}

// Export writes the project's manuals in a host's native layout (lore
// export), once lint lets them through: an export puts the manuals where
// an agent loads them, so what fails a build (a security finding first of
// all) never reaches the host's folder.
func Export(p *Project, o ExportOptions) (*ExportResult, error) {
	r := Lint(p, nil)
	if fails(r.Diagnostics, o.FailOn, o.NeverFail) {
		return &ExportResult{Lint: r, Failed: true}, nil
	}
	res, err := export.Run(p.HostsInput(), o.Options)
	if err != nil {
		return nil, err
	}
	return &ExportResult{Result: res, Lint: r}, nil
}

// siteHosts is the Hosts page's report: the hosts lore.yaml targets, or
// every known host; nil for a project without manuals. A host's listing
// made from the same inputs as in prev (the report of the session's last
// build; nil: none) is taken from it (hosts.Options.Previous), or else
// from the build cache c (nil: none), which keeps every listing made.
func siteHosts(p *Project, prev *hosts.Report, c *cache.Cache) *hosts.Report {
	if len(p.Manuals.Manuals) == 0 {
		return nil
	}
	o := hosts.Options{Previous: prev}
	if c != nil {
		o.Store = listingStore{c.Pack(hostsPack)}
	}
	r, err := hosts.Run(p.HostsInput(), o)
	if err != nil {
		return nil // targets are checked when lore.yaml is loaded
	}
	return r
}

// hostsPack holds the host listings of the last builds (hosts.Store): a
// build whose manuals' names, summaries, titles and triggers are those of
// an earlier one (an edited body) takes each host's listing from it
// instead of simulating it again.
const hostsPack = "hosts-listings"

// listingStore is a cache pack as a hosts.Store.
type listingStore struct{ p *cache.Pack }

func (s listingStore) Get(k [32]byte) ([]byte, bool) { return s.p.Get(cache.Key(k)) }
func (s listingStore) Put(k [32]byte, v []byte)      { s.p.Put(cache.Key(k), v) }
