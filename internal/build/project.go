// Package build is lore's pipeline: load a project (lore.yaml, manuals,
// prompts, content), lint it, index the catalog, bake prompt bundles and
// render the site. A plain Config drives it; each stage hands explicit
// types to the next.
package build

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/search"
)

// Options select a project on a file system.
type Options struct {
	// FS is the file system (afero.NewOsFs() for the real one).
	FS afero.Fs
	// Dir is the project folder ("." by default).
	Dir string
	// ConfigFile is an explicit project file (--config); "" looks for
	// lore.yaml in Dir.
	ConfigFile string
	// Manuals replaces the configured manual roots (--manuals), relative to
	// the working directory.
	Manuals []string
	// AllowOutside admits path keys of lore.yaml that lead out of the
	// project folder (--allow-outside: the CI owner trusts them);
	// without it they are refused (outside.go).
	AllowOutside bool
	// OutGiven says that the command line names the output folder
	// (--out): lore.yaml's out is not used, and not checked.
	OutGiven bool
}

// Project is a loaded project: its configuration and manuals.
type Project struct {
	Config  *config.Config
	FS      afero.Fs
	Manuals *manual.Set
	// Vocabulary is the text of the configuration's vocabulary files, one
	// after the other (search.Source.Vocabulary).
	Vocabulary string
}

// Load reads the project's configuration and every manual under its roots.
// Only a broken or unreadable project file is an error; defects of manuals
// are recorded on them as problems.
func Load(o Options) (*Project, error) {
	p, err := loadConfig(o)
	if err != nil {
		return nil, err
	}
	p.Manuals = manual.Load(p.FS, p.roots())
	return p, nil
}

// readVocabulary reads the configuration's vocabulary files: a file that
// is missing, leads out of the project folder or holds a line that is no
// entry is an error naming it.
func (p *Project) readVocabulary() (string, error) {
	cfg := p.Config
	file := cfg.File
	if file == "" {
		file = cfg.Path(config.FileName)
	}
	var b strings.Builder
	key := pathKey{key: "vocabulary", line: cfg.Lines["vocabulary"], pos: cfg.ValuePos["vocabulary"]}
	for i, v := range cfg.Vocabulary {
		name := cfg.Path(v)
		at := key.at(i)
		if e := p.escape(name); e != nil {
			return "", &config.Error{File: file, Line: at.Line, Col: at.Col, Msg: "vocabulary: " + e.Message()}
		}
		text, err := readVocabularyFile(p.FS, name)
		if err != nil {
			return "", &config.Error{File: file, Line: at.Line, Col: at.Col, Msg: fmt.Sprintf("vocabulary: cannot read %s: %v", name, err)}
		}
		if line, msg := search.CheckVocabulary(string(text)); line > 0 {
			return "", &config.Error{File: name, Line: line, Col: 1, Msg: msg}
		}
		b.Write(text)
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// loadConfig reads the project's configuration and the files it names for
// routing (Vocabulary); Manuals is nil.
func loadConfig(o Options) (*Project, error) {
	p, err := checkedConfig(o)
	if err != nil {
		return nil, err
	}
	if p.Vocabulary, err = p.readVocabulary(); err != nil {
		return nil, err
	}
	return p, nil
}

// checkedConfig reads the project's configuration, with --manuals in
// place of its manual roots, and refuses a path key that leads out of the
// project folder (outside.go); nothing the keys name is read.
func checkedConfig(o Options) (*Project, error) {
	if o.FS == nil {
		o.FS = afero.NewOsFs()
	}
	if o.Dir == "" {
		o.Dir = "."
	}
	if err := configInside(o.FS, filepath.ToSlash(o.Dir), filepath.ToSlash(o.ConfigFile)); err != nil {
		return nil, err
	}
	cfg, err := config.Load(o.FS, filepath.ToSlash(o.Dir), filepath.ToSlash(o.ConfigFile))
	if err != nil {
		return nil, err
	}
	if len(o.Manuals) > 0 {
		cfg.Manuals = nil
		delete(cfg.ValuePos, "manuals") // the command line's, not lore.yaml's
		for _, m := range o.Manuals {
			cfg.Manuals = append(cfg.Manuals, cfg.Rel(filepath.ToSlash(m)))
		}
	}
	p := &Project{Config: cfg, FS: o.FS}
	if err := p.checkOutside(o); err != nil {
		return nil, err
	}
	return p, nil
}

// roots returns the existing manual roots as paths on the file system.
func (p *Project) roots() []string {
	var out []string
	for _, r := range p.Config.Manuals {
		full := p.Config.Path(r)
		_, configured := p.Config.Lines["manuals"]
		if _, err := p.FS.Stat(full); err != nil && !configured && r == "manuals" {
			continue // the conventional folder is optional unless lore.yaml names it
		}
		if p.escape(full) != nil {
			continue // a link out of the project folder: reported, not read
		}
		out = append(out, full)
	}
	return out
}

// RelPath expresses a file path relative to the project folder.
func (p *Project) RelPath(f string) string { return p.Config.Rel(f) }

// OutDir returns the output folder of the project o selects (lore.yaml's
// out, public/ by default), reading the project file only.
func OutDir(o Options) (string, error) {
	p, err := loadConfig(o)
	if err != nil {
		return "", err
	}
	return p.Config.Path(p.Config.Out), nil
}
