package prompt

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/prompt/facts"
)

// marker is a parsed <!-- block: NAME [priority=N] [dynamic] --> line.
type marker struct {
	name     string
	priority int
	dynamic  bool
}

var (
	markerRE    = regexp.MustCompile(`^\s*<!--\s*block\s*:\s*(.*?)\s*-->\s*$`)
	markerLike  = regexp.MustCompile(`^\s*<!--\s*block\b`)
	directiveRE = regexp.MustCompile(`^\s*<!--\s*lore-(?:disable|enable)[^>]*-->\s*$`)
)

// parseMarker reads a marker line; ok is false for ordinary lines. A line
// that looks like a marker but is not one returns an error message.
func parseMarker(line string) (m marker, ok bool, errMsg string) {
	sm := markerRE.FindStringSubmatch(line)
	if sm == nil {
		if markerLike.MatchString(line) {
			return m, false, "malformed block marker: write <!-- block: NAME [priority=N] [dynamic] --> on a line of its own"
		}
		return m, false, ""
	}
	fields := strings.Fields(sm[1])
	if len(fields) == 0 {
		return m, false, "block marker without a name: write <!-- block: NAME -->"
	}
	m.name = fields[0]
	if !bundle.ValidName(m.name) {
		return m, false, fmt.Sprintf("block name %q: use letters, digits, '.', '_' and '-'", m.name)
	}
	for _, f := range fields[1:] {
		switch {
		case f == "dynamic":
			m.dynamic = true
		case strings.HasPrefix(f, "priority="):
			n, err := strconv.Atoi(strings.TrimPrefix(f, "priority="))
			if err != nil || n < 1 || n > 100000 {
				return m, false, fmt.Sprintf("block %q: priority must be a whole number from 1 to 100000, got %q", m.name, strings.TrimPrefix(f, "priority="))
			}
			m.priority = n
		default:
			return m, false, fmt.Sprintf("block %q: unknown marker option %q (options: priority=N, dynamic)", m.name, f)
		}
	}
	return m, true, ""
}

// rawBlock is a block's text cut out of its file, before compiling.
type rawBlock struct {
	marker
	markerLine int // 0 for a file without markers
	startLine  int
	body       string
}

// splitBlocks cuts an engine prompt into blocks at its markers (outside
// code fences). A file without markers is one block called "prompt". Lines
// that only hold a lore-disable comment are blanked: they steer the linter
// and never reach a bundle.
func splitBlocks(path string, src string) ([]rawBlock, []facts.Defect) {
	var out []rawBlock
	var ds []facts.Defect
	defect := func(line int, msg string) {
		ds = append(ds, facts.Defect{Pos: diag.Pos{File: path, Line: line, Col: 1}, Message: msg})
	}
	lines := strings.Split(src, "\n")
	var cur *rawBlock
	var body []string
	var pre []int // lines with text before the first marker
	fence := ""
	flush := func() {
		if cur != nil {
			cur.body = strings.Join(body, "\n")
			out = append(out, *cur)
		}
	}
	for i, l := range lines {
		n := i + 1
		if fence == "" {
			if m, ok, msg := parseMarker(l); ok || msg != "" {
				if msg != "" {
					defect(n, msg)
					body = append(body, "") // blanked: the lines after it keep their numbers
					continue
				}
				flush()
				if dup := findBlock(out, m.name); dup != nil {
					defect(n, fmt.Sprintf("block %q is defined twice (first on line %d): rename or merge one", m.name, dup.markerLine))
				}
				cur = &rawBlock{marker: m, markerLine: n, startLine: n + 1}
				body = body[:0]
				continue
			}
		}
		fence = fenceState(fence, l)
		if directiveRE.MatchString(l) {
			l = ""
		}
		if cur == nil {
			if strings.TrimSpace(l) != "" {
				pre = append(pre, n)
			}
			body = append(body, l)
			continue
		}
		body = append(body, l)
	}
	if cur == nil {
		// No markers: the whole file is one block.
		return []rawBlock{{marker: marker{name: "prompt"}, startLine: 1, body: strings.Join(body, "\n")}}, ds
	}
	flush()
	if len(pre) > 0 {
		defect(pre[0], "text before the first block marker belongs to no block: put a <!-- block: NAME --> line above it")
	}
	return out, ds
}

func findBlock(bs []rawBlock, name string) *rawBlock {
	for i := range bs {
		if bs[i].name == name {
			return &bs[i]
		}
	}
	return nil
}

// fenceState tracks Markdown code fences: it returns the open fence after
// line l ("" when none is open).
func fenceState(open, l string) string {
	t := strings.TrimLeft(l, " ")
	if len(l)-len(t) > 3 {
		return open
	}
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		if n < 3 {
			continue
		}
		if open == "" {
			return t[:n]
		}
		if open[0] == c && n >= len(open) && strings.TrimSpace(t[n:]) == "" {
			return ""
		}
	}
	return open
}

// fenceLines returns a predicate for the lines of src inside code fences
// (the fence lines included).
func fenceLines(src string) func(int) bool {
	var in []bool
	fence := ""
	for _, l := range strings.Split(src, "\n") {
		before := fence
		fence = fenceState(fence, l)
		in = append(in, before != "" || fence != "")
	}
	return func(n int) bool { return n >= 1 && n <= len(in) && in[n-1] }
}
