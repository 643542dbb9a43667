package profiles

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Validate checks a complete profile: its name, the values of the
// enumerated fields, the patterns and the numbers. The message names the
// field and the values it takes.
func (p *Profile) Validate() error {
	if !ValidName(p.Name) {
		return fmt.Errorf("name %q: use lowercase letters, digits and hyphens", p.Name)
	}
	if p.Title == "" {
		return fmt.Errorf("%s: title is empty", p.Name)
	}
	if p.Checked != "" {
		if _, err := time.Parse(time.DateOnly, p.Checked); err != nil {
			return fmt.Errorf("%s: checked %q is not a date (YYYY-MM-DD)", p.Name, p.Checked)
		}
	}
	for _, s := range p.Sources {
		if !strings.HasPrefix(s.URL, "https://") || s.Says == "" {
			return fmt.Errorf("%s: every source needs an https:// url and a says: sentence", p.Name)
		}
	}
	checks := []struct {
		field, v string
		in       []string
	}{
		{"skills.name.onInvalid", p.Skills.Name.OnInvalid, OnInvalids},
		{"skills.name.confidence", p.Skills.Name.Confidence, Confidences},
		{"skills.description.onOver", p.Skills.Description.OnOver, OnOvers},
		{"skills.description.confidence", p.Skills.Description.Confidence, Confidences},
		{"listing.unit", p.Listing.Unit, Units},
		{"listing.overflow", p.Listing.Overflow, Overflows},
		{"listing.order", p.Listing.Order, Orders},
		{"listing.confidence", p.Listing.Confidence, Confidences},
		{"export.format", p.Export.Format, Formats},
	}
	for i, c := range p.Chains {
		checks = append(checks,
			struct {
				field, v string
				in       []string
			}{fmt.Sprintf("chains[%d].walk", i), c.Walk, Walks},
			struct {
				field, v string
				in       []string
			}{fmt.Sprintf("chains[%d].overflow", i), c.Overflow, ChainFlows},
			struct {
				field, v string
				in       []string
			}{fmt.Sprintf("chains[%d].confidence", i), c.Confidence, Confidences})
		if c.Name == "" || len(c.Files) == 0 {
			return fmt.Errorf("%s: chains[%d] needs a name and files", p.Name, i)
		}
	}
	for _, c := range checks {
		if !slices.Contains(c.in, c.v) {
			return fmt.Errorf("%s: %s is %q; use %s", p.Name, c.field, c.v, quoteList(c.in))
		}
	}
	if p.Skills.Name.Pattern != "" {
		if _, err := regexp.Compile(p.Skills.Name.Pattern); err != nil {
			return fmt.Errorf("%s: skills.name.pattern: %v", p.Name, err)
		}
	}
	l := p.Listing
	if l.Percent < 0 || l.Percent > 100 || l.Window < 0 || l.FallbackChars < 0 || l.EntryChars < 0 || l.CharsPerToken < 0 {
		return fmt.Errorf("%s: listing: percent lies in 0–100; window, fallbackChars, entryChars and charsPerToken are not negative", p.Name)
	}
	if l.Percent > 0 && l.CharsPerToken == 0 {
		return fmt.Errorf("%s: listing.charsPerToken is needed with a percent budget", p.Name)
	}
	if l.Overflow != "none" && l.Percent == 0 && l.FallbackChars == 0 {
		return fmt.Errorf("%s: listing.overflow %q needs a budget (percent or fallbackChars)", p.Name, l.Overflow)
	}
	if !strings.Contains(l.Entry, "{name}") || !strings.Contains(l.Bare, "{name}") {
		return fmt.Errorf("%s: listing.entry and listing.bare must contain {name}", p.Name)
	}
	if p.Export.Path == "" || !strings.Contains(p.Export.Path, "{name}") || strings.HasPrefix(p.Export.Path, "/") || strings.Contains(p.Export.Path, "..") {
		return fmt.Errorf("%s: export.path %q must be relative, without '..', and contain {name}", p.Name, p.Export.Path)
	}
	if !strings.Contains(p.Export.Reference, "{name}") && !strings.Contains(p.Export.Reference, "{path}") {
		return fmt.Errorf("%s: export.reference must contain {name} or {path}", p.Name)
	}
	return nil
}

var nameRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ValidName reports whether s is a valid host name: lowercase letters and
// digits in hyphen-separated words.
func ValidName(s string) bool { return nameRE.MatchString(s) && len(s) <= 64 }

func quoteList(in []string) string {
	var q []string
	for _, s := range in {
		q = append(q, fmt.Sprintf("%q", s))
	}
	return strings.Join(q, ", ")
}
