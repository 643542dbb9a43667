package search

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// Utility of an answer, per intent, used to calibrate the thresholds: a
// right load is worth most, alternatives that hold the right manual cost
// the agent one more step, and a wrong load (or any load for an
// out-of-scope intent) costs most, because the agent then works from the
// wrong manual. An out-of-scope intent is best answered with a hint;
// alternatives are safe but cost the agent a look.
const (
	utilRightLoad   = 1.0
	utilAlternative = 0.5
	utilWrongLoad   = -4.0
	utilNoneHint    = 1.0
	utilNoneAlt     = 0.6
)

// String prints the thresholds as Go-like key: value pairs.
func (t Thresholds) String() string {
	return fmt.Sprintf("Load %.2f, Margin %.2f, Ratio %.2f, Evidence %.2f, Hint %.2f", t.Load, t.Margin, t.Ratio, t.Evidence, t.Hint)
}

// Calibrate searches the grid of thresholds for the one with the highest
// utility over outs (ties go to the more cautious: higher Load, then higher
// Margin, then higher Evidence). It returns the thresholds and a one-line
// account of what they do on outs.
func Calibrate(outs []Outcome) (Thresholds, string) {
	grid := func(lo, hi, step float64) []float64 {
		var out []float64
		for v := lo; v <= hi+1e-9; v += step {
			out = append(out, float64(int(v*100+0.5))/100)
		}
		return out
	}
	best := DefaultThresholds()
	bestU := utility(outs, best)
	loads := grid(0.15, 0.95, 0.05)
	slices.Reverse(loads)
	margins := grid(0, 0.4, 0.05)
	slices.Reverse(margins)
	evidence := grid(0, 1, 0.1)
	slices.Reverse(evidence)
	for _, load := range loads {
		for _, margin := range margins {
			for _, ev := range evidence {
				for _, ratio := range grid(0.4, 1.0, 0.05) {
					for _, hint := range grid(0.05, load, 0.05) {
						th := Thresholds{Load: load, Margin: margin, Ratio: ratio, Evidence: ev, Hint: hint, MaxAlternatives: DefaultThresholds().MaxAlternatives}
						if u := utility(outs, th); u > bestU+1e-9 {
							best, bestU = th, u
						}
					}
				}
			}
		}
	}
	return best, describe(outs, best)
}

func utility(outs []Outcome, th Thresholds) float64 {
	var u float64
	for _, o := range outs {
		switch load, alt, any := answerOf(o, th); {
		case len(o.Want) == 0 && !load && !any:
			u += utilNoneHint
		case len(o.Want) == 0 && !load:
			u += utilNoneAlt
		case load && slices.Contains(o.Want, o.Ranked[0].Rel):
			u += utilRightLoad
		case load:
			u += utilWrongLoad
		case alt:
			u += utilAlternative
		}
	}
	return u
}

// answerOf is decide without its allocations: whether th loads the best
// candidate, whether the alternatives hold an expected manual, and whether
// there are any.
func answerOf(o Outcome, th Thresholds) (load, alt, any bool) {
	if loads(o.Ranked, th) {
		return true, false, false
	}
	for i, h := range o.Ranked {
		if i >= th.MaxAlternatives {
			break
		}
		if h.Score >= th.Hint {
			any = true
			if slices.Contains(o.Want, h.Rel) {
				alt = true
			}
		}
	}
	return false, alt, any
}

func describe(outs []Outcome, th Thresholds) string {
	var right, wrong, alt, in, none, noneSafe int
	for _, o := range outs {
		load, inAlt, _ := answerOf(o, th)
		if len(o.Want) == 0 {
			none++
			if !load {
				noneSafe++
			}
			continue
		}
		in++
		switch {
		case load && slices.Contains(o.Want, o.Ranked[0].Rel):
			right++
		case load:
			wrong++
		case inAlt:
			alt++
		}
	}
	return fmt.Sprintf("in scope: %d/%d loaded right, %d wrong loads, %d right among alternatives; NONE: %d/%d safe",
		right, in, wrong, alt, noneSafe, none)
}

// savedOutcome is what calibration needs of an outcome, as JSON.
type savedOutcome struct {
	ID   string   `json:"id"`
	Want []string `json:"want"`
	Lang string   `json:"lang,omitempty"`
	// Weights are the intent's word weights (Hit.weights).
	Weights []float64  `json:"weights,omitempty"`
	Ranked  []savedHit `json:"ranked"`
}

type savedHit struct {
	Rel    string  `json:"rel"`
	Name   string  `json:"name"`
	Score  float64 `json:"score"`
	Routed int     `json:"routed"`
	Cover  float64 `json:"cover"`
	Naming int     `json:"naming,omitempty"`
	// Routes are the manuals an overview routes to (see loads).
	Routes []string `json:"routes,omitempty"`
	// Words and RoutingWords are the per-word scores (Hit.wordScore,
	// Hit.wordRouting).
	Words        []float64 `json:"words,omitempty"`
	RoutingWords []float64 `json:"routingWords,omitempty"`
	Named        float64   `json:"named,omitempty"`
	NamingWords  []bool    `json:"namingWords,omitempty"`
}

// WriteOutcomes writes what calibration needs of outs, one JSON object a
// line, so that thresholds can be calibrated over several eval sets built
// on different catalogs (lore eval --save-outcomes, --calibrate-with).
// Each candidate carries its per-word scores too (the intent's word
// weights, each word's score, its routing form weight, whether it names
// the candidate), so that a confidence model for loading can be studied
// offline on the same outcomes.
func WriteOutcomes(w io.Writer, outs []Outcome) error {
	enc := json.NewEncoder(w)
	for _, o := range outs {
		s := savedOutcome{ID: o.ID, Want: o.Want, Lang: o.Lang}
		for _, h := range o.Ranked {
			s.Weights = h.weights
			s.Ranked = append(s.Ranked, savedHit{Rel: h.Rel, Score: h.Score, Routed: h.Routed, Cover: h.Cover, Routes: h.routes, Name: h.Name,
				Words: h.wordScore, RoutingWords: h.wordRouting, Named: h.named, NamingWords: h.wordNaming, Naming: h.Naming})
		}
		if err := enc.Encode(s); err != nil {
			return err
		}
	}
	return nil
}

// ReadOutcomes reads outcomes written by WriteOutcomes; name is used in
// errors.
func ReadOutcomes(r io.Reader, name string) ([]Outcome, error) {
	var out []Outcome
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		var s savedOutcome
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			return nil, fmt.Errorf("%s:%d: %w (write it with lore eval --save-outcomes)", name, n, err)
		}
		o := Outcome{Case: Case{ID: s.ID, Lang: s.Lang}, Want: s.Want}
		for _, h := range s.Ranked {
			o.Ranked = append(o.Ranked, Hit{Rel: h.Rel, Name: h.Name, Score: h.Score, Routed: h.Routed, Cover: h.Cover, routes: h.Routes,
				wordScore: h.Words, wordRouting: h.RoutingWords, weights: s.Weights, named: h.Named, wordNaming: h.NamingWords, Naming: h.Naming})
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}
