package capability

import (
	"bytes"
	"crypto/sha256"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/wall"
)

// maxScanned bounds the bytes of a supporting file read for hosts and
// commands; its digest always covers all of it.
const maxScanned = 16 << 20

// skillFiles adds the files of skill m's folder: every file with its
// digest (the documents lore reads as manuals with the digest of their
// text), the scripts among them, and the hosts and commands of the text
// files that are not manuals. The files are those the loader reads
// (manual.SkillFiles: symbolic links only to files inside the manual
// root, no linked folders, no .git or node_modules); a folder with a
// SKILL.md of its own is another skill.
func skillFiles(c *collector, fsys afero.Fs, m *manual.Manual, docs []*manual.Manual) {
	dir := m.Dir()
	byPath := map[string]*manual.Manual{m.Path: m}
	for _, d := range docs {
		byPath[d.Path] = d
	}
	nested := func(d string) bool { return hasSkill(fsys, d) }
	for _, f := range manual.SkillFiles(fsys, m, nested, math.MaxInt) {
		p := f.Path
		rel := strings.TrimPrefix(p, dir+"/")
		if doc := byPath[p]; doc != nil {
			pos := filePos(p)
			c.add(Fact{Kind: File, Value: rel, Digest: SRI(doc.Src), Pos: pos})
			continue
		}
		supportingFile(c, fsys, p, rel, f.Info.Mode())
	}
}

// supportingFile adds the file p of a manual, rel from the manual's
// folder: the file with its digest, whether it is a script, and the hosts
// and commands of its text. An unreadable file adds nothing.
func supportingFile(c *collector, fsys afero.Fs, p, rel string, mode os.FileMode) {
	pos := filePos(p)
	sum, head, text := readFile(fsys, p)
	if sum == "" {
		return
	}
	c.add(Fact{Kind: File, Value: rel, Digest: sum, Pos: pos})
	if isScript(rel, head, mode) {
		c.add(Fact{Kind: Script, Value: rel, Pos: pos})
	}
	if text == nil {
		return
	}
	lines := newLines(text)
	for _, h := range append(Hosts(withoutNamespaces(text)), linkHosts(text)...) {
		c.add(Fact{Kind: Host, Value: h.Host, Pos: lines.pos(p, text, h.Off)})
	}
	if d, ok := shellDialect(rel, head); ok {
		for _, cmd := range Commands(text, d) {
			c.add(Fact{Kind: Command, Value: cmd.Name, Pos: lines.pos(p, text, cmd.Off)})
		}
	}
}

// namespaceRE finds an XML namespace declaration's value (SVG's
// xmlns="http://www.w3.org/2000/svg"): a name, not an address anything
// fetches.
var namespaceRE = regexp.MustCompile(`\bxmlns(?::[\w.-]+)?\s*=\s*(?:"[^"]*"|'[^']*')`)

// withoutNamespaces returns text with the values of its XML namespace
// declarations blanked, offsets kept (text itself when it has none).
func withoutNamespaces(text []byte) []byte {
	ms := namespaceRE.FindAllIndex(text, -1)
	if ms == nil {
		return text
	}
	out := bytes.Clone(text)
	for _, m := range ms {
		for i := m[0]; i < m[1]; i++ {
			out[i] = ' '
		}
	}
	return out
}

// linkedFiles adds the files lore manual m links to that are no manuals
// (a script, a data file, an image beside it): an agent reading m opens
// or runs them, and lore export copies them. Each is named by its path
// from m's folder; a link out of m's root (after symbolic links), to a
// folder or to a missing file adds nothing.
func linkedFiles(c *collector, fsys afero.Fs, m *manual.Manual) {
	for _, p := range LinkedPaths(m) {
		if e, err := wall.Check(fsys, m.Root, p); err != nil || e != nil {
			continue
		}
		fi, err := fsys.Stat(p)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		rel, err := filepath.Rel(m.Dir(), p)
		if err != nil {
			continue
		}
		supportingFile(c, fsys, p, filepath.ToSlash(rel), fi.Mode())
	}
}

