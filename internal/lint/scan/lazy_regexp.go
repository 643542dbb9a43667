package scan

import (
	"regexp"
	"sync"
)

// lazyRE is a regular expression compiled when it is first used, not when
// lore starts: the scanners' expressions were nearly half of what a lore
// process spent starting, also in the commands that scan nothing (how_do_i,
// read, list, a build with nothing changed). lazyREs lists every one, for
// the test that compiles them all.
type lazyRE struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

var lazyREs []*lazyRE

// lazyRegexp returns the expression src, compiled on first use (a source
// that does not compile panics then, as regexp.MustCompile does).
func lazyRegexp(src string) *lazyRE {
	l := &lazyRE{src: src}
	lazyREs = append(lazyREs, l)
	return l
}

// get returns the compiled expression.
func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.src) })
	return l.re
}

func (l *lazyRE) String() string           { return l.src }
func (l *lazyRE) Match(b []byte) bool      { return l.get().Match(b) }
func (l *lazyRE) FindIndex(b []byte) []int { return l.get().FindIndex(b) }
func (l *lazyRE) FindAllIndex(b []byte, n int) [][]int {
	return l.get().FindAllIndex(b, n)
}
func (l *lazyRE) FindSubmatchIndex(b []byte) []int { return l.get().FindSubmatchIndex(b) }
func (l *lazyRE) FindAllSubmatchIndex(b []byte, n int) [][]int {
	return l.get().FindAllSubmatchIndex(b, n)
}
func (l *lazyRE) FindAllStringSubmatch(s string, n int) [][]string {
	return l.get().FindAllStringSubmatch(s, n)
}
