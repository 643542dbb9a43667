//go:build !unix

package build_test

import (
	"os"
	"time"
)

// cpuTime is not measured where there is no getrusage.
func cpuTime() (all, sys time.Duration) { return 0, 0 }

// maxRSS is not known where there is no getrusage.
func maxRSS(*os.ProcessState) (float64, bool) { return 0, false }

// settle does nothing where there is no sync(2).
func settle() {}
