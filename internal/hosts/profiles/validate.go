package profiles

import (
	"errors"
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
	for _, check := range []func() error{p.checkAbout, p.checkChains, p.checkEnums, p.checkNamePattern, p.checkListing, p.checkExport} {
		if err := check(); err != nil {
			return fmt.Errorf("%s: %w", p.Name, err)
		}
	}
	return nil
}

// checkAbout checks what the profile says about itself: a title, the
// date it was checked, and where its figures come from.
func (p *Profile) checkAbout() error {
	if p.Title == "" {
		return errors.New("title is empty")
	}
	if p.Checked != "" {
		if _, err := time.Parse(time.DateOnly, p.Checked); err != nil {
			return fmt.Errorf("checked %q is not a date (YYYY-MM-DD)", p.Checked)
		}
	}
	for _, s := range p.Sources {
		if !strings.HasPrefix(s.URL, "https://") || s.Says == "" {
			return errors.New("every source needs an https:// url and a says: sentence")
		}
	}
	return nil
}

func (p *Profile) checkChains() error {
	for i, c := range p.Chains {
		if c.Name == "" || len(c.Files) == 0 {
			return fmt.Errorf("chains[%d] needs a name and files", i)
		}
	}
	return nil
}

// enumField is a field that takes one of a few values.
type enumField struct {
	field, value string
	in           []string
}

// The values of the enumerated fields.
var (
	confidences = []string{"high", "medium", "low"}
	onInvalids  = []string{"reject", "warn"}
	onOvers     = []string{"reject", "cut", ""}
	units       = []string{"chars", "tokens"}
	overflows   = []string{"drop-descriptions", "shorten-then-omit", "none"}
	orders      = []string{"name", "usage"}
	walks       = []string{"root-to-folder", "each"}
	chainFlows  = []string{"cut", "skip", "warn"}
	formats     = []string{"skill", "mdc", "instructions"}
)

func (p *Profile) checkEnums() error {
	fields := []enumField{
		{"skills.name.onInvalid", p.Skills.Name.OnInvalid, onInvalids},
		{"skills.name.confidence", p.Skills.Name.Confidence, confidences},
		{"skills.description.onOver", p.Skills.Description.OnOver, onOvers},
		{"skills.description.confidence", p.Skills.Description.Confidence, confidences},
		{"listing.unit", p.Listing.Unit, units},
		{"listing.overflow", p.Listing.Overflow, overflows},
		{"listing.order", p.Listing.Order, orders},
		{"listing.confidence", p.Listing.Confidence, confidences},
		{"export.format", p.Export.Format, formats},
	}
	for i, c := range p.Chains {
		fields = append(fields,
			enumField{fmt.Sprintf("chains[%d].walk", i), c.Walk, walks},
			enumField{fmt.Sprintf("chains[%d].overflow", i), c.Overflow, chainFlows},
			enumField{fmt.Sprintf("chains[%d].confidence", i), c.Confidence, confidences})
	}
	for _, f := range fields {
		if !slices.Contains(f.in, f.value) {
			return fmt.Errorf("%s is %q; use %s", f.field, f.value, quoteList(f.in))
		}
	}
	return nil
}

func (p *Profile) checkNamePattern() error {
	if p.Skills.Name.Pattern != "" {
		if _, err := regexp.Compile(p.Skills.Name.Pattern); err != nil {
			return fmt.Errorf("skills.name.pattern: %v", err)
		}
	}
	return nil
}

func (p *Profile) checkListing() error {
	l := p.Listing
	if l.Percent < 0 || l.Percent > 100 || l.Window < 0 || l.FallbackChars < 0 || l.EntryChars < 0 || l.CharsPerToken < 0 {
		return errors.New("listing: percent lies in 0–100; window, fallbackChars, entryChars and charsPerToken are not negative")
	}
	if l.Percent > 0 && l.CharsPerToken == 0 {
		return errors.New("listing.charsPerToken is needed with a percent budget")
	}
	if l.Overflow != "none" && l.Percent == 0 && l.FallbackChars == 0 {
		return fmt.Errorf("listing.overflow %q needs a budget (percent or fallbackChars)", l.Overflow)
	}
	if !strings.Contains(l.Entry, "{name}") || !strings.Contains(l.Bare, "{name}") {
		return errors.New("listing.entry and listing.bare must contain {name}")
	}
	return nil
}

func (p *Profile) checkExport() error {
	e := p.Export
	if e.Path == "" || !strings.Contains(e.Path, "{name}") || strings.HasPrefix(e.Path, "/") || strings.Contains(e.Path, "..") {
		return fmt.Errorf("export.path %q must be relative, without '..', and contain {name}", e.Path)
	}
	if !strings.Contains(e.Reference, "{name}") && !strings.Contains(e.Reference, "{path}") {
		return errors.New("export.reference must contain {name} or {path}")
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
