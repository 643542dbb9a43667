package site

import (
	"strings"

	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/manual"
)

// hostsURL is the page of what each agent host loads.
const hostsURL = "hosts.html"

// hostsView is the Hosts page: one section per host.
type hostsView struct {
	Hosts []hostView
}

type hostView struct {
	Name, Title, Checked string
	Target               bool
	Sources              []link
	Listing              *hosts.Listing
	Bar                  hostBar
	// Entries are the listing's entries that lose something.
	Entries []hostEntry
	Chains  []*hosts.Chain
}

// hostBar draws a listing against its budget: the budget is the bar's
// width, or the listing's when that is larger (the part past the budget
// in the limit colour, a marker where the budget ends).
type hostBar struct {
	Budget, Full      int
	Unit, From        string
	Percent           int
	OK, Over, Marker  int // widths and the marker's x in 0–1000
	HasBudget, IsOver bool
	Label             string
}

type hostEntry struct {
	Anchor, Name, Manual, URL, State string
	Shown, Chars                     int
	Lost                             string
	Reason                           string
}

func newHostBar(l *hosts.Listing) hostBar {
	b := hostBar{Budget: l.Budget, Full: l.Full, Unit: l.Unit, From: l.BudgetFrom, HasBudget: l.Budget > 0, IsOver: l.Over}
	if l.Budget <= 0 {
		return b
	}
	b.Percent = hosts.Percent(l.Full, l.Budget)
	scale := max(l.Full, l.Budget)
	b.OK = min(l.Full, l.Budget) * 1000 / scale
	b.Marker = min(994, l.Budget*1000/scale)
	if l.Full > l.Budget {
		b.Over = 1000 - b.OK
	}
	b.Label = "fits"
	if l.Over {
		b.Label = "over budget"
	}
	return b
}

// hostAnchor is the id of a manual's row on the Hosts page.
func hostAnchor(host, source string) string {
	return "host-" + host + "-" + safeName(strings.TrimSuffix(source, ".md"))
}

func hostsData(r *run) (any, error) {
	v := &hostsView{}
	for _, h := range r.in.Hosts.Hosts {
		hv := hostView{Name: h.Name, Title: h.Title, Checked: h.Checked, Target: h.Target, Listing: h.Listing,
			Bar: newHostBar(h.Listing), Chains: h.Chains}
		for _, s := range h.Sources {
			hv.Sources = append(hv.Sources, link{Label: s.URL, URL: s.URL, Note: s.Says})
		}
		for _, e := range h.Listing.Entries {
			if e.State == hosts.Full && !e.AtRisk {
				continue
			}
			state := e.State
			if e.AtRisk {
				state = "at risk"
			}
			hv.Entries = append(hv.Entries, hostEntry{Anchor: hostAnchor(h.Name, e.Source), Name: e.Name, Manual: e.Manual,
				URL: r.byFile[e.Doc().Path], State: state, Shown: e.Shown, Chars: e.Chars, Lost: strings.Join(e.Lost, ", "), Reason: e.Reason})
		}
		v.Hosts = append(v.Hosts, hv)
	}
	return v, nil
}

// hostCuts returns, for a manual's page, a link to its row on the Hosts
// page for every host that cuts, shortens, drops, omits or refuses it.
func (r *run) hostCuts(m *Manual) []link { return r.cuts[m.M] }

// indexHostCuts lists, per manual, the hosts that cut it (hostCuts), in
// one pass over every host's listing: asking each page's manual of every
// listing would be quadratic in the manuals.
func indexHostCuts(rep *hosts.Report) map[*manual.Manual][]link {
	if rep == nil {
		return nil
	}
	out := map[*manual.Manual][]link{}
	for _, h := range rep.Hosts {
		for _, e := range h.Listing.Entries {
			if e.State != hosts.Full {
				d := e.Doc()
				out[d] = append(out[d], link{Label: h.Name, URL: hostsURL + "#" + hostAnchor(h.Name, e.Source), Note: e.State})
			}
		}
	}
	return out
}
