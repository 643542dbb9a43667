package search

import (
	"fmt"
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
	utilWrongLoad   = -2.0
	utilNoneHint    = 1.0
	utilNoneAlt     = 0.6
)

// String prints the thresholds as Go-like key: value pairs.
func (t Thresholds) String() string {
	return fmt.Sprintf("Load %.2f, Margin %.2f, Ratio %.2f, Hint %.2f", t.Load, t.Margin, t.Ratio, t.Hint)
}

// Calibrate searches the grid of thresholds for the one with the highest
// utility over outs (ties go to the more cautious: higher Load, then higher
// Margin). It returns the thresholds and a one-line account of what they
// do on outs.
func Calibrate(outs []Outcome) (Thresholds, string) {
	grid := func(lo, hi, step float64) []float64 {
		var out []float64
		for v := lo; v <= hi+1e-9; v += step {
			out = append(out, float64(int(v*100+0.5))/100)
		}
		return out
	}
	best := DefaultThresholds
	bestU := utility(outs, best)
	loads := grid(0.15, 0.95, 0.05)
	slices.Reverse(loads)
	margins := grid(0, 0.4, 0.05)
	slices.Reverse(margins)
	for _, load := range loads {
		for _, margin := range margins {
			for _, ratio := range grid(0.4, 1.0, 0.05) {
				for _, hint := range grid(0.05, load, 0.05) {
					th := Thresholds{Load: load, Margin: margin, Ratio: ratio, Hint: hint, MaxAlternatives: DefaultThresholds.MaxAlternatives}
					if u := utility(outs, th); u > bestU+1e-9 {
						best, bestU = th, u
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
		a := decide(o.Ranked, th)
		switch {
		case len(o.Want) == 0 && a.Loaded == nil && len(a.Alternatives) == 0:
			u += utilNoneHint
		case len(o.Want) == 0 && a.Loaded == nil:
			u += utilNoneAlt
		case a.Loaded != nil && slices.Contains(o.Want, a.Loaded.Rel):
			u += utilRightLoad
		case a.Loaded != nil:
			u += utilWrongLoad
		case slices.ContainsFunc(a.Alternatives, func(h Hit) bool { return slices.Contains(o.Want, h.Rel) }):
			u += utilAlternative
		}
	}
	return u
}

func describe(outs []Outcome, th Thresholds) string {
	var right, wrong, alt, in, none, noneSafe int
	for _, o := range outs {
		a := decide(o.Ranked, th)
		if len(o.Want) == 0 {
			none++
			if a.Loaded == nil {
				noneSafe++
			}
			continue
		}
		in++
		switch {
		case a.Loaded != nil && slices.Contains(o.Want, a.Loaded.Rel):
			right++
		case a.Loaded != nil:
			wrong++
		case slices.ContainsFunc(a.Alternatives, func(h Hit) bool { return slices.Contains(o.Want, h.Rel) }):
			alt++
		}
	}
	return fmt.Sprintf("in scope: %d/%d loaded right, %d wrong loads, %d right among alternatives; NONE: %d/%d safe",
		right, in, wrong, alt, noneSafe, none)
}
