// Package export writes a project's manuals in an agent host's native
// layout and format (lore export): Claude Code's .claude/skills/NAME/
// SKILL.md, Codex's .agents/skills, Copilot's .github/skills, Cursor's
// .cursor/rules/NAME.mdc, Gemini CLI's .gemini/skills. Names are mapped
// onto the Agent Skills rules, descriptions are written to survive the
// host's cut (internal/hosts), manual_read('x') becomes what the host
// understands and supporting files are copied. Writing twice changes
// nothing; Check compares instead of writing, for CI.
package export

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/filekind"
	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/wall"
)

// Options say what to export where.
type Options struct {
	// Host names the profile; Out is the folder the host's layout is
	// written into (paths of the profile are relative to it).
	Host string
	Out  string
	// Check compares the export with Out and writes nothing.
	Check bool
	// Window replaces the profile's context window (tokens) for the
	// descriptions' room; 0 keeps it.
	Window int
}

// Result is what an export did or, with Check, would do.
type Result struct {
	Host string
	// Written are the files written (or, with Check, stale: missing or
	// different), Removed the files of an earlier export no longer
	// produced (removed, or with Check, stale), relative to Out.
	Written []string
	Removed []string
	// Unchanged counts the files already as they would be written.
	Unchanged int
	// Renamed maps manual names to the names they are exported as.
	Renamed []Rename
	// Skipped are documents not exported and references or links left as
	// they were, each with the reason.
	Skipped []Skip
}

// Stale reports whether Out differs from the export.
func (r *Result) Stale() bool { return len(r.Written) > 0 || len(r.Removed) > 0 }

// Rename is a manual exported under another name.
type Rename struct{ Manual, Name, Source string }

// Skip is something the export left out or as it was.
type Skip struct{ Source, Why string }

// Run exports in for the host of o.
func Run(in hosts.Input, o Options) (*Result, error) {
	p, err := hosts.Lookup(in.Config, o.Host)
	if err != nil {
		return nil, err
	}
	out := path.Clean(o.Out)
	exported := Exported(in.FS, in.Config, out)
	for f := range in.Exported {
		exported[f] = true
	}
	in.Exported = exported
	files, res, err := plan(in, p, o.Window)
	if err != nil {
		return nil, err
	}
	res.Host = p.Name
	d := &dest{fs: in.FS, out: out, check: o.Check, res: res}
	old := readManifest(in.FS, out, p)
	if err := d.write(files, old); err != nil {
		return nil, err
	}
	if err := d.removeStale(old, files); err != nil {
		return nil, err
	}
	if err := d.writeManifest(p.Name, files); err != nil {
		return nil, err
	}
	slices.SortFunc(res.Renamed, func(a, b Rename) int { return strings.Compare(a.Manual, b.Manual) })
	slices.SortStableFunc(res.Skipped, func(a, b Skip) int { return cmp.Compare(a.Source, b.Source) })
	return res, nil
}

// dest is the folder an export goes into; with check, nothing is written
// and res says what would be.
type dest struct {
	fs    afero.Fs
	out   string
	check bool
	res   *Result
}

