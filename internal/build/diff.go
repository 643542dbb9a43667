package build

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/lorekit/lore/internal/capability"
)

// DiffOptions say what lore diff compares the sources with: the project's
// manuals.lock by default.
type DiffOptions struct {
	// Lock is a lockfile to compare with.
	Lock string
	// Base is a git ref (a branch, tag or commit) whose manuals.lock to
	// compare with, read with git show; the project must be in a git work
	// tree. At most one of Lock and Base is set.
	Base string
}

// Diff returns the capability delta from a lock to the project's manuals
// and skills as they are: what a change would add to what an agent can
// do. A lock that does not exist (at Base, or the project's own) is
// empty: every manual is new.
func Diff(p *Project, o DiffOptions) (*capability.Report, error) {
	if o.Lock != "" && o.Base != "" {
		return nil, errors.New("give --base or --lock, not both")
	}
	var (
		old  *capability.Lock
		base string
		err  error
	)
	switch {
	case o.Base != "":
		old, base, err = lockAtRef(p, o.Base)
	case o.Lock != "":
		var found bool
		old, found, err = readManualLock(p.FS, o.Lock)
		if err == nil && !found {
			err = fmt.Errorf("cannot read the lockfile %s: no such file", o.Lock)
		}
		base = o.Lock
	default:
		var found bool
		old, found, err = ReadManualLock(p)
		base = p.manualLockPath()
		if !found && err == nil {
			base += " (none yet: every manual is new)"
		}
	}
	if err != nil {
		return nil, err
	}
	return &capability.Report{Base: base, Changes: capability.Diff(old, p.Surfaces())}, nil
}

// lockAtRef reads manuals.lock as it is at git ref, with git show.
func lockAtRef(p *Project, ref string) (*capability.Lock, string, error) {
	if strings.HasPrefix(ref, "-") || strings.ContainsAny(ref, "\x00\n") {
		return nil, "", fmt.Errorf("--base %q is not a git ref", ref)
	}
	lock := p.manualLockPath()
	dir := path.Dir(lock)
	spec := ref + ":./" + path.Base(lock)
	base := ref + ":" + capability.LockFile
	if _, err := exec.LookPath("git"); err != nil {
		return nil, "", errors.New("--base reads manuals.lock with git, which is not installed: install git, or compare with a file (--lock FILE)")
	}
	cmd := exec.Command("git", "show", "--no-textconv", spec)
	cmd.Dir = filepath.FromSlash(dir)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		switch {
		case strings.Contains(msg, "not a git repository"):
			return nil, "", fmt.Errorf("--base %s: %s is not in a git work tree: compare with a file instead (--lock FILE)", ref, dir)
		case strings.Contains(msg, "does not exist in") || strings.Contains(msg, "exists on disk, but not in"):
			return &capability.Lock{}, base + " (none at " + ref + ": every manual is new)", nil
		case strings.Contains(msg, "invalid object name") || strings.Contains(msg, "unknown revision") || strings.Contains(msg, "bad revision"):
			return nil, "", fmt.Errorf("--base %s: git knows no such ref here (fetch it first, e.g. git fetch origin main, and with actions/checkout set fetch-depth: 0)", ref)
		}
		if msg == "" {
			msg = err.Error()
		}
		return nil, "", fmt.Errorf("--base %s: git show %s: %s", ref, spec, msg)
	}
	l, err := capability.ParseLock(base, stdout.Bytes())
	if err != nil {
		return nil, "", fmt.Errorf("%w (manuals.lock at %s)", err, ref)
	}
	return l, base, nil
}
