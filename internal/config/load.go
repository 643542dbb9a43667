package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/afero"
	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/guard"
)

// Load reads the project file. With file == "" it looks for lore.yaml in dir
// and falls back to Default(dir) when there is none; an explicit file must
// exist. Every defect is an *Error naming the line and the key.
func Load(fsys afero.Fs, dir, file string) (*Config, error) {
	explicit := file != ""
	if !explicit {
		file = path.Join(dir, FileName)
		if dir == "" || dir == "." {
			file = FileName
		}
	} else {
		dir = path.Dir(file)
	}
	cfg := Default(dir)
	if fi, err := fsys.Stat(file); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		// A named pipe or device would block the read, or never end it.
		return nil, &Error{File: file, Msg: "cannot read the project file: it is no regular file (a named pipe, device or socket); replace it by a file"}
	}
	src, err := afero.ReadFile(fsys, file)
	if err != nil {
		if !explicit && errors.Is(err, fs.ErrNotExist) {
			return cfg, nil
		}
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &Error{File: file, Msg: fmt.Sprintf("cannot read the project file: %v", err)}
	}
	cfg.File = file
	if err := Parse(cfg, src); err != nil {
		return nil, err
	}
	return cfg, nil
}

// Parse reads src (the text of cfg.File) into cfg, over its defaults.
func Parse(cfg *Config, src []byte) error {
	err := parseNodes(cfg, src)
	var e *Error
	if errors.As(err, &e) {
		e.Line, e.Col = inside(src, e.Line, e.Col)
	}
	return err
}

func parseNodes(cfg *Config, src []byte) error {
	var doc yaml.Node
	if err := guard.Do(func() error { return yaml.Unmarshal(src, &doc) }); err != nil {
		line, msg := diag.YAMLError(err)
		var te *yaml.TypeError
		if errors.As(err, &te) {
			msg = strings.Join(te.Errors, "; ")
		}
		return &Error{File: cfg.File, Line: line, Col: 1, Msg: "invalid YAML: " + msg}
	}
	if len(doc.Content) == 0 {
		return nil // an empty file is the defaults
	}
	p := &parser{file: cfg.File}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return p.errf(root, "the project file must be a mapping of keys (title, manuals, recipes, …)")
	}
	if err := p.top(cfg, root); err != nil {
		return err
	}
	return p.validate(cfg)
}

// inside moves a position YAML reports past the end of a line or of the
// file (an error at the end of the stream) to the last place in it. Lines
// end at LF, CRLF or a lone CR, as in YAML; columns count code points.
func inside(src []byte, line, col int) (int, int) {
	if line <= 0 {
		return 0, 0
	}
	var lines []string
	text := strings.ReplaceAll(strings.ReplaceAll(string(src), "\r\n", "\n"), "\r", "\n")
	lines = strings.SplitAfter(text, "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	if len(lines) == 0 {
		return 1, 1
	}
	line = min(line, len(lines))
	width := utf8.RuneCountInString(strings.TrimSuffix(lines[line-1], "\n"))
	return line, max(1, min(col, width+1))
}

// validate checks what needs the whole file: every provider a recipe
// names has a render style; the host profiles resolve and every target
// names one.
func (p *parser) validate(cfg *Config) error {
	if err := p.resolveHosts(cfg); err != nil {
		return err
	}
	for _, r := range cfg.Recipes {
		for _, prov := range r.Providers {
			if cfg.Style(prov) == "" {
				return &Error{File: p.file, Line: r.KeyLines["providers"], Col: 1, Msg: fmt.Sprintf(
					"recipe %q: provider %q has no render style: add `providers: {%s: xml}` (xml, fenced or inline) at the top level", r.Name, prov, prov)}
			}
		}
	}
	return nil
}

