package lint

import (
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/hosts"
)

var hostChainLimit = &Rule{
	ID: "host/chain-limit", Severity: diag.Warning,
	Summary: "an instruction file of a targeted host runs past the host's limit",
	Doc: "Hosts load their instruction files whole, within limits: Codex concatenates the AGENTS.md files from the project root down " +
		"to the working folder within 32 KiB and cuts the file that runs past it (later files are lost); Copilot code review was " +
		"documented to read the first 4,000 characters of an instruction file; Claude Code warns about a CLAUDE.md over 150,000 " +
		"characters. The finding points at the line where the cut falls, or at the first line of a file that is lost. Move detail " +
		"into manuals the agent reads on demand, or split the file by folder.",
	Project: func(p *Pass) {
		for _, h := range targetHosts(p.In) {
			for _, c := range h.Chains {
				for _, f := range c.Files {
					pos := diag.Pos{File: f.File(), Line: 1, Col: 1}
					switch f.State {
					case hosts.Cut:
						pos.Line, pos.Col = f.CutLine, f.CutCol
						if c.Unit == "bytes" {
							p.ReportAt(pos, diag.Pos{}, "%s loads %s bytes of the %s chain for %s (%s); the chain has %s, so it cuts this file here, after %s of its %s bytes",
								h.Name, num(c.Limit), c.Name, c.Folder, chainFiles(c), num(c.Total), num(f.Kept), num(f.Bytes))
						} else {
							p.ReportAt(pos, diag.Pos{}, "%s reads the first %s characters of an instruction file (%s confidence); this one has %s, so the rest from here is not read",
								h.Name, num(c.Limit), c.Confidence, num(f.Chars))
						}
					case "lost":
						p.ReportAt(pos, diag.Pos{}, "%s loads %s bytes of the %s chain for %s (%s): the files before this one spend them, so %s never reads it",
							h.Name, num(c.Limit), c.Name, c.Folder, chainFiles(c), h.Name)
					case "skipped":
						p.ReportAt(pos, diag.Pos{}, "%s skips this file: it has %s %s, over the limit of %s", h.Name, num(f.Kept), c.Unit, num(c.Limit))
					case "warned":
						p.ReportAt(pos, diag.Pos{}, "%s warns about this file at every start: it has %s characters, over %s", h.Name, num(f.Chars), num(c.Limit))
					}
				}
			}
		}
	},
}

func chainFiles(c *hosts.Chain) string {
	var parts []string
	for _, f := range c.Files {
		parts = append(parts, f.Path+" "+num(f.Bytes))
	}
	return strings.Join(parts, ", ")
}
