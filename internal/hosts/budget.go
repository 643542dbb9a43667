package hosts

import (
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/hosts/profiles"
)

// budget is a listing's budget and how a line is charged against it.
type budget struct {
	limit  int // 0: none
	tokens bool
	cpt    int
	from   string
}

// listingBudget derives the budget of l for a context window of window
// tokens (0: the profile's own window; unknown when that is 0 too).
func listingBudget(l profiles.Listing, window int) budget {
	if window == 0 {
		window = l.Window
	}
	b := budget{cpt: max(1, int(math.Round(l.CharsPerToken)))}
	switch {
	case l.Overflow == "none" || l.Percent == 0 && l.FallbackChars == 0:
		b.from = "no budget is documented"
	case window > 0 && l.Percent > 0 && l.Unit == "tokens":
		b.tokens = true
		b.limit = max(1, int(float64(window)*l.Percent/100))
		b.from = fmt.Sprintf("%s%% of a %s-token context window, a line costing its bytes / %d", num(l.Percent), thousands(window), b.cpt)
	case window > 0 && l.Percent > 0:
		b.limit = int(math.Round(float64(window) * l.Percent / 100 * l.CharsPerToken))
		b.from = fmt.Sprintf("%s%% of a %s-token context window × %s characters per token", num(l.Percent), thousands(window), num(l.CharsPerToken))
	default:
		b.limit = l.FallbackChars
		b.from = fmt.Sprintf("the context window is unknown: %s characters", thousands(l.FallbackChars))
	}
	return b
}

// unit names what the budget counts.
func (b budget) unit() string {
	if b.tokens {
		return "tokens"
	}
	return "chars"
}

// cost is what line (and its newline) costs.
func (b budget) cost(line string) int {
	return b.costOf(utf8.RuneCountInString(line)+1, len(line)+1)
}

// costOf is the cost of a text of chars characters and bytes bytes.
func (b budget) costOf(chars, bytes int) int {
	if b.tokens {
		return (bytes + b.cpt - 1) / b.cpt
	}
	return chars
}

func num(f float64) string { return fmt.Sprintf("%g", f) }

// thousands writes n with thousands separators: 32,768.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
