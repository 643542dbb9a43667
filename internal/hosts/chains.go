package hosts

import (
	"bytes"
	"cmp"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/wall"
)

// maxChainFile bounds what lore reads of an instruction file found beside
// the manuals (a host skips much smaller files than this).
const maxChainFile = 8 << 20

// files is what the chain simulation reads: the manuals' texts, and the
// instruction files of the folders above them, read on demand.
type files struct {
	fs    afero.Fs
	dir   string   // the project folder
	roots []string // the manual roots
	src   map[string][]byte
	tried map[string]bool
}

func newFiles(fs afero.Fs, dir string, roots []string, set *manual.Set) *files {
	f := &files{fs: fs, dir: path.Clean(dir), roots: roots, src: map[string][]byte{}, tried: map[string]bool{}}
	for _, m := range set.Manuals {
		f.src[m.Path] = m.Src
		f.tried[m.Path] = true
	}
	return f
}

// get returns the text of p, reading it when it is not a manual.
func (f *files) get(p string) ([]byte, bool) {
	if !f.tried[p] {
		f.tried[p] = true
		if f.fs != nil && f.walled(p) {
			if fi, err := f.fs.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Size() <= maxChainFile {
				if b, err := afero.ReadFile(f.fs, p); err == nil {
					f.src[p] = b
				}
			}
		}
	}
	b, ok := f.src[p]
	return b, ok
}

// walled reports whether p resolves inside the folder its chain starts at
// (top): an instruction file linked out of it is not read, like any file
// lore reads for a project (internal/wall), and counts as absent.
func (f *files) walled(p string) bool {
	e, err := wall.Check(f.fs, f.top(path.Dir(p)), p)
	return err == nil && e == nil
}

// top is the folder a chain starts at for a file in folder d: the project
// folder when d lies inside it, else the manual root holding d.
func (f *files) top(d string) string {
	if inside(d, f.dir) {
		return f.dir
	}
	for _, r := range f.roots {
		if inside(d, r) {
			return path.Clean(r)
		}
	}
	return d
}

func inside(p, dir string) bool {
	p, dir = path.Clean(p), path.Clean(dir)
	if dir == "." {
		return !path.IsAbs(p) && p != ".." && !strings.HasPrefix(p, "../")
	}
	return p == dir || strings.HasPrefix(p, dir+"/")
}

func joinPath(dir, name string) string {
	if dir == "." {
		return path.Clean(name)
	}
	return path.Join(dir, name)
}

