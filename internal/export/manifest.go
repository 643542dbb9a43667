package export

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/wall"
)

// manifestName is the file in Out that records what an export of host
// wrote, so that the next export removes what is no longer produced and
// never touches files it did not write.
func manifestName(host string) string { return ".lore-export-" + host + ".json" }

type manifest struct {
	Host  string            `json:"host"`
	Files map[string]string `json:"files"` // path → sha256
}

// readManifest reads the manifest of host p in out. A manifest is a file
// of the repository, so a pull request can write one: only the entries
// an export of p could have written are kept (the profile's export.path
// with an Agent Skills name for {name}, or a file of such a name's
// support folder, never inside .git), so that a forged manifest can
// neither make lore export remove lore.yaml, a manual or .git/HEAD, nor
// hide a manual from the host simulation as an export's copy.
func readManifest(fs afero.Fs, out string, p *profiles.Profile) manifest {
	var m manifest
	if b, err := readOwn(fs, out, path.Join(out, manifestName(p.Name))); err == nil {
		_ = json.Unmarshal(b, &m)
	}
	shape := exportShape(p)
	for f := range m.Files {
		if c := path.Clean(f); c != f || path.IsAbs(f) || c == ".." || strings.HasPrefix(c, "../") ||
			!shape.MatchString(f) || hasGitPart(f) {
			delete(m.Files, f)
		}
	}
	return m
}

// holds reports whether the file f of the manifest, relative to out, is
// still what the export wrote: its content has the recorded digest. A
// file edited since, or a manifest entry made up for a file the export
// never wrote, is not the export's.
func (m manifest) holds(fs afero.Fs, out, f string) bool {
	b, err := readOwn(fs, out, path.Join(out, f))
	if err != nil {
		return false
	}
	sum := sha256.Sum256(b)
	return m.Files[f] == hex.EncodeToString(sum[:])
}

// namePattern is an exported name (the Agent Skills rules).
const namePattern = `[a-z0-9]+(?:-[a-z0-9]+)*`

// exportShape matches the paths, relative to Out, that an export of p
// writes: the exported file of a name, and the files of its support
// folder (supportDir).
func exportShape(p *profiles.Profile) *regexp.Regexp {
	file := quoteName(p.Export.Path)
	support := quoteName(path.Join(path.Dir(p.Export.Path), "{name}"))
	if p.Export.Format == "skill" {
		support = quoteName(path.Dir(p.Export.Path))
	}
	if support == "" || support == `\.` {
		return regexp.MustCompile(`^(?:` + file + `)$`)
	}
	return regexp.MustCompile(`^(?:` + file + `|` + support + `/.+)$`)
}

// quoteName is pattern as a regular expression, {name} matching a name.
func quoteName(pattern string) string {
	parts := strings.Split(pattern, "{name}")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return strings.Join(parts, namePattern)
}

// hasGitPart reports whether a part of the relative path f names a git
// folder as some file system reads it: .git in any case, with the dots or
// spaces Windows drops from a name's end, or its 8.3 short name GIT~1.
func hasGitPart(f string) bool {
	for part := range strings.SplitSeq(f, "/") {
		if t := strings.TrimRight(part, ". "); strings.EqualFold(t, ".git") || strings.EqualFold(part, "git~1") {
			return true
		}
	}
	return false
}

// maxExportFile bounds a manifest, and a file of the export read back.
const maxExportFile = 64 << 20

// readOwn reads file, a manifest or a file of the export in out, when it
// is a regular file of at most maxExportFile bytes whose links stay in
// out. Every build reads the manifests of the project and its manual
// roots: a committed .lore-export-HOST.json -> /dev/zero was read until
// the memory ran out, a named pipe waited on forever.
func readOwn(fs afero.Fs, out, file string) ([]byte, error) {
	if e, err := wall.Check(fs, out, file); err != nil || e != nil {
		return nil, fmt.Errorf("%s: a symbolic link out of %s", file, out)
	}
	return manual.ReadBounded(fs, file, maxExportFile, "a file of lore export")
}
