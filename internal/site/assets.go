package site

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/guard"
)

// The theme's entry points under assets/, each bundled on its own.
var entryPoints = []string{"css/main.css", "js/main.js", "js/theme.js"}

// generatedCSS is the import path of the generated highlighting palettes
// (`@import "lore:chroma";` in the theme's CSS).
const generatedCSS = "lore:chroma"

// asset is one file written under assets/.
type asset struct {
	Path     string // from the site root: assets/main-HASH.css
	Contents []byte
}

// assets is the result of bundling: the file of each entry point, and
// every file to write.
type assets struct {
	Entry map[string]string // entry point → path from the site root
	Files []asset
}

// bundleAssets bundles, minifies and fingerprints the theme's CSS and JS
// in-process with esbuild, reading every file from the theme. Legal
// comments (/*! … */, such as the Snowball stemmers' licence) are kept,
// each once, at the end of the file that bundles them.
func bundleAssets(theme fs.FS, chromaCSS string) (*assets, error) {
	var entries []api.EntryPoint
	for _, e := range entryPoints {
		entries = append(entries, api.EntryPoint{InputPath: e})
	}
	var res api.BuildResult
	if err := guard.Do(func() error {
		res = api.Build(api.BuildOptions{
			EntryPointsAdvanced: entries,
			Bundle:              true,
			Write:               false,
			Outdir:              "/assets",
			AbsWorkingDir:       "/",
			EntryNames:          "[name]-[hash]",
			AssetNames:          "[name]-[hash]",
			MinifyWhitespace:    true,
			MinifyIdentifiers:   true,
			MinifySyntax:        true,
			Format:              api.FormatIIFE,
			Target:              api.ES2020,
			Charset:             api.CharsetUTF8,
			LegalComments:       api.LegalCommentsEndOfFile, // the Snowball licence, once
			LogLevel:            api.LogLevelSilent,
			Loader: map[string]api.Loader{
				".png": api.LoaderFile, ".svg": api.LoaderFile, ".woff2": api.LoaderFile, ".jpg": api.LoaderFile,
			},
			Plugins: []api.Plugin{themePlugin(theme, chromaCSS)},
		})
		return nil
	}); err != nil {
		return nil, fmt.Errorf("theme assets: the bundler (esbuild) failed: %w", err)
	}
	if len(res.Errors) > 0 {
		var msgs []string
		for _, m := range res.Errors {
			msgs = append(msgs, formatMessage(m))
		}
		return nil, fmt.Errorf("theme assets: %s", strings.Join(msgs, "; "))
	}
	out := &assets{Entry: map[string]string{}}
	for _, f := range res.OutputFiles {
		p := strings.TrimPrefix(f.Path, "/")
		out.Files = append(out.Files, asset{Path: p, Contents: f.Contents})
		base := path.Base(p)
		for _, e := range entryPoints {
			name := strings.TrimSuffix(path.Base(e), path.Ext(e))
			if path.Ext(base) == path.Ext(e) && strings.HasPrefix(base, name+"-") {
				out.Entry[e] = p
			}
		}
	}
	slices.SortFunc(out.Files, func(a, b asset) int { return strings.Compare(a.Path, b.Path) })
	for _, e := range entryPoints {
		if out.Entry[e] == "" {
			return nil, fmt.Errorf("theme assets: no output for %s", e)
		}
	}
	return out, nil
}

func formatMessage(m api.Message) string {
	if m.Location == nil {
		return m.Text
	}
	return fmt.Sprintf("theme/assets/%s:%d:%d: %s", m.Location.File, m.Location.Line, m.Location.Column+1, m.Text)
}

