package mcpserver

import (
	"cmp"
	"fmt"
	"io"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/manual"
)

// skillSet is every skill a snapshot serves, with its lookups.
type skillSet struct {
	// skills are sorted by URI.
	skills []*skill
	byURI  map[string]*skill     // by the URI of its SKILL.md
	files  map[string]*skillFile // every file of every skill by URI
	// dirs maps each directory URI (a skill's root and every folder
	// below it) to the URIs of its direct children, sorted; isDir tells
	// the folders among them.
	dirs     map[string][]string
	isDir    map[string]bool
	warnings []string
}

// buildSkills makes a skill of every winner of the cascade that is not a
// document of a skill folder: a SKILL.md with its folder's files (those
// visible to v: a document hidden from the engine, and the folder of a
// hidden nested skill, are left out), any other manual as a SKILL.md of
// its own with front matter written from its header.
//
// Skills are named and placed so that every URI is valid and unique:
// skill://<name>/SKILL.md, where name is the front matter's name when it
// is a valid Agent Skills name and the manual's name mapped to one
// otherwise (manual.SkillName), with -2, -3, … added in path order when
// two would meet; a SKILL.md inside the folder of a served skill sits
// under that skill's root, as the extension describes nested skills.
func buildSkills(fsys afero.Fs, set *manual.Set, winners []*manual.Manual, v manual.Visibility) *skillSet {
	ss := &skillSet{byURI: map[string]*skill{}, files: map[string]*skillFile{}, dirs: map[string][]string{}, isDir: map[string]bool{}}
	var cands []*manual.Manual
	for _, m := range winners {
		if m.Owner == nil && manual.ValidName(m.Name) {
			cands = append(cands, m)
		}
	}
	// Enclosing skills first, so that a nested SKILL.md finds its place.
	slices.SortFunc(cands, func(a, b *manual.Manual) int {
		return cmp.Or(cmp.Compare(strings.Count(a.Path, "/"), strings.Count(b.Path, "/")), cmp.Compare(a.Path, b.Path))
	})
	b := &skillBuilder{fsys: fsys, set: set, v: v, ss: ss, taken: map[string]bool{}, byFolder: map[string]*skill{}}
	for _, m := range cands {
		sk, err := b.build(m)
		if err != nil {
			ss.warnings = append(ss.warnings, fmt.Sprintf("%s: not served as a skill: %v", m.Path, err))
			continue
		}
		ss.add(sk)
	}
	slices.SortFunc(ss.skills, func(a, b *skill) int { return cmp.Compare(a.uri, b.uri) })
	for d := range ss.dirs {
		slices.Sort(ss.dirs[d])
	}
	return ss
}

// add records sk, its files and its directories.
func (ss *skillSet) add(sk *skill) {
	ss.skills = append(ss.skills, sk)
	ss.byURI[sk.uri] = sk
	ss.isDir[sk.dir] = true
	for _, f := range sk.files {
		ss.files[f.uri] = f
		child := f.uri
		for child != sk.dir {
			parent := child[:strings.LastIndexByte(child, '/')]
			if !slices.Contains(ss.dirs[parent], child) {
				ss.dirs[parent] = append(ss.dirs[parent], child)
			}
			ss.isDir[parent] = true
			child = parent
		}
	}
	if ss.dirs[sk.dir] == nil {
		ss.dirs[sk.dir] = []string{}
	}
}

// skillBuilder makes the skills of one snapshot.
type skillBuilder struct {
	fsys afero.Fs
	set  *manual.Set
	v    manual.Visibility
	ss   *skillSet
	// taken holds the skill roots given out; byFolder the served SKILL.md
	// skills by their folder.
	taken    map[string]bool
	byFolder map[string]*skill
}

// build makes the skill of m.
func (b *skillBuilder) build(m *manual.Manual) (*skill, error) {
	fm, body, err := b.frontMatter(m)
	if err != nil {
		return nil, err
	}
	sk := &skill{source: m}
	want, isText := fm.text("name")
	if !isText || !manual.ValidSkillName(want) {
		if !isText {
			want = m.Name
		}
		want = manual.SkillName(want)
	}
	sk.dir, sk.name = b.place(m, want)
	sk.uri = sk.dir + "/" + skillEntry
	if got, _ := fm.text("name"); got != sk.name {
		fm.set("name", sk.name)
		sk.rewritten = append(sk.rewritten, "name")
	}
	if d, ok := fm.text("description"); !ok || strings.TrimSpace(d) == "" || utf8.RuneCountInString(d) > manual.MaxSkillDescription {
		fm.set("description", description(m))
		sk.rewritten = append(sk.rewritten, "description")
	}
	if !m.IsSkillEntry() && len(m.RequiresTools) > 0 {
		fm.set("allowed-tools", strings.Join(m.RequiresTools, " "))
		sk.rewritten = append(sk.rewritten, "allowed-tools")
	}
	sk.description, _ = fm.text("description")
	if sk.frontmatter, err = fm.json(); err != nil {
		return nil, err
	}
	src := m.Src
	if len(sk.rewritten) > 0 {
		text, err := fm.marshal()
		if err != nil {
			return nil, err
		}
		src = slices.Concat([]byte("---\n"), text, []byte("---\n"), body)
	}
	sk.files = []*skillFile{newSkillFile(sk.uri, m.Path, "text/markdown", src)}
	if m.IsSkillEntry() {
		if err := b.supporting(sk, m); err != nil {
			return nil, err
		}
	}
	b.taken[sk.dir] = true
	if m.IsSkillEntry() {
		b.byFolder[m.Dir()] = sk
	}
	return sk, nil
}