func (p *parser) top(cfg *Config, root *yaml.Node) error {
	return p.mapping(root, topKeys, func(key string, k, v *yaml.Node) error {
		cfg.Lines[key] = k.Line
		switch key {
		case "title":
			return p.str(v, &cfg.Title)
		case "baseURL":
			return p.str(v, &cfg.BaseURL)
		case "editURL":
			return p.str(v, &cfg.EditURL)
		case "manuals":
			cfg.ValuePos[key] = positions(v)
			return p.list(v, &cfg.Manuals, "manuals must be a list of folders (or one folder)")
		case "prompts":
			cfg.ValuePos[key] = positions(v)
			return p.path(v, &cfg.Prompts, "prompts must be a folder")
		case "content":
			cfg.ValuePos[key] = positions(v)
			return p.path(v, &cfg.Content, "content must be a folder")
		case "theme":
			cfg.ValuePos[key] = positions(v)
			return p.path(v, &cfg.Theme, "theme must be a folder")
		case "out":
			cfg.ValuePos[key] = positions(v)
			return p.path(v, &cfg.Out, "out must be a folder")
		case "tokenizer":
			return p.str(v, &cfg.Tokenizer)
		case "precompress":
			return p.oneOf(v, &cfg.Precompress, "assets", "all", "off")
		case "tools":
			return p.tools(cfg, v)
		case "recipes":
			return p.mapping(v, nil, func(name string, k, rv *yaml.Node) error {
				r, err := p.recipe(name, k, rv)
				if err == nil {
					cfg.Recipes = append(cfg.Recipes, r)
				}
				return err
			})
		case "trust":
			return p.trust(cfg, v)
		case "disabled":
			return p.disabled(cfg, v)
		case "providers":
			return p.providers(cfg, v)
		case "hosts":
			return p.hosts(cfg, v)
		case "vocabulary":
			cfg.ValuePos[key] = positions(v)
			return p.list(v, &cfg.Vocabulary, "vocabulary must be a list of files (or one file)")
		case "lint":
			return p.lint(cfg, v)
		}
		return nil
	})
}

// tools reads the tool inventory: name → description.
func (p *parser) tools(cfg *Config, v *yaml.Node) error {
	return p.mapping(v, nil, func(name string, _, d *yaml.Node) error {
		var desc string
		if err := p.str(d, &desc); err != nil {
			return err
		}
		cfg.Tools[name] = desc
		cfg.ToolNames = append(cfg.ToolNames, name)
		return nil
	})
}

// trust reads which layers are trusted: layer → true or false.
func (p *parser) trust(cfg *Config, v *yaml.Node) error {
	return p.mapping(v, nil, func(layer string, lk, b *yaml.Node) error {
		if !trustKey(layer) {
			return p.errf(lk, "trust: unknown layer %q: use shared, project, surface, bot, chat, agents or one layer such as surface/chat or agents/reviewer", layer)
		}
		var t bool
		if err := p.boolean(b, &t); err != nil {
			return err
		}
		cfg.Trust[layer] = t
		return nil
	})
}

// disabled reads the blocks left out of the bundles: block → reason.
func (p *parser) disabled(cfg *Config, v *yaml.Node) error {
	cfg.DisabledLines = map[string]int{}
	return p.mapping(v, nil, func(block string, bk, r *yaml.Node) error {
		cfg.DisabledLines[block] = bk.Line
		var why string
		if err := p.str(r, &why); err != nil {
			return err
		}
		if strings.TrimSpace(why) == "" {
			return p.errf(r, "disabled block %q needs a reason: write `%s: \"why it is absent\"`", block, block)
		}
		cfg.Disabled[block] = why
		return nil
	})
}

// providers reads the render style of each provider: provider → style.
func (p *parser) providers(cfg *Config, v *yaml.Node) error {
	return p.mapping(v, nil, func(prov string, _, s *yaml.Node) error {
		var style string
		if err := p.str(s, &style); err != nil {
			return err
		}
		if _, err := bundle.ParseStyle(style); err != nil {
			return p.errf(s, "provider %q: unknown style %q; use one of %s", prov, style, styleNames())
		}
		cfg.Providers[prov] = style
		return nil
	})
}

// lint reads the lint settings: rules (rule → severity) and ignore.
func (p *parser) lint(cfg *Config, v *yaml.Node) error {
	return p.mapping(v, lintKeys, func(key string, _, lv *yaml.Node) error {
		if key == "ignore" {
			cfg.Lint.IgnorePos = positions(lv)
			return p.list(lv, &cfg.Lint.Ignore, "lint: ignore must be a list of path patterns (or one pattern)")
		}
		return p.mapping(lv, nil, func(rule string, rk, sv *yaml.Node) error {
			cfg.Lint.RulePos[rule] = [2]int{rk.Line, rk.Column}
			sev, err := p.severity(rule, sv)
			if err == nil {
				cfg.Lint.Rules[rule] = sev
			}
			return err
		})
	})
}

