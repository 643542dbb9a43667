package textan

import "testing"

func TestJoinSeparableVerbs(t *testing.T) {
	a := New("")
	for in, want := range map[string]string{
		"trag mir Donnerstag einen Termin ein":       "eintrag mir Donnerstag einen Termin ",
		"stell die Umsätze als Diagramm dar":         "darstell die Umsätze als Diagramm ",
		"zeig mir das Bild an, bitte":                "anzeig mir das Bild , bitte",
		"leg einen Ordner an und lad die Datei hoch": "anleg einen Ordner  und hochlad die Datei ",
		// The infinitive, when the glossary knows the verb through its
		// -ung noun only (Umsetzung): an imperative, with or without -e.
		"setze den Plan um":        "umsetzen den Plan ",
		"setz den Plan Schritt um": "umsetzen den Plan Schritt ",
		"richte den Server ein":    "einrichte den Server ",
		"baue die Seite um":        "baue die Seite um",
		// No particle at a clause's end, an unknown verb, English.
		"an einem Diagramm arbeiten":  "an einem Diagramm arbeiten",
		"sing mir ein Lied vor":       "sing mir ein Lied vor",
		"can you sign me in":          "can you sign me in",
		"log the user in and move on": "log the user in and move on",
	} {
		if got := a.JoinSeparableVerbs(in); got != want {
			t.Errorf("JoinSeparableVerbs(%q) = %q, want %q", in, got, want)
		}
	}
}
