package search

import (
	"fmt"
	"testing"
)

// An English word many manuals are for (in their routing fields) weighs
// less than one as many manuals merely mention in their body (routedDF).
func TestRoutedWordsWeighLess(t *testing.T) {
	files := map[string]string{"p/lore.yaml": "{}\n"}
	for i := range 3 {
		files[fmt.Sprintf("p/manuals/deploy%d.md", i)] = fmt.Sprintf(`---
triggers: release train %d
summary: Deploy the service to stage %d.
---
# Stage %d

Check the logs afterwards.
`, i, i, i)
		files[fmt.Sprintf("p/manuals/secrets%d.md", i)] = fmt.Sprintf(`---
triggers: secret rotation %d
summary: Rotate credentials of system %d.
---
# System %d

Keep the old ones in the vault until the rotation ends.
`, i, i, i)
	}
	for i := range 4 {
		files[fmt.Sprintf("p/manuals/other%d.md", i)] = fmt.Sprintf(`---
triggers: greeting %d
summary: Greet a user the %d way.
---
# Greeting %d

Say hello.
`, i, i, i)
	}
	c := open(t, memSource(t, files))
	r := indexReader(t, c)
	it := c.analyse("deploy vault", r)
	st := c.stats(it, r)
	if len(st.weights) != 2 || st.weights[0] <= 0 || st.weights[0] >= st.weights[1] {
		t.Errorf("weights of deploy (in 3 summaries) and vault (in 3 bodies): %v, want the first lower", st.weights)
	}
}
