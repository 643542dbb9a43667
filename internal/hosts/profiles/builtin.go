package profiles

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/internal/guard"
)

//go:embed *.yaml
var files embed.FS

// Builtin returns a fresh copy of every built-in profile, sorted by name.
// The embedded files are checked by the package's tests, so an error here
// is a defect of lore itself.
func Builtin() ([]*Profile, error) {
	names, err := fs.Glob(files, "*.yaml")
	if err != nil {
		return nil, err
	}
	var out []*Profile
	for _, n := range names {
		src, err := files.ReadFile(n)
		if err != nil {
			return nil, err
		}
		p, err := parse(src)
		if err != nil {
			return nil, fmt.Errorf("internal/hosts/profiles/%s: %w", n, err)
		}
		if p.Name+".yaml" != n {
			return nil, fmt.Errorf("internal/hosts/profiles/%s: name %q differs from the file name", n, p.Name)
		}
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b *Profile) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// BuiltinNames returns the names of the built-in profiles, sorted.
func BuiltinNames() []string {
	names, _ := fs.Glob(files, "*.yaml")
	for i, n := range names {
		names[i] = strings.TrimSuffix(n, ".yaml")
	}
	return names
}

func parse(src []byte) (*Profile, error) {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	dec.KnownFields(true)
	var p Profile
	if err := guard.Do(func() error { return dec.Decode(&p) }); err != nil {
		return nil, err
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &p, nil
}
