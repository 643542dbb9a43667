// Package filekind names what a file that is neither a regular file nor a
// folder is ("a named pipe", "a device"), for the messages that refuse to
// read it.
package filekind

import "io/fs"

// Of names the kind of a file of mode m that is neither regular nor a
// folder.
func Of(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file (" + m.Type().String() + ")"
}
