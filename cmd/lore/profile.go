package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"

	"github.com/spf13/cobra"
)

// profileFlags are the hidden --cpuprofile, --memprofile and --trace flags
// of every command, as go test's -cpuprofile, -memprofile and -trace: a
// CPU profile of the whole command, a heap profile (allocations since the
// start, and what is live) written when it ends, and an execution trace
// (where the wall time goes, goroutine by goroutine). They are for working
// on lore, not for its users, and so are not listed in the help; read the
// files with 'go tool pprof' and 'go tool trace'.
type profileFlags struct {
	cpu, mem, trace    string
	cpuFile, traceFile *os.File
}

func (p *profileFlags) register(root *cobra.Command) {
	f := root.PersistentFlags()
	f.StringVar(&p.cpu, "cpuprofile", "", "write a CPU profile of the command to this file")
	f.StringVar(&p.mem, "memprofile", "", "write a heap profile to this file when the command ends")
	f.StringVar(&p.trace, "trace", "", "write an execution trace of the command to this file")
	for _, name := range []string{"cpuprofile", "memprofile", "trace"} {
		_ = f.MarkHidden(name)
	}
}

// start begins the CPU profile and the trace asked for.
func (p *profileFlags) start() error {
	var err error
	if p.traceFile, err = startTo(p.trace, "--trace", trace.Start); err != nil {
		return err
	}
	p.cpuFile, err = startTo(p.cpu, "--cpuprofile", pprof.StartCPUProfile)
	return err
}

// startTo creates the file name (none when name is "") and begins writing
// into it with begin; a failure names the flag.
func startTo(name, flag string, begin func(io.Writer) error) (*os.File, error) {
	if name == "" {
		return nil, nil
	}
	f, err := os.Create(name)
	if err == nil {
		if err = begin(f); err != nil {
			_ = f.Close()
		}
	}
	if err != nil {
		return nil, failure(fmt.Errorf("%s: %w", flag, err))
	}
	return f, nil
}

// stop ends the CPU profile and the trace and writes the heap profile; a
// failure is printed to stderr, since the command itself has ended.
func (p *profileFlags) stop(e *env) {
	if p.traceFile != nil {
		trace.Stop()
		if err := p.traceFile.Close(); err != nil {
			fmt.Fprintf(e.stderr, "lore: --trace: %v\n", err)
		}
		p.traceFile = nil
	}
	if p.cpuFile != nil {
		pprof.StopCPUProfile()
		if err := p.cpuFile.Close(); err != nil {
			fmt.Fprintf(e.stderr, "lore: --cpuprofile: %v\n", err)
		}
		p.cpuFile = nil
	}
	if p.mem == "" {
		return
	}
	runtime.GC()
	f, err := os.Create(p.mem)
	if err == nil {
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "lore: --memprofile: %v\n", err)
	}
}
