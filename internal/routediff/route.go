package routediff

import (
	"errors"

	"github.com/lorekit/lore/internal/par"
	"github.com/lorekit/lore/internal/search"
)

// answers are the answers of one side's catalog to the probes routed
// there.
type answers struct {
	routed   []bool
	loaded   []string // the path of the manual loaded; "": none
	decisive []bool   // a changed manual of the side is decisive
}

func newAnswers(n int) *answers {
	return &answers{routed: make([]bool, n), loaded: make([]string, n), decisive: make([]bool, n)}
}

// decisiveRanks is how many of the first candidates count as decisive:
// the loaded one, the competitor that blocks a load (the runner-up, or
// the one after overviews that route to the best) and the one a load
// would fall to when the best is gone.
const decisiveRanks = 4

// route routes the probes that want says on the catalog in dir as lore
// howdoi does without --engine and --tools, noting for each the manual
// it loads and whether a manual of changed (paths) is decisive.
func (a *answers) route(dir string, probes []probe, changed map[string]bool, want func(int) bool) error {
	c, err := search.Open(dir)
	if err != nil {
		return err
	}
	defer c.Close()
	v, err := c.VisibilityFor("", nil, false)
	if err != nil {
		return err
	}
	var which []int
	for i := range probes {
		if want(i) {
			which = append(which, i)
		}
	}
	return par.EachErr(len(which), func(j int) error {
		i := which[j]
		ans, err := c.HowDoI(probes[i].text, v)
		var long *search.IntentTooLongError
		switch {
		case errors.As(err, &long):
			return nil // no request: an agent cannot ask it either
		case err != nil:
			return err
		}
		a.routed[i] = true
		if ans.Loaded != nil {
			a.loaded[i] = ans.Loaded.Path
			a.decisive[i] = changed[ans.Loaded.Path]
		}
		for k, h := range ans.Ranked {
			if k == decisiveRanks {
				break
			}
			a.decisive[i] = a.decisive[i] || changed[h.Path]
		}
		return nil
	})
}
