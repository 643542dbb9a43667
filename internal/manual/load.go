package manual

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/filekind"
	"github.com/lorekit/lore/internal/par"
	"github.com/lorekit/lore/internal/wall"
)

// MaxFileSize is the largest file lore parses; a larger one is reported
// (rule file/too-large) and skipped.
const MaxFileSize = 2 << 20

// maxDepth bounds folder nesting, so a symlink cycle that the file system
// cannot identify still ends.
const maxDepth = 64

// SkippedDir reports whether Load never enters a folder called name:
// version-control metadata and node_modules.
func SkippedDir(name string) bool {
	switch name {
	case ".git", "node_modules", ".hg", ".svn":
		return true
	}
	return false
}

// FileProblem is a defect of a file that could not be parsed as a manual.
type FileProblem struct {
	Path string
	Problem
}

// Set is every manual found under a list of roots, in path order.
type Set struct {
	Manuals  []*Manual
	Problems []FileProblem
	byName   map[string][]*Manual
	names    []string
	prev     *Set   // LoadAgain: the set whose parsed manuals are reused
	models   Models // LoadWith: the models kept by earlier processes
	noAST    bool   // LoadWith: parsed manuals keep no Doc
	// bufs are the buffers a load again (prev) reads files into: a file
	// whose bytes are those of prev's manual is that manual again, so a
	// session's load of 10,000 unchanged manuals allocates nothing for
	// the 33 MB it reads.
	bufs *sync.Pool
	// listed are the folders the load listed, by path (RootFiles).
	listed map[string][]fs.DirEntry
}

// Models keeps the models of manuals (AppendModel) between processes, by
// the path, root and bytes they were parsed from (a build keeps them in
// its cache). Both methods are called from several goroutines at once.
type Models interface {
	// Get returns the model of the file p found under root whose bytes
	// are src, if one is kept.
	Get(root, p string, src []byte) ([]byte, bool)
	// Put keeps the model of the file p found under root whose bytes are
	// src.
	Put(root, p string, src, model []byte)
}

// Load reads every Markdown file under roots (folders or single files,
// slash- or OS-separated paths on fsys) and parses them in parallel. It
// never fails: unreadable files, encoding damage and symlink loops become
// FileProblems. Files reachable from two roots are loaded once.
//
// A root is a wall (internal/wall): a file, or a folder on the way to it,
// whose symbolic links lead outside its root is reported (rule
// file/outside-root) and not read. A single file given as a root must
// stay inside its own folder.
func Load(fsys afero.Fs, roots []string) *Set { return LoadAgain(fsys, roots, nil) }

// LoadAgain is Load for a set loaded before (prev; nil: none): every file
// is read again, and a file whose bytes are those of prev's manual at the
// same path and root is not parsed again: that manual is copied (parsing
// depends on nothing else).
func LoadAgain(fsys afero.Fs, roots []string, prev *Set) *Set {
	return LoadWith(fsys, roots, LoadOptions{Prev: prev})
}

// LoadOptions say what LoadWith may reuse and what it keeps.
type LoadOptions struct {
	// Prev is a set loaded before (LoadAgain).
	Prev *Set
	// Models, if not nil, keeps models of manuals between processes: a
	// manual whose model it keeps is restored (Restore) instead of
	// parsed, and it is given the model of every manual parsed.
	Models Models
	// NoAST lets go of each parsed manual's Doc once its model is made
	// (Manual.AST parses it again when asked): a build that renders each
	// body once holds the parsed Markdown of a few manuals at a time
	// instead of all of them.
	NoAST bool
}

// LoadWith is Load with the options o.
func LoadWith(fsys afero.Fs, roots []string, o LoadOptions) *Set {
	s := &Set{prev: o.Prev, models: o.Models, noAST: o.NoAST}
	if s.prev != nil {
		s.bufs = &sync.Pool{New: func() any { return new([]byte) }}
	}
	var jobs []job
	seen := map[string]bool{}
	for _, root := range roots {
		root = cleanSlash(root)
		for _, w := range s.walk(fsys, root) {
			if !seen[w.path] {
				seen[w.path] = true
				jobs = append(jobs, job{root, w})
			}
		}
	}
	s.read(fsys, jobs)
	s.prev, s.models, s.bufs = nil, nil, nil
	return s
}

