//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
)

// The methods of a cold step. A fresh copy is made of the prepared
// project for every round before the first timed round, so that the
// output tree is written into a folder where nothing was just removed:
// on ext4, right after a large tree was removed, the inode allocator
// skips the recently freed inodes and writing the same tree again takes
// about three times as long. In place is the method of old, kept as a
// second figure: the output and cache are removed from the one prepared
// project right before the step.
const (
	freshCopy = "fresh copy"
	inPlace   = "in place"
)

// step is one timed child process of a round.
type step struct {
	name   string
	method string // freshCopy, inPlace or "" (a step that is not cold)
	src    string // the prepared project: copied for each round (freshCopy), or where the step runs
	prep   func() error
	cmd    func(dir string) *exec.Cmd
	after  func() error
}

// key names the step's figures: a cold step's name and method.
func (s step) key() string {
	if s.method == "" {
		return s.name
	}
	return s.name + " (" + s.method + ")"
}

// roundDir is where round r (from 1) runs the fresh-copy step name.
func roundDir(root string, r int, name string) string {
	return filepath.Join(root, "rounds", strconv.Itoa(r), name)
}

// tools are the paths the steps run.
type tools struct {
	hugo, lore, self string
}

// plan lists one round's steps over the prepared Hugo site hsite and lore
// project proj. Each cold step of each tool comes twice, fresh copy first
// and then in place, so that both tools are measured by both methods;
// the goldmark floor writes every page as a cold build does and comes
// twice too; the lore builds with nothing changed and after one edited
// manual are not cold and run in proj, after the in-place cold build. edited is the manual that lore-edited changes (and puts
// back after), src its content.
func plan(t tools, hsite, proj, edited string, src []byte) []step {
	hugo := func(args ...string) func(string) *exec.Cmd {
		return func(dir string) *exec.Cmd { return command(dir, t.hugo, append([]string{"--quiet"}, args...)...) }
	}
	lore := func(args ...string) func(string) *exec.Cmd {
		return func(dir string) *exec.Cmd { return command(dir, t.lore, append([]string{"build"}, args...)...) }
	}
	// The goldmark floor writes its pages as a cold build does, so it is
	// timed by both methods too: a floor slowed by a removal just before
	// would flatter the ratios of lore's builds to it.
	baseline := func(dir string) *exec.Cmd {
		return command(dir, t.self, "baseline", filepath.Join(dir, "manuals"), filepath.Join(dir, "baseline-out"))
	}
	cleanHugo := func() error { return removeAll(hsite, "public", "resources") }
	cleanLore := func() error { return removeAll(proj, "public", ".lore-cache") }
	nohl := []string{"--config", "hugo.toml,nohl.toml"}
	// lore-all is a cold build with precompress: all, the copies of
	// every page that lore wrote by default before (not a target).
	all := []string{"--config", allConfig}
	return []step{
		{name: "hugo", method: freshCopy, src: hsite, cmd: hugo()},
		{name: "hugo-nohl", method: freshCopy, src: hsite, cmd: hugo(nohl...)},
		{name: "goldmark", method: freshCopy, src: proj, cmd: baseline},
		{name: "lore-all", method: freshCopy, src: proj, cmd: lore(all...)},
		{name: "lore-cold", method: freshCopy, src: proj, cmd: lore()},
		{name: "goldmark", method: inPlace, src: proj, prep: func() error { return removeAll(proj, "baseline-out") },
			cmd: baseline},
		{name: "hugo", method: inPlace, src: hsite, prep: cleanHugo, cmd: hugo()},
		{name: "hugo-nohl", method: inPlace, src: hsite, prep: cleanHugo, cmd: hugo(nohl...)},
		{name: "lore-all", method: inPlace, src: proj, prep: cleanLore, cmd: lore(all...)},
		{name: "lore-cold", method: inPlace, src: proj, prep: cleanLore, cmd: lore()},
		{name: "lore-unchanged", src: proj, cmd: lore()},
		{name: "lore-edited", src: proj, prep: func() error {
			return os.WriteFile(edited, append(slices.Clone(src), "\nOne more paragraph, as a pull request adds it.\n"...), 0o644)
		}, cmd: lore(), after: func() error { return os.WriteFile(edited, src, 0o644) }},
	}
}

// copyRounds makes, before the first timed round, every round's fresh
// copy of the prepared project of every fresh-copy step.
func copyRounds(root string, runs int, steps []step) error {
	for r := 1; r <= runs; r++ {
		for _, st := range steps {
			if st.method != freshCopy {
				continue
			}
			if err := os.MkdirAll(filepath.Dir(roundDir(root, r, st.name)), 0o755); err != nil {
				return err
			}
			if err := copyTree(st.src, roundDir(root, r, st.name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// dirOf is the folder where st runs in round r.
func dirOf(root string, r int, st step) string {
	if st.method == freshCopy {
		return roundDir(root, r, st.name)
	}
	return st.src
}
