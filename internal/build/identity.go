package build

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/lorekit/lore/internal/config"
)

// CacheDir is the build cache's folder inside the project. lore build
// creates it (with a .gitignore that ignores it), lore clean removes it.
const CacheDir = config.CacheDir

// buildIdentity names the lore binary that builds: its module version and
// VCS revision, and for a development build (no version, or a modified
// tree) the executable's size and time too. The cache keeps only results
// of the same identity: another lore may render the same input
// differently.
func buildIdentity() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s/%s", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	dev := true
	if bi, ok := debug.ReadBuildInfo(); ok {
		fmt.Fprintf(&b, " %s@%s", bi.Main.Path, bi.Main.Version)
		if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			dev = false
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision", "vcs.time":
				fmt.Fprintf(&b, " %s", s.Value)
			case "vcs.modified":
				if s.Value == "true" {
					dev = true
				}
			}
		}
	}
	if dev {
		if exe, err := os.Executable(); err == nil {
			if fi, err := os.Stat(exe); err == nil {
				fmt.Fprintf(&b, " exe:%d:%d", fi.Size(), fi.ModTime().UnixNano())
			}
		}
	}
	return b.String()
}