// job is a file to read and the root it was found under.
type job struct {
	root string
	file walked
}

// read reads and parses jobs in parallel and indexes the set.
func (s *Set) read(fsys afero.Fs, jobs []job) {
	results := make([]*Manual, len(jobs))
	probs := make([][]FileProblem, len(jobs))
	par.Each(len(jobs), func(i int) {
		results[i], probs[i] = s.readManual(fsys, jobs[i].root, jobs[i].file)
	})
	for i := range jobs {
		if results[i] != nil {
			s.Manuals = append(s.Manuals, results[i])
		}
		s.Problems = append(s.Problems, probs[i]...)
	}
	s.index()
}

// inside reports whether p resolves inside w's root, recording a problem
// when it does not or cannot be resolved.
func (s *Set) inside(w *wall.Wall, p string) bool {
	e, err := w.Check(p)
	switch {
	case err != nil:
		s.Problems = append(s.Problems, FileProblem{Path: p, Problem: Problem{Rule: RuleFileUnreadable,
			Message: fmt.Sprintf("symbolic link %s cannot be followed: %s; fix or remove the link", p, describe(err))}})
		return false
	case e != nil:
		s.Problems = append(s.Problems, FileProblem{Path: p, Problem: Problem{Rule: wall.Rule, Message: e.Message()}})
		return false
	}
	return true
}

// NewSet builds a Set from already parsed manuals.
func NewSet(ms []*Manual) *Set {
	s := &Set{Manuals: ms}
	s.index()
	return s
}

func (s *Set) index() {
	slices.SortStableFunc(s.Manuals, func(a, b *Manual) int { return strings.Compare(a.Path, b.Path) })
	s.byName = map[string][]*Manual{}
	s.names = s.names[:0]
	skills := map[string]*Manual{}
	for _, m := range s.Manuals {
		if _, ok := s.byName[m.Name]; !ok {
			s.names = append(s.names, m.Name)
		}
		s.byName[m.Name] = append(s.byName[m.Name], m)
		if m.IsSkillEntry() {
			skills[m.Dir()] = m
		}
	}
	slices.Sort(s.names)
	for _, m := range s.Manuals {
		m.Owner, m.outer = nil, nil
		if len(skills) == 0 {
			continue
		}
		d := m.Dir()
		if m.IsSkillEntry() {
			if d == m.Root {
				continue
			}
			d = path.Dir(d)
		}
		for {
			if sk, ok := skills[d]; ok {
				if m.IsSkillEntry() {
					m.outer = sk
				} else {
					m.Owner = sk
				}
				break
			}
			parent := path.Dir(d)
			if parent == d || d == m.Root {
				break
			}
			d = parent
		}
	}
}

// ByName returns the manuals called name, in path order.
func (s *Set) ByName(name string) []*Manual { return s.byName[name] }

// Names returns every manual name, sorted. The slice is shared: do not
// modify it.
func (s *Set) Names() []string { return s.names }

// ByPath returns the manual at path p.
func (s *Set) ByPath(p string) *Manual {
	i, ok := slices.BinarySearchFunc(s.Manuals, p, func(m *Manual, p string) int { return strings.Compare(m.Path, p) })
	if !ok {
		return nil
	}
	return s.Manuals[i]
}

// walked is a file found by walk, with its size when walk learnt it (a
// guess for the read buffer), else -1.
type walked struct {
	path string
	size int64
}

