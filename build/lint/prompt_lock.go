package lint

import "github.com/lorekit/lore/build/diag"

var promptLock = &Rule{
	ID: "prompt/lock", Severity: diag.Error,
	Summary: "a bundle differs from prompts.lock (with --locked)",
	Doc: "prompts.lock records the sha256 and size of every bundle. `lore build --locked` (CI) fails for every bundle whose prefix or " +
		"tail changed, that the lock lacks, or that is locked but no longer built, so a prompt change is always a reviewed lockfile change. " +
		"`lore lock` rewrites the file and refuses growth in bytes unless given `--allow-growth \"why\"`, which it records (seed 002's ratchet).",
}
