package lint

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/lorekit/lore/internal/capability"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/plural"
)

var manualLockRule = &Rule{
	ID: "manual/lock", Severity: diag.Error, Floor: true,
	Summary: "a manual's capabilities differ from manuals.lock (with --locked)",
	Doc: "manuals.lock records what every manual and skill lets an agent do: the digest of each of its files, its tools, the URL " +
		"hosts it references, the commands of its code blocks (every line of a shell block; of an unlabelled, plain-text or indented block the lines that look run) and of the inline code spans of its prose that read as a command line (`rm -rf ~/.ssh`, `curl … | sh`; not a lone word, a file or a name), the scripts it ships " +
		"and the security rules turned off for it (by a `lore-disable` comment, or by lore.yaml: a `lint.rules` entry that sets a security rule off or below its default, a `lint.ignore` glob that covers one of its files). " +
		"`lore build --locked` (CI) fails for a " +
		"manual that is not in the lock, a locked manual that is gone, a file whose digest changed, and every tool, host, command, " +
		"script or suppression added or removed, each at the line that holds it (a lore.yaml setting at its line in lore.yaml), so that no change to what an agent can do reaches a build unreviewed. " +
		"Review the change (`lore diff` prints it), then run `lore lock` and commit manuals.lock with it.",
	Project: checkManualLock,
}

// checkManualLock compares the surfaces of the manuals with the lock.
func checkManualLock(p *Pass) {
	file := p.In.ManualLock
	if file == "" || p.In.FS == nil || p.In.Manuals == nil {
		return
	}
	var rel func(string) string
	if p.In.Config != nil {
		rel = p.In.Config.Rel
	}
	cur := capability.All(p.In.Manuals, capability.Options{FS: p.In.FS, Rel: rel, Weakened: p.weakened})
	src, err := capability.ReadLockFile(p.In.FS, file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if len(cur) > 0 {
			p.ReportAt(diag.Pos{File: file}, diag.Pos{}, "no %s, and the project has %s: run 'lore lock' and commit the file",
				capability.LockFile, plural.Of(len(cur), "manual", "manuals"))
		}
		return
	case err != nil:
		p.ReportAt(diag.Pos{File: file}, diag.Pos{}, "cannot read %s: %v", capability.LockFile, err)
		return
	}
	l, err := capability.ParseLock(file, src)
	if err != nil {
		var le *capability.LockError
		if errors.As(err, &le) {
			p.ReportAt(diag.Pos{File: file, Line: le.Line, Col: 1}, diag.Pos{}, "%s", le.Msg)
		}
		return
	}
	for _, c := range capability.Diff(l, cur) {
		if c.Op == capability.Added && c.Kind != capability.Manual && l.Surface(c.Manual) == nil {
			continue // a new manual is one finding
		}
		p.ReportAt(c.Pos, diag.Pos{}, "%s", lockMessage(c, file))
	}
}

// lockMessage says what changed against the lock, and what to do.
func lockMessage(c capability.Change, file string) string {
	const fix = "review it ('lore diff') and run 'lore lock'"
	who := fmt.Sprintf("manual %s", diag.Clip(c.Name))
	switch {
	case c.Kind == capability.Manual && c.Op == capability.Added:
		return fmt.Sprintf("%s (%s) is not in %s: %s", who, diag.Clip(c.Manual), capability.LockFile, fix)
	case c.Kind == capability.Manual:
		return fmt.Sprintf("%s (%s) is locked, but there is no such manual: it was deleted or moved; %s", who, diag.Clip(c.Manual), fix)
	case c.Locked.Line > 0 && c.Op == capability.Changed:
		return fmt.Sprintf("%s: %s since %s:%d; %s", who, c.Describe(), file, c.Locked.Line, fix)
	}
	return fmt.Sprintf("%s: %s since %s; %s", who, c.Describe(), capability.LockFile, fix)
}
