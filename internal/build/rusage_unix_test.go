//go:build unix

package build_test

import (
	"os"
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) the process has used, and
// the system part of it.
func cpuTime() (all, sys time.Duration) {
	var r syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &r)
	return time.Duration(r.Utime.Nano() + r.Stime.Nano()), time.Duration(r.Stime.Nano())
}

// maxRSS is the peak resident set of an ended child process in MiB.
func maxRSS(ps *os.ProcessState) (float64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	return float64(ru.Maxrss) / 1024, true // kilobytes on Linux
}

// settle flushes the file system before a measured step: the writeback
// and discards of the files the step before wrote or removed (hundreds of
// megabytes for a build of 10k manuals) would otherwise slow down the
// step measured next, whichever it is.
func settle() { syscall.Sync() }
