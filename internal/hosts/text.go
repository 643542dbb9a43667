package hosts

import (
	"encoding/json"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/lorekit/lore/internal/diag"
)

// WriteJSON writes r as indented JSON (schemas/hosts.json).
func WriteJSON(w io.Writer, r *Report) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// bar draws used against limit in width cells, full past 100 %.
func bar(used, limit, width int) string {
	if limit <= 0 {
		return ""
	}
	n := min(width, (used*width+limit-1)/limit)
	return strings.Repeat("█", n) + strings.Repeat("░", width-n)
}

// Percent is used as a share of limit, rounded down.
func Percent(used, limit int) int {
	if limit <= 0 {
		return 0
	}
	return used * 100 / limit
}

// WriteText writes r for a terminal: per host the listing against its
// budget, the listing itself, every entry that loses something, and each
// instruction chain with its bytes and its cut.
func WriteText(w io.Writer, r *Report) error {
	var b strings.Builder
	for i, h := range r.Hosts {
		if i > 0 {
			b.WriteString("\n")
		}
		target := ""
		if h.Target {
			target = ", a target of this project"
		}
		fmt.Fprintf(&b, "%s — %s (checked %s%s)\n", h.Name, h.Title, h.Checked, target)
		writeListing(&b, h)
		writeChains(&b, h)
	}
	// Names, titles and descriptions come from the manuals: each line is
	// printed with its control characters escaped, so that none clears
	// or rewrites the terminal.
	var out strings.Builder
	for ln := range strings.SplitAfterSeq(b.String(), "\n") {
		body, nl := strings.CutSuffix(ln, "\n")
		out.WriteString(diag.Printable(body))
		if nl {
			out.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, out.String())
	return err
}

// writeListing writes host h's skill listing: its cost against the
// budget, the entries by state, the listing itself, and the entries that
// lose something, grouped by what happens to them.
func writeListing(b *strings.Builder, h *Host) {
	l := h.Listing
	if len(l.Entries) == 0 {
		b.WriteString("  listing: no skills to list\n")
		return
	}
	writeBudget(b, l)
	writeCounts(b, l)
	if l.WorstCase && l.Over {
		fmt.Fprintf(b, "    %s drops descriptions by usage, which lore cannot know: the worst case is shown (%d dropped; at least %d in the best case), and every description still listed is at risk\n", h.Name, l.Dropped, l.MinDropped)
	}
	if l.Note != "" {
		fmt.Fprintf(b, "    note (%s confidence): %s\n", l.Confidence, l.Note)
	}
	for _, ln := range strings.Split(strings.TrimSuffix(l.Text, "\n"), "\n") {
		if ln != "" {
			fmt.Fprintf(b, "    │ %s\n", ln)
		}
	}
	for _, g := range []struct{ state, head string }{
		{Rejected, "refused (not loaded)"},
		{Omitted, "omitted (not listed)"},
		{Dropped, "listed without description"},
		{Shortened, "shortened to fit the budget"},
		{Cut, "cut at the per-entry limit"},
	} {
		writeGroup(b, l, g.state, g.head)
	}
	var risk []string
	for _, e := range l.Entries {
		if e.AtRisk {
			risk = append(risk, e.Name)
		}
	}
	if len(risk) > 0 {
		fmt.Fprintf(b, "    at risk (kept in the worst case shown, dropped if used less): %s\n", words(risk, 12))
	}
}

// writeBudget writes the listing's cost against its budget and where the
// budget comes from.
func writeBudget(b *strings.Builder, l *Listing) {
	if l.Budget <= 0 {
		fmt.Fprintf(b, "  listing: %s %s; %s\n", thousands(l.Full), l.Unit, l.BudgetFrom)
		return
	}
	verdict := "fits"
	if l.Over {
		verdict = "over budget"
	}
	fmt.Fprintf(b, "  listing: %s of %s %s (%d%%) %s %s\n", thousands(l.Full), thousands(l.Budget), l.Unit, Percent(l.Full, l.Budget), bar(l.Full, l.Budget, 20), verdict)
	fmt.Fprintf(b, "    budget: %s\n", l.BudgetFrom)
	if l.Over {
		fmt.Fprintf(b, "    as rendered: %s %s\n", thousands(l.Used), l.Unit)
	}
}

// writeCounts writes how many entries are in each state.
func writeCounts(b *strings.Builder, l *Listing) {
	whole := l.Listed - l.Cut - l.Shortened - l.Dropped
	counts := []string{fmt.Sprintf("%d listed whole", whole)}
	for _, c := range []struct {
		n    int
		what string
	}{{l.Cut, "cut"}, {l.Shortened, "shortened"}, {l.Dropped, "without description"}, {l.Omitted, "omitted"}, {l.Rejected, "refused"}} {
		if c.n > 0 {
			counts = append(counts, fmt.Sprintf("%d %s", c.n, c.what))
		}
	}
	fmt.Fprintf(b, "    %d skills: %s\n", len(l.Entries), strings.Join(counts, ", "))
}

// writeGroup writes the entries of the listing in state under head, with
// the reason they share and what each one loses.
func writeGroup(b *strings.Builder, l *Listing, state, head string) {
	var es []*Entry
	for _, e := range l.Entries {
		if e.State == state {
			es = append(es, e)
		}
	}
	if len(es) == 0 {
		return
	}
	fmt.Fprintf(b, "    %s: %d\n", head, len(es))
	if state != Rejected && es[0].Reason != "" {
		fmt.Fprintf(b, "      why: %s\n", generic(es[0]))
	}
	for _, e := range es {
		fmt.Fprintf(b, "      %s", e.Name)
		if e.Manual != "" {
			fmt.Fprintf(b, " (manual %s)", e.Manual)
		}
		fmt.Fprintf(b, "  %s", e.Source)
		if e.State == Cut || e.State == Shortened {
			fmt.Fprintf(b, "  %s of %s characters", thousands(e.Shown), thousands(e.Chars))
		}
		if e.State == Rejected {
			fmt.Fprintf(b, "  %s", e.Reason)
		}
		if len(e.Lost) > 0 {
			fmt.Fprintf(b, "  lost: %s", words(e.Lost, 6))
		}
		b.WriteString("\n")
	}
}

// generic is an entry's reason without its own figures.
func generic(e *Entry) string {
	r := e.Reason
	if i := strings.Index(r, ": "); i > 0 && (e.State == Shortened || e.State == Cut) {
		return r[:i]
	}
	if e.State == Cut {
		if i := strings.Index(r, "; this one"); i > 0 {
			return r[:i]
		}
	}
	return r
}

// words joins the first n of ws, saying how many more there are.
func words(ws []string, n int) string {
	if len(ws) <= n {
		return strings.Join(ws, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(ws[:n], ", "), len(ws)-n)
}

func writeChains(b *strings.Builder, h *Host) {
	if len(h.Chains) == 0 {
		fmt.Fprintf(b, "  instruction files: none of %s found\n", chainNames(h))
		return
	}
	for i := 0; i < len(h.Chains); {
		c := h.Chains[i]
		j := i + 1
		for j < len(h.Chains) && h.Chains[j].Name == c.Name {
			j++
		}
		group := h.Chains[i:j]
		i = j
		limit := "no documented limit"
		switch {
		case c.Limit > 0 && c.Unit == "bytes":
			limit = fmt.Sprintf("limit %s bytes per chain, %s", thousands(c.Limit), c.Overflow)
		case c.Limit > 0:
			limit = fmt.Sprintf("limit %s characters per file, %s", thousands(c.Limit), c.Overflow)
		}
		over := 0
		for _, g := range group {
			if g.Over {
				over++
			}
		}
		fmt.Fprintf(b, "  %s: %s, %d over (%s confidence)\n", c.Name, limit, over, c.Confidence)
		for _, g := range group {
			if len(g.Files) > 1 || path.Dir(g.Files[0].Path) != g.Folder {
				fmt.Fprintf(b, "    for %s: %s %s\n", g.Folder, thousands(g.Total), g.Unit)
			}
			for _, f := range g.Files {
				fmt.Fprintf(b, "      %s  %s bytes  %s", f.Path, thousands(f.Bytes), f.State)
				if f.State == Cut {
					fmt.Fprintf(b, " at line %d, column %d (%s %s kept)", f.CutLine, f.CutCol, thousands(f.Kept), g.Unit)
				}
				b.WriteString("\n")
			}
		}
	}
}

func chainNames(h *Host) string {
	var out []string
	for _, c := range h.Profile.Chains {
		out = append(out, c.Name)
	}
	if len(out) == 0 {
		return "its instruction files"
	}
	return strings.Join(out, ", ")
}
