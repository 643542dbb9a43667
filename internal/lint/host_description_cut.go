package lint

import (
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/hosts"
)

var hostDescriptionCut = &Rule{
	ID: "host/description-cut", Severity: diag.Warning,
	Summary: "a targeted host cuts a description before its trigger words",
	Doc: "A host lists only so much of each description: Claude Code 1,536 characters of description and when_to_use, Codex an even " +
		"share of its budget once the listing is full. What comes after the cut never reaches the model, and trigger words there " +
		"cannot match a request. The rule fires when the cut falls before (or inside) a trigger word: a declared trigger, or a word " +
		"of the description's \"Use when …\" clause. Put the trigger words first, shorten the prose before them, or let `lore export` " +
		"write the description with its most distinctive words first.",
	Project: func(p *Pass) {
		for _, h := range targetHosts(p.In) {
			for _, e := range h.Listing.Entries {
				if (e.State != hosts.Cut && e.State != hosts.Shortened) || len(e.Lost) == 0 {
					continue
				}
				m := e.Doc()
				l := h.Listing
				how := "shortens every description evenly to fit its listing into " + num(l.Budget) + " " + l.Unit + " (the full listing needs " + num(l.Full) + ")"
				if e.State == hosts.Cut {
					how = "lists " + num(h.Profile.Listing.EntryChars) + " characters of each entry"
				}
				p.Report(m, descriptionLine(m), 1, "%s %s: %s of this description's %s characters reach the model, and the cut comes before %s",
					h.Name, how, num(e.Shown), num(e.Chars), quoteWords(e.Lost))
			}
		}
	},
}

func quoteWords(ws []string) string {
	q := make([]string, 0, len(ws))
	for i, w := range ws {
		if i == 8 {
			q = append(q, "…")
			break
		}
		q = append(q, "“"+w+"”")
	}
	return strings.Join(q, ", ")
}
