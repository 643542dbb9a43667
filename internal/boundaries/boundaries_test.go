package boundaries

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/lorekit/lore"

// noSearch are the packages (with the packages below them) that lint,
// render, compose or cache and therefore never need the catalog: they must
// not import internal/search or the search engine. bleve's stemmer
// library snowballstem is not the search engine (it has no dependencies)
// and may be used directly.
var noSearch = []string{
	"internal/lint/...", "internal/site/...", "internal/manual/...", "internal/prompt/...",
	"build/bundle/...", "internal/config/...", "internal/diag/...", "internal/cache/...",
	"internal/textan/...",
}

// stdlibOnly are the packages an agent runtime imports: the standard
// library is their only dependency.
var stdlibOnly = []string{"build/bundle/..."}

// analysisOnly is the text analysis both searches share (the catalog and
// the site's browser search), and lint's trigger keys: the standard
// library and the Snowball stemmers (no dependencies of their own) are
// all it imports.
var analysisOnly = []string{"internal/textan/..."}

func TestAnalysisImportsStemmersOnly(t *testing.T) {
	g := load(t, analysisOnly)
	for _, root := range g.roots {
		allowed := func(p string) bool {
			return g.pkgs[p].Standard || p == root || strings.HasPrefix(p, "github.com/blevesearch/snowballstem")
		}
		if chain := g.chain(root, func(p string) bool { return !allowed(p) }); chain != nil {
			t.Errorf("%s may import the standard library and snowballstem only, but imports %s through\n\t%s", root, chain[len(chain)-1], strings.Join(chain, "\n\t→ "))
		}
	}
	if len(g.roots) == 0 {
		t.Error("no package matches internal/textan/...")
	}
}

// forbiddenSearch reports whether path is the catalog or part of bleve.
func forbiddenSearch(path string) bool {
	if path == module+"/internal/search" || strings.HasPrefix(path, module+"/internal/search/") {
		return true
	}
	return strings.HasPrefix(path, "github.com/blevesearch/") && !strings.HasPrefix(path, "github.com/blevesearch/snowballstem")
}

func TestNoSearchOutsideSearch(t *testing.T) {
	g := load(t, noSearch)
	checked := 0
	for _, root := range g.roots {
		checked++
		if chain := g.chain(root, forbiddenSearch); chain != nil {
			t.Errorf("%s must not import the search engine, but imports it through\n\t%s", root, strings.Join(chain, "\n\t→ "))
		}
	}
	if checked < len(noSearch) {
		t.Errorf("checked %d packages, want at least %d", checked, len(noSearch))
	}
}

func TestBundleImportsStandardLibraryOnly(t *testing.T) {
	g := load(t, stdlibOnly)
	for _, root := range g.roots {
		if chain := g.chain(root, func(p string) bool { return !g.pkgs[p].Standard && p != root }); chain != nil {
			t.Errorf("%s may import the standard library only, but imports %s through\n\t%s", root, chain[len(chain)-1], strings.Join(chain, "\n\t→ "))
		}
	}
}

// A rule that names a package with no such path checks nothing: every
// pattern matches at least one package, and the checks see a violation
// when there is one.
func TestRulesCanFail(t *testing.T) {
	g := load(t, []string{"internal/search"})
	if chain := g.chain(module+"/internal/search", forbiddenSearch); len(chain) != 1 {
		t.Errorf("internal/search itself is not reported: %v", chain)
	}
	g = load(t, []string{"internal/build"})
	chain := g.chain(module+"/internal/build", forbiddenSearch)
	if len(chain) < 2 || chain[0] != module+"/internal/build" || !forbiddenSearch(chain[len(chain)-1]) {
		t.Errorf("internal/build imports the catalog, but the chain found is %v", chain)
	}
	for i := 1; i < len(chain); i++ {
		if !slices.Contains(g.pkgs[chain[i-1]].Imports, chain[i]) {
			t.Errorf("chain %v: %s does not import %s", chain, chain[i-1], chain[i])
		}
	}
}

type pkg struct {
	ImportPath string
	Standard   bool
	Imports    []string
	DepOnly    bool
}

type graph struct {
	roots []string // the packages the patterns match
	pkgs  map[string]*pkg
}

// load runs go list -deps over the module-relative patterns.
func load(t *testing.T, patterns []string) *graph {
	t.Helper()
	args := []string{"list", "-deps", "-json=ImportPath,Standard,Imports,DepOnly"}
	for _, p := range patterns {
		args = append(args, "../../"+p)
	}
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	g := &graph{pkgs: map[string]*pkg{}}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		g.pkgs[p.ImportPath] = &p
		if !p.DepOnly {
			g.roots = append(g.roots, p.ImportPath)
		}
	}
	slices.Sort(g.roots)
	if len(g.roots) == 0 {
		t.Fatalf("no package matches %v", patterns)
	}
	return g
}

// chain returns the shortest import chain from root to a package bad
// reports, root first, or nil.
func (g *graph) chain(root string, bad func(string) bool) []string {
	prev := map[string]string{root: ""}
	queue := []string{root}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if bad(p) {
			var out []string
			for ; p != ""; p = prev[p] {
				out = append(out, p)
			}
			slices.Reverse(out)
			return out
		}
		if g.pkgs[p] == nil {
			continue
		}
		for _, imp := range g.pkgs[p].Imports {
			if _, seen := prev[imp]; !seen {
				prev[imp] = p
				queue = append(queue, imp)
			}
		}
	}
	return nil
}
