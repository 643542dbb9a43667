package lint

import (
	"fmt"
	"strings"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
	"github.com/lorekit/lore/internal/manual"
)

var securityHiddenUnicode = securityRuleFix(&Rule{
	ID: "security/hidden-unicode", Severity: diag.Error,
	Summary: "invisible characters that change what text says, or a name of look-alike letters",
	Doc: "Bidirectional controls (U+202A–U+202E, U+2066–U+2069) reorder what an editor shows, so a line reads differently from what " +
		"the model and the shell get (\"Trojan Source\"); zero-width characters (U+200B–U+200D, U+2060, U+FEFF inside the text) split " +
		"words so that reviews and searches miss them; Unicode tag characters (U+E0000–U+E007F) are invisible ASCII that models read " +
		"as text; control characters a terminal acts on (ESC sequences such as ESC[8m, which hides what follows, backspace, DEL, C1 " +
		"controls) hide text from git diff, cat and lore prompt show but not from the model. The rule scans manuals, skill supporting files (scripts/, references/, assets/) and prompt files, and reports each run " +
		"with its code points escaped (tag characters decoded). Joiners inside Arabic or Indic words and emoji sequences, and flag emoji, " +
		"are not reported. It also reports a manual or skill name that mixes scripts or imitates another manual's name with look-alike " +
		"letters (a Cyrillic \"о\" in \"pdf-fоrms\"). Delete the characters (`lore lint --fix` removes them), or rename the manual with ASCII letters.",
	Project: homoglyphNames,
}, "delete the invisible characters (lore lint --fix does)", "remove the hidden characters", func(t *scanText) []scan.Hit {
	return scan.HiddenUnicode(t.src)
})

// homoglyphNames reports manual names (file names and skill name: fields)
// that mix scripts or look like another manual's name.
func homoglyphNames(p *Pass) {
	set := p.In.Manuals
	if set == nil {
		return
	}
	skeletons := map[string][]string{}
	for _, n := range set.Names() {
		skeletons[scan.Skeleton(n)] = append(skeletons[scan.Skeleton(n)], n)
	}
	for _, m := range set.Manuals {
		if p.In.Report != nil && !p.In.Report(m.Path) {
			continue
		}
		type cand struct {
			name      string
			line, col int
		}
		cands := []cand{{m.Name, 1, 1}}
		if f, ok := m.Header.Field("name"); ok && m.Dialect == manual.Skill && f.Value != m.Name {
			cands = append(cands, cand{strings.Trim(strings.TrimSpace(f.Value), `"'`), f.Line, f.Col})
		}
		for _, c := range cands {
			if isASCII(c.name) {
				continue
			}
			scripts := scan.Scripts(c.name)
			var look []string
			for _, o := range skeletons[scan.Skeleton(c.name)] {
				if o != c.name && isASCII(o) {
					look = append(look, o)
				}
			}
			if len(scripts) < 2 && len(look) == 0 && !(scan.Confusable(c.name) && len(scripts) == 1 && scripts[0] != "Latin" && isASCII(scan.Skeleton(c.name))) {
				continue
			}
			msg := fmt.Sprintf("name %q", scan.Escape(c.name))
			if len(scripts) >= 2 {
				msg += " mixes " + strings.Join(scripts, " and ") + " letters"
			} else {
				msg += " is written in look-alike letters"
			}
			msg += fmt.Sprintf(" (%s)", nonASCII(c.name))
			if len(look) > 0 {
				msg += fmt.Sprintf(" and looks like manual_read('%s')", look[0])
				if others := set.ByName(look[0]); len(others) > 0 {
					msg += " of " + others[0].Path
				}
			}
			p.ReportAt(diag.Pos{File: m.Path, Line: c.line, Col: c.col}, diag.Pos{}, "%s; rename it with ASCII letters", msg)
		}
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// nonASCII lists the non-ASCII letters of s with their code points.
func nonASCII(s string) string {
	var parts []string
	for _, r := range s {
		if r >= 0x80 {
			p := fmt.Sprintf("%s U+%04X", scan.Escape(string(r)), r)
			if !contains(parts, p) {
				parts = append(parts, p)
			}
		}
	}
	return strings.Join(parts, ", ")
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
