package hosts

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"slices"
	"strings"
)

// MaxSkillName is the Agent Skills limit on a name, in characters.
const MaxSkillName = 64

var skillNameRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ValidSkillName reports whether s is a valid Agent Skills name: 1–64
// lowercase letters, digits and single hyphens, not at either end.
func ValidSkillName(s string) bool { return len(s) <= MaxSkillName && skillNameRE.MatchString(s) }

// SkillName maps a manual name onto the Agent Skills rules: lowercase,
// every run of other characters one hyphen, no hyphen at either end, at
// most 64 characters (cut at a hyphen where one is near). A valid name is
// returned as it is. Nothing left ("___") becomes "manual".
func SkillName(name string) string {
	if ValidSkillName(name) {
		return name
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	s := b.String()
	if len(s) > MaxSkillName {
		s = s[:MaxSkillName]
		if i := strings.LastIndexByte(s, '-'); i >= MaxSkillName-16 {
			s = s[:i]
		}
		s = strings.TrimRight(s, "-")
	}
	if s == "" {
		s = "manual"
	}
	return s
}

// SkillNames maps every name with SkillName and makes the results unique:
// when several names map to one, each whose name is not already that
// result gets a suffix of the hash of its original name, so the mapping
// of a name does not depend on which other names exist (except for the
// colliding ones) nor on their order. The result is keyed by original.
func SkillNames(names []string) map[string]string {
	byTarget := map[string][]string{}
	for _, n := range names {
		t := SkillName(n)
		if !slices.Contains(byTarget[t], n) {
			byTarget[t] = append(byTarget[t], n)
		}
	}
	out := map[string]string{}
	for t, ns := range byTarget {
		for _, n := range ns {
			if len(ns) == 1 || n == t {
				out[n] = t
				continue
			}
			sum := sha256.Sum256([]byte(n))
			suffix := "-" + hex.EncodeToString(sum[:])[:6]
			base := t
			if len(base)+len(suffix) > MaxSkillName {
				base = strings.TrimRight(base[:MaxSkillName-len(suffix)], "-")
			}
			out[n] = base + suffix
		}
	}
	return out
}