// walk lists the Markdown files under root, and keeps the folders it
// listed in s.listed. Problems met on the way are recorded on s.
func (s *Set) walk(fsys afero.Fs, root string) []walked {
	fi, err := fsys.Stat(root)
	if err != nil {
		s.Problems = append(s.Problems, FileProblem{Path: root, Problem: Problem{Rule: RuleFileUnreadable,
			Message: fmt.Sprintf("cannot read %s: %s", root, describe(err))}})
		return nil
	}
	if !fi.IsDir() {
		if !s.inside(wall.New(fsys, path.Dir(root)), root) {
			return nil
		}
		if !fi.Mode().IsRegular() {
			s.Problems = append(s.Problems, notRegular(root, fi.Mode()))
			return nil
		}
		return []walked{{root, fi.Size()}}
	}
	wl := wall.New(fsys, root)
	var out []walked
	if s.listed == nil {
		s.listed = map[string][]fs.DirEntry{}
	}
	var rec func(dir string, ancestors []os.FileInfo)
	rec = func(dir string, ancestors []os.FileInfo) {
		if len(ancestors) > maxDepth {
			s.Problems = append(s.Problems, FileProblem{Path: dir, Problem: Problem{Rule: RuleFileSymlinkLoop,
				Message: fmt.Sprintf("folder nesting deeper than %d levels (a symbolic link loop?): not followed", maxDepth)}})
			return
		}
		// Entries are not described (no lstat each) unless they are
		// links or folders: a file's size is only a guess for its read
		// buffer (readManual).
		entries, err := readDir(fsys, dir)
		if err != nil {
			s.Problems = append(s.Problems, FileProblem{Path: dir, Problem: Problem{Rule: RuleFileUnreadable,
				Message: fmt.Sprintf("cannot list folder %s: %s", dir, describe(err))}})
			return
		}
		s.listed[dir] = entries
		for _, d := range entries {
			p := joinSlash(dir, d.Name())
			mode, size := d.Type(), int64(-1)
			var e os.FileInfo // the folder's description, for ancestors
			if mode&os.ModeSymlink != 0 {
				// A folder reached without links, or through links that
				// stay inside, lies inside: only links need resolving.
				if !s.inside(wl, p) {
					continue
				}
				target, err := fsys.Stat(p)
				if err != nil {
					s.Problems = append(s.Problems, FileProblem{Path: p, Problem: Problem{Rule: RuleFileUnreadable,
						Message: fmt.Sprintf("symbolic link %s cannot be followed: %s; fix or remove the link", p, describe(err))}})
					continue
				}
				e, mode, size = target, target.Mode(), target.Size()
			}
			if mode.IsDir() {
				if SkippedDir(d.Name()) {
					continue
				}
				if e == nil {
					if e, err = d.Info(); err != nil {
						continue // gone since the folder was read
					}
				}
				if slices.ContainsFunc(ancestors, func(a os.FileInfo) bool { return os.SameFile(a, e) }) {
					s.Problems = append(s.Problems, FileProblem{Path: p, Problem: Problem{Rule: RuleFileSymlinkLoop,
						Message: fmt.Sprintf("symbolic link %s leads back into a folder above it: not followed", p)}})
					continue
				}
				rec(p, append(slices.Clip(ancestors), e))
				continue
			}
			if strings.EqualFold(path.Ext(d.Name()), ".md") {
				if !mode.IsRegular() {
					s.Problems = append(s.Problems, notRegular(p, mode))
					continue
				}
				out = append(out, walked{p, size})
			}
		}
	}
	rec(root, []os.FileInfo{fi})
	slices.SortFunc(out, func(a, b walked) int { return strings.Compare(a.path, b.path) })
	return out
}

// notRegular is the problem of a .md entry that is no file but a named
// pipe, device or socket: reading it could block for ever or never end.
func notRegular(p string, mode fs.FileMode) FileProblem {
	return FileProblem{Path: p, Problem: Problem{Rule: RuleFileUnreadable,
		Message: fmt.Sprintf("%s is %s, not a regular file: not read; replace it by a file or remove it", p, filekind.Of(mode))}}
}

