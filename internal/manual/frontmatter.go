package manual

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	meta "github.com/yuin/goldmark-meta"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/lorekit/lore/internal/diag"
)

// frontMatterParser decodes YAML front matter with goldmark-meta. It is fed
// only the front matter block, so a broken header never reaches the body.
var frontMatterParser = goldmark.New(goldmark.WithExtensions(meta.Meta)).Parser()

var topKeyRE = regexp.MustCompile(`^([A-Za-z0-9_-]+)[ \t]*:(.*)$`)

// FrontMatter is a block between two --- lines at the start of a file:
// YAML front matter, or the lore header.
type FrontMatter struct {
	// Text is what lies between the fences.
	Text []byte
	// Rest is what follows the closing fence's line, and RestLine the line
	// it starts on.
	Rest     []byte
	RestLine int
	// Closed is false when no line closes the block; Text and Rest are
	// then empty.
	Closed bool
}

// SplitFrontMatter finds the block between two --- lines at the start of
// src (a byte-order mark before it is skipped). ok is false when the first
// line is not ---. It is the one place that finds where a header ends:
// the manual dialects, content pages and task templates all use it.
func SplitFrontMatter(src []byte) (fm FrontMatter, ok bool) {
	f, ok := fenced(src, diag.NewLines(src))
	if !ok || f.close == 0 {
		return FrontMatter{}, ok
	}
	return FrontMatter{Text: f.text, Rest: src[f.body:], RestLine: f.close + 1, Closed: true}, true
}

// block locates a fenced header: the line of its closing fence (0 when it
// never closes), the byte offset after that line, and the text between.
type block struct {
	close, body int
	text        []byte
}

func fenced(src []byte, idx diag.Lines) (block, bool) {
	if !isFence(trimBOM(idx.Text(src, 1))) {
		return block{}, false
	}
	for n := 2; n <= len(idx); n++ {
		if isFence(idx.Text(src, n)) {
			b := block{close: n, body: len(src), text: src[idx[1]:idx[n-1]]}
			if n < len(idx) {
				b.body = idx[n]
			}
			return b, true
		}
	}
	return block{}, true
}

// YAMLErrorAt splits an error of a YAML decoder (yaml.v3, or yaml.v2 behind
// goldmark-meta) into the file line it points at and its message. first is
// the file line of the YAML text's first line; an error without a line
// points there.
func YAMLErrorAt(err error, first int) (line int, msg string) {
	l, msg := diag.YAMLError(err)
	return first + max(l, 1) - 1, msg
}

// YAMLErrorIn is YAMLErrorAt for an error about text: an error at the end
// of the stream (an unclosed bracket or quote), which the decoders place
// on the line after the last, points at the text's last line instead.
func YAMLErrorIn(err error, text []byte, first int) (line int, msg string) {
	line, msg = YAMLErrorAt(err, first)
	if n := diag.NewLines(text).Count(text); n > 0 {
		line = min(line, first+n-1)
	}
	return line, msg
}

// parseFrontMatter reads YAML front matter (Agent Skills dialect). Fields
// records each top-level key with its line and raw text.
func parseFrontMatter(src []byte, idx diag.Lines) (Header, int, []Problem) {
	var h Header
	f, ok := fenced(src, idx)
	if !ok {
		return h, 0, nil
	}
	h.Present, h.Start = true, 1
	if f.close == 0 {
		return h, 0, []Problem{{Rule: RuleSkillYAML, Line: 1, Col: 1,
			Message: "the front matter opened here never closes: add a line `---` after the last YAML line"}}
	}
	h.End = f.close
	for n := 2; n < f.close; n++ {
		if m := topKeyRE.FindStringSubmatch(string(idx.Text(src, n))); m != nil {
			h.Fields = append(h.Fields, Field{Key: m[1], Value: strings.TrimSpace(m[2]), Line: n, Col: len(m[1]) + 2})
		}
	}

	block := trimBOM(src[:f.body])
	pc := parser.NewContext()
	frontMatterParser.Parse(text.NewReader(block), parser.WithContext(pc))
	m, err := meta.TryGet(pc)
	if err != nil {
		line, msg := YAMLErrorIn(err, f.text, 2)
		line = min(max(line, 2), f.close) // an empty text: the closing fence
		return h, f.body, []Problem{{Rule: RuleSkillYAML, Line: line, Col: 1,
			Message: fmt.Sprintf("invalid YAML front matter: %s; fix the YAML (quote values that contain `: ` or start with a special character)", msg)}}
	}
	if p := duplicateKey(f.text, 2); p != nil {
		return h, f.body, []Problem{*p}
	}
	h.Meta = m
	return h, f.body, nil
}

func trimBOM(b []byte) []byte {
	if len(b) >= 3 && string(b[:3]) == string(bom) {
		return b[3:]
	}
	return b
}

// metaString returns key's value as a string. ok is false when the key is
// missing; isString is false when YAML decoded it as something else (for
// example `no` as false under YAML 1.1).
func metaString(m map[string]any, key string) (s string, ok, isString bool) {
	v, ok := m[key]
	if !ok || v == nil {
		return "", ok && v != nil, false
	}
	if s, isStr := v.(string); isStr {
		return s, true, true
	}
	return fmt.Sprint(v), true, false
}

// metaList returns key's value as a list of strings: a YAML list, or a
// string split on commas (and on spaces when it has no commas, as
// allowed-tools does).
func metaList(m map[string]any, key string) []string {
	switch v := m[key].(type) {
	case string:
		if strings.Contains(v, ",") {
			return splitList(v)
		}
		return strings.Fields(v)
	case []any:
		var out []string
		for _, e := range v {
			if s := strings.TrimSpace(fmt.Sprint(e)); s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
