//go:build unix

package build

import (
	"io/fs"
	"syscall"
)

// inode returns the file's inode number.
func inode(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino)
	}
	return 0
}
