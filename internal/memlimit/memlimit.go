// Package memlimit sets the soft memory limit lore build runs with: a
// build of 10,000 manuals holds some 600 MB live at its peak, and the Go
// runtime's default (collect when the heap has doubled) would let it grow
// well past 1 GiB. With the limit the collector works harder only near it.
//
// lore serve does without: it keeps a project in memory between builds,
// and a limit that close to its live heap would keep the collector busy.
package memlimit

import (
	"os"
	"runtime/debug"
)

// defaultLimit is the soft limit when GOMEMLIMIT is not set.
const defaultLimit = 896 << 20

// Apply sets the soft memory limit to Default unless the environment sets
// one (GOMEMLIMIT, which the runtime has read already). It returns a
// function that restores the limit before it.
func Apply() (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	prev := debug.SetMemoryLimit(defaultLimit)
	return func() { debug.SetMemoryLimit(prev) }
}
