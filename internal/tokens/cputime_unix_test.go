//go:build unix

package tokens

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) the process has used:
// a figure less disturbed by other load on the machine than wall time.
func processCPU() (time.Duration, bool) {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}
