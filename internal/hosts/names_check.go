package hosts

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/hosts/profiles"
)

// NameProblem says what host p objects to in a skill name ("" when
// nothing).
func NameProblem(p *profiles.Profile, name string) string {
	return nameProblem(p, namePattern(p), name)
}

// namePattern compiles the host's name rule (nil: none; the pattern was
// checked when the profile was loaded).
func namePattern(p *profiles.Profile) *regexp.Regexp {
	if p.Skills.Name.Pattern == "" {
		return nil
	}
	re, _ := regexp.Compile(p.Skills.Name.Pattern)
	return re
}

func nameProblem(p *profiles.Profile, re *regexp.Regexp, name string) string {
	r := p.Skills.Name
	n := utf8.RuneCountInString(name)
	switch {
	case name == "":
		return "the name is empty"
	case r.MaxChars > 0 && n > r.MaxChars:
		return fmt.Sprintf("the name has %d characters, over %s's limit of %d", n, p.Name, r.MaxChars)
	case re != nil && !re.MatchString(name):
		return fmt.Sprintf("%q does not match %s's name rule %s", name, p.Name, r.Pattern)
	}
	lower := strings.ToLower(name)
	for _, w := range r.Reserved {
		if strings.Contains(lower, w) {
			return fmt.Sprintf("%q contains %q, a word %s reserves", name, w, p.Name)
		}
	}
	return ""
}

// descriptionProblem says why host p refuses a description of n
// characters ("" when it does not).
func descriptionProblem(p *profiles.Profile, n int) string {
	d := p.Skills.Description
	if d.OnOver == "reject" && d.MaxChars > 0 && n > d.MaxChars {
		return fmt.Sprintf("the description has %s characters; %s refuses a skill whose description is over %s", thousands(n), p.Name, thousands(d.MaxChars))
	}
	return ""
}
