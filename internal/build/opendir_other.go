//go:build !unix

package build

import "os"

// openDir opens the folder name to read its entries.
func openDir(name string) (*os.File, error) { return os.Open(name) }
