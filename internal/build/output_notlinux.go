//go:build !linux

package build

import "errors"

// exchange is not available: the swap takes two renames.
func exchange(a, b string) error { return errors.ErrUnsupported }
