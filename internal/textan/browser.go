package textan

import (
	"maps"
	"slices"
)

// Data is everything of an analysis that is data rather than steps: what
// the site's browser search (theme/assets/js/search/analyze.js) needs to
// analyse a query as this package does. internal/site/searchindex writes
// it into the index; the browser loads it with the first query. The steps
// themselves are ported to JavaScript and held to this package by the
// vectors tests.
type Data struct {
	// Fold maps an ASCII folding to the characters that fold to it
	// (Fold).
	Fold map[string]string `json:"fold"`
	// StopEN and StopDE are the stop words; Fillers the filler words of
	// requests (IsFiller).
	StopEN  []string `json:"stopEN"`
	StopDE  []string `json:"stopDE"`
	Fillers []string `json:"fillers"`
	// Glossary maps a normalised, stemmed German word to the English
	// terms of its renderings (as Renderings gives them for one word).
	Glossary map[string][]string `json:"glossary"`
	// Compounds are the normalised German words compounds are split at.
	Compounds []string `json:"compounds"`
	// Thesaurus maps an English term to its related terms (Related).
	Thesaurus map[string][]string `json:"thesaurus"`
	// Separable are the particles of separable verbs, Conjunctions the
	// words that begin a clause (JoinSeparableVerbs).
	Separable    []string `json:"separable"`
	Conjunctions []string `json:"conjunctions"`
	// VerbPrefixes begin verbs, not compounds; Inflections are the endings
	// of a compound's head; VerbEndings the endings the glossary lookup
	// tries without; Links the linking elements of compounds.
	VerbPrefixes []string `json:"verbPrefixes"`
	Inflections  []string `json:"inflections"`
	VerbEndings  []string `json:"verbEndings"`
	Links        []string `json:"links"`
	// Cognates are the rules of Cognates: German endings with their
	// English ones (longest German ending first) and letters.
	Cognates       []CognateRule `json:"cognates"`
	CognateLetters [][2]string   `json:"cognateLetters"`
	// Limits are the lengths the steps use.
	Limits Limits `json:"limits"`
}

// A CognateRule is a German ending and the English endings it may stand
// for.
type CognateRule struct {
	DE string   `json:"de"`
	EN []string `json:"en"`
}

// Limits are the lengths (in runes) the analysis steps use.
type Limits struct {
	MinCompound     int `json:"minCompound"`
	MinCompoundPart int `json:"minCompoundPart"`
	MinModifier     int `json:"minModifier"`
	MinCognate      int `json:"minCognate"`
}

// Data returns the data of a (see Data).
func (a *Analysis) Data() Data {
	d := Data{
		Fold:         maps.Clone(foldGroups),
		StopEN:       sortedKeys(englishStopWords),
		StopDE:       sortedKeys(germanStopWords),
		Fillers:      sortedKeys(fillers),
		Glossary:     make(map[string][]string, len(a.gloss.byStem)),
		Compounds:    slices.Clone(a.gloss.forms),
		Thesaurus:    make(map[string][]string, len(a.thes)),
		Separable:    slices.Clone(separablePrefixes),
		Conjunctions: slices.Clone(conjunctions),
		VerbPrefixes: slices.Clone(verbPrefixes),
		Inflections:  slices.Clone(inflections),
		VerbEndings:  slices.Clone(verbEndings),
		Links:        slices.Clone(linkingElements),
		Limits:       Limits{MinCompound, MinCompoundPart, minModifier, minCognate},
	}
	for stem, trs := range a.gloss.byStem {
		terms := []string{}
		for _, tr := range trs {
			for _, t := range English(tr) {
				terms = appendNew(terms, t.Term)
			}
		}
		d.Glossary[stem] = terms
	}
	for k, v := range a.thes {
		d.Thesaurus[k] = slices.Clone(v)
	}
	for _, e := range cognateEndings {
		d.Cognates = append(d.Cognates, CognateRule{e.de, slices.Clone(e.en)})
	}
	for _, l := range cognateLetters {
		d.CognateLetters = append(d.CognateLetters, [2]string{l.de, l.en})
	}
	return d
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
