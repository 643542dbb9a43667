package lint

import (
	"encoding/json"
	"io"

	"github.com/lorekit/lore/internal/diag"
)

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string      `json:"id"`
	Name                 string      `json:"name"`
	ShortDescription     sarifText   `json:"shortDescription"`
	FullDescription      sarifText   `json:"fullDescription"`
	Help                 sarifText   `json:"help"`
	HelpURI              string      `json:"helpUri,omitempty"`
	DefaultConfiguration sarifConfig `json:"defaultConfiguration"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

// sarifRegion is a region by line and column; a region with an end also
// carries its bytes (byteOffset is then present even when 0).
type sarifRegion struct {
	StartLine   int  `json:"startLine"`
	StartColumn int  `json:"startColumn,omitempty"`
	EndLine     int  `json:"endLine,omitempty"`
	EndColumn   int  `json:"endColumn,omitempty"`
	ByteOffset  *int `json:"byteOffset,omitempty"`
	ByteLength  int  `json:"byteLength,omitempty"`
}

func sarifLevel(s diag.Severity) string {
	switch s {
	case diag.Error:
		return "error"
	case diag.Warning:
		return "warning"
	case diag.Info:
		return "note"
	}
	return "none"
}

// writeSARIF prints a SARIF 2.1.0 log with one rule entry per rule id that
// has findings (with its doc as help text) and one result per finding.
func writeSARIF(w io.Writer, r Report) error {
	run := sarifRun{ColumnKind: "unicodeCodePoints", Results: []sarifResult{}}
	run.Tool.Driver = sarifDriver{Name: "lore", Version: r.Version, InformationURI: "https://github.com/lorekit/lore", Rules: []sarifRule{}}
	index := map[string]int{}
	for _, id := range ruleIDsOf(r.Diagnostics) {
		index[id] = len(run.Tool.Driver.Rules)
		rule := lookup(id)
		sr := sarifRule{ID: id, Name: id}
		if rule != nil {
			sr.ShortDescription = sarifText{Text: rule.Summary}
			sr.FullDescription = sarifText{Text: rule.Doc}
			sr.Help = sarifText{Text: rule.Doc, Markdown: rule.Doc}
			sr.DefaultConfiguration = sarifConfig{Level: sarifLevel(rule.Severity)}
		} else {
			sr.ShortDescription = sarifText{Text: id}
			sr.FullDescription = sarifText{Text: id}
			sr.Help = sarifText{Text: id}
			sr.DefaultConfiguration = sarifConfig{Level: "warning"}
		}
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sr)
	}
	for _, d := range r.Diagnostics {
		loc := sarifPhysical{ArtifactLocation: sarifArtifact{URI: d.Pos.File}}
		if d.Pos.Line > 0 {
			e := endOf(d)
			reg := &sarifRegion{StartLine: d.Pos.Line, StartColumn: d.Pos.Col}
			if e.Line >= d.Pos.Line && (e.Line != d.Pos.Line || e.Col > d.Pos.Col) {
				reg.EndLine, reg.EndColumn = e.Line, e.Col
				// Without an end the region runs to the end of its line,
				// which bytes would have to repeat; with one, they are
				// the same span.
				off := d.Pos.Offset
				reg.ByteOffset, reg.ByteLength = &off, max(0, e.Offset-off)
			}
			loc.Region = reg
		}
		run.Results = append(run.Results, sarifResult{RuleID: d.Rule, RuleIndex: index[d.Rule], Level: sarifLevel(d.Severity),
			Message: sarifText{Text: d.Message}, Locations: []sarifLocation{{PhysicalLocation: loc}}})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}
