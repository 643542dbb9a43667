package manual

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	meta "github.com/yuin/goldmark-meta"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// frontMatterParser decodes YAML front matter with goldmark-meta. It is fed
// only the front matter block, so a broken header never reaches the body.
var frontMatterParser = goldmark.New(goldmark.WithExtensions(meta.Meta)).Parser()

var topKeyRE = regexp.MustCompile(`^([A-Za-z0-9_-]+)[ \t]*:(.*)$`)

var yamlLineRE = regexp.MustCompile(`line (\d+)`)

// parseFrontMatter reads YAML front matter (Agent Skills dialect). Fields
// records each top-level key with its line and raw text.
func parseFrontMatter(src []byte, idx lineIndex) (Header, int, []Problem) {
	var h Header
	if !isFence(trimBOM(idx.line(src, 1))) {
		return h, 0, nil
	}
	h.Present, h.Start = true, 1
	closeLine := 0
	for n := 2; n <= len(idx); n++ {
		if isFence(idx.line(src, n)) {
			closeLine = n
			break
		}
	}
	if closeLine == 0 {
		return h, 0, []Problem{{Rule: "skill/yaml", Line: 1, Col: 1,
			Message: "the front matter opened here never closes: add a line `---` after the last YAML line"}}
	}
	h.End = closeLine
	body := len(src)
	if closeLine < len(idx) {
		body = idx[closeLine]
	}
	for n := 2; n < closeLine; n++ {
		if m := topKeyRE.FindStringSubmatch(string(idx.line(src, n))); m != nil {
			h.Fields = append(h.Fields, Field{Key: m[1], Value: strings.TrimSpace(m[2]), Line: n, Col: len(m[1]) + 2})
		}
	}

	block := trimBOM(src[:body])
	pc := parser.NewContext()
	frontMatterParser.Parse(text.NewReader(block), parser.WithContext(pc))
	m, err := meta.TryGet(pc)
	if err != nil {
		line := 2
		if sm := yamlLineRE.FindStringSubmatch(err.Error()); sm != nil {
			if l, e := strconv.Atoi(sm[1]); e == nil {
				line = l + 1 // YAML lines count from the line after ---
			}
		}
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		return h, body, []Problem{{Rule: "skill/yaml", Line: line, Col: 1,
			Message: fmt.Sprintf("invalid YAML front matter: %s; fix the YAML (quote values that contain `: ` or start with a special character)", msg)}}
	}
	h.Meta = m
	return h, body, nil
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