// severity reads the severity of rule, lower-cased; YAML's false (`off`,
// `no`) is off and true is error.
func (p *parser) severity(rule string, sv *yaml.Node) (string, error) {
	var sev string
	if sv.Kind == yaml.ScalarNode && sv.Tag == "!!bool" {
		// YAML reads `off` as false.
		sev = map[string]string{"true": "error", "false": "off"}[strings.ToLower(sv.Value)]
		if sev == "" {
			sev = "off"
		}
	} else if err := p.str(sv, &sev); err != nil {
		return "", err
	}
	if _, err := diag.ParseSeverity(sev); err != nil {
		return "", p.errf(sv, "rule %q: unknown severity %q; use error, warning, info or off", rule, sev)
	}
	return strings.ToLower(sev), nil
}

// trustKey reports whether k names a layer or a kind of layer.
func trustKey(k string) bool {
	kind, name, named := strings.Cut(k, "/")
	switch kind {
	case "shared", "project":
		return !named
	case "surface", "bot", "chat", "agents":
		return !named || name != "" && !strings.ContainsAny(name, "/ ")
	}
	return false
}

// styleNames lists the render styles of bundles, for messages.
func styleNames() string {
	var names []string
	for _, st := range bundle.Styles() {
		names = append(names, string(st))
	}
	return strings.Join(names, ", ")
}

func (p *parser) recipe(name string, k, v *yaml.Node) (*Recipe, error) {
	r := &Recipe{Name: name, Engine: name, Line: k.Line, Lang: "en", KeyLines: map[string]int{}, ValuePos: map[string][]Pos{}}
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return r, nil
	}
	err := p.mapping(v, recipeKeys, func(key string, kn, f *yaml.Node) error {
		r.KeyLines[key] = kn.Line
		switch key {
		case "engine":
			return p.str(f, &r.Engine)
		case "manualPaths":
			r.ValuePos[key] = positions(f)
			return p.list(f, &r.ManualPaths, fmt.Sprintf("recipe %q: manualPaths must be a list of folders (or one folder)", name))
		case "tools":
			return p.list(f, &r.Tools, fmt.Sprintf("recipe %q: tools must be a list of tool names (or one name)", name))
		case "addons":
			return p.boolean(f, &r.Addons)
		case "budget":
			return p.tokens(f, &r.Budget, 0, fmt.Sprintf("recipe %q: budget must be a whole number of tokens", name))
		case "sourcesBudget":
			return p.tokens(f, &r.SourcesBudget, 1, fmt.Sprintf("recipe %q: sourcesBudget must be a whole number of tokens above 0", name))
		case "surfaces":
			return p.names(f, name, "surface", &r.Surfaces)
		case "providers":
			return p.names(f, name, "provider", &r.Providers)
		case "roles":
			return p.names(f, name, "role", &r.Roles)
		case "blocks":
			return p.names(f, name, "block", &r.Blocks)
		case "bot":
			return p.name(f, name, "bot", &r.Bot)
		case "chat":
			return p.name(f, name, "chat", &r.Chat)
		case "lang":
			return p.str(f, &r.Lang)
		case "params":
			if f.Kind != yaml.MappingNode {
				return p.errf(f, "recipe %q: params must be a mapping", name)
			}
			if err := f.Decode(&r.Params); err != nil {
				// yaml.v3 refuses, among others, an alias bomb.
				return p.errf(f, "recipe %q: params cannot be read: %s", name, strings.TrimPrefix(err.Error(), "yaml: "))
			}
		}
		return nil
	})
	return r, err
}

// tokens reads a whole number of tokens of at least least into dst;
// msg starts the error. (yaml.v3 decodes 1.5 into an int as 1: a float
// must be whole.)
func (p *parser) tokens(f *yaml.Node, dst *int, least int, msg string) error {
	var whole float64
	if err := f.Decode(dst); err != nil || *dst < least || f.Tag == "!!float" && (f.Decode(&whole) != nil || whole != float64(*dst)) {
		return p.errf(f, "%s, got %q", msg, f.Value)
	}
	return nil
}

