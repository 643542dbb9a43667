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

	"github.com/lorekit/lore/build/manual"
)

// bundleFile is the part of public/lore/bundles/<id>.json the server
// serves: a frozen prompt of one recipe × surface × role × provider.
type bundleFile struct {
	ID       string `json:"id"`
	Recipe   string `json:"recipe"`
	Engine   string `json:"engine"`
	Surface  string `json:"surface"`
	Role     string `json:"role"`
	Provider string `json:"provider"`
	Style    string `json:"style"`
	Prefix   string `json:"prefix"`
	Tail     string `json:"tail"`
	SHA256   string `json:"sha256"`
	Bytes    int    `json:"bytes"`
	Tokens   int    `json:"tokens"`
	Budget   int    `json:"budget"`
}

// readBundles reads every bundle in dir (for engine, when given), sorted by
// id. A missing folder means no bundles; a file that is not a bundle is
// skipped with a warning.
func readBundles(fsys afero.Fs, dir, engine string) ([]*bundleFile, []string) {
	entries, err := afero.ReadDir(fsys, dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, []string{fmt.Sprintf("cannot read the bundles in %s: %v", dir, err)}
	}
	var out []*bundleFile
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
	slices.SortFunc(out, func(a, b *bundleFile) int { return cmp.Compare(a.ID, b.ID) })
	return out, warns
}

func readBundle(fsys afero.Fs, file string) (*bundleFile, error) {
	src, err := readLimited(fsys, file)
	if err != nil {
		return nil, err
	}
	var b bundleFile
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
	return &b, nil
}

// title names the bundle for people: "arthur · chat · reviewer · anthropic".
func (b *bundleFile) title() string {
	parts := []string{b.Recipe, b.Surface}
	if b.Role != "" {
		parts = append(parts, b.Role)
	}
	parts = append(parts, b.Provider)
	return strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " · ")
}

// description says what the bundle is and what it weighs.
func (b *bundleFile) description() string {
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
	short := b.SHA256
	if len(short) > 12 {
		short = short[:12]
	}
	fmt.Fprintf(&d, ", sha256 %s.", short)
	if len(tailVariables(b.Tail)) > 0 {
		d.WriteString(" The per-turn tail takes the arguments listed.")
	}
	return d.String()
}
