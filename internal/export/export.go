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
	"path"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/hosts"
	"github.com/lorekit/lore/internal/hosts/profiles"
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

// ManifestName is the file in Out that records what an export of host
// wrote, so that the next export removes what is no longer produced and
// never touches files it did not write.
func ManifestName(host string) string { return ".lore-export-" + host + ".json" }

type manifest struct {
	Host  string            `json:"host"`
	Files map[string]string `json:"files"` // path → sha256
}

// Run exports in for the host of o.
func Run(in hosts.Input, o Options) (*Result, error) {
	p := in.Config.Hosts.Profile(o.Host)
	if p == nil {
		var names []string
		for _, k := range in.Config.Hosts.Profiles {
			names = append(names, k.Name)
		}
		return nil, fmt.Errorf("unknown host %q: use %s", o.Host, strings.Join(names, ", "))
	}
	out := path.Clean(o.Out)
	exported := Exported(in.FS, out)
	for f := range in.Exported {
		exported[f] = true
	}
	in.Exported = exported
	files, res, err := plan(in, p, o.Window)
	if err != nil {
		return nil, err
	}
	res.Host = p.Name
	old := readManifest(in.FS, out, p.Name)
	for _, f := range slices.Sorted(keys(files)) {
		full := path.Join(out, f)
		have, err := afero.ReadFile(in.FS, full)
		if err == nil && bytes.Equal(have, files[f]) {
			res.Unchanged++
			continue
		}
		res.Written = append(res.Written, f)
		if o.Check {
			continue
		}
		if err := in.FS.MkdirAll(path.Dir(full), 0o755); err != nil {
			return nil, err
		}
		if err := afero.WriteFile(in.FS, full, files[f], 0o644); err != nil {
			return nil, err
		}
	}
	for _, f := range slices.Sorted(keys(old.Files)) {
		if _, ok := files[f]; ok {
			continue
		}
		full := path.Join(out, f)
		if _, err := in.FS.Stat(full); err != nil {
			continue
		}
		res.Removed = append(res.Removed, f)
		if !o.Check {
			if err := in.FS.Remove(full); err != nil {
				return nil, err
			}
			removeEmptyDirs(in.FS, out, path.Dir(full))
		}
	}
	m := manifest{Host: p.Name, Files: map[string]string{}}
	for f, b := range files {
		sum := sha256.Sum256(b)
		m.Files[f] = hex.EncodeToString(sum[:])
	}
	mb, _ := json.MarshalIndent(m, "", "  ")
	mb = append(mb, '\n')
	mpath := path.Join(out, ManifestName(p.Name))
	if have, err := afero.ReadFile(in.FS, mpath); err != nil || !bytes.Equal(have, mb) {
		if o.Check {
			if len(res.Written) == 0 && len(res.Removed) == 0 {
				res.Written = append(res.Written, ManifestName(p.Name))
			}
		} else {
			if err := in.FS.MkdirAll(out, 0o755); err != nil {
				return nil, err
			}
			if err := afero.WriteFile(in.FS, mpath, mb, 0o644); err != nil {
				return nil, err
			}
		}
	}
	slices.SortFunc(res.Renamed, func(a, b Rename) int { return strings.Compare(a.Manual, b.Manual) })
	slices.SortStableFunc(res.Skipped, func(a, b Skip) int { return cmp.Compare(a.Source, b.Source) })
	return res, nil
}

func readManifest(fs afero.Fs, out, host string) manifest {
	var m manifest
	if b, err := afero.ReadFile(fs, path.Join(out, ManifestName(host))); err == nil {
		_ = json.Unmarshal(b, &m)
	}
	// Only paths inside the folder are ever removed.
	for f := range m.Files {
		if c := path.Clean(f); c != f || path.IsAbs(f) || c == ".." || strings.HasPrefix(c, "../") {
			delete(m.Files, f)
		}
	}
	return m
}

// removeEmptyDirs removes dir and its parents up to out while empty.
func removeEmptyDirs(fs afero.Fs, out, dir string) {
	for dir != out && strings.HasPrefix(dir, out+"/") {
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

func keys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// fileOf is where the manual exported as name goes, relative to Out.
func fileOf(p *profiles.Profile, name string) string {
	return strings.ReplaceAll(p.Export.Path, "{name}", name)
}
