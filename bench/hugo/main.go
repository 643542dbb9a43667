//go:build unix

// Command hugo is make bench-hugo: it writes the generated corpus
// (internal/corpusgen) as a lore project and, with the same bodies and
// YAML front matter, as a Hugo site (bench/hugo-site's configuration and
// layouts), then times, interleaved in each round so that the load of a
// shared machine hits all alike: hugo --quiet (chroma highlighting), hugo
// without highlighting (nohl.toml), the goldmark floor
// (internal/baseline), a cold lore build (no cache, no output), lore
// build again with nothing changed, and lore build after one manual was
// edited. Each cold step of each tool (and the goldmark floor) runs twice
// a round: in a fresh copy of its prepared project, made for every round
// before the first, and in place, right after its output (and cache) were
// removed. The fresh-copy steps of all rounds run first, before anything
// is removed, and their figure is the one of the cold targets, since on
// ext4 writing a large tree after removing one is slow. Every step runs as a child process,
// so its peak resident set and CPU time are its own. It prints the
// medians and the ratios of the targets.
//
//	go run ./bench/hugo -hugo bin/hugo -lore bin/lore [-n 10000] [-runs 5]
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/afero"
	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/internal/baseline"
	"github.com/lorekit/lore/internal/corpusgen"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint"
	"github.com/lorekit/lore/internal/manual"
)

