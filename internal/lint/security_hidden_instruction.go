package lint

import (
	"fmt"
	"unicode/utf8"

	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/lint/scan"
	"github.com/lorekit/lore/internal/manual"
)

// descriptionCut is where agent hosts cut a skill's description in their
// listings (the Agent Skills limit).
const descriptionCut = 1024

var securityHiddenInstruction = securityRule(&Rule{
	ID: "security/hidden-instruction", Severity: diag.Error,
	Summary: "text the reader does not see but the model reads",
	Doc: "A rendered page hides HTML comments and elements styled `display:none`, `visibility:hidden`, `font-size:0` or marked " +
		"`hidden`, never shows the content of `<script>`, `<style>` and `<template>` elements nor the fallback text of `<noscript>` (while scripts run), `<iframe>`, `<video>`, `<audio>` and `<canvas>`, and never shows a link reference definition (the \"Markdown comment\" `[//]: # (…)`); the model reads the raw Markdown " +
		"with all of them. The rule reports an HTML comment, or a definition's title or `<…>` destination, that addresses the model (names the " +
		"AI, assistant or agent and instructs it, or reads as an injection), a hidden element with text in it, text placed after " + fmt.Sprint(scan.PadLines) +
		" or more blank lines or " + fmt.Sprint(scan.PadSpaces) + " spaces (pushed out of view of an editor or diff), and instructions in a skill's " +
		"`description` past the " + fmt.Sprint(descriptionCut) + " characters where hosts cut it in their listings. lore's own comments " +
		"(`lore-disable …`, block markers) and those of linters are not reported. Move what the model should know into the visible text, or delete it.",
	Project: nil,
}, "make it visible text or delete it", func(t *scanText) []scan.Hit {
	hits := scan.HiddenInstruction(t.src, t.kind)
	if t.m != nil {
		hits = append(hits, descriptionPastCut(t.m)...)
	}
	return hits
})

// descriptionPastCut reports instructions in the part of a skill's
// description that hosts cut off in their listings.
func descriptionPastCut(m *manual.Manual) []scan.Hit {
	if m.Dialect != manual.Skill {
		return nil
	}
	d, ok := m.Header.Meta["description"].(string)
	if !ok || utf8.RuneCountInString(d) <= descriptionCut {
		return nil
	}
	tail := []byte(string([]rune(d)[descriptionCut:]))
	if !scan.Addresses(tail) {
		return nil
	}
	f, ok := m.Header.Field("description")
	if !ok {
		return nil
	}
	off := m.LineOffset(f.Line)
	return []scan.Hit{{Off: off, End: off + len(m.Line(f.Line)),
		What: fmt.Sprintf("instructions in the description past character %d, where hosts cut it in their listings", descriptionCut)}}
}
