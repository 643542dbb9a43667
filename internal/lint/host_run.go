package lint

import (
	"sync"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/manual"
)

// hostRun is the simulation the host/* rules share.
type hostRun struct {
	once sync.Once
	out  []*hosts.Host
}

// targetHosts simulates every host lore.yaml targets (hosts:), once per
// run; nil when the project targets none.
func targetHosts(in *Input) []*hosts.Host {
	in.hosts.once.Do(func() {
		if in.Config == nil || len(in.Config.Hosts.Targets) == 0 || in.Manuals == nil {
			return
		}
		r, err := hosts.Run(hosts.Input{Config: in.Config, FS: in.FS, Manuals: in.Manuals}, hosts.Options{})
		if err == nil {
			in.hosts.out = r.Hosts
		}
	})
	return in.hosts.out
}

// hostsPos is the position of lore.yaml's hosts key.
func hostsPos(in *Input) diag.Pos {
	return diag.Pos{File: in.Config.File, Line: max(1, in.Config.Hosts.Line), Col: 1}
}

// descriptionLine is the line of a manual's description (the summary of
// a lore header), or its first line.
func descriptionLine(m *manual.Manual) int {
	for _, k := range []string{"description", "summary"} {
		if f, ok := m.Header.Field(k); ok {
			return f.Line
		}
	}
	return 1
}