// write writes the files that differ from what out holds. A file that
// is there, differs and that no earlier export of the host wrote (old)
// is someone's own, a hand-written skill of the same name: the export
// stops rather than overwrite it.
func (d *dest) write(files map[string][]byte, old manifest) error {
	if err := d.regular(path.Join(d.out, manifestName(d.res.Host))); err != nil {
		return err
	}
	names := slices.Sorted(maps.Keys(files))
	for _, f := range names { // all refused before any is written
		full := path.Join(d.out, f)
		if err := d.inside(full); err != nil {
			return err
		}
		if err := d.regular(full); err != nil {
			return err
		}
		if _, ours := old.Files[f]; ours {
			continue
		}
		if have, err := readOwn(d.fs, d.out, full); err == nil && !bytes.Equal(have, files[f]) {
			return fmt.Errorf("%s exists and no earlier lore export --host %s wrote it: lore export does not overwrite it; "+
				"move or rename it (or the manual exported there), or delete it to let the export write it", full, d.res.Host)
		}
	}
	for _, f := range names {
		full := path.Join(d.out, f)
		have, err := readOwn(d.fs, d.out, full)
		if err == nil && bytes.Equal(have, files[f]) {
			d.res.Unchanged++
			continue
		}
		d.res.Written = append(d.res.Written, f)
		if d.check {
			continue
		}
		if err := d.fs.MkdirAll(path.Dir(full), 0o755); err != nil {
			return err
		}
		if err := afero.WriteFile(d.fs, full, files[f], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// inside returns the *wall.Escape of full, a file of the export, when a
// symbolic link on its way leads out of the export folder: a repository
// may carry `.claude -> ~/somewhere`, and the export would write the
// manuals' text there, or remove a file there that a committed manifest
// lists. nil when it stays inside (or its links cannot be resolved: the
// write reports that).
func (d *dest) inside(full string) error {
	// lore.yaml can set a host's export.path: .git/hooks/{name} would
	// overwrite an executable hook with a manual's text, run at the
	// next commit, and .git/{name} the repository's config.
	if rel := strings.TrimPrefix(full, d.out+"/"); d.out == "." && hasGitPart(full) || rel != full && hasGitPart(rel) {
		return fmt.Errorf("%s lies in a .git folder: lore export never writes or removes there; check export.path of the host's profile in lore.yaml", full)
	}
	e, err := wall.Check(d.fs, d.out, full)
	if err != nil || e == nil {
		return nil
	}
	if e.Link == "" {
		return fmt.Errorf("%s lies outside the export folder %s: lore export writes and removes only inside it", full, d.out)
	}
	return fmt.Errorf("%s: symbolic link %s points to %s, outside the export folder %s: lore export neither writes nor removes "+
		"through it; remove the link, or export into another folder", full, e.Link, e.Target, d.out)
}

// regular refuses full when something else than a regular file is at
// its place: writing to a named pipe waits for a reader forever.
func (d *dest) regular(full string) error {
	fi, err := d.fs.Stat(full)
	if err != nil || fi.Mode().IsRegular() {
		return nil
	}
	kind := "a folder"
	if !fi.IsDir() {
		kind = filekind.Of(fi.Mode())
	}
	return fmt.Errorf("%s is %s, not a regular file: lore export writes only regular files; remove it", full, kind)
}

// removeStale removes the files the old export wrote that this one does
// not, and the folders that leaves empty.
func (d *dest) removeStale(old manifest, files map[string][]byte) error {
	for _, f := range slices.Sorted(maps.Keys(old.Files)) {
		if _, ok := files[f]; ok {
			continue
		}
		full := path.Join(d.out, f)
		if err := d.inside(full); err != nil {
			return err
		}
		if !old.holds(d.fs, d.out, f) {
			continue // gone, edited since, or never the export's
		}
		d.res.Removed = append(d.res.Removed, f)
		if !d.check {
			if err := d.fs.Remove(full); err != nil {
				return err
			}
			removeEmptyDirs(d.fs, d.out, path.Dir(full))
		}
	}
	return nil
}

// writeManifest records the files of host's export with their digests.
// With check, a stale manifest alone makes the export stale.
func (d *dest) writeManifest(host string, files map[string][]byte) error {
	m := manifest{Host: host, Files: map[string]string{}}
	for f, b := range files {
		sum := sha256.Sum256(b)
		m.Files[f] = hex.EncodeToString(sum[:])
	}
	mb, _ := json.MarshalIndent(m, "", "  ")
	mb = append(mb, '\n')
	mpath := path.Join(d.out, manifestName(host))
	if err := d.inside(mpath); err != nil {
		return err
	}
	if err := d.regular(mpath); err != nil {
		return err
	}
	if have, err := readOwn(d.fs, d.out, mpath); err == nil && bytes.Equal(have, mb) {
		return nil
	}
	if d.check {
		if !d.res.Stale() {
			d.res.Written = append(d.res.Written, manifestName(host))
		}
		return nil
	}
	if err := d.fs.MkdirAll(d.out, 0o755); err != nil {
		return err
	}
	return afero.WriteFile(d.fs, mpath, mb, 0o644)
}

// removeEmptyDirs removes dir and its parents up to out while empty.
func removeEmptyDirs(fs afero.Fs, out, dir string) {
	for dir != out && within(out, dir) {
		es, err := afero.ReadDir(fs, dir)
		if err != nil || len(es) > 0 {
			return
		}
		if fs.Remove(dir) != nil {
			return
		}
		dir = path.Dir(dir)
	}
}

// fileOf is where the manual exported as name goes, relative to Out.
func fileOf(p *profiles.Profile, name string) string {
	return strings.ReplaceAll(p.Export.Path, "{name}", name)
}

// within reports whether dir lies below out (both clean; out "." is
// every relative path that does not climb out).
func within(out, dir string) bool {
	if out == "." {
		return dir != "." && dir != ".." && !strings.HasPrefix(dir, "../") && !path.IsAbs(dir)
	}
	return strings.HasPrefix(dir, out+"/")
}
