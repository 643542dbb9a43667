package mcpserver

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/prompt"
)

// manifestFile is the build's manifest, inside the output folder.
const manifestFile = "manifest.json"

// snapshot is everything the server answers from, loaded at once; requests
// never touch the file system.
type snapshot struct {
	project *build.Project
	public  string
	who     Who
	// manuals are the cascade winners, sorted by name: what manual_list
	// lists and what the resources are.
	manuals []*manual.Manual
	// cascade is the engine's manual cascade for who (its first visible
	// match of a name wins; a hidden manual is never resolved); winners its
	// winners by name: what manual_read resolves.
	cascade *manual.Cascade
	winners map[string]*manual.Manual
	// skills are the manuals served the Skills extension's way.
	skills *skillSet
	// manifest is the build's manifest as the asker may see it
	// (manifestView).
	manifest  []byte
	bundles   []*bundle.Bundle
	templates []*prompt.TaskTemplate
	router    Router
	// routerErr says why how_do_i cannot answer when router is nil.
	routerErr error
	// warnings are defects found while loading (skipped bundles and
	// templates), reported once per load.
	warnings []string
}

// publicDir returns the build output folder of o for project p.
func publicDir(o *Options, p *build.Project) string {
	if o.Public != "" {
		return o.Public
	}
	return p.Config.Path(p.Config.Out)
}

// loadSnapshot loads the project's manuals and templates and the build
// output in pub. The build output must exist.
func loadSnapshot(o *Options) (*snapshot, error) {
	p, err := build.Load(o.Project)
	if err != nil {
		return nil, err
	}
	s := &snapshot{project: p, public: publicDir(o, p), winners: map[string]*manual.Manual{}}
	if s.cascade, err = p.Ask(o.Engine, o.Tools, o.ToolsGiven); err != nil {
		return nil, err
	}
	v := s.cascade.Visibility
	s.who = Who{Engine: v.Engine, Tools: v.Tools, AnyTools: v.AnyTools}
	for _, m := range s.cascade.Winners() {
		if !manual.ValidName(m.Name) {
			continue
		}
		s.winners[m.Name] = m
		s.manuals = append(s.manuals, m)
	}
	slices.SortFunc(s.manuals, func(a, b *manual.Manual) int { return cmp.Compare(a.Name, b.Name) })
	s.skills = buildSkills(p.FS, p.Manuals, s.cascade.Winners(), v)
	s.warnings = append(s.warnings, s.skills.warnings...)

	s.manifest, err = readLimited(p.FS, path.Join(s.public, manifestFile))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s has no %s: run 'lore build' first (or remove the folder so that 'lore mcp' builds it)", s.public, manifestFile)
		}
		return nil, err
	}
	s.bundles, s.warnings = readBundles(p.FS, path.Join(s.public, build.BundlesDir), o.Engine)
	var warns []string
	s.templates, warns = servedTemplates(build.LoadPrompts(p), s.bundles)
	s.warnings = append(s.warnings, warns...)
	if s.manifest, err = s.manifestView(s.manifest); err != nil {
		return nil, err
	}

	if o.OpenRouter == nil {
		s.routerErr = errors.New("the server was started without the how_do_i catalog")
	} else if s.router, err = o.OpenRouter(path.Join(s.public, build.CatalogDir), s.who); err != nil {
		s.router, s.routerErr = nil, err
		s.warnings = append(s.warnings, "how_do_i is unavailable: "+err.Error())
	}
	return s, nil
}

// close releases the router.
func (s *snapshot) close() {
	if c, ok := s.router.(io.Closer); ok {
		_ = c.Close()
	}
}

// maxFile bounds what the server reads into memory from one build file.
const maxFile = 64 << 20

// readLimited reads a regular file of at most maxFile bytes.
func readLimited(fsys afero.Fs, name string) ([]byte, error) {
	fi, err := fsys.Stat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	if fi.Size() > maxFile {
		return nil, fmt.Errorf("%s is %d bytes, more than the %d the server reads", name, fi.Size(), maxFile)
	}
	return afero.ReadFile(fsys, name)
}
