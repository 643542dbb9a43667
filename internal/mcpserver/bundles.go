package mcpserver

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/manual"
)

// readBundles reads every bundle in dir (public/lore/bundles; for engine,
// when given), sorted by id. A missing folder means no bundles; a file
// that is not a bundle, or whose recorded digests no longer match its text
// (bundle.Verify), is skipped with a warning.
func readBundles(fsys afero.Fs, dir, engine string) ([]*bundle.Bundle, []string) {
	entries, err := afero.ReadDir(fsys, dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, []string{fmt.Sprintf("cannot read the bundles in %s: %v", dir, err)}
	}
	var out []*bundle.Bundle
	var warns []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".json") {
			continue
		}
		file := path.Join(dir, name)
		b, err := readBundle(fsys, file)
		if err != nil {
			warns = append(warns, fmt.Sprintf("%s: skipped: %v", file, err))
			continue
		}
		if engine != "" && b.Engine != engine {
			continue
		}
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b *bundle.Bundle) int { return cmp.Compare(a.ID, b.ID) })
	return out, warns
}

func readBundle(fsys afero.Fs, file string) (*bundle.Bundle, error) {
	src, err := readLimited(fsys, file)
	if err != nil {
		return nil, err
	}
	var b bundle.Bundle
	if err := json.Unmarshal(src, &b); err != nil {
		return nil, fmt.Errorf("not a bundle: %v", err)
	}
	switch {
	case b.ID == "":
		return nil, errors.New(`not a bundle: no "id"`)
	case !manual.ValidName(b.ID):
		return nil, fmt.Errorf("bundle id %q is not a valid prompt name", b.ID)
	case b.ID+".json" != path.Base(file):
		return nil, fmt.Errorf("bundle id %q does not match its file name", b.ID)
	}
	if problems := bundle.Verify(&b, nil); len(problems) > 0 {
		return nil, fmt.Errorf("it was changed after the build (%s): run 'lore build'", problems[0])
	}
	return &b, nil
}

// bundleTitle names a bundle for people: "arthur · chat · reviewer · anthropic".
func bundleTitle(b *bundle.Bundle) string {
	parts := []string{b.Recipe, b.Surface, b.Role, b.Provider}
	return strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " · ")
}

// bundleDescription says what a bundle is and what it weighs.
func bundleDescription(b *bundle.Bundle) string {
	var d strings.Builder
	fmt.Fprintf(&d, "System prompt bundle %s", b.ID)
	if b.Engine != "" {
		fmt.Fprintf(&d, " for engine %s", b.Engine)
	}
	fmt.Fprintf(&d, " (recipe %s, surface %s", b.Recipe, b.Surface)
	if b.Role != "" {
		fmt.Fprintf(&d, ", role %s", b.Role)
	}
	fmt.Fprintf(&d, ", provider %s, %s style): %d tokens", b.Provider, b.Style, b.Tokens)
	if b.Budget > 0 {
		fmt.Fprintf(&d, " of a %d-token budget", b.Budget)
	}
	fmt.Fprintf(&d, ", sha256 %s.", b.SHA256[:min(12, len(b.SHA256))])
	if len(bundle.TailVariables(b.Tail)) > 0 {
		d.WriteString(" Its per-turn tail takes the arguments listed.")
	}
	return d.String()
}
