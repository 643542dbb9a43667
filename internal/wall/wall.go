// Package wall keeps lore's reading inside the folders a project
// configures. A root (a folder of manuals, prompts/, content/, theme/, the
// project folder for lore.yaml) is a wall: a file lore reads for it must
// resolve, after every symbolic link on its way, to a place inside the
// root, itself resolved. A link that stays inside its root is fine; one
// that leads out is an Escape, and the file is not read.
//
// Resolution goes through afero: symbolic links are seen through
// afero.Lstater and read through afero.LinkReader, so it works on
// afero.OsFs, afero.BasePathFs (whose link targets are paths of the file
// system beneath it) and file systems without links (afero.MemMapFs),
// where every path is where it says.
package wall

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/afero"
)

// Rule is the lint rule id of an escape.
const Rule = "file/outside-root"

// maxHops bounds the symbolic links followed while resolving one path, as
// the operating systems do (Linux gives up after 40).
const maxHops = 64

// errLoop is returned for a path whose symbolic links do not end.
var errLoop = errors.New("too many levels of symbolic links")

// Escape is a path that leads out of its root.
type Escape struct {
	// Path is the file asked for; Root the folder it must stay in.
	Path, Root string
	// Link is the symbolic link on the way that leads out (Path itself or
	// a folder above it), Target the link's text; both are empty when Path
	// lies outside Root as written.
	Link, Target string
	// Resolved is where Path leads.
	Resolved string
}

// Message says what escapes where, and what to do.
func (e *Escape) Message() string {
	if e.Link == "" {
		return fmt.Sprintf("%s lies outside its root %s: not read", e.Path, e.Root)
	}
	what := "symbolic link " + e.Link + " points"
	if e.Link != e.Path {
		what = fmt.Sprintf("%s lies in symbolic link %s, which points", e.Path, e.Link)
	}
	return fmt.Sprintf("%s to %s, outside its root %s: not read; replace the link by the file itself, "+
		"or configure the folder it points to as a root of its own", what, e.Target, e.Root)
}

// Error makes an Escape an error, for callers that report errors.
func (e *Escape) Error() string { return e.Message() }

// Wall is a root with its real place resolved once, for checking many
// paths against it.
type Wall struct {
	sp             *space
	root, realRoot string
	err            error
}

// New returns the wall of root on fsys. The root's own symbolic links are
// followed: the wall is where the root really is.
func New(fsys afero.Fs, root string) *Wall {
	w := &Wall{sp: newSpace(fsys), root: clean(root)}
	w.realRoot, w.err = w.sp.eval(w.sp.toReal(w.root), new(int))
	return w
}

// Root returns the root as given (clean).
func (w *Wall) Root() string { return w.root }

// Check reports whether p, a path on fsys, resolves to a place inside
// root: nil when it does, an Escape when it does not. A path that does not
// exist is judged as far as it exists. err is set when the links cannot be
// resolved (a loop, an unreadable link).
func Check(fsys afero.Fs, root, p string) (*Escape, error) { return New(fsys, root).Check(p) }

// Check reports whether p resolves inside the wall's root (see Check).
func (w *Wall) Check(p string) (*Escape, error) {
	if w.err != nil {
		return nil, w.err
	}
	sp, root, realRoot := w.sp, w.root, w.realRoot
	p = clean(p)
	if !within(p, root) {
		real, err := sp.eval(sp.toReal(p), new(int))
		if err != nil {
			return nil, err
		}
		if within(real, realRoot) {
			return nil, nil
		}
		return &Escape{Path: p, Root: root, Resolved: real}, nil
	}
	if !sp.links {
		return nil, nil
	}
	// Walk down from the root: the first link whose target is outside
	// the root is the one to name.
	cur := realRoot
	virt := root
	rel := strings.TrimPrefix(strings.TrimPrefix(p, root), "/")
	if root == "." {
		rel = p
	}
	if p == root {
		rel = ""
	}
	hops := 0
	for _, c := range split(rel) {
		next := join(cur, c)
		virt = joinVirtual(virt, c)
		fi, err := sp.lstat(next)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, errOutside) {
				cur = next
				continue
			}
			return nil, err
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			cur = next
			continue
		}
		target, err := sp.readlink(next)
		if err != nil {
			return nil, err
		}
		hops++
		if hops > maxHops {
			return nil, errLoop
		}
		real, err := sp.eval(sp.linkTarget(cur, target), &hops)
		if err != nil {
			return nil, err
		}
		if !within(real, realRoot) {
			return &Escape{Path: p, Root: root, Link: virt, Target: target, Resolved: real}, nil
		}
		cur = real
	}
	return nil, nil
}

// Resolve returns where p leads after every symbolic link on its way, as
// a path of fsys inside the root (p itself, cleaned, when no link is on
// its way); an *Escape is the error when p leads out of the root, and a
// loop or an unreadable link is an error too. A caller that judges a file
// by where it lies (whose folder holds it) judges the path Resolve
// returns, not the link.
func (w *Wall) Resolve(p string) (string, error) {
	esc, err := w.Check(p)
	if err != nil {
		return "", err
	}
	if esc != nil {
		return "", esc
	}
	p = clean(p)
	if !w.sp.links {
		return p, nil
	}
	real, err := w.sp.eval(w.sp.toReal(p), new(int))
	if err != nil {
		return "", err
	}
	if real == w.realRoot {
		return w.root, nil
	}
	rel, ok := strings.CutPrefix(real, strings.TrimSuffix(w.realRoot, "/")+"/")
	if !ok {
		return "", &Escape{Path: p, Root: w.root, Resolved: real}
	}
	return joinVirtual(w.root, rel), nil
}