// readManual reads and parses one file (or copies the manual of s.prev
// parsed from the same bytes).
func (s *Set) readManual(fsys afero.Fs, root string, w walked) (*Manual, []FileProblem) {
	p := w.path
	fail := func(rule, msg string) (*Manual, []FileProblem) {
		return nil, []FileProblem{{Path: p, Problem: Problem{Rule: rule, Message: msg}}}
	}
	f, err := fsys.Open(p)
	if err != nil {
		return fail(RuleFileUnreadable, fmt.Sprintf("cannot read %s: %s; check its permissions", p, describe(err)))
	}
	defer f.Close()
	var buf *[]byte // the bytes are read into *buf, and copied unless reused
	if s.bufs != nil {
		buf = s.bufs.Get().(*[]byte)
		defer s.bufs.Put(buf)
	}
	if w.size < 0 && buf == nil {
		// The size of what is open (no lookup by path), for one
		// allocation of the right size.
		if fi, err := f.Stat(); err == nil {
			w.size = fi.Size()
		}
	}
	size := 0
	if w.size > 0 && w.size <= MaxFileSize {
		size = int(w.size) // a guess: the file may change; readAll grows
	}
	src, err := readAll(buf, io.LimitReader(f, MaxFileSize+1), size)
	if err != nil {
		return fail(RuleFileUnreadable, fmt.Sprintf("cannot read %s: %s", p, describe(err)))
	}
	if len(src) > MaxFileSize {
		return fail(RuleFileTooLarge, fmt.Sprintf("file is larger than %d MiB: a manual is a page, not a book; split it (seed 000 §5)", MaxFileSize>>20))
	}
	if enc := UTF16(src); enc != "" {
		return fail(RuleFileEncoding, fmt.Sprintf("file is UTF-16 (%s); save it as UTF-8", enc))
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		line, col := diag.NewLines(src).Pos(src, i) // lines as every rule counts them (a lone CR ends one)
		return nil, []FileProblem{{Path: p, Problem: Problem{Rule: RuleFileEncoding, Line: line, Col: col,
			Message: "file contains a NUL byte: it looks binary, not Markdown; remove it or move the file out of the manual folders"}}}
	}
	src = NormalizeCR(src) // as Parse reads it: the same text is the same manual
	if old := s.reusable(root, p, src); old != nil {
		return old, nil
	}
	if buf != nil {
		src = bytes.Clone(src) // *buf is read into again
	}
	if s.models != nil {
		if model, ok := s.models.Get(root, p, src); ok {
			if m, err := Restore(p, root, src, model); err == nil {
				return m, nil
			}
		}
	}
	m, crashed := parseGuarded(p, src, Parse)
	if m == nil {
		return nil, crashed
	}
	m.Root = root
	m.Rel = relTo(root, p)
	if !utf8.Valid(src) {
		off := FirstInvalidUTF8(src)
		pos := m.Pos(off)
		m.Problems = append(m.Problems, Problem{Rule: RuleFileEncoding, Line: pos.Line, Col: pos.Col,
			Message: fmt.Sprintf("invalid UTF-8 at byte %d: save the file as UTF-8", off)})
	}
	if !ValidName(m.Name) {
		m.Problems = append(m.Problems, Problem{Rule: RuleFileName,
			Message: fmt.Sprintf("%q is not a valid manual name (letters, digits, '.', '_' and '-', starting with a letter or digit): rename the file", m.Name)})
	} else if d, ok := windowsDevice(path.Base(p)); ok {
		m.Problems = append(m.Problems, Problem{Rule: RuleFileName,
			Message: fmt.Sprintf("%q is a device name on Windows: a checkout there cannot create %s (and one on macOS or Linux that serves it to Windows users breaks their clone); rename the file", d, path.Base(p))})
	}
	if s.models != nil {
		s.models.Put(root, p, src, m.AppendModel(nil))
	}
	if s.noAST {
		m.Doc = nil
	}
	return m, nil
}

// reusable returns a copy of the manual of s.prev at p under root, when it
// was parsed from src.
func (s *Set) reusable(root, p string, src []byte) *Manual {
	if s.prev == nil {
		return nil
	}
	old := s.prev.ByPath(p)
	if old == nil || old.Root != root || !bytes.Equal(old.Src, src) {
		return nil
	}
	c := *old
	c.Owner = nil // the new set finds the owners
	return &c
}

// readAll is io.ReadAll with a first guess of the size, so a file is read
// into one allocation. With buf (nil: none) it reads into *buf, which
// keeps the memory for the next read (what it returns is *buf's).
func readAll(buf *[]byte, r io.Reader, size int) ([]byte, error) {
	var b []byte
	if buf != nil {
		b = (*buf)[:0]
		defer func() { *buf = b[:0] }()
	}
	if cap(b) < size+1 {
		b = make([]byte, 0, size+1) // +1: EOF is seen without growing
	}
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
	}
}

// FirstInvalidUTF8 returns the offset of the first byte of b that is not
// valid UTF-8 (len(b) when all of it is).
func FirstInvalidUTF8(b []byte) int {

	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

func describe(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func cleanSlash(p string) string { return path.Clean(filepath.ToSlash(p)) }

func joinSlash(dir, name string) string {
	if dir == "." {
		return name
	}
	return dir + "/" + name
}

func relTo(root, p string) string {
	if root == p {
		return path.Base(p)
	}
	if root == "." {
		return p
	}
	return strings.TrimPrefix(p, root+"/")
}
