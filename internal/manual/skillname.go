package manual

import (
	"regexp"
	"strings"
)

// MaxSkillName is the Agent Skills limit on a skill's name, in characters.
const MaxSkillName = 64

// MaxSkillDescription is the Agent Skills limit on a description, in
// characters.
const MaxSkillDescription = 1024

// skillNameRE is the Agent Skills name syntax: lowercase letters, digits
// and single hyphens, not at either end.
var skillNameRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ValidSkillName reports whether s is a valid Agent Skills name: 1–64
// lowercase letters, digits and single hyphens, no hyphen at either end.
func ValidSkillName(s string) bool {
	return len(s) <= MaxSkillName && skillNameRE.MatchString(s)
}

// SkillName maps s to a valid Agent Skills name: lowercased, every run of
// other characters one hyphen, cut to MaxSkillName at a hyphen when it can
// be; "skill" when nothing is left. A valid name maps to itself.
func SkillName(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		} else {
			dash = true
		}
	}
	out := b.String()
	if len(out) > MaxSkillName {
		out = out[:MaxSkillName]
		if i := strings.LastIndexByte(out, '-'); i >= MaxSkillName/2 {
			out = out[:i]
		}
		out = strings.TrimRight(out, "-")
	}
	if out == "" {
		return "skill"
	}
	return out
}
