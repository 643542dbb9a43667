package scan

import (
	"bytes"
	"fmt"
	"slices"
	"unicode"
	"unicode/utf8"
)

// Thresholds of the padding trick: text pushed below a screenful of
// blank lines, or to the right of a long run of spaces.
const (
	PadLines  = 25
	PadSpaces = 200
)

// addresseeRE finds text that speaks to the model in English or German:
// "if you are an AI", "note to the assistant", "Claude: …", "AI, …",
// "wenn du eine KI bist", "when an AI reads this", "agents reading
// this".
var (
	addresseeRE = lazyRegexp(`(?im)\b(?:if|when|since|because) you(?:'re| are) (?:an? |the )?(?:ai|a\.i\.|llm|language model|assistant|agent|bot|model|chatbot|claude|gpt|chatgpt|copilot|gemini)\b|\b(?:note|message|instructions?|hint|reminder) (?:to|for) (?:the |any |all )?(?:ai|llm|assistant|agent|model|bot|claude|copilot|gpt|chatgpt|gemini|crawler)s?\b|^\s*(?:ai|llm|assistant|agent|claude|copilot|gpt|chatgpt|gemini|model|ki|assistent)\s*[:,]|\b(?:dear|hey|attention|achtung|hallo|liebe[rs]?) (?:ai|llm|assistant|agent|model|claude|copilot|gpt|chatgpt|ki|assistent|sprachmodell)\b|\bwenn du (?:eine? |ein )?(?:ki|sprachmodell|assistent|agent|bot)\b|\b(?:if|when|whenever|once) (?:an?|the|any) (?:ai|a\.i\.|llm|language model|assistant|agent|bot|model|chatbot|crawler) (?:reads|sees|parses|processes|finds|encounters|is reading)\b|\b(?:ai|llm|assistant|agent|model|bot)s? (?:reading|parsing|processing) this\b|\bwenn (?:eine?|die|der|ein) (?:ki|sprachmodell|assistent|agent|bot) (?:das|dies|diesen text|diese datei) (?:liest|sieht|verarbeitet)\b|\b(?:an|für) (?:die |den |das )?(?:ki|sprachmodell|assistenten|agenten)\s*:`)
	// refDefRE finds a link reference definition on one line with what a
	// page never shows: a destination in angle brackets (group 1) or a
	// title (group 2) — the "Markdown comment" idiom [//]: # (…).
	refDefRE = lazyRegexp(`(?m)^ {0,3}\[(?:[^\]\\\n]|\\.)+\]:[ \t]*(?:<([^>\n]*)>|\S+)(?:[ \t]+("[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$`)
	// hiddenElemRE finds the start tag of an element styled or marked
	// hidden; each branch ends at the tag's '>', so a bare `hidden>`
	// does not run on into the element's text.
	hiddenElemRE = lazyRegexp(`(?is)<([a-z][a-z0-9]*)\b[^>]*?(?:style\s*=\s*["'][^"']*?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:\.0+)?(?:px|pt|em|rem|%)?\s*(?:[;"']|!)|opacity\s*:\s*0(?:\.0+)?\s*(?:[;"']|!)|(?:left|top|text-indent)\s*:\s*-\d{4,})[^>]*>|\shidden(?:[\s=/][^>]*)?>|aria-hidden\s*=\s*["']?true[^>]*>)`)
	// unrenderedElemRE finds the start tag of an element whose content no
	// browser shows: a script, a style sheet, a template, and the fallback
	// of what a browser runs or plays (noscript while scripts run, iframe,
	// video, audio, canvas).
	unrenderedElemRE = lazyRegexp(`(?is)<(script|style|template|noscript|iframe|video|audio|canvas)\b[^>]*>`)
)

// Addresses reports whether text speaks to the model (addresseeRE) or
// is an injection.
func Addresses(text []byte) bool {
	if addresseeRE.Match(text) {
		return true
	}
	return len(Injection(text, true, false)) > 0
}

// HiddenInstruction finds text a reader of the rendered page does not
// see but the model reads: HTML comments and link reference definitions
// ([//]: # (…), never rendered) that address the model, hidden
// HTML elements with text in them, and text placed after PadLines blank
// lines or PadSpaces spaces. Comments of lore itself (lore-disable …,
// block markers) and of tools are not instructions.
func HiddenInstruction(src []byte, kind Kind) []Hit {
	var c collector
	if kind == Markdown {
		for _, s := range Segments(src, kind) {
			if s.Code {
				continue
			}
			hiddenInProse(src, s.Off, s.End, &c)
		}
	}
	padding(src, &c)
	return c.result()
}

