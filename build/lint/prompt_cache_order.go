package lint

import "github.com/lorekit/lore/build/diag"

var promptCacheOrder = &Rule{
	ID: "prompt/cache-order", Severity: diag.Error,
	Summary: "a per-turn value in the cached prefix",
	Doc: "Provider prompt caches are keyed on the prefix: one changed byte re-writes the whole conversation prefix at full cost instead " +
		"of reading it from cache (seed 002). Per-turn values (`turn.now`, `turn.tokens`, session ids) therefore live only in blocks marked " +
		"`dynamic`, which form the bundle's tail and never enter its digest. A static block, fragment, layer or library block that reads " +
		"`turn.*` is an error at the position of the use.",
}