func main() {
	if len(os.Args) == 4 && os.Args[1] == "baseline" {
		if _, err := baseline.Render(os.Args[2], os.Args[3]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) == 6 && os.Args[1] == "prepare" {
		if err := prepare(os.Args[2], os.Args[3], os.Args[4], os.Args[5]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	hugo := flag.String("hugo", "bin/hugo", "the hugo binary")
	lore := flag.String("lore", "bin/lore", "the lore binary")
	site := flag.String("site", "bench/hugo-site", "the Hugo configuration and layouts")
	n := flag.Int("n", 10000, "manuals in the generated corpus")
	runs := flag.Int("runs", 5, "rounds (medians are reported)")
	keep := flag.Bool("keep", false, "keep the generated folders")
	flag.Parse()
	if err := run(*hugo, *lore, *site, *n, *runs, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "bench-hugo:", err)
		os.Exit(1)
	}
}

// sample is one timed child process.
type sample struct {
	wall, cpu time.Duration
	rssMiB    float64
}

func run(hugo, lore, site string, n, runs int, keep bool) error {
	for _, b := range []*string{&hugo, &lore, &site} {
		abs, err := filepath.Abs(*b)
		if err != nil {
			return err
		}
		*b = abs
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "lore-bench-hugo-")
	if err != nil {
		return err
	}
	if !keep {
		defer os.RemoveAll(dir)
	}
	proj, hsite := filepath.Join(dir, "lore"), filepath.Join(dir, "hugo")
	fmt.Printf("generating %d manuals into %s\n", n, dir)
	// The corpus is written by a child process: Linux counts the memory
	// high-water mark of the process a child was forked from in the
	// child's maximum resident set (exec keeps it), so a parent that grew
	// while writing the corpus would lift every measured step's peak.
	gen := exec.Command(self, "prepare", proj, hsite, site, strconv.Itoa(n))
	gen.Stdout, gen.Stderr = os.Stdout, os.Stderr
	if err := gen.Run(); err != nil {
		return fmt.Errorf("writing the corpus: %w", err)
	}
	edited := firstManual(filepath.Join(proj, "manuals"))
	src, err := os.ReadFile(edited)
	if err != nil {
		return err
	}

	steps := plan(tools{hugo: hugo, lore: lore, self: self}, hsite, proj, edited, src)
	fmt.Printf("copying the prepared projects for %d rounds of the fresh-copy steps\n", runs)
	if err := copyRounds(dir, runs, steps); err != nil {
		return fmt.Errorf("copying the prepared projects: %w", err)
	}
	got := map[string][]sample{}
	// The fresh-copy steps of every round run first, tools interleaved,
	// before any step removes an output tree: a large removal slows the
	// writes after it on ext4, wherever they go. The copies are removed
	// after the last round, outside the timing.
	for _, phase := range []bool{true, false} {
		if err := runPhase(dir, runs, steps, phase, got); err != nil {
			return err
		}
	}
	if err := os.RemoveAll(filepath.Join(dir, "rounds")); err != nil {
		return err
	}
	report(got, steps, runs, n)
	return nil
}

// runPhase runs, round after round, the fresh-copy steps (fresh) or the
// others, adding their samples to got.
func runPhase(dir string, runs int, steps []step, fresh bool, got map[string][]sample) error {
	for r := 1; r <= runs; r++ {
		for _, st := range steps {
			if (st.method == freshCopy) != fresh {
				continue
			}
			if st.prep != nil {
				if err := st.prep(); err != nil {
					return err
				}
			}
			syscall.Sync() // the writeback of the step before does not slow this one
			s, err := timeChild(st.cmd(dirOf(dir, r, st)))
			if err != nil {
				return fmt.Errorf("%s: %w", st.key(), err)
			}
			got[st.key()] = append(got[st.key()], s)
			if st.after != nil {
				if err := st.after(); err != nil {
					return err
				}
			}
			fmt.Printf("round %d %-28s %7.2f s wall %7.2f CPU-s %7.0f MiB\n", r, st.key(), s.wall.Seconds(), s.cpu.Seconds(), s.rssMiB)
		}
	}
	return nil
}

// report prints the medians of every step and the ratios of the issue's
// targets: each cold ratio by the fresh-copy figures, with the in-place
// ones beside.
func report(got map[string][]sample, steps []step, runs, n int) {
	fmt.Printf("\nmedians of %d rounds, %d manuals, load average %s\n", runs, n, loadavg())
	fmt.Printf("cold steps run in a fresh copy of the prepared project per round, and again in place\n")
	fmt.Printf("(output and cache removed right before, as of old; slower on ext4 after a large removal)\n")
	fmt.Printf("%-15s %-10s %9s %9s %9s %12s\n", "step", "method", "wall s", "CPU s", "peak MiB", "× goldmark")
	// The ratios are to the faster of the goldmark floor's two figures:
	// the stricter measure of lore (its builds are divided by it).
	gFresh := median(got[step{name: "goldmark", method: freshCopy}.key()], wallOf)
	gInPlace := median(got[step{name: "goldmark", method: inPlace}.key()], wallOf)
	g := min(gFresh, gInPlace)
	for _, st := range steps {
		w := median(got[st.key()], wallOf)
		fmt.Printf("%-15s %-10s %9.2f %9.2f %9.0f %12.2f\n", st.name, st.method, w, median(got[st.key()], cpuOf), median(got[st.key()], rssOf), w/g)
	}
	cold := func(name, method string, f func(sample) float64) float64 {
		return median(got[step{name: name, method: method}.key()], f)
	}
	fmt.Println("\ntargets (ratios of medians of one run; cold steps: fresh copies, in place beside; goldmark: the faster of its two figures):")
	verdict("cold lore build / hugo", cold("lore-cold", freshCopy, wallOf)/cold("hugo", freshCopy, wallOf), 0.8,
		cold("lore-cold", inPlace, wallOf)/cold("hugo", inPlace, wallOf))
	verdict("lore build, one manual edited / goldmark", median(got["lore-edited"], wallOf)/g, 0.3,
		median(got["lore-edited"], wallOf)/gInPlace)
	verdict("lore build, nothing changed / goldmark", median(got["lore-unchanged"], wallOf)/g, 0.1,
		median(got["lore-unchanged"], wallOf)/gInPlace)
	verdict("peak RSS of a cold lore build (MiB)", cold("lore-cold", freshCopy, rssOf), 600, cold("lore-cold", inPlace, rssOf))
}

// verdict prints a target's figure against its limit, and the figure by
// the in-place method beside (inPlace < 0: none).
func verdict(what string, got, limit, inPlace float64) {
	state := "holds"
	if got > limit {
		state = "MISSED"
	}
	beside := ""
	if inPlace >= 0 {
		beside = fmt.Sprintf("   in place %.2f", inPlace)
	}
	fmt.Printf("  %-44s %8.2f (at most %g): %s%s\n", what, got, limit, state, beside)
}

// allConfig is the generated project's lore.yaml with precompress: all.
const allConfig = "lore-all.yaml"

// writeLore writes the generated project with every error rule but the
// floor lowered to a warning, so that the build goes on to publish (every
// rule still runs); its files are dated an hour back, as a checkout is.
func writeLore(dir string, n int) error {
	fsys := afero.NewOsFs()
	if err := corpusgen.Write(fsys, dir, n, 1); err != nil {
		return err
	}
	cfg, err := os.ReadFile(filepath.Join(dir, "lore.yaml"))
	if err != nil {
		return err
	}
	var lower strings.Builder
	lower.WriteString("\nlint:\n  rules:\n")
	for _, r := range lint.Rules() {
		if r.Severity == diag.Error && !r.Floor {
			fmt.Fprintf(&lower, "    %s: warning\n", r.ID)
		}
	}
	cfg = append(cfg, lower.String()...)
	if err := os.WriteFile(filepath.Join(dir, "lore.yaml"), cfg, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, allConfig), append(cfg, "precompress: all\n"...), 0o644); err != nil {
		return err
	}
	then := time.Now().Add(-time.Hour)
	return filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		if err == nil {
			err = os.Chtimes(p, then, then)
		}
		return err
	})
}

