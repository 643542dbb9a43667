package build

import (
	"github.com/lorekit/lore/internal/export"
	"github.com/lorekit/lore/internal/hosts"
)

// HostsInput is the project as the host simulation reads it.
// Files an earlier lore export wrote into the project folder or a manual
// root are copies, not manuals.
func (p *Project) HostsInput() hosts.Input {
	exported := export.Exported(p.FS, p.Config.Dir)
	for _, r := range p.roots() {
		for f := range export.Exported(p.FS, r) {
			exported[f] = true
		}
	}
	return hosts.Input{Config: p.Config, FS: p.FS, Manuals: p.Manuals, Roots: p.roots(), Exported: exported}
}

// Hosts simulates what each agent host loads of the project (lore hosts).
func Hosts(p *Project, o hosts.Options) (*hosts.Report, error) {
	return hosts.Run(p.HostsInput(), o)
}

// Export writes the project's manuals in a host's native layout (lore
// export).
func Export(p *Project, o export.Options) (*export.Result, error) {
	return export.Run(p.HostsInput(), o)
}

// siteHosts is the Hosts page's report: the hosts lore.yaml targets, or
// every known host; nil for a project without manuals. A host's listing
// made from the same inputs as in prev (the report of the session's last
// build; nil: none) is taken from it (hosts.Options.Previous).
func siteHosts(p *Project, prev *hosts.Report) *hosts.Report {
	if len(p.Manuals.Manuals) == 0 {
		return nil
	}
	r, err := hosts.Run(p.HostsInput(), hosts.Options{Previous: prev})
	if err != nil {
		return nil // targets are checked when lore.yaml is loaded
	}
	return r
}
