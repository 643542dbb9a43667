package build

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
)

// load reads the project. With a list of changed files and a project
// loaded before, only the manuals among them are read again; a change of
// the project file or of a folder of manuals reads everything.
func (s *Session) load(changed []string) (*Project, error) {
	prev := s.loaded
	if prev != nil && changed != nil {
		if p, ok := s.reload(prev, changed); ok {
			s.loaded = p
			return p, nil
		}
	}
	p, err := Load(s.o.Options)
	if err != nil {
		return nil, err
	}
	s.loaded = p
	return p, nil
}

// reload reads the changed manual files of prev again. It reports false
// when the changes need a full load.
func (s *Session) reload(prev *Project, changed []string) (*Project, bool) {
	roots := prev.roots()
	absRoots := make([]string, len(roots))
	for i, r := range roots {
		a, err := filepath.Abs(filepath.FromSlash(r))
		if err != nil {
			return nil, false
		}
		absRoots[i] = a
	}
	cfgFile := ""
	if prev.Config.File != "" {
		cfgFile, _ = filepath.Abs(filepath.FromSlash(prev.Config.File))
	}
	projFile, _ := filepath.Abs(filepath.FromSlash(prev.Config.Path(config.FileName)))
	paths := map[string]string{} // path on the FS → its root
	for _, c := range changed {
		a, err := filepath.Abs(c)
		if err != nil {
			return nil, false
		}
		if a == cfgFile || a == projFile {
			return nil, false
		}
		for i, ar := range absRoots {
			rel, err := filepath.Rel(ar, a)
			if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				continue
			}
			if rel == "." {
				return nil, false // a root itself
			}
			fsPath := path.Join(roots[i], filepath.ToSlash(rel))
			if prefixed(prev.Manuals, fsPath+"/") {
				return nil, false // a folder of manuals
			}
			fi, err := prev.FS.Stat(fsPath)
			if err == nil && fi.IsDir() {
				return nil, false
			}
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, false
			}
			if !strings.EqualFold(path.Ext(fsPath), ".md") {
				break // not a manual: the build checks links and images itself
			}
			parts := strings.Split(filepath.ToSlash(rel), "/")
			if slices.ContainsFunc(parts[:len(parts)-1], manual.SkippedDir) {
				break
			}
			if fi, err := prev.FS.Stat(path.Dir(fsPath)); err != nil || !fi.IsDir() {
				return nil, false
			}
			paths[fsPath] = roots[i]
			break // the first root that holds the file loads it
		}
	}
	if len(paths) == 0 {
		return &Project{Config: prev.Config, FS: prev.FS, Manuals: copySet(prev.Manuals, nil, nil)}, true
	}
	var fresh []*manual.Manual
	var probs []manual.FileProblem
	for p, root := range paths {
		if _, err := prev.FS.Stat(p); err != nil {
			continue // removed
		}
		set := manual.LoadFile(prev.FS, root, p)
		for _, m := range set.Manuals {
			m.Root, m.Rel = root, strings.TrimPrefix(p, root+"/")
			if root == "." {
				m.Rel = p
			}
			fresh = append(fresh, m)
		}
		probs = append(probs, set.Problems...)
	}
	drop := func(p string) bool { _, ok := paths[p]; return ok }
	set := copySet(prev.Manuals, drop, fresh)
	set.Problems = slices.DeleteFunc(slices.Clone(prev.Manuals.Problems), func(fp manual.FileProblem) bool { return drop(fp.Path) })
	set.Problems = append(set.Problems, probs...)
	slices.SortStableFunc(set.Problems, func(a, b manual.FileProblem) int { return strings.Compare(a.Path, b.Path) })
	return &Project{Config: prev.Config, FS: prev.FS, Manuals: set}, true
}

// copySet returns a new set of the manuals of prev that drop does not
// reject, plus fresh ones. The manuals are copied: a set computes their
// owners, and the previous set may still be read by a catalog being built.
func copySet(prev *manual.Set, drop func(string) bool, fresh []*manual.Manual) *manual.Set {
	ms := make([]*manual.Manual, 0, len(prev.Manuals)+len(fresh))
	for _, m := range prev.Manuals {
		if drop != nil && drop(m.Path) {
			continue
		}
		c := *m
		ms = append(ms, &c)
	}
	ms = append(ms, fresh...)
	set := manual.NewSet(ms)
	if drop == nil {
		set.Problems = slices.Clone(prev.Problems)
	}
	return set
}

// prefixed reports whether a manual of s lies under prefix.
func prefixed(s *manual.Set, prefix string) bool {
	i, _ := slices.BinarySearchFunc(s.Manuals, prefix, func(m *manual.Manual, p string) int { return strings.Compare(m.Path, p) })
	return i < len(s.Manuals) && strings.HasPrefix(s.Manuals[i].Path, prefix)
}

// srcSum is a remembered source hash: the same bytes in memory (a manual
// an incremental load kept) are not hashed again.
type srcSum struct {
	p   *byte
	n   int
	sum cache.Key
}

// sourceSums returns the SHA-256 of every manual's source.
func (s *Session) sourceSums(ms []*manual.Manual) map[*manual.Manual]cache.Key {
	s.sumMu.Lock()
	defer s.sumMu.Unlock()
	sums := make([]cache.Key, len(ms))
	todo := make([]bool, len(ms))
	for i, m := range ms {
		if r, ok := s.srcSums[m.Path]; ok && len(m.Src) > 0 && r.p == &m.Src[0] && r.n == len(m.Src) {
			sums[i] = r.sum
			continue
		}
		todo[i] = true
	}
	forEach(len(ms), func(i int) {
		if todo[i] {
			sums[i] = cache.Of(ms[i].Src)
		}
	})
	next := make(map[string]srcSum, len(ms))
	out := make(map[*manual.Manual]cache.Key, len(ms))
	for i, m := range ms {
		out[m] = sums[i]
		if len(m.Src) > 0 {
			next[m.Path] = srcSum{p: &m.Src[0], n: len(m.Src), sum: sums[i]}
		}
	}
	s.srcSums = next
	return out
}