// frontMatter returns m's front matter to start from and the body that
// follows it: a SKILL.md's own, or an empty one for a manual that has
// none of the Agent Skills kind (its header becomes fields).
func (b *skillBuilder) frontMatter(m *manual.Manual) (*frontMatter, []byte, error) {
	if m.IsSkillEntry() {
		if fm, ok := manual.SplitFrontMatter(m.Src); ok && fm.Closed {
			f, err := parseFrontMatter(fm.Text)
			return f, fm.Rest, err
		}
		return newFrontMatter(), m.Src, nil
	}
	return newFrontMatter(), m.Body(), nil
}

// place returns the root and the name of m's skill: under the served skill
// whose folder holds m's (a nested SKILL.md), or at the top; name gets a
// number when the place is taken.
func (b *skillBuilder) place(m *manual.Manual, name string) (dir, final string) {
	parent, own := "skill:/", ""
	if m.IsSkillEntry() {
		up := path.Dir(m.Dir())
		for d := up; manual.InDir(m.Dir(), d); d = path.Dir(d) {
			if enc := b.byFolder[d]; enc != nil {
				parent = enc.dir
				if d != up {
					parent += "/" + escapePath(strings.TrimPrefix(up, d+"/"))
				}
				// The folder's own URI in the enclosing skill's manifest.
				own = parent + "/" + escapePath(path.Base(m.Dir()))
				break
			}
			if d == m.Root || d == "." || d == "/" {
				break
			}
		}
	}
	final = name
	for i := 2; ; i++ {
		dir = parent + "/" + final
		if !b.taken[dir] && (dir == own || !b.ss.isDir[dir] && b.ss.files[dir] == nil) {
			return dir, final
		}
		suffix := "-" + strconv.Itoa(i)
		base := name
		if len(base)+len(suffix) > manual.MaxSkillName {
			base = strings.TrimRight(base[:manual.MaxSkillName-len(suffix)], "-")
		}
		final = base + suffix
	}
}

// supporting adds the files of m's folder to sk: SKILL.md is there
// already; a document hidden from the engine and the folder of a hidden
// nested skill are left out, and so is a link to a file the engine may
// not see (a hidden manual, a file of a hidden skill's folder), which is
// judged by where it leads.
func (b *skillBuilder) supporting(sk *skill, m *manual.Manual) error {
	hiddenSkill := func(dir string) bool {
		nested := b.set.ByPath(dir + "/" + skillEntry)
		return nested != nil && !b.v.Sees(nested)
	}
	files := manual.SkillFiles(b.fsys, m, hiddenSkill, maxSkillFiles)
	if len(files) > maxSkillFiles {
		return fmt.Errorf("its folder holds more than %d files, the Skills extension's limit per skill", maxSkillFiles)
	}
	total := len(sk.files[0].data)
	for _, f := range files {
		if f.Path == m.Path || !b.set.SeesFile(b.v, f.Path) || !b.set.SeesFile(b.v, f.Target) {
			continue
		}
		data, err := b.read(f.Target)
		if err != nil {
			return err
		}
		if total += len(data); total > maxSkillBytes {
			return fmt.Errorf("its files hold more than %d bytes, the Skills extension's limit per skill", maxSkillBytes)
		}
		rel := strings.TrimPrefix(f.Path, m.Dir()+"/")
		sk.files = append(sk.files, newSkillFile(sk.dir+"/"+escapePath(rel), f.Path, fileMIME(f.Path, utf8.Valid(data)), data))
	}
	slices.SortFunc(sk.files[1:], func(a, b *skillFile) int { return cmp.Compare(a.uri, b.uri) })
	return nil
}

// read returns a supporting file's bytes: a manual's text as lore read it,
// any other file as it is on disk.
func (b *skillBuilder) read(p string) ([]byte, error) {
	if doc := b.set.ByPath(p); doc != nil {
		return doc.Src, nil
	}
	f, err := b.fsys.Open(p)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", p, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSkillBytes+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", p, err)
	}
	return data, nil
}

// description is the description written for a manual without a usable
// one: its summary, else its title, cut to the Agent Skills limit.
func description(m *manual.Manual) string {
	d := strings.TrimSpace(m.Summary)
	if d == "" {
		d = strings.TrimSpace(m.Title)
	}
	if d == "" {
		d = "The " + m.Name + " manual."
	}
	if utf8.RuneCountInString(d) > manual.MaxSkillDescription {
		d = string([]rune(d)[:manual.MaxSkillDescription-1]) + "…"
	}
	return d
}

// escapePath escapes each segment of a slash path for a URI.
func escapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}