// name reads one name (a bot or chat) of a recipe into dst.
func (p *parser) name(f *yaml.Node, recipe, what string, dst *string) error {
	if err := p.str(f, dst); err != nil {
		return err
	}
	return p.checkName(f, recipe, what, *dst)
}

// names reads a list of names (surfaces, providers, roles, blocks): each
// must be a valid name and appear once, since it becomes part of a bundle
// id or a file name.
func (p *parser) names(n *yaml.Node, recipe, what string, dst *[]string) error {
	if err := p.list(n, dst, fmt.Sprintf("recipe %q: %ss must be a list of %s names (or one name)", recipe, what, what)); err != nil {
		return err
	}
	items := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		items = n.Content
	}
	seen := map[string]bool{}
	for i, v := range *dst {
		at := items[min(i, len(items)-1)]
		if err := p.checkName(at, recipe, what, v); err != nil {
			return err
		}
		if seen[v] {
			return p.errf(at, "recipe %q lists %s %q twice: keep one", recipe, what, v)
		}
		seen[v] = true
	}
	return nil
}

// checkName checks a surface, provider, role, bot, chat or block name.
func (p *parser) checkName(n *yaml.Node, recipe, what, v string) error {
	ok := v != "" && !strings.Contains(v, "..")
	for i, c := range v {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || i > 0 && (c == '_' || c == '-' || c == '.' && what == "block")) {
			ok = false
		}
	}
	if !ok {
		allowed := "letters, digits, '_' and '-'"
		if what == "block" {
			allowed = "letters, digits, '.', '_' and '-'"
		}
		return p.errf(n, "recipe %q: %s %q is not a valid name: use %s, starting with a letter or digit", recipe, what, v, allowed)
	}
	return nil
}

type parser struct{ file string }

func (p *parser) errf(n *yaml.Node, format string, args ...any) error {
	return &Error{File: p.file, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)}
}

// mapping calls f for each key of n in order. With known != nil, a key
// outside known is an error that suggests the closest known key.
func (p *parser) mapping(n *yaml.Node, known []string, f func(key string, k, v *yaml.Node) error) error {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return p.errf(n, "expected a mapping (key: value lines), got %s", kindName(n))
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := k.Value
		if first, dup := seen[key]; dup {
			return p.errf(k, "key %q is set twice (first on line %d): keep one", key, first)
		}
		seen[key] = k.Line
		if known != nil && !slices.Contains(known, key) {
			msg := fmt.Sprintf("unknown key %q", key)
			if s := Closest(key, known); s != "" {
				msg += fmt.Sprintf(": did you mean %q?", s)
			} else {
				msg += fmt.Sprintf("; known keys: %s", strings.Join(known, ", "))
			}
			return p.errf(k, "%s", msg)
		}
		if err := f(key, k, v); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) str(n *yaml.Node, dst *string) error {
	if n.Kind != yaml.ScalarNode {
		return p.errf(n, "expected a single value, got %s", kindName(n))
	}
	*dst = n.Value
	return nil
}

// oneOf reads a value that must be one of values.
func (p *parser) oneOf(n *yaml.Node, dst *string, values ...string) error {
	if err := p.str(n, dst); err != nil {
		return err
	}
	if !slices.Contains(values, *dst) {
		return p.errf(n, "%q is not one of %s", *dst, strings.Join(values, ", "))
	}
	return nil
}

func (p *parser) boolean(n *yaml.Node, dst *bool) error {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		return p.errf(n, "expected true or false, got %s", kindName(n))
	}
	return n.Decode(dst)
}

// list reads a list of values or a single value; must says what is
// expected ("manuals must be a list of folders (or one folder)"). Values
// are strings: a number or true/false, which YAML does not read as text,
// is an error that says to quote it.
func (p *parser) list(n *yaml.Node, dst *[]string, must string) error {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			*dst = nil
			return nil
		}
		if err := p.text(n, must); err != nil {
			return err
		}
		*dst = []string{n.Value}
		return nil
	case yaml.SequenceNode:
		out := make([]string, 0, len(n.Content))
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				return p.errf(e, "%s, got %s in it", must, kindName(e))
			}
			if err := p.text(e, must); err != nil {
				return err
			}
			out = append(out, e.Value)
		}
		*dst = out
		return nil
	}
	return p.errf(n, "%s, got %s", must, kindName(n))
}

