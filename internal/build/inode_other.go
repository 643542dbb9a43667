//go:build !unix

package build

import "io/fs"

// inode returns 0: the file system names no inode here.
func inode(fs.FileInfo) uint64 { return 0 }
