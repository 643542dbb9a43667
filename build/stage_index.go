package build

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/search"
)

// CatalogDir is where the catalog lives inside an output folder.
const CatalogDir = "lore/catalog.bleve"

// CatalogInfo describes the built how_do_i catalog.
type CatalogInfo struct {
	Path         string `json:"path"`
	Documents    int    `json:"documents"`
	InputsSHA256 string `json:"inputsSha256"`
}

// CatalogSource is what the project's catalog is built from.
func (p *Project) CatalogSource() search.Source {
	return search.Source{Manuals: p.Manuals, Config: p.Config, RelPath: p.RelPath}
}

// index builds the how_do_i catalog under lore/catalog.bleve/ of out. When
// the previous output holds a catalog of the same inputs, it is copied
// instead of rebuilt (the index bytes are not deterministic; the inputs'
// hash is).
func index(p *Project, out afero.Fs) (*CatalogInfo, error) {
	src := p.CatalogSource()
	hash := search.InputsHash(src)
	prev := path.Join(p.Config.Path(p.Config.Out), CatalogDir)
	if meta, err := readMeta(p.FS, prev); err == nil && meta.InputsSHA256 == hash {
		if err := copyTree(p.FS, prev, out, CatalogDir); err == nil {
			return info(meta), nil
		}
		_ = out.RemoveAll(CatalogDir) // a partial copy: rebuild below
	}
	tmp, err := os.MkdirTemp("", "lore-catalog-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "catalog.bleve")
	meta, err := search.Build(dir, src)
	if err != nil {
		return nil, err
	}
	if err := copyTree(afero.NewOsFs(), dir, out, CatalogDir); err != nil {
		return nil, fmt.Errorf("cannot write the catalog: %w", err)
	}
	return info(meta), nil
}

func info(m *search.Meta) *CatalogInfo {
	return &CatalogInfo{Path: CatalogDir + "/", Documents: m.Documents, InputsSHA256: m.InputsSHA256}
}

// IndexOptions configure BuildCatalog.
type IndexOptions struct {
	// Dir is the OS folder that receives the catalog (the catalog folder
	// itself).
	Dir string
	// Force rebuilds even when the inputs are unchanged.
	Force bool
}

// BuildCatalog writes the catalog of p into the OS folder dir, unless dir
// already holds a catalog of the same inputs (fresh is then false). The new
// catalog is built beside dir and swapped in, so readers never see half a
// catalog.
func BuildCatalog(p *Project, o IndexOptions) (meta *search.Meta, fresh bool, err error) {
	src := p.CatalogSource()
	if !o.Force {
		if m, err := search.ReadMeta(o.Dir); err == nil && m.InputsSHA256 == search.InputsHash(src) {
			return m, false, nil
		}
	}
	if err := os.MkdirAll(filepath.Dir(o.Dir), 0o755); err != nil {
		return nil, false, err
	}
	stage := fmt.Sprintf("%s.tmp-%d", o.Dir, os.Getpid())
	_ = os.RemoveAll(stage)
	meta, err = search.Build(stage, src)
	if err != nil {
		_ = os.RemoveAll(stage)
		return nil, false, err
	}
	old := stage + ".old"
	_ = os.RemoveAll(old)
	if _, err := os.Stat(o.Dir); err == nil {
		if err := os.Rename(o.Dir, old); err != nil {
			_ = os.RemoveAll(stage)
			return nil, false, fmt.Errorf("cannot replace the catalog %s: %w", o.Dir, err)
		}
	}
	if err := os.Rename(stage, o.Dir); err != nil {
		_ = os.Rename(old, o.Dir)
		_ = os.RemoveAll(stage)
		return nil, false, fmt.Errorf("cannot write the catalog %s: %w", o.Dir, err)
	}
	_ = os.RemoveAll(old)
	return meta, true, nil
}

// ProjectCatalog returns the OS folder of the project's built catalog
// (public/lore/catalog.bleve), building it when it is missing or its inputs
// changed. The project must be on the OS file system.
func ProjectCatalog(p *Project) (string, error) {
	if _, ok := p.FS.(*afero.OsFs); !ok {
		return "", errors.New("the project's catalog can only be built on the OS file system")
	}
	dir := filepath.FromSlash(path.Join(p.Config.Path(p.Config.Out), CatalogDir))
	if _, _, err := BuildCatalog(p, IndexOptions{Dir: dir}); err != nil {
		return "", err
	}
	return dir, nil
}

func readMeta(fsys afero.Fs, dir string) (*search.Meta, error) {
	b, err := afero.ReadFile(fsys, path.Join(dir, search.MetaFile))
	if err != nil {
		return nil, err
	}
	return search.DecodeMeta(b)
}

// copyTree copies the folder src of from into dst of to.
func copyTree(from afero.Fs, src string, to afero.Fs, dst string) error {
	return afero.Walk(from, src, func(p string, fi fs.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := path.Join(dst, filepath.ToSlash(rel))
		if fi.IsDir() {
			return to.MkdirAll(target, 0o755)
		}
		in, err := from.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		outF, err := to.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
		if err != nil {
			return err
		}
		if _, err := io.Copy(outF, in); err != nil {
			outF.Close()
			return err
		}
		return outF.Close()
	})
}
