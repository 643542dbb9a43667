package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/wall"
)

// fileOutsideRoot reports files whose symbolic links lead out of their
// root; the loaders (internal/manual, internal/prompt, content/ and theme/ of
// internal/site) do not read them.
var fileOutsideRoot = problemRule(wall.Rule, diag.Error,
	"a symbolic link leads outside its root",
	"Every file lore reads for a project must resolve, after symbolic links, inside the folder it was configured under: a manual root, "+
		"prompts/, content/, theme/, or the project folder for lore.yaml. A link that stays inside its root is followed; one that leads "+
		"elsewhere (`manuals/notes.md -> /etc/passwd`, a linked folder of another checkout) is reported and the file is never read, "+
		"indexed, rendered, served or returned by `manual_read`, so a contributor cannot publish a file from the machine that builds the "+
		"site. Replace the link by the file itself, or configure the folder it points to as a root of its own (`manuals:` in lore.yaml).")
