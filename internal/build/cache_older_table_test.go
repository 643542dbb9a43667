package build_test

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/fixture"
)

// TestCacheTableOlder: a table of the build cache (its file and its
// log) taken back to what an earlier build left, as a restored backup or
// a torn log leaves it, pairs none of its entries with the newer entries
// of the other tables and packs. Between the two builds a manual that others link to
// (manual_read) is removed, so the older entries hold other links: the
// next build, which makes every page again, still publishes what a build
// from scratch publishes.
func TestCacheTableOlder(t *testing.T) {
	prepare := func(t *testing.T) (afero.Fs, build.RunOptions, map[string][]byte) {
		fsys := fixture.Mem(t, siteFixture)
		lowerErrors(t, fsys) // the links left behind are findings
		o := build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}}
		mustBuild(t, o)
		older := map[string][]byte{}
		entries, err := afero.ReadDir(fsys, build.CacheDir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".tab") || strings.HasSuffix(e.Name(), ".tab.log") {
				b, err := afero.ReadFile(fsys, path.Join(build.CacheDir, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				older[e.Name()] = b
			}
		}
		if err := fsys.Remove("manuals/processes.md"); err != nil {
			t.Fatal(err)
		}
		mustBuild(t, o)
		return fsys, o, older
	}
	_, _, older := prepare(t)
	var tables []string
	for name := range older {
		if strings.HasSuffix(name, ".tab") {
			tables = append(tables, name)
		}
	}
	slices.Sort(tables)
	if !slices.Contains(tables, "site-body.idx.tab") || !slices.Contains(tables, "site-deps.tab") {
		t.Fatalf("the build cache has none of the tables of the page bodies: %v", tables)
	}
	for _, name := range tables {
		t.Run(name, func(t *testing.T) {
			fsys, o, older := prepare(t)
			for _, f := range []string{name, name + ".log"} {
				p := path.Join(build.CacheDir, f)
				if b, ok := older[f]; ok {
					if err := afero.WriteFile(fsys, p, b, 0o644); err != nil {
						t.Fatal(err)
					}
				} else if err := fsys.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
					t.Fatal(err)
				}
			}
			// Every page is made again, from the cache.
			if err := fsys.RemoveAll("public"); err != nil {
				t.Fatal(err)
			}
			res := mustBuild(t, o)
			want := files(t, fsys, mustBuild(t, build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}, NoCache: true, Out: "scratch"}).Out)
			sameOutput(t, "with the older "+name, want, files(t, fsys, res.Out))
		})
	}
}
