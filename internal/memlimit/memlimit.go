// Package memlimit sets the soft memory limit lore runs with: a build of
// 10,000 manuals holds some 600 MB live at its peak, and the Go runtime's
// default (collect when the heap has doubled) would let it grow past
// 1 GiB. With the limit the collector works harder only near it.
package memlimit

import (
	"os"
	"runtime/debug"
)

// Default is the soft limit when GOMEMLIMIT is not set.
const Default = 896 << 20

// Apply sets the soft memory limit to Default unless the environment sets
// one (GOMEMLIMIT, which the runtime has read already).
func Apply() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(Default)
	}
}