// themePlugin resolves every import inside the theme's assets/ folder and
// loads it from the theme (embedded or overridden by the project).
func themePlugin(theme fs.FS, chromaCSS string) api.Plugin {
	return api.Plugin{
		Name: "lore-theme",
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				if a.Path == generatedCSS {
					return api.OnResolveResult{Path: "chroma.css", Namespace: "lore-generated"}, nil
				}
				if a.Kind == api.ResolveEntryPoint {
					return api.OnResolveResult{Path: a.Path, Namespace: "theme"}, nil
				}
				if strings.Contains(a.Path, ":") || strings.HasPrefix(a.Path, "//") {
					return api.OnResolveResult{}, fmt.Errorf("%s imports %s: the theme may only import its own files", a.Importer, a.Path)
				}
				p := path.Join(path.Dir(a.Importer), a.Path)
				if strings.HasPrefix(a.Path, "/") {
					p = path.Clean(strings.TrimPrefix(a.Path, "/"))
				}
				if strings.HasPrefix(p, "../") {
					return api.OnResolveResult{}, fmt.Errorf("%s imports %s, outside the theme's assets/", a.Importer, a.Path)
				}
				return api.OnResolveResult{Path: p, Namespace: "theme"}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "lore-generated"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				return api.OnLoadResult{Contents: &chromaCSS, Loader: api.LoaderCSS}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "theme"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				// esbuild calls this in goroutines of its own, where a panic
				// would end the process: guarded here.
				var src []byte
				err := guard.Do(func() (err error) { src, err = fs.ReadFile(theme, "assets/"+a.Path); return err })
				if pe := (*guard.PanicError)(nil); errors.As(err, &pe) {
					return api.OnLoadResult{}, fmt.Errorf("cannot read theme/assets/%s: %w", a.Path, err)
				}
				if err != nil {
					return api.OnLoadResult{}, fmt.Errorf("cannot read theme/assets/%s", a.Path)
				}
				s := string(src)
				return api.OnLoadResult{Contents: &s, Loader: loaderFor(a.Path)}, nil
			})
		},
	}
}

func loaderFor(p string) api.Loader {
	switch path.Ext(p) {
	case ".css":
		return api.LoaderCSS
	case ".js", ".mjs":
		return api.LoaderJS
	case ".json":
		return api.LoaderJSON
	}
	return api.LoaderFile
}

// bundleAssetsCached is bundleAssets, whose output is kept in the cache
// under the hash of the theme's assets/ and the highlighting palettes.
func bundleAssetsCached(theme fs.FS, chromaCSS string, c *cache.Cache) (*assets, error) {
	if c == nil {
		return bundleAssets(theme, chromaCSS)
	}
	tk, err := themeKey(theme, "assets")
	if err != nil {
		return nil, err
	}
	key := cache.NewHasher("site/assets").String(renderVersion).Key(tk).String(chromaCSS).Sum()
	if b, ok := c.Pack(assetPack).Get(key); ok {
		if as, ok := decodeAssets(b); ok {
			return as, nil
		}
	}
	as, err := bundleAssets(theme, chromaCSS)
	if err != nil {
		return nil, err
	}
	c.Pack(assetPack).Put(key, encodeAssets(as))
	return as, nil
}

// themeKey hashes every file under dir of the theme, with its path.
func themeKey(theme fs.FS, dir string) (cache.Key, error) {
	h := cache.NewHasher("site/theme").String(dir)
	err := fs.WalkDir(theme, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(theme, p)
		if err != nil {
			return fmt.Errorf("theme: cannot read %s: %w", p, err)
		}
		h.String(p).Bytes(b)
		return nil
	})
	if err != nil {
		return cache.Key{}, err
	}
	return h.Sum(), nil
}

func encodeAssets(as *assets) []byte {
	var b []byte
	put := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(entryPoints)))
	for _, e := range entryPoints {
		put(e)
		put(as.Entry[e])
	}
	b = binary.AppendUvarint(b, uint64(len(as.Files)))
	for _, f := range as.Files {
		put(f.Path)
		put(string(f.Contents))
	}
	return b
}

func decodeAssets(b []byte) (*assets, bool) {
	get := func() (string, bool) {
		s, rest, ok := field(b)
		b = rest
		return s, ok
	}
	count := func() (int, bool) {
		n, w := binary.Uvarint(b)
		if w <= 0 || n > uint64(len(b)) {
			return 0, false
		}
		b = b[w:]
		return int(n), true
	}
	as := &assets{Entry: map[string]string{}}
	n, ok := count()
	if !ok {
		return nil, false
	}
	for range n {
		e, ok1 := get()
		p, ok2 := get()
		if !ok1 || !ok2 {
			return nil, false
		}
		as.Entry[e] = p
	}
	if n, ok = count(); !ok {
		return nil, false
	}
	for range n {
		p, ok1 := get()
		c, ok2 := get()
		if !ok1 || !ok2 {
			return nil, false
		}
		as.Files = append(as.Files, asset{Path: p, Contents: []byte(c)})
	}
	for _, e := range entryPoints {
		if as.Entry[e] == "" {
			return nil, false
		}
	}
	return as, len(b) == 0
}