// writeHugo writes every manual of the lore project as a Hugo page with
// YAML front matter (title and summary) and the same body, beside the
// configuration and layouts of site.
func writeHugo(proj, dir, site string) error {
	for _, f := range []string{"hugo.toml", "nohl.toml", "layouts/list.html", "layouts/single.html"} {
		b, err := os.ReadFile(filepath.Join(site, f))
		if err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dir, f), b); err != nil {
			return err
		}
	}
	set := manual.Load(afero.NewOsFs(), []string{filepath.Join(proj, "manuals")})
	for _, m := range set.Manuals {
		title := m.Title
		if title == "" {
			title = m.Name
		}
		fm, err := yaml.Marshal(map[string]string{"title": title, "summary": m.Summary})
		if err != nil {
			return err
		}
		page := append(append(append([]byte("---\n"), fm...), "---\n"...), m.Body()...)
		rel := strings.TrimPrefix(filepath.ToSlash(m.Path), filepath.ToSlash(filepath.Join(proj, "manuals"))+"/")
		if err := writeFile(filepath.Join(dir, "content", filepath.FromSlash(rel)), page); err != nil {
			return err
		}
	}
	return nil
}

func writeFile(p string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, b, 0o644)
}

func removeAll(dir string, names ...string) error {
	for _, n := range names {
		if err := os.RemoveAll(filepath.Join(dir, n)); err != nil {
			return err
		}
	}
	return nil
}

func command(dir, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	return cmd
}

// timeChild runs cmd and measures it: wall time, CPU time (user and
// system) and peak resident set.
func timeChild(cmd *exec.Cmd) (sample, error) {
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		tail := out.String()
		if len(tail) > 2000 {
			tail = tail[len(tail)-2000:]
		}
		return sample{}, fmt.Errorf("%v\n%s", err, tail)
	}
	s := sample{wall: wall, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.rssMiB = float64(ru.Maxrss) / 1024 // kilobytes on Linux
	}
	return s, nil
}

// prepare is the child that writes the corpus of n manuals as a lore
// project (proj) and as a Hugo site (hsite, with site's configuration).
func prepare(proj, hsite, site, n string) error {
	count, err := strconv.Atoi(n)
	if err != nil {
		return err
	}
	if err := writeLore(proj, count); err != nil {
		return err
	}
	return writeHugo(proj, hsite, site)
}

func firstManual(dir string) string {
	var file string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && file == "" && !d.IsDir() && strings.HasSuffix(p, ".md") {
			file = p
		}
		return nil
	})
	return file
}

func wallOf(s sample) float64 { return s.wall.Seconds() }
func cpuOf(s sample) float64  { return s.cpu.Seconds() }
func rssOf(s sample) float64  { return s.rssMiB }

func median(ss []sample, f func(sample) float64) float64 {
	vs := make([]float64, len(ss))
	for i, s := range ss {
		vs[i] = f(s)
	}
	slices.Sort(vs)
	return vs[len(vs)/2]
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}
