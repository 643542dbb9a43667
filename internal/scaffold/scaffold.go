// Package scaffold holds the starter project that `lore init` writes: a
// commented lore.yaml with every key, an example manual and its routing
// overview, a seed prompt and a GitHub Actions workflow. The files live
// in files/ and are embedded as they are.
package scaffold

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"

	"github.com/spf13/afero"
)

//go:embed all:files
var files embed.FS

// fileNames returns the slash-separated paths of the scaffold, sorted.
func fileNames() []string {
	var out []string
	_ = fs.WalkDir(files, "files", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p[len("files/"):])
		}
		return err
	})
	slices.Sort(out)
	return out
}

// ExistsError says which scaffold files are already in the target folder;
// Write wrote nothing.
type ExistsError struct{ Paths []string }

func (e *ExistsError) Error() string {
	return fmt.Sprintf("%s already exists: lore init never overwrites a file; move it away or init another folder", e.Paths[0])
}

// workflowFile is the scaffold's GitHub Actions workflow; actionUse is
// the line in it that names the lore action and its ref.
const (
	workflowFile = ".github/workflows/lore.yml"
	actionUse    = "uses: lorekit/lore@main"
)

// Write writes the scaffold into dir (created when missing). When any of
// its files exists already it writes nothing and returns an *ExistsError
// naming them. It returns the paths written, joined onto dir. actionRef
// pins the workflow's lore action (a release tag or a commit); "" keeps
// main.
func Write(fsys afero.Fs, dir, actionRef string) ([]string, error) {
	names := fileNames()
	var exist []string
	for _, n := range names {
		target := path.Join(dir, n)
		if _, err := fsys.Stat(target); err == nil {
			exist = append(exist, target)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	if len(exist) > 0 {
		return nil, &ExistsError{Paths: exist}
	}
	var written []string
	for _, n := range names {
		b, err := files.ReadFile("files/" + n)
		if err != nil {
			return written, err
		}
		if n == workflowFile && actionRef != "" {
			b = bytes.Replace(b, []byte(actionUse), []byte("uses: lorekit/lore@"+actionRef), 1)
		}
		target := path.Join(dir, n)
		if err := fsys.MkdirAll(path.Dir(target), 0o755); err != nil {
			return written, err
		}
		// O_EXCL: a file that appeared since the check is not overwritten.
		f, err := fsys.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			if errors.Is(err, fs.ErrExist) {
				return written, &ExistsError{Paths: []string{target}}
			}
			return written, err
		}
		_, err = f.Write(b)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return written, err
		}
		written = append(written, target)
	}
	return written, nil
}