// globRE turns a glob (**, * and ?) into a regular expression matching a
// whole slash-separated path.
func globRE(g string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(g); i++ {
		switch c := g[i]; {
		case strings.HasPrefix(g[i:], "**/"):
			b.WriteString("(.*/)?")
			i += 2
		case strings.HasPrefix(g[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// simulateChains returns every chain of p over the project's files.
func simulateChains(p *profiles.Profile, f *files, rel func(string) string) []*Chain {
	var out []*Chain
	// The files known before any chain reads more: the manuals.
	known := slices.Sorted(maps.Keys(f.src))
	for _, c := range p.Chains {
		found := f.find(c, known)
		if c.Walk == "each" {
			for _, k := range slices.Sorted(maps.Keys(found)) {
				src, _ := f.get(k)
				out = append(out, measure(c, path.Dir(rel(k)), []string{k}, [][]byte{src}, rel))
			}
			continue
		}
		folders := map[string]bool{}
		for _, d := range found {
			if d == "" {
				d = "."
			}
			folders[d] = true
		}
		for _, d := range slices.Sorted(maps.Keys(folders)) {
			if paths, srcs := f.chain(c, d); len(paths) > 0 {
				out = append(out, measure(c, rel(d), paths, srcs, rel))
			}
		}
	}
	slices.SortStableFunc(out, func(a, b *Chain) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.Folder, b.Folder))
	})
	return out
}

// find returns the files of chain c among the known ones and in the
// project folder and the manual roots, each with the folder it belongs
// to (the file's path less the name).
func (f *files) find(c profiles.Chain, known []string) map[string]string {
	found := map[string]string{}
	globs := map[string]*regexp.Regexp{} // compiled once per chain, not per file
	// tails are the globs' literal ends (after the last wildcard): a
	// path without it cannot match, and most paths lack it (one regexp
	// match per manual per glob was most of a 10,000-manual simulation).
	tails := map[string]string{}
	for _, n := range c.Files {
		if strings.Contains(n, "*") {
			globs[n] = globRE(n)
			tails[n] = n[strings.LastIndexAny(n, "*?")+1:]
		}
	}
	for _, k := range known {
		for _, n := range c.Files {
			if g := globs[n]; g != nil {
				if strings.HasSuffix(k, tails[n]) && g.MatchString(strings.TrimPrefix(k, f.top(path.Dir(k))+"/")) {
					found[k] = path.Dir(k)
				}
			} else if k == n || strings.HasSuffix(k, "/"+n) {
				found[k] = strings.TrimSuffix(strings.TrimSuffix(k, n), "/")
			}
		}
	}
	// Non-glob names in the project folder and the manual roots.
	for _, d := range append([]string{f.dir}, f.roots...) {
		for _, n := range c.Files {
			if globs[n] == nil {
				if _, ok := f.get(joinPath(d, n)); ok {
					found[joinPath(d, n)] = path.Clean(d)
				}
			}
		}
	}
	return found
}

// chain returns the files of chain c a host loads for working folder d,
// outermost first, with their texts: in each folder from the top down to
// d, every non-empty file of c's names (the first only, when c.FirstWins).
func (f *files) chain(c profiles.Chain, d string) ([]string, [][]byte) {
	var paths []string
	var srcs [][]byte
	for _, a := range ancestors(f.top(d), d) {
		for _, n := range c.Files {
			if strings.Contains(n, "*") {
				continue
			}
			src, ok := f.get(joinPath(a, n))
			if !ok || len(bytes.TrimSpace(src)) == 0 {
				continue
			}
			paths = append(paths, joinPath(a, n))
			srcs = append(srcs, src)
			if c.FirstWins {
				break
			}
		}
	}
	return paths, srcs
}

// ancestors returns the folders from top down to d, both included.
func ancestors(top, d string) []string {
	var out []string
	for cur := d; ; cur = path.Dir(cur) {
		out = append(out, cur)
		if cur == top || cur == "." || cur == "/" || !inside(cur, top) {
			break
		}
	}
	slices.Reverse(out)
	return out
}

// measure applies chain c's bounds to files (outermost first).
func measure(c profiles.Chain, folder string, paths []string, srcs [][]byte, rel func(string) string) *Chain {
	ch := &Chain{Name: c.Name, Folder: folder, Overflow: c.Overflow, Confidence: c.Confidence, Note: c.Note, Unit: "bytes"}
	switch {
	case c.MaxBytes > 0:
		ch.Limit = c.MaxBytes
	case c.FileMaxChars > 0:
		ch.Limit, ch.Unit = c.FileMaxChars, "chars"
	}
	remaining := c.MaxBytes
	for i, src := range srcs {
		cf := &ChainFile{Path: rel(paths[i]), file: paths[i], Bytes: len(src), Chars: utf8.RuneCount(src), State: Full}
		if ch.Unit == "chars" {
			ch.Total += cf.Chars
			cf.Kept = cf.Chars
		} else {
			ch.Total += cf.Bytes
			cf.Kept = cf.Bytes
		}
		if c.MaxBytes > 0 {
			switch {
			case remaining == 0:
				cf.State, cf.Kept = "lost", 0
			case cf.Bytes > remaining && c.Overflow == "cut":
				cf.State, cf.Kept = Cut, remaining
				cf.CutLine, cf.CutCol = lineCol(src, remaining)
				remaining = 0
			case cf.Bytes > remaining:
				cf.State = map[string]string{"skip": "skipped", "warn": "warned"}[c.Overflow]
				if c.Overflow == "skip" {
					cf.Kept = 0
				}
			default:
				remaining -= cf.Bytes
			}
		}
		if c.FileMaxChars > 0 && cf.Chars > c.FileMaxChars {
			switch c.Overflow {
			case "cut":
				at := len(prefix(string(src), c.FileMaxChars))
				cf.State, cf.Kept = Cut, c.FileMaxChars
				cf.CutLine, cf.CutCol = lineCol(src, at)
			case "skip":
				cf.State, cf.Kept = "skipped", 0
			default:
				cf.State = "warned"
			}
		}
		if cf.State != Full {
			ch.Over = true
		}
		ch.Files = append(ch.Files, cf)
	}
	return ch
}

// lineCol returns the 1-based line and column (in characters) of byte
// offset off of src.
func lineCol(src []byte, off int) (int, int) {
	off = min(off, len(src))
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	return line, utf8.RuneCount(src[start:off]) + 1
}
