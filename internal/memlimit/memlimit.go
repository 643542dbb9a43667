// Package memlimit sets the soft memory limit lore build runs with. The
// Go runtime's default (collect when the heap has doubled) lets a build's
// resident memory reach twice its live heap and more; with a limit the
// collector works harder only near it.
//
// The limit follows the size of the project (Fit). A cold build of the
// 10,000 generated manuals (36.5 MB of Markdown) holds some 245–265 MiB
// live at its peak: about 60 MiB whatever the size (tokenizer, lexers,
// templates) and 5–6 bytes per byte of Markdown. The limit gives that
// some 1.9 times its room, which costs little there (three cold builds
// each, alternated, quiet 2-core machine): at the former fixed 896 MiB,
// peak RSS 608–679 MiB, median 42.8 s wall and 74.2 CPU-s; at 512 MiB,
// 553–554 MiB, 42.4 s and 75.5 CPU-s.
//
// lore serve does without: it keeps a project in memory between builds,
// and a limit that close to its live heap would keep the collector busy.
package memlimit

import (
	"os"
	"runtime/debug"
)

// defaultLimit is the soft limit when GOMEMLIMIT is not set, until Fit
// knows the project's size.
const defaultLimit = 896 << 20

// The limit for a project whose manuals hold n bytes is base + perByte ×
// n, and never below floor (a small project has no use for a tight
// limit, and a build whose live heap were near it would spend its time
// collecting).
const (
	base    = 112 << 20
	perByte = 10
	floor   = 512 << 20
)

// Apply sets the soft memory limit to the default unless the environment
// sets one (GOMEMLIMIT, which the runtime has read already). It returns a
// function that restores the limit before it.
func Apply() (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	prev := debug.SetMemoryLimit(defaultLimit)
	return func() { debug.SetMemoryLimit(prev) }
}

// Fit sets the soft memory limit for a build whose manuals hold
// sourceBytes (Limit), unless the environment sets one. Call it after
// Apply, whose restore function undoes both.
func Fit(sourceBytes int64) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(Limit(sourceBytes))
}

// Limit is the soft memory limit for a build whose manuals hold
// sourceBytes: the floor, 512 MiB, up to some 42 MB of Markdown (10,000
// generated manuals: 36.5 MB); 741 MiB for 66 MB.
func Limit(sourceBytes int64) int64 {
	return max(floor, base+perByte*max(0, sourceBytes))
}
