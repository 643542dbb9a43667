package build_test

import (
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/build"
)

var (
	seedFlag  = flag.Uint64("seed", 0, "seed of TestIncrementalEqualsScratch (0: a new one, printed on failure)")
	stepsFlag = flag.Int("steps", 0, "edits of TestIncrementalEqualsScratch (0: 12, 6 with -short)")
)

// TestIncrementalEqualsScratch applies a random (seeded) sequence of edits
// to the example project — manuals added, removed, renamed, their bodies
// and headers edited, lore.yaml and prompt layers edited — and after each
// one compares what three builds publish: lore build into public/ with
// the build cache (and the output of the build before), a session that
// builds again and again (lore serve, lore mcp --watch) into a folder of
// its own, and a build from scratch (no cache, a new folder). Every output
// byte must be the same (the session's folder has no compressed
// siblings, the others' have), except the catalog's bleve files (not
// deterministic: its description with the hash of its inputs, and its
// texts, are compared); a build that fails must fail in all three with the
// same findings. Reproduce a failure with -seed N (and -steps).
func TestIncrementalEqualsScratch(t *testing.T) {
	seed := *seedFlag
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	steps := *stepsFlag
	if steps == 0 {
		steps = 12 // a new seed every run: CI tries new sequences each time
		if testing.Short() {
			steps = 6
		}
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("reproduce with: go test ./internal/build -run TestIncrementalEqualsScratch -seed %d -steps %d", seed, steps)
		}
	})
	fsys := exampleProject(t)
	// Manuals removed and renamed leave references dangling: those and
	// the other error rules (but the floor, and ref/duplicate, which an
	// edit provokes on purpose) are lowered, so that most steps build.
	lowerErrors(t, fsys)
	// A manual without a summary: header/missing-summary fires, and edits
	// of lore.yaml change its severity.
	if err := afero.WriteFile(fsys, "manuals/tools/unsummarised.md", []byte("---\ntriggers: quota, Kontingent\n---\n# Quotas\n\nAsk first.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := &editor{t: t, fs: fsys, rng: rand.New(rand.NewPCG(seed, 0x10e))}
	sess := build.NewSession(build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}, Out: "serve", Private: true})
	defer sess.Close()
	o := build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}}
	// Besides some edits, a file of lore build's output is changed or
	// removed: the check of the output that the nothing-changed test
	// begins (and the build then takes) must find it.
	defacer := rand.New(rand.NewPCG(seed, 0xdeface))
	// And a table's log of the build cache is cut short now and then, as
	// a build killed while it appended to it leaves it.
	tearer := rand.New(rand.NewPCG(seed, 0x7ea4))
	for i := 0; i <= steps; i++ {
		what := "the first build"
		if i > 0 {
			what = fmt.Sprintf("step %d: %s", i, e.edit())
			if defacer.IntN(3) == 0 {
				what += "; " + deface(t, fsys, "public", defacer)
			}
			if tearer.IntN(3) == 0 {
				what += "; " + tearLog(t, fsys, build.CacheDir, tearer)
			}
		}
		cached, err := build.Run(o)
		if err != nil {
			t.Fatalf("%s: lore build: %v", what, err)
		}
		served, err := sess.Build()
		if err != nil {
			t.Fatalf("%s: session: %v", what, err)
		}
		scratch, err := build.Run(build.RunOptions{Options: build.Options{FS: fsys, Dir: "."}, NoCache: true, Out: "scratch"})
		if err != nil {
			t.Fatalf("%s: from scratch: %v", what, err)
		}
		for _, r := range []struct {
			name string
			res  *build.Result
		}{{"lore build", cached}, {"the session", served}} {
			if r.res.Failed != scratch.Failed || !reflect.DeepEqual(r.res.Lint, scratch.Lint) {
				t.Fatalf("%s: %s: failed %v with %s, from scratch failed %v with %s", what, r.name, r.res.Failed,
					r.res.Lint.Diagnostics.Summary(), scratch.Failed, scratch.Lint.Diagnostics.Summary())
			}
			if !scratch.Failed {
				want := files(t, fsys, "scratch")
				if r.res == served {
					want = withoutSiblings(want) // lore serve compresses as it serves
				}
				sameOutput(t, what+": "+r.name, want, files(t, fsys, r.res.Out))
			}
		}
		t.Logf("%s: %s; lore build wrote %d (bodies %d, up to date %v), the session %d", what, scratch.Lint.Diagnostics.Summary(),
			cached.Written, cached.Bodies, cached.UpToDate, served.Written)
		if t.Failed() {
			return
		}
		if err := fsys.RemoveAll("scratch"); err != nil {
			t.Fatal(err)
		}
	}
}