// LinkedPaths returns the paths (on the manuals' file system, in link
// order, each once) of what manual m links to that is not a manual: every
// relative link whose target does not end in .md.
func LinkedPaths(m *manual.Manual) []string {
	var out []string
	for _, r := range m.Refs {
		if r.Kind != manual.RefLink || r.Target == "" || strings.EqualFold(path.Ext(r.Target), ".md") {
			continue
		}
		if p := path.Join(m.Dir(), r.Target); !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// hasSkill reports whether folder d holds a SKILL.md.
func hasSkill(fsys afero.Fs, d string) bool {
	_, err := fsys.Stat(path.Join(d, "SKILL.md"))
	return err == nil
}

// readFile returns the digest of the file at p, its first bytes, and its
// text when it is a text file (no NUL byte in the first 8 KiB) of at most
// maxScanned bytes. An unreadable file has no digest.
func readFile(fsys afero.Fs, p string) (sum string, head, text []byte) {
	f, err := fsys.Open(p)
	if err != nil {
		return "", nil, nil
	}
	defer f.Close()
	h := sha256.New()
	var buf bytes.Buffer
	n, err := io.Copy(io.MultiWriter(h, &limitedBuffer{b: &buf, max: maxScanned + 1}), f)
	if err != nil {
		return "", nil, nil
	}
	var s [32]byte
	h.Sum(s[:0])
	data := buf.Bytes()
	head = data[:min(len(data), 8<<10)]
	if n <= maxScanned && !slices.Contains(head, 0) {
		text = data
	}
	return sri(s), head, text
}

// limitedBuffer keeps the first max bytes written to it.
type limitedBuffer struct {
	b   *bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.b.Len(); room > 0 {
		l.b.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

// scriptExts are the extensions of files that are run rather than read.
var scriptExts = map[string]bool{".sh": true, ".bash": true, ".zsh": true, ".ksh": true, ".fish": true, ".ps1": true,
	".psm1": true, ".bat": true, ".cmd": true, ".py": true, ".rb": true, ".pl": true, ".js": true, ".mjs": true, ".cjs": true,
	".ts": true, ".php": true, ".lua": true, ".go": true, ".rs": true, ".java": true, ".kt": true, ".swift": true,
	".r": true, ".applescript": true, ".vbs": true, ".jar": true, ".exe": true, ".dll": true, ".so": true, ".dylib": true,
	".wasm": true, ".bin": true}

// isScript reports whether a skill's file is one it ships to be run: in
// a scripts/ folder, with a script extension, a #! line or an executable
// bit.
func isScript(rel string, head []byte, mode os.FileMode) bool {
	return strings.HasPrefix(rel, "scripts/") || strings.Contains(rel, "/scripts/") ||
		scriptExts[strings.ToLower(path.Ext(rel))] || bytes.HasPrefix(head, []byte("#!")) || mode&0o111 != 0
}

// shellDialect reports whether a file is a shell script (its commands are
// read), and how: a shell extension or a #! line naming a shell.
func shellDialect(rel string, head []byte) (Dialect, bool) {
	switch strings.ToLower(path.Ext(rel)) {
	case ".sh", ".bash", ".zsh", ".ksh":
		return Shell, true
	case ".ps1", ".psm1", ".bat", ".cmd":
		return PowerShell, true
	}
	if !bytes.HasPrefix(head, []byte("#!")) {
		return 0, false
	}
	first, _, _ := bytes.Cut(head, []byte("\n"))
	if bytes.Contains(first, []byte("pwsh")) {
		return PowerShell, true
	}
	for _, sh := range []string{"/sh", "/bash", "/zsh", "/ksh", "/dash", "env sh", "env bash", "env zsh"} {
		if bytes.Contains(first, []byte(sh)) {
			return Shell, true
		}
	}
	return 0, false
}

// lines indexes a supporting file's line starts for positions.
type lines []int

func newLines(src []byte) lines {
	ls := lines{0}
	for i, c := range src {
		if c == '\n' {
			ls = append(ls, i+1)
		}
	}
	return ls
}

func (ls lines) pos(file string, src []byte, off int) diag.Pos {
	i, _ := slices.BinarySearch(ls, off+1)
	i = max(i-1, 0)
	return diag.Pos{File: file, Line: i + 1, Col: len([]rune(string(src[ls[i]:off]))) + 1}
}