// errOutside is the error of a real path beyond a BasePathFs's base.
var errOutside = errors.New("outside the file system")

// space is the namespace links are resolved in: the paths of the file
// system beneath fsys (real paths), absolute where that can be known.
type space struct {
	fsys  afero.Fs
	lst   afero.Lstater
	rl    afero.LinkReader
	links bool   // fsys can hold symbolic links
	base  string // BasePathFs: its base folder, as a real path
	os    bool   // OsFs: relative paths are relative to the working directory
}

func newSpace(fsys afero.Fs) *space {
	sp := &space{fsys: fsys}
	sp.lst, _ = fsys.(afero.Lstater)
	sp.rl, _ = fsys.(afero.LinkReader)
	sp.links = sp.lst != nil && sp.rl != nil
	switch f := fsys.(type) {
	case *afero.OsFs, afero.OsFs:
		sp.os = true
	case *afero.BasePathFs:
		if b, err := f.RealPath("/"); err == nil {
			sp.base = absolute(clean(b))
		}
	}
	if _, ok := fsys.(*afero.MemMapFs); ok {
		sp.links = false
	}
	return sp
}

// toReal maps a path of fsys to a real path.
func (sp *space) toReal(p string) string {
	switch {
	case sp.base != "":
		return path.Join(sp.base, "/"+p)
	case sp.os:
		return absolute(p)
	}
	return p
}

// toVirtual maps a real path back to a path of fsys.
func (sp *space) toVirtual(r string) (string, error) {
	if sp.base == "" {
		return r, nil
	}
	if r == sp.base {
		return "/", nil
	}
	if rest, ok := strings.CutPrefix(r, strings.TrimSuffix(sp.base, "/")+"/"); ok {
		return "/" + rest, nil
	}
	return "", errOutside
}

func (sp *space) lstat(r string) (fs.FileInfo, error) {
	v, err := sp.toVirtual(r)
	if err != nil {
		return nil, err
	}
	fi, called, err := sp.lst.LstatIfPossible(v)
	if err == nil && !called {
		// No link information: a file system without links.
		return fi, nil
	}
	return fi, err
}

func (sp *space) readlink(r string) (string, error) {
	v, err := sp.toVirtual(r)
	if err != nil {
		return "", err
	}
	t, err := sp.rl.ReadlinkIfPossible(v)
	return filepath.ToSlash(t), err
}

// linkTarget is where a link in folder dir with text target points.
func (sp *space) linkTarget(dir, target string) string {
	if isAbs(target) {
		return clean(target)
	}
	return join(dir, target)
}

// eval resolves every symbolic link of the real path r (lexically where
// the file system has no links or the path does not exist).
func (sp *space) eval(r string, hops *int) (string, error) {
	r = clean(r)
	if !sp.links {
		return r, nil
	}
	vol := volume(r)
	dst := ""
	rest := split(r[len(vol):])
	if isAbs(r) {
		dst = vol + "/"
	}
	for len(rest) > 0 {
		c := rest[0]
		rest = rest[1:]
		if c == ".." {
			dst = up(dst)
			continue
		}
		next := join(dst, c)
		fi, err := sp.lstat(next)
		if err != nil {
			if errors.Is(err, errOutside) && within(sp.base, next) {
				// A folder on the way to a BasePathFs's base: the
				// file system cannot show it, it is no link of its.
				dst = next
				continue
			}
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, errOutside) {
				return clean(join(next, strings.Join(rest, "/"))), nil
			}
			return "", err
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			dst = next
			continue
		}
		*hops++
		if *hops > maxHops {
			return "", errLoop
		}
		t, err := sp.readlink(next)
		if err != nil {
			return "", err
		}
		if isAbs(t) {
			t = clean(t)
			v := volume(t)
			dst = v + "/"
			rest = append(split(t[len(v):]), rest...)
			continue
		}
		rest = append(split(t), rest...)
	}
	if dst == "" {
		return ".", nil
	}
	return dst, nil
}

// within reports whether p is dir or lies inside it (both clean).
func within(p, dir string) bool {
	if dir == "." {
		return !isAbs(p) && p != ".." && !strings.HasPrefix(p, "../")
	}
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

func clean(p string) string { return path.Clean(filepath.ToSlash(p)) }

func absolute(p string) string {
	if isAbs(p) {
		return clean(p)
	}
	a, err := filepath.Abs(filepath.FromSlash(p))
	if err != nil {
		return clean(p)
	}
	return clean(a)
}

func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || filepath.IsAbs(filepath.FromSlash(p))
}

func volume(p string) string { return filepath.ToSlash(filepath.VolumeName(filepath.FromSlash(p))) }

func split(p string) []string {
	var out []string
	for _, c := range strings.Split(p, "/") {
		if c != "" && c != "." {
			out = append(out, c)
		}
	}
	return out
}

func join(dir, name string) string {
	switch {
	case dir == "" || dir == ".":
		return name
	case strings.HasSuffix(dir, "/"):
		return dir + name
	}
	return dir + "/" + name
}

// joinVirtual appends a component to a clean path of fsys.
func joinVirtual(dir, name string) string {
	if dir == "." {
		return name
	}
	return path.Join(dir, name)
}

// up is the parent of dst during resolution: lexical, keeping leading
// ".." of a relative path.
func up(dst string) string {
	switch {
	case dst == "":
		return ".."
	case dst == ".." || strings.HasSuffix(dst, "/.."):
		return dst + "/.."
	case strings.HasSuffix(dst, "/") && path.Clean(dst) == path.Dir(path.Clean(dst)):
		return dst // the root's parent is the root
	}
	d := path.Dir(dst)
	if d == "." {
		return ""
	}
	if strings.HasSuffix(d, ":") {
		return d + "/"
	}
	return d
}
