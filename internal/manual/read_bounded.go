package manual

import (
	"errors"
	"fmt"
	"io"

	"github.com/lorekit/lore/internal/filekind"
	"github.com/spf13/afero"
)

// ErrTooLarge is the error of ReadBounded for a file over its bound.
var ErrTooLarge = errors.New("too large")

// ReadBounded reads p when it is a regular file of at most max bytes.
// A folder, named pipe, device or socket at its place is refused instead
// of read (a pipe nobody writes would be waited on forever, /dev/zero
// read until the memory ran out), and so is a larger file (ErrTooLarge,
// with what the file is and its bound: "a lockfile is at most 64 MiB").
// A missing file is the file system's fs.ErrNotExist.
func ReadBounded(fsys afero.Fs, p string, max int64, what string) ([]byte, error) {
	// Stat before Open: opening a named pipe waits for a writer.
	fi, err := fsys.Stat(p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		kind := "a folder"
		if !fi.IsDir() {
			kind = filekind.Of(fi.Mode())
		}
		return nil, fmt.Errorf("not a regular file: it is %s", kind)
	}
	f, err := fsys.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%w: %s is at most %d MiB", ErrTooLarge, what, max>>20)
	}
	return b, nil
}
