package manual

// The size limits of seed 000 §3 and §5, in lines of the whole file: the
// lint rules size/* check them and the site's size gauge draws them.
const (
	GoalLines      = 100 // a manual's goal
	SplitLines     = 150 // consider splitting
	HardLimitLines = 200 // must split
	OverviewLines  = 50  // a routing overview (overview.md)
	FragmentLines  = 30  // a manual of a split family under this is a fragment
)