func hiddenInProse(src []byte, off, end int, c *collector) {
	var spans [][2]int // code spans: what they hold is shown, as code
	if bytes.IndexByte(src[off:end], '`') >= 0 {
		spans = paragraphSpans(src, off, end, false)
	}
	for i := off; i < end; {
		j := bytes.Index(src[i:end], []byte("<!--"))
		if j < 0 {
			break
		}
		start := i + j
		if inSpans(spans, start) {
			i = start + 4
			continue
		}
		k := bytes.Index(src[start+4:end], []byte("-->"))
		stop := end
		if k >= 0 {
			stop = start + 4 + k + 3
		}
		body := bytes.TrimSpace(src[start+4 : max(start+4, stop-3)])
		if !toolComment(body) && Addresses(body) {
			c.add(Hit{Off: start, End: stop, What: "an HTML comment that addresses the model (the rendered page does not show it)"})
		}
		i = stop
	}
	// A definition holds "]:"; prose without one (most) skips the
	// regular expression, which has no literal prefix to search for.
	var defs [][]int
	if bytes.Contains(src[off:end], []byte("]:")) {
		defs = refDefRE.FindAllSubmatchIndex(src[off:end], -1)
	}
	for _, m := range defs {
		var body []byte
		for g := 1; g <= 2; g++ {
			if m[2*g] >= 0 {
				body = append(append(body, src[off+m[2*g]:off+m[2*g+1]]...), ' ')
			}
		}
		if len(body) > 0 && Addresses(bytes.Trim(body, "\"'() ")) {
			c.add(Hit{Off: off + m[0], End: off + m[1], What: "a link reference definition that addresses the model (the rendered page does not show it)"})
		}
	}
	hiddenElements(src, off, end, spans, c)
}

// hiddenElements reports hidden and unrendered elements with text in them.
// The closing tag of each is the first one after it. Found positions are
// kept per tag, so many unclosed elements cost one pass over the text, not
// one each.
func hiddenElements(src []byte, off, end int, spans [][2]int, c *collector) {
	type found struct{ from, at int }
	closes := map[string]found{}
	starts := append(hiddenElemRE.FindAllSubmatchIndex(src[off:end], -1), unrenderedElemRE.FindAllSubmatchIndex(src[off:end], -1)...)
	slices.SortFunc(starts, func(a, b []int) int { return a[0] - b[0] })
	for i, m := range starts {
		if i > 0 && m[0] == starts[i-1][0] || inSpans(spans, off+m[0]) {
			continue // a <script hidden> is one element; `<script>` is code
		}
		tag := string(bytes.ToLower(src[off+m[2] : off+m[3]]))
		open := off + m[1]
		f, ok := closes[tag]
		if !ok || open < f.from || f.at >= 0 && f.at < open {
			at := indexFold(src[open:end], []byte("</"+tag))
			if at >= 0 {
				at += open
			}
			f = found{open, at}
			closes[tag] = f
		}
		stop := end
		if f.at >= 0 {
			stop = f.at
		}
		if letters(src[open:min(stop, open+512)], 12) >= 12 {
			c.add(Hit{Off: off + m[0], End: stop, What: fmt.Sprintf("text in a hidden <%s> element (the rendered page does not show it)", tag)})
		}
	}
}

// toolComment reports whether an HTML comment is a directive of lore or
// of a common tool, not prose.
func toolComment(body []byte) bool {
	for _, p := range [][]byte{[]byte("lore-"), []byte("block:"), []byte("markdownlint"), []byte("prettier"), []byte("toc"),
		[]byte("vale "), []byte("cspell"), []byte("textlint"), []byte("eslint"), []byte("BEGIN"), []byte("END")} {
		if bytes.HasPrefix(body, p) {
			return true
		}
	}
	return false
}

func indexFold(s, sub []byte) int {
	// sub is lower-case ASCII; compare case-insensitively in one pass.
	for i := 0; i+len(sub) <= len(s); i++ {
		j := bytes.IndexByte(s[i:], '<')
		if j < 0 {
			return -1
		}
		i += j
		if i+len(sub) <= len(s) && bytes.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// letters counts the letters of b outside tags, up to need.
func letters(b []byte, need int) int {
	n := 0
	inTag := false
	for _, r := range string(b) {
		switch {
		case r == '<':
			inTag = true
		case r == '>':
			inTag = false
		case !inTag && unicode.IsLetter(r):
			n++
			if n >= need {
				return n
			}
		}
	}
	return n
}

// padding finds text after PadLines blank lines or after PadSpaces
// spaces on a line.
func padding(src []byte, c *collector) {
	blank := 0
	for off := 0; off < len(src); {
		end, next := lineFrom(src, off)
		line := src[off:end]
		first := firstVisible(line)
		if first < 0 {
			blank++
			off = next
			continue
		}
		if blank >= PadLines {
			c.add(Hit{Off: off + first, End: end, What: fmt.Sprintf("text after %d blank lines (pushed out of view)", blank)})
		}
		blank = 0
		if len(line) < PadSpaces+2 {
			// Too short for a character, PadSpaces spaces and one more.
			off = next
			continue
		}
		// A long run of spaces inside the line.
		run, runStart := 0, 0
		for i := 0; i < len(line); {
			r, n := rune(line[i]), 1
			if r >= utf8.RuneSelf {
				r, n = utf8.DecodeRune(line[i:])
			}
			if unicode.IsSpace(r) || Blank(r) {
				if run == 0 {
					runStart = i
				}
				run++
			} else {
				if run >= PadSpaces && runStart > 0 {
					c.add(Hit{Off: off + i, End: end, What: fmt.Sprintf("text after %d spaces on the line (pushed out of view)", run)})
					break
				}
				run = 0
			}
			i += n
		}
		off = next
	}
}

// firstVisible returns the offset of the first character of line that is
// not white space, or -1.
func firstVisible(line []byte) int {
	for i := 0; i < len(line); {
		r, n := rune(line[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(line[i:])
		}
		if !unicode.IsSpace(r) && !hiddenRune(r) && !Blank(r) {
			return i
		}
		i += n
	}
	return -1
}