// positions returns where the values of n are written: each item of a
// sequence, or n itself.
func positions(n *yaml.Node) []Pos {
	if n.Kind != yaml.SequenceNode {
		return []Pos{{n.Line, n.Column}}
	}
	out := make([]Pos, len(n.Content))
	for i, e := range n.Content {
		out[i] = Pos{e.Line, e.Column}
	}
	return out
}

// path reads a single value that names a file or folder.
func (p *parser) path(n *yaml.Node, dst *string, must string) error {
	if n.Kind != yaml.ScalarNode {
		return p.errf(n, "%s, got %s", must, kindName(n))
	}
	if err := p.text(n, must); err != nil {
		return err
	}
	*dst = n.Value
	return nil
}

// text checks that scalar n is a string, not a number, true/false or a
// date that YAML reads as such, and holds no control character: these
// values are folders, patterns and names, and a newline or escape written
// in quotes ("x\n::error::y") would print as lines of its own wherever
// the value is named.
func (p *parser) text(n *yaml.Node, must string) error {
	if n.Tag == "!!str" || n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		if i := strings.IndexFunc(n.Value, unicode.IsControl); i >= 0 {
			r, _ := utf8.DecodeRuneInString(n.Value[i:])
			return p.errf(n, "%s, got %s with the control character U+%04X: remove it", must, diag.Excerpt(n.Value), r)
		}
		return nil
	}
	return p.errf(n, "%s, got %s (quote it if it is a name: %s)", must, kindName(n), diag.Excerpt(n.Value))
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	switch n.Tag {
	case "!!int", "!!float":
		return "a number"
	case "!!bool":
		return "true or false"
	case "!!null":
		return "nothing"
	case "!!timestamp":
		return "a date"
	}
	return diag.Excerpt(n.Value)
}

// Closest returns the candidate nearest to s by edit distance, or "" when
// none is close (distance over a third of the length, at least 2). Ties go
// to the earlier candidate; case is ignored.
func Closest(s string, candidates []string) string {
	rs := []rune(strings.ToLower(s))
	limit := max(2, len(s)/3)
	best, bestD := "", limit+1
	// hist counts the ASCII letters of s. Every edit changes the letter
	// counts by at most two, so half the difference of two histograms is a
	// lower bound of the distance: most candidates are dismissed by it
	// without the quadratic computation.
	var hist [128]int16
	ascii := 0
	for _, r := range rs {
		if r < 128 {
			hist[r]++
			ascii++
		}
	}
	var buf []int
	var rc []rune
	for _, c := range candidates {
		rc = rc[:0]
		for _, r := range strings.ToLower(c) {
			rc = append(rc, r)
		}
		if len(rc)-len(rs) >= bestD || len(rs)-len(rc) >= bestD {
			continue // the distance is at least the difference in length
		}
		h := hist
		common, cascii := 0, 0
		for _, r := range rc {
			if r < 128 {
				cascii++
				if h[r] > 0 {
					h[r]--
					common++
				}
			}
		}
		if (ascii+cascii-2*common+1)/2 >= bestD {
			continue
		}
		var d int
		d, buf = distance(rs, rc, bestD-1, buf)
		if d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// Distance is the Levenshtein distance of a and b, in code points.
func Distance(a, b string) int {
	d, _ := distance([]rune(a), []rune(b), -1, nil)
	return d
}

// distance computes the Levenshtein distance of a and b. With cutoff >= 0
// it may stop early and return cutoff+1 once the distance is known to be
// larger than cutoff. buf is scratch space, returned for reuse.
func distance(a, b []rune, cutoff int, buf []int) (int, []int) {
	if need := 2 * (len(b) + 1); cap(buf) < need {
		buf = make([]int, need)
	}
	prev, cur := buf[:len(b)+1], buf[len(b)+1:2*(len(b)+1)]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if cutoff >= 0 && rowMin > cutoff {
			return cutoff + 1, buf
		}
		prev, cur = cur, prev
	}
	return prev[len(b)], buf
}