// exampleProject copies the repository's example project (lore.yaml,
// prompts.lock, manuals/, prompts/, content/) into memory.
func exampleProject(t *testing.T) afero.Fs {
	t.Helper()
	fsys := afero.NewMemMapFs()
	root := filepath.Join("..", "..")
	for _, name := range []string{"lore.yaml", "prompts.lock", "manuals", "prompts", "content"} {
		err := filepath.WalkDir(filepath.Join(root, name), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			return afero.WriteFile(fsys, filepath.ToSlash(rel), b, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return fsys
}

// editor makes random edits of a project.
type editor struct {
	t   *testing.T
	fs  afero.Fs
	rng *rand.Rand
	n   int
	dup string // a copy of a manual that fails the build, removed next
}

// words are what edits write: English and German, a code fence's
// languages and manual_read references are added separately.
var words = strings.Fields("calendar Kalender image Bild upload hochladen schedule planen report Bericht retry wiederholen " +
	"memory Gedächtnis worker Arbeiter chart Diagramm link Verweis token budget limit Grenze draft Entwurf")

var fenceLangs = []string{"go", "python", "bash", "json", "yaml", "", "text", "sql", "javascript", "unknown-lang"}

func (e *editor) pick(xs []string) string { return xs[e.rng.IntN(len(xs))] }

func (e *editor) sentence() string {
	n := 3 + e.rng.IntN(6)
	ws := make([]string, n)
	for i := range ws {
		ws[i] = e.pick(words)
	}
	s := strings.Join(ws, " ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// manuals lists the project's manual files.
func (e *editor) manuals() []string {
	var out []string
	_ = afero.Walk(e.fs, "manuals", func(p string, fi fs.FileInfo, err error) error {
		if err == nil && !fi.IsDir() && strings.HasSuffix(p, ".md") && path.Base(p) != "SKILL.md" {
			out = append(out, filepath.ToSlash(p))
		}
		return nil
	})
	slices.Sort(out)
	return out
}

func (e *editor) names() []string {
	var out []string
	for _, m := range e.manuals() {
		out = append(out, strings.TrimSuffix(path.Base(m), ".md"))
	}
	return out
}

func (e *editor) read(p string) string {
	b, err := afero.ReadFile(e.fs, p)
	if err != nil {
		e.t.Fatal(err)
	}
	return string(b)
}

func (e *editor) write(p, s string) {
	if err := afero.WriteFile(e.fs, p, []byte(s), 0o644); err != nil {
		e.t.Fatal(err)
	}
}

// paragraph is a paragraph, a code block or a reference to a manual.
func (e *editor) paragraph() string {
	switch e.rng.IntN(4) {
	case 0:
		lang := e.pick(fenceLangs)
		return "```" + lang + "\n" + fmt.Sprintf("value = %d # %s\n", e.rng.IntN(1000), e.pick(words)) + "```\n"
	case 1:
		return e.sentence() + " See `manual_read('" + e.pick(e.names()) + "')`.\n"
	default:
		return e.sentence() + " " + e.sentence() + "\n"
	}
}

// edit makes one random edit and says what it did.
func (e *editor) edit() string {
	ms := e.manuals()
	e.n++
	if e.dup != "" {
		_ = e.fs.Remove(e.dup)
		e.dup = ""
		return "removed the copy"
	}
	switch k := e.rng.IntN(13); {
	case k == 11:
		// A Markdown link to another manual: the target's page lists the
		// linking manual (and draws it in its neighbourhood).
		p, q := e.pick(ms), e.pick(ms)
		rel, err := filepath.Rel(path.Dir(p), q)
		if err != nil {
			e.t.Fatal(err)
		}
		e.write(p, e.read(p)+"\n"+e.sentence()+" See ["+path.Base(q)+"]("+filepath.ToSlash(rel)+").\n")
		return "linked " + p + " to " + q
	case k == 12:
		p := e.pick(ms)
		src := e.read(p)
		if i := strings.Index(src, "\n# "); i >= 0 {
			e.write(p, src[:i+3]+e.pick(words)+" "+src[i+3:])
			return "edited the title of " + p
		}
		e.write(p, src+"\n"+e.sentence()+"\n")
		return "edited the end of " + p
	case k == 10:
		p := e.pick(ms)
		e.dup = path.Join(path.Dir(p), fmt.Sprintf("copy-%d.md", e.n))
		e.write(e.dup, e.read(p))
		return "copied " + p + " (ref/duplicate fails the build)"
	case k == 0 || len(ms) < 8:
		p := fmt.Sprintf("manuals/%s/added-%d.md", e.pick([]string{"embedding", "kinds", "tools"}), e.n)
		summary := "summary: " + e.sentence() + "\n"
		if e.rng.IntN(2) == 0 {
			summary = "" // header/missing-summary, which lore.yaml edits switch
		}
		e.write(p, fmt.Sprintf("---\ntriggers: %s, %s\n%s---\n# Added %d\n\n%s\n%s", e.pick(words), e.pick(words),
			summary, e.n, e.sentence(), e.paragraph()))
		return "added " + p
	case k == 1:
		p := e.pick(ms)
		_ = e.fs.Remove(p)
		return "removed " + p
	case k == 2:
		p := e.pick(ms)
		to := path.Join(path.Dir(p), fmt.Sprintf("renamed-%d.md", e.n))
		if err := e.fs.Rename(p, to); err != nil {
			e.t.Fatal(err)
		}
		return "renamed " + p + " to " + to
	case k <= 5:
		p := e.pick(ms)
		e.write(p, e.read(p)+"\n"+e.paragraph())
		return "edited the body of " + p
	case k == 6:
		p := e.pick(ms)
		src := e.read(p)
		if strings.HasPrefix(src, "---\n") && strings.Contains(src, "\nsummary: ") {
			e.write(p, strings.Replace(src, "\nsummary: ", "\nsummary: "+e.pick(words)+" ", 1))
			return "edited the header of " + p
		}
		e.write(p, strings.Replace(src, "\n", "\n\n"+e.sentence()+"\n", 1))
		return "edited the start of " + p
	case k == 7:
		cfg := e.read("lore.yaml")
		switch e.rng.IntN(3) {
		case 0:
			e.write("lore.yaml", strings.Replace(cfg, "\ntitle: ", "\ntitle: "+e.pick(words)+" ", 1))
			return "edited the title in lore.yaml"
		case 1:
			e.write("lore.yaml", strings.Replace(cfg, "\ntools:\n", fmt.Sprintf("\ntools:\n  tool_%d: %s\n", e.n, e.sentence()), 1))
			return "added a tool to lore.yaml"
		default:
			rule, sev := e.pick([]string{"header/missing-summary", "header/missing-summary", "structure/title"}), e.pick([]string{"info", "warning", "off"})
			var lines []string
			for _, l := range strings.Split(cfg, "\n") {
				if !strings.HasPrefix(l, "    "+rule+": ") {
					lines = append(lines, l)
				}
			}
			cfg = strings.Join(lines, "\n")
			e.write("lore.yaml", strings.Replace(cfg, "\n  rules:\n", "\n  rules:\n    "+rule+": "+sev+"\n", 1))
			return "set " + rule + " to " + sev + " in lore.yaml"
		}
	default:
		layers := []string{"prompts/layers/shared/guardrails.md", "prompts/layers/project/guardrails.md",
			"prompts/layers/surface/chat/surface-note.md", "prompts/blocks/output.concise.md"}
		p := e.pick(layers)
		src := e.read(p)
		if i := strings.LastIndex(src, "."); i > 0 {
			e.write(p, src[:i]+" "+e.pick(words)+src[i:])
		}
		return "edited the prompt layer " + p
	}
}

// tearLog cuts a log of a table of the build cache in dir short, at
// random, as a build killed while it appended a record leaves it.
func tearLog(t *testing.T, fsys afero.Fs, dir string, rng *rand.Rand) string {
	t.Helper()
	var logs []string
	entries, _ := afero.ReadDir(fsys, dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tab.log") && e.Size() > 1 {
			logs = append(logs, path.Join(dir, e.Name()))
		}
	}
	if len(logs) == 0 {
		return "no table log to tear"
	}
	p := logs[rng.IntN(len(logs))]
	b, err := afero.ReadFile(fsys, p)
	if err != nil {
		t.Fatal(err)
	}
	cut := 1 + rng.IntN(len(b)-1)
	if err := afero.WriteFile(fsys, p, b[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("cut %s at %d of %d bytes", p, cut, len(b))
}

// deface changes or removes a file of the output folder out, or adds one
// beside a file of it (half the time in the catalog's folder, which a
// build may carry over whole), at random.
func deface(t *testing.T, fsys afero.Fs, out string, rng *rand.Rand) string {
	t.Helper()
	names := slices.Sorted(maps.Keys(files(t, fsys, out)))
	if len(names) == 0 {
		return "no output to deface"
	}
	p := path.Join(out, names[rng.IntN(len(names))])
	switch rng.IntN(3) {
	case 0:
		if err := fsys.Remove(p); err != nil {
			t.Fatal(err)
		}
		return "removed " + p
	case 1:
		dir := path.Dir(p)
		if rng.IntN(2) == 0 {
			if ok, _ := afero.DirExists(fsys, path.Join(out, build.CatalogDir)); ok {
				dir = path.Join(out, build.CatalogDir)
			}
		}
		added := path.Join(dir, fmt.Sprintf("added-%d.txt", rng.IntN(1000)))
		if err := afero.WriteFile(fsys, added, []byte("added"), 0o644); err != nil {
			t.Fatal(err)
		}
		return "added " + added
	}
	if err := afero.WriteFile(fsys, p, []byte("defaced"), 0o644); err != nil {
		t.Fatal(err)
	}
	return "defaced " + p
}
