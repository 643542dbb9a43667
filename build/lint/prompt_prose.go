package lint

import (
	"strings"

	"github.com/lorekit/lore/build/diag"
)

// PromptProse reports the prose references of a prompt file (an engine
// prompt, fragment, layer or library block) under ref/prose-reference:
// in a prompt, "see the embedding manual" is exactly what seed 000 §4
// rule 1 forbids. Lines inside code fences and comments are skipped, and
// so is a lead-in paragraph ending in ':' whose list gives the exact calls
// ("… consult the relevant manual:" above "- `manual_read('x')` — when …").
// The bake stage calls it; its findings reach Run through Input.Extra.
func PromptProse(file string, src []byte) diag.List {
	var out diag.List
	skip := promptSkipLines(string(src))
	ReportProse(&Pass{rule: refProseReference, out: &out}, file, src, 1, skip)
	return out
}

// promptSkipLines marks fenced lines and HTML comment lines.
func promptSkipLines(src string) func(int) bool {
	var skip []bool
	fence := ""
	for _, l := range strings.Split(src, "\n") {
		t := strings.TrimSpace(l)
		in := fence != ""
		if f := fenceMarker(t); f != "" {
			if fence == "" {
				fence = f
				in = true
			} else if strings.HasPrefix(f, fence[:1]) && len(f) >= len(fence) {
				fence = ""
				in = true
			}
		}
		skip = append(skip, in || strings.HasPrefix(t, "<!--") && strings.HasSuffix(t, "-->"))
	}
	markLeadIns(strings.Split(src, "\n"), skip)
	return func(n int) bool { return n >= 1 && n <= len(skip) && skip[n-1] }
}

// markLeadIns marks the paragraphs that end in ':' and are followed by a
// list whose first item holds a manual_read call.
func markLeadIns(lines []string, skip []bool) {
	for i, l := range lines {
		if !strings.HasSuffix(strings.TrimSpace(l), ":") {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if j >= len(lines) || !strings.Contains(lines[j], "manual_read(") {
			continue
		}
		if t := strings.TrimSpace(lines[j]); !strings.HasPrefix(t, "- ") && !strings.HasPrefix(t, "* ") {
			continue
		}
		for k := i; k >= 0 && strings.TrimSpace(lines[k]) != ""; k-- {
			skip[k] = true
		}
	}
}

func fenceMarker(t string) string {
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		if n >= 3 {
			return t[:n]
		}
	}
	return ""
}
