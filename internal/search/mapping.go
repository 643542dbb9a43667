package search

import (
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	regexpTokenizer "github.com/blevesearch/bleve/v2/analysis/tokenizer/regexp"
	"github.com/blevesearch/bleve/v2/analysis/tokenmap"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/lorekit/lore/internal/textan"
)

// The analyzers of the catalog, made of internal/textan's steps (see
// textan.go). Both are registered in the index mapping, so an opened
// catalog analyses intents exactly as it analysed manuals.
const (
	// analyzerEN: ASCII folding, Unicode words, possessives, lower case,
	// English stop words, Snowball (Porter2) stemming (textan.English).
	analyzerEN = "lore_en"
	// analyzerBody is analyzerEN without ASCII folding, for bodies: the
	// folding costs a fifth of the build and matters in names and triggers.
	analyzerBody = "lore_en_body"
	// analyzerDE: Unicode words, lower case, German stop words, German
	// normalisation (ä→a, ae→a, ß→ss: so "Schlüssel" and "Schluessel" meet),
	// light stemming ("Diagramme" and "Diagramm" meet) and the head of a
	// compound among the glossary's German words ("Balkendiagramm" →
	// Diagramm) (textan.Compounds).
	analyzerDE = "lore_de"

	germanTerms  = "lore_german"
	phraseFilter = "lore_trigger_keys"
	compoundDict = "lore_de_words"
)

// The fields of a catalog document. A property analysed in both languages
// is indexed twice, once per analyzer, under the field names below; the
// query names the field, so the analyzer is always the field's own.
const (
	fKind     = "kind"     // keyword: manual or tool
	fName     = "name"     // keyword: the exact name, stored
	fWords    = "words"    // name split into words (embed-images → embed images), English
	fTrigEN   = "triggers" // triggers, English analyzer (stored)
	fTrigDE   = "triggers_de"
	fSumEN    = "summary" // summary, English analyzer (stored)
	fSumDE    = "summary_de"
	fTitle    = "title"    // the H1, English (stored)
	fHeadings = "headings" // H2–H4 titles, English
	fRefs     = "refs"     // the documents a skill owns: names, titles, summaries, headings
	fBody     = "body"     // body prose without code, English
	fRouting  = "routing"  // name words, triggers, summary and title together, English: matched fuzzily
	fPhrases  = "phrases"  // each trigger as one token, its English and German keys (see phrase.go)
	fPath     = "path"     // stored: path relative to the project
	fRel      = "rel"      // stored: path relative to the manual root
	fAudience = "audience" // keyword: the engine, or "*" for every engine
	fTools    = "tools"    // keyword: requires-tools
	fEngines  = "engines"  // keyword: engines whose recipe cascade returns this manual, or "*"
)

// anyValue stands for "every engine" in the audience and engines fields.
const anyValue = "*"

// newMapping returns the typed index mapping. dict is the German word list
// the compound splitter looks for inside longer words.
func newMapping(dict []string) (*mapping.IndexMappingImpl, error) {
	im := mapping.NewIndexMapping()
	im.IndexDynamic = false
	im.StoreDynamic = false
	im.DocValuesDynamic = false
	im.DefaultAnalyzer = analyzerEN
	im.ScoringModel = "bm25"

	words := make([]any, len(dict))
	for i, w := range dict {
		words[i] = w
	}
	if err := im.AddCustomTokenMap(compoundDict, map[string]any{"type": tokenmap.Name, "tokens": words}); err != nil {
		return nil, err
	}
	if err := im.AddCustomTokenFilter(germanTerms, map[string]any{
		"type": germanFilter, "dict_token_map": compoundDict,
		"min_word_size": float64(textan.MinCompound), "min_part_size": float64(textan.MinCompoundPart),
	}); err != nil {
		return nil, err
	}
	if err := im.AddCustomAnalyzer(analyzerEN, map[string]any{
		"type":          custom.Name,
		"char_filters":  []any{foldFilter},
		"tokenizer":     wordsTokenizer,
		"token_filters": []any{englishFilter},
	}); err != nil {
		return nil, err
	}
	if err := im.AddCustomAnalyzer(analyzerBody, map[string]any{
		"type":          custom.Name,
		"tokenizer":     wordsTokenizer,
		"token_filters": []any{englishFilter},
	}); err != nil {
		return nil, err
	}
	if err := im.AddCustomAnalyzer(analyzerDE, map[string]any{
		"type":          custom.Name,
		"tokenizer":     wordsTokenizer,
		"token_filters": []any{germanTerms},
	}); err != nil {
		return nil, err
	}

	if err := im.AddCustomTokenizer(phraseTokenizer, map[string]any{"type": regexpTokenizer.Name, "regexp": `[^,]+`}); err != nil {
		return nil, err
	}
	if err := im.AddCustomTokenFilter(phraseFilter, map[string]any{
		"type": phraseFilterName, "en_analyzer": analyzerEN, "de_analyzer": analyzerDE,
	}); err != nil {
		return nil, err
	}
	if err := im.AddCustomAnalyzer(analyzerPhrase, map[string]any{
		"type": custom.Name, "tokenizer": phraseTokenizer, "token_filters": []any{phraseFilter},
	}); err != nil {
		return nil, err
	}

	text := func(name, analyzer string, store bool) *mapping.FieldMapping {
		f := mapping.NewTextFieldMapping()
		f.Name, f.Analyzer, f.Store = name, analyzer, store
		f.IncludeTermVectors, f.IncludeInAll, f.DocValues = false, false, false
		return f
	}
	keyword := func(name string, store bool) *mapping.FieldMapping {
		f := mapping.NewKeywordFieldMapping()
		f.Name, f.Store = name, store
		f.IncludeTermVectors, f.IncludeInAll, f.DocValues = false, false, false
		return f
	}
	stored := func(name string) *mapping.FieldMapping {
		f := mapping.NewTextFieldMapping()
		f.Name, f.Index, f.Store = name, false, true
		f.IncludeTermVectors, f.IncludeInAll, f.DocValues = false, false, false
		return f
	}

	dm := mapping.NewDocumentStaticMapping()
	dm.AddFieldMappingsAt(fKind, keyword(fKind, true))
	dm.AddFieldMappingsAt(fName, keyword(fName, true))
	dm.AddFieldMappingsAt(fWords, text(fWords, analyzerEN, false))
	dm.AddFieldMappingsAt(fTrigEN, text(fTrigEN, analyzerEN, true), text(fTrigDE, analyzerDE, false), text(fPhrases, analyzerPhrase, false))
	dm.AddFieldMappingsAt(fSumEN, text(fSumEN, analyzerEN, true), text(fSumDE, analyzerDE, false))
	dm.AddFieldMappingsAt(fTitle, text(fTitle, analyzerEN, true))
	dm.AddFieldMappingsAt(fHeadings, text(fHeadings, analyzerEN, false))
	dm.AddFieldMappingsAt(fRefs, text(fRefs, analyzerEN, false))
	dm.AddFieldMappingsAt(fBody, text(fBody, analyzerBody, false))
	dm.AddFieldMappingsAt(fRouting, text(fRouting, analyzerEN, false))
	dm.AddFieldMappingsAt(fPath, stored(fPath))
	dm.AddFieldMappingsAt(fRel, stored(fRel))
	dm.AddFieldMappingsAt(fAudience, keyword(fAudience, true))
	dm.AddFieldMappingsAt(fTools, keyword(fTools, true))
	dm.AddFieldMappingsAt(fEngines, keyword(fEngines, true))
	im.DefaultMapping = dm
	return im, nil
}
