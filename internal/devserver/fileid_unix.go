//go:build unix

package devserver

import (
	"io/fs"
	"syscall"
)

// inode returns the file's device and inode numbers.
func inode(fi fs.FileInfo) (dev, ino uint64) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Dev), uint64(st.Ino) //nolint:unconvert // int32 on some systems
	}
	return 0, 0
}
