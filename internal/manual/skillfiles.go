package manual

import (
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/wall"
)

// SkillFile is a file of an Agent Skills folder.
type SkillFile struct {
	// Path is where the walk found the file, inside the skill's folder;
	// Target is where it leads: Path itself, or for a symbolic link the
	// file it points to (a path inside the manual root). Judge a file by
	// its Target: a link can point into a folder the engine may not see.
	Path, Target string
	// Info is the file's (for a link, its target's) description, as the
	// walk found it.
	Info os.FileInfo
}

// SkillFiles lists the files of the Agent Skills folder of entry (a
// SKILL.md): every regular file below its folder, SKILL.md included, in
// path order. It reads what the loader may read: folders it never scans
// (.git, node_modules, …) are skipped, and a symbolic link is followed
// only to a file that stays inside the manual root (internal/wall), never
// into a folder and never to a file in a folder the loader skips. skip,
// when set, leaves out the folders it reports true for. At most limit+1
// files are returned, so a caller with a limit learns that the folder
// holds more.
func SkillFiles(fsys afero.Fs, entry *Manual, skip func(dir string) bool, limit int) []SkillFile {
	return filesUnder(fsys, nil, entry.Root, entry.Dir(), skip, nil, limit)
}

// RootFiles lists every regular file under the manual root root, as
// SkillFiles lists a skill folder's (skip as there): the files an agent
// pointed at the manuals can open or run, Markdown and not. keep, when
// set, leaves out the files whose name it reports false for before they
// are looked at (a root of 10,000 manuals is 10,000 file descriptions
// the security scan of the other files never reads).
func RootFiles(fsys afero.Fs, root string, skip func(dir string) bool, keep func(name string) bool, limit int) []SkillFile {
	return filesUnder(fsys, nil, root, root, skip, keep, limit)
}

// RootFiles is the package's RootFiles for a root s was loaded from: the
// folders the load listed are not listed again (the listing of the same
// build; a walk of 10,000 manuals in 40 folders was listed twice).
func (s *Set) RootFiles(fsys afero.Fs, root string, skip func(dir string) bool, keep func(name string) bool, limit int) []SkillFile {
	return filesUnder(fsys, s.listed, root, root, skip, keep, limit)
}

// filesUnder lists the files below dir, a folder inside root (see
// SkillFiles), whose name keep (nil: every file) reports true for.
// listed holds folders listed already, by path (nil: none).
func filesUnder(fsys afero.Fs, listed map[string][]fs.DirEntry, root, dir string, skip func(dir string) bool, keep func(name string) bool, limit int) []SkillFile {
	wl := wall.New(fsys, root)
	var out []SkillFile
	var rec func(dir string, depth int)
	rec = func(dir string, depth int) {
		if depth > maxDepth || len(out) > limit {
			return
		}
		entries, ok := listed[dir]
		var err error
		if !ok {
			if entries, err = readDir(fsys, dir); err != nil {
				return
			}
		}
		for _, d := range entries {
			if len(out) > limit {
				return
			}
			if !d.IsDir() && keep != nil && !keep(d.Name()) {
				continue // before the entry is described
			}
			p := joinSlash(dir, d.Name())
			target := p
			var e os.FileInfo
			switch {
			case d.Type()&os.ModeSymlink != 0:
				if target, err = wl.Resolve(p); err != nil || inSkippedDir(target, wl.Root()) {
					continue
				}
				fi, err := fsys.Stat(p)
				if err != nil || fi.IsDir() {
					continue
				}
				e = fi
			case d.IsDir():
				if !SkippedDir(d.Name()) && (skip == nil || !skip(p)) {
					rec(p, depth+1)
				}
				continue
			case d.Type().IsRegular():
				if e, err = d.Info(); err != nil {
					continue // gone since the folder was read
				}
			default:
				continue
			}
			if e.Mode().IsRegular() {
				out = append(out, SkillFile{Path: p, Target: target, Info: e})
			}
		}
	}
	rec(dir, 0)
	return out
}

// inSkippedDir reports whether p, a path inside root, lies in a folder
// the loader never scans.
func inSkippedDir(p, root string) bool {
	rel := p
	if root != "." {
		rel = strings.TrimPrefix(p, strings.TrimSuffix(root, "/")+"/")
	}
	for _, c := range strings.Split(path.Dir(rel), "/") {
		if SkippedDir(c) {
			return true
		}
	}
	return false
}

// SeesFile reports whether the file at slash path p, a manual of s or any
// other file, is visible to v: a manual as Visibility.Sees judges it, any
// other file as the skill whose folder holds it (a file outside every
// skill folder is visible).
func (s *Set) SeesFile(v Visibility, p string) bool {
	if m := s.ByPath(p); m != nil {
		return v.Sees(m)
	}
	for d := path.Dir(p); ; d = path.Dir(d) {
		if sk := s.ByPath(joinSlash(d, "SKILL.md")); sk != nil {
			return v.Sees(sk)
		}
		if path.Dir(d) == d {
			return true
		}
	}
}

// readDir lists the folder dir in name order, as afero.ReadDir, but
// without describing every entry where the file system can say what each
// is without it (the operating system's: a folder of thousands of manuals
// is thousands of lstat calls less); an entry's Info describes it then.
func readDir(fsys afero.Fs, dir string) ([]fs.DirEntry, error) {
	f, err := fsys.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []fs.DirEntry
	if rd, ok := f.(fs.ReadDirFile); ok {
		out, err = rd.ReadDir(-1)
	} else {
		var infos []os.FileInfo
		infos, err = f.Readdir(-1)
		for _, fi := range infos {
			out = append(out, fs.FileInfoToDirEntry(fi))
		}
	}
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}
