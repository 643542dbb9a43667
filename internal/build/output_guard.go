package build

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/search"
)

// checkOut refuses an output folder a build must not replace. Publishing
// swaps the new output in and removes the previous one whole, so out must
// not be the project folder or hold it, must not be, hold or lie in a
// folder lore reads (a manual root, prompts/, content/, theme/) or lie in
// .git, must not be a file (`out: lore.yaml` replaced the project file
// with the site), and, when it exists, must be empty or a previous output of lore
// (its manifest.json says so, or it holds files of prev, the record of
// the previous build into it, unchanged since): lore.yaml's out: is
// written by whoever writes the repository, and `out: manuals`,
// `out: ../<repo>` or an absolute path would otherwise delete what is
// there. fromConfig says out is lore.yaml's (the error then points at its
// line).
func (p *Project) checkOut(out string, fromConfig bool, prev *record) error {
	const replaces = "a build replaces its output folder entirely"
	shown := out
	if fromConfig {
		shown = p.Config.Out // as lore.yaml writes it
	}
	refuse := func(format string, args ...any) error {
		msg := fmt.Sprintf("the output folder %s ", shown) + fmt.Sprintf(format, args...)
		if fromConfig && p.Config.File != "" {
			// the value, as the refusal of a path outside the project points
			at := pathKey{key: "out", line: p.Config.Lines["out"], pos: p.Config.ValuePos["out"]}.at(0)
			return &config.Error{File: p.Config.File, Line: at.Line, Col: at.Col, Msg: "out: " + msg}
		}
		return fmt.Errorf("%s", msg)
	}
	overlap := func(format string, args ...any) error {
		return refuse(format+": "+replaces+"; choose a folder of its own (e.g. public)", args...)
	}
	abs := func(q string) string {
		q = filepath.ToSlash(q)
		if !path.IsAbs(q) && osFS(p.FS) {
			if a, err := filepath.Abs(filepath.FromSlash(q)); err == nil {
				q = filepath.ToSlash(a)
			}
		}
		return path.Clean(q)
	}
	o, proj := abs(out), abs(p.projectDir())
	switch {
	case o == proj:
		return overlap("is the project folder")
	case manual.InDir(proj, o) || o == "/":
		return overlap("holds the project folder")
	case o == path.Join(proj, ".git") || manual.InDir(o, path.Join(proj, ".git")):
		return overlap("lies in .git")
	}
	inputs := []struct{ what, dir string }{{"prompts folder", p.Config.Prompts}, {"content folder", p.Config.Content}, {"theme folder", p.Config.Theme}}
	for _, r := range p.Config.Manuals {
		inputs = append(inputs, struct{ what, dir string }{"manual folder", r})
	}
	for _, in := range inputs {
		if in.dir == "" {
			continue
		}
		d := abs(p.Config.Path(in.dir))
		switch {
		case o == d:
			return overlap("is the %s %s", in.what, in.dir)
		case manual.InDir(d, o):
			return overlap("holds the %s %s", in.what, in.dir)
		case manual.InDir(o, d):
			return overlap("lies in the %s %s", in.what, in.dir)
		}
	}
	if fi, err := p.FS.Stat(out); err == nil && !fi.IsDir() {
		return refuse("is a file, not a folder: %s and would delete it; choose a folder of its own (e.g. public)", replaces)
	}
	if foreign := foreignFile(p.FS, out, prev); foreign != "" {
		return refuse("holds files lore did not write (%s; no manifest.json of lore): %s and would delete them; "+
			"empty the folder first if they may go, or choose another (e.g. public)", foreign, replaces)
	}
	return nil
}

// foreignFile returns an entry of the existing, non-empty folder dir when
// dir is no output of lore, and "" otherwise. An output of lore has a
// manifest.json with lore's schema, or holds a file of prev as the
// previous build wrote it (a record a repository could plant in the cache
// folder does not match the size and time of another folder's files).
func foreignFile(fsys afero.Fs, dir string, prev *record) string {
	entries, err := afero.ReadDir(fsys, dir)
	if err != nil || len(entries) == 0 {
		return ""
	}
	if manifestSchema(fsys, path.Join(dir, "manifest.json")) == ManifestSchema {
		return ""
	}
	if prev != nil {
		if same, _ := verify(fsys, dir, prev); len(same.files) > 0 {
			return ""
		}
	}
	if onlyCatalog(fsys, dir, entries) {
		return ""
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			return e.Name()
		}
	}
	return entries[0].Name()
}

// onlyCatalog reports whether entries, those of folder dir, are nothing
// but the catalog lore list, read and howdoi build into the output folder
// (lore/catalog.bleve with its meta file) before a first build, by this
// lore or an older one (whose catalog format this lore no longer reads:
// the build replaces it).
func onlyCatalog(fsys afero.Fs, dir string, entries []os.FileInfo) bool {
	if len(entries) != 1 || entries[0].Name() != path.Dir(CatalogDir) || !entries[0].IsDir() {
		return false
	}
	sub, err := afero.ReadDir(fsys, path.Join(dir, path.Dir(CatalogDir)))
	if err != nil || len(sub) != 1 || sub[0].Name() != path.Base(CatalogDir) {
		return false
	}
	b, err := manual.ReadBounded(fsys, path.Join(dir, CatalogDir, search.MetaFile), 1<<20, "a catalog's meta file")
	if err != nil {
		return false
	}
	var m struct {
		Schema string `json:"schema"`
	}
	return json.Unmarshal(b, &m) == nil && strings.HasPrefix(m.Schema, search.SchemaFamily)
}

// manifestSchema returns the "schema" member of the JSON object in the
// file at name ("" when there is none). It reads the object's members one
// by one and stops at "schema" (the first member lore writes), so that the
// manifest of a large site (megabytes) is not decoded whole; at most 1 MiB
// is read.
func manifestSchema(fsys afero.Fs, name string) string {
	// Stat before Open: opening a named pipe waits for a writer.
	if fi, err := fsys.Stat(name); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	f, err := fsys.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	dec := json.NewDecoder(io.LimitReader(f, 1<<20))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return ""
		}
		if key == "schema" {
			var v string
			if dec.Decode(&v) != nil {
				return ""
			}
			return v
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return ""
		}
	}
	return ""
}
