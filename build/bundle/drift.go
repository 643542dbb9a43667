package bundle

// Change is one difference between two descriptor lists.
type Change struct {
	Block string
	Layer string
	// Kind is "changed", "added" or "removed".
	Kind string
	// Was and Now are the digests before and after ("" when absent).
	Was, Now string
}

// Drift compares the descriptors a session was frozen with against the
// current ones and returns what changed, keyed by block and layer, in the
// order of current followed by what was removed. An empty frozen list is an
// unknown baseline (a ledger from before prompt layers), never "everything
// changed": it reports no drift.
func Drift(frozen, current []Descriptor) []Change {
	if len(frozen) == 0 {
		return nil
	}
	type key struct{ block, layer string }
	was := make(map[key]string, len(frozen))
	for _, d := range frozen {
		was[key{d.Block, d.Layer}] = d.Digest
	}
	var out []Change
	seen := make(map[key]bool, len(current))
	for _, d := range current {
		k := key{d.Block, d.Layer}
		seen[k] = true
		old, ok := was[k]
		switch {
		case !ok:
			out = append(out, Change{Block: d.Block, Layer: d.Layer, Kind: "added", Now: d.Digest})
		case old != d.Digest:
			out = append(out, Change{Block: d.Block, Layer: d.Layer, Kind: "changed", Was: old, Now: d.Digest})
		}
	}
	for _, d := range frozen {
		if k := (key{d.Block, d.Layer}); !seen[k] {
			seen[k] = true
			out = append(out, Change{Block: d.Block, Layer: d.Layer, Kind: "removed", Was: d.Digest})
		}
	}
	return out
}
