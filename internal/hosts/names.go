package hosts

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/manual"
)

// skillNames maps every name onto the Agent Skills rules
// (manual.SkillName) and makes the results unique: when several names map
// to one, each whose name is not already that result gets a suffix of the
// hash of its original name, so the mapping of a name does not depend on
// which other names exist (except for the colliding ones) nor on their
// order. The result is keyed by original.
func skillNames(names []string) map[string]string {
	byTarget := map[string][]string{}
	for _, n := range names {
		t := manual.SkillName(n)
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
			out[n] = hashSuffixed(t, n)
		}
	}
	return out
}

// hashSuffixed is valid skill name base with a suffix from the hash of
// key ("-" and 6 hex digits), base cut so the result stays within
// manual.MaxSkillName.
func hashSuffixed(base, key string) string {
	sum := sha256.Sum256([]byte(key))
	suffix := "-" + hex.EncodeToString(sum[:])[:6]
	if len(base)+len(suffix) > manual.MaxSkillName {
		base = strings.TrimRight(base[:manual.MaxSkillName-len(suffix)], "-")
	}
	return base + suffix
}
