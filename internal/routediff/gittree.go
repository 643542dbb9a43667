package routediff

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/afero"
)

// gitTree is the tree of a git ref: every blob's object name by its
// name in the work tree (slash-separated, as lore names the file).
type gitTree struct {
	blobs map[string]string
	paths []string // in the tree's order
}

// readTree lists the tree of ref with one git ls-tree, run in dir (a
// folder of the work tree); name maps a blob's path on the file system
// (the work tree's top folder joined with its path in the tree) to the
// name it gets ("": none).
func readTree(dir, ref string, name func(string) string) (*gitTree, error) {
	out, err := git(dir, nil, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	top := strings.TrimRight(string(out), "\r\n")
	t := &gitTree{blobs: map[string]string{}}
	out, err = git(dir, nil, "ls-tree", "-r", "-z", "--full-tree", ref)
	if err != nil {
		return nil, err
	}
	for rec := range bytes.SplitSeq(out, []byte{0}) {
		// <mode> SP <type> SP <object> TAB <path>
		meta, p, ok := bytes.Cut(rec, []byte{'\t'})
		f := strings.Fields(string(meta))
		if !ok || len(f) != 3 || f[1] != "blob" || f[0] == "120000" {
			continue // a submodule, a link or the empty end
		}
		n := name(filepath.Join(top, filepath.FromSlash(string(p))))
		if n == "" {
			continue
		}
		t.blobs[n] = f[2]
		t.paths = append(t.paths, n)
	}
	return t, nil
}

// under returns the names of the tree that are f or lie in folder f.
func (t *gitTree) under(f string) []string {
	f = path.Clean(f)
	var out []string
	for _, p := range t.paths {
		if p == f || f == "." || strings.HasPrefix(p, f+"/") {
			out = append(out, p)
		}
	}
	return out
}

// copyTo writes the blobs at paths into fsys, read with one git cat-file
// --batch run in dir.
func (t *gitTree) copyTo(fsys afero.Fs, dir string, paths []string) error {
	var names []string
	var req bytes.Buffer
	for _, p := range paths {
		if obj, ok := t.blobs[p]; ok {
			names = append(names, p)
			req.WriteString(obj + "\n")
		}
	}
	if len(names) == 0 {
		return nil
	}
	out, err := git(dir, &req, "cat-file", "--batch")
	if err != nil {
		return err
	}
	r := bufio.NewReader(bytes.NewReader(out))
	for _, p := range names {
		head, err := r.ReadString('\n')
		if err != nil {
			return fmt.Errorf("git cat-file: %w", err)
		}
		f := strings.Fields(head) // <object> <type> <size>
		if len(f) != 3 {
			return fmt.Errorf("git cat-file: unexpected answer %q", strings.TrimSpace(head))
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return fmt.Errorf("git cat-file: unexpected answer %q", strings.TrimSpace(head))
		}
		b := make([]byte, n+1) // the content and a newline
		if _, err := io.ReadFull(r, b); err != nil {
			return fmt.Errorf("git cat-file: %w", err)
		}
		if err := fsys.MkdirAll(path.Dir(p), 0o755); err != nil {
			return err
		}
		if err := afero.WriteFile(fsys, p, b[:n], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// git runs git in dir with stdin and returns its output; its error
// says what git said.
func git(dir string, stdin io.Reader, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Stdin = stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, errors.New("git " + args[0] + ": " + msg)
	}
	return stdout.Bytes(), nil
}
