// Package guard runs calls into third-party parsers and renderers (gonja,
// goldmark, chroma, yaml.v3, bleve, esbuild) behind a recover, so that a
// panic inside one of them becomes an error the caller reports against the
// file it was working on, instead of killing lore.
package guard

import (
	"fmt"
	"runtime"
	"strings"
)

// PanicError is a panic recovered by Do: the panic value and where it was
// raised.
type PanicError struct {
	// Value is what was passed to panic.
	Value any
	// Where is the function, file and line that panicked, shortened to the
	// module path ("github.com/x/y/v2/pkg/file.go:37"), or "".
	Where string
}

func (e *PanicError) Error() string {
	if e.Where == "" {
		return fmt.Sprintf("panic: %v", e.Value)
	}
	return fmt.Sprintf("panic: %v (in %s)", e.Value, e.Where)
}

// Unwrap returns the panic value when it is an error (a runtime.Error, for
// one).
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// Do calls f and returns its error; a panic in f is returned as a
// *PanicError. A panic in a goroutine f starts is not recovered.
func Do(f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &PanicError{Value: v, Where: where()}
		}
	}()
	return f()
}

// where returns the first frame of the panicking goroutine outside the
// runtime and Do: the code that panicked.
func where() string {
	pc := make([]uintptr, 32)
	n := runtime.Callers(3, pc)
	frames := runtime.CallersFrames(pc[:n])
	for {
		fr, more := frames.Next()
		if fr.Function != "" && !strings.HasPrefix(fr.Function, "runtime.") && !strings.HasPrefix(fr.Function, thisPackage+"Do") {
			return fmt.Sprintf("%s:%d", shorten(fr.File), fr.Line)
		}
		if !more {
			return ""
		}
	}
}

const thisPackage = "github.com/lorekit/lore/internal/guard."

// shorten drops the module cache or GOPATH prefix of a source path and the
// version of a module: ".../pkg/mod/github.com/a/b@v1.2.3/c.go" becomes
// "github.com/a/b/c.go".
func shorten(file string) string {
	if i := strings.LastIndex(file, "/pkg/mod/"); i >= 0 {
		file = file[i+len("/pkg/mod/"):]
		if at := strings.IndexByte(file, '@'); at >= 0 {
			if slash := strings.IndexByte(file[at:], '/'); slash >= 0 {
				file = file[:at] + file[at+slash:]
			}
		}
		return file
	}
	if i := strings.LastIndex(file, "/src/"); i >= 0 {
		return file[i+len("/src/"):]
	}
	return file
}
