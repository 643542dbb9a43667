package build

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
)

// TestSingleBuildKeepsAnalysesDelta: a single build keeps the search
// analyses whole once, then after an edit only a delta from that base
// (the base's bytes are left as they were); a delta made from another
// base is not applied.
func TestSingleBuildKeepsAnalysesDelta(t *testing.T) {
	files := map[string]string{"lore.yaml": "title: Delta\nmanuals: [manuals]\n"}
	manual := func(i int, body string) string {
		return fmt.Sprintf("---\ntriggers: topic%d, Topic%d\nsummary: Handle topic %d requests in three steps.\n---\n# Topic %d\n\n%s\n", i, i, i, i, body)
	}
	for i := range 12 {
		files[fmt.Sprintf("manuals/topic%02d.md", i)] = manual(i, "Ask first.")
	}
	fs := newProject(t, files)
	kept := func() (base, delta []byte) {
		t.Helper()
		p := load(t, fs)
		tab := cache.Open(fs, p.Config.Path(CacheDir), buildIdentity(), "").Table(analysesTable)
		base, ok := tab.Get(analysesKey)
		if !ok || len(base) <= tagLen {
			t.Fatal("the build cache keeps no search analyses")
		}
		delta, ok = tab.Get(analysesDeltaKey)
		if !ok || len(delta) < tagLen || !bytes.Equal(delta[:tagLen], base[:tagLen]) {
			t.Fatal("the build cache keeps no delta of its base")
		}
		return base, delta
	}
	run(t, fs, false)
	base, delta := kept()
	if len(delta) != tagLen {
		t.Errorf("a delta of %d bytes beside a base just written", len(delta)-tagLen)
	}
	if err := afero.WriteFile(fs, "manuals/topic03.md", []byte(manual(3, "Ask three times, with zebras.")), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, fs, false)
	base2, delta2 := kept()
	if !bytes.Equal(base, base2) {
		t.Error("one edit wrote the base again")
	}
	if len(delta2) <= tagLen {
		t.Fatal("one edit kept no delta")
	}

	// The delta read with its base holds the edit; beside another base it
	// is not applied.
	tab := cache.Open(afero.NewMemMapFs(), ".lore-cache", "test", "").Table(analysesTable)
	tab.Put(analysesKey, base2)
	tab.Put(analysesDeltaKey, delta2)
	withDelta, _ := readAnalyses(tab)
	foreign := bytes.Clone(delta2)
	foreign[0] ^= 1
	tab.Put(analysesDeltaKey, foreign)
	without, _ := readAnalyses(tab)
	tab.Put(analysesDeltaKey, bytes.Clone(base2[:tagLen])) // no delta
	plain, _ := readAnalyses(tab)
	if withDelta == nil || without == nil || plain == nil {
		t.Fatal("the analyses kept do not read back")
	}
	if bytes.Equal(withDelta.AppendBinary(nil), without.AppendBinary(nil)) {
		t.Error("the delta changed nothing")
	}
	if !bytes.Equal(without.AppendBinary(nil), plain.AppendBinary(nil)) || !bytes.Equal(plain.AppendBinary(nil), base2[tagLen:]) {
		t.Error("a delta of another base was applied")
	}
}
