// Package prompt loads a project's prompts/ folder and bakes its bundles:
// engine prompts split into blocks, addon fragments, editable layers,
// library blocks and task templates. Every template is compiled with gonja
// (Jinja/Pebble syntax), errors keeping their file:line:col; the
// composition itself is build/bundle's. What loading and baking find out
// is recorded as facts (internal/prompt/facts) and judged by the prompt
// rules of internal/lint: this package decides no finding.
//
// The layout (DESIGN §2.2):
//
//	prompts/<engine>.md                 engine prompt = the seed layer, split
//	                                    into blocks by <!-- block: NAME … -->
//	prompts/<engine>/<addon-id>.md      addon fragment (≤ 50 lines)
//	prompts/layers/shared/<block>.md    editable layers: shared, project,
//	prompts/layers/surface/<kind>/…     surface/<kind>, bot/<name>,
//	prompts/layers/agents/<role>/…      chat/<name>, agents/<role>
//	prompts/blocks/<name>[.<style>].md  library blocks
//	prompts/templates/<name>.prompt.md  task templates with ${arg}
package prompt

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/nikolalohinski/gonja/v2/exec"
	"github.com/spf13/afero"

	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
	"github.com/lorekit/lore/internal/prompt/facts"
)

// maxFileSize bounds a prompt file, as it bounds a manual: prompts are
// pages, not books.
const maxFileSize = manual.MaxFileSize

// Set is a loaded prompts/ folder.
type Set struct {
	// Dir is the prompts folder on the file system.
	Dir string
	// Engines are the engine prompts, by name.
	Engines []*Engine
	// Fragments are the addon fragments per engine, in addon-id order.
	Fragments map[string][]*Fragment
	// Layers are the layer files, in path order.
	Layers []*LayerFile
	// Library are the library blocks, by name.
	Library map[string]*LibraryBlock
	// Templates are the task templates, by name.
	Templates []*TaskTemplate
	// Files holds the text of every file read, by path.
	Files map[string][]byte
	// Problems are the files that could not be read or are not text.
	Problems []manual.FileProblem
	// Malformed are defects of markers, library file names and task
	// template front matter; Misplaced are layer files outside a known
	// layer. Compile errors are on each Template.
	Malformed, Misplaced []facts.Defect

	env *exec.Environment
}

// Engine is prompts/<engine>.md.
type Engine struct {
	Name   string
	Path   string
	Blocks []*EngineBlock
	// UsesAddons is set when a block places {{ addonSections }} itself.
	UsesAddons bool
}

// EngineBlock is one block of an engine prompt.
type EngineBlock struct {
	Name     string
	Priority int
	Dynamic  bool
	// MarkerLine is the line of the block's marker (0 without one).
	MarkerLine int
	T          *Template
}

// Fragment is prompts/<engine>/<addon-id>.md.
type Fragment struct {
	facts.Fragment
	T *Template
}

// LayerFile is prompts/layers/<layer>/<block>.md.
type LayerFile struct {
	// Layer is the layer id ("shared", "surface/chat", "agents/reviewer").
	Layer string
	Kind  bundle.Kind
	Name  string
	Block string
	Path  string
	T     *Template
}

// LibraryBlock is prompts/blocks/<name>.md and its per-style variants.
type LibraryBlock struct {
	Name     string
	Base     *LibraryFile
	Variants map[bundle.Style]*LibraryFile
}

// LibraryFile is one file of a library block.
type LibraryFile struct {
	Path     string
	Priority int
	Dynamic  bool
	T        *Template
}

// For returns the file a bundle of style st uses, or nil.
func (lb *LibraryBlock) For(st bundle.Style) *LibraryFile {
	if v := lb.Variants[st]; v != nil {
		return v
	}
	return lb.Base
}

// Engine returns the engine prompt called name, or nil.
func (s *Set) Engine(name string) *Engine {
	for _, e := range s.Engines {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// Template returns the task template called name, or nil.
func (s *Set) Template(name string) *TaskTemplate {
	for _, t := range s.Templates {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// LayerFiles returns the files of layer id.
func (s *Set) LayerFiles(id string) []*LayerFile {
	var out []*LayerFile
	for _, l := range s.Layers {
		if l.Layer == id {
			out = append(out, l)
		}
	}
	return out
}

// Reserved folders of prompts/: they are not engines.
var reserved = map[string]bool{"layers": true, "blocks": true, "templates": true}

// Load reads the prompts folder dir of fsys. A missing folder is an empty
// set; unreadable files and template errors become diagnostics.
func Load(fsys afero.Fs, dir string) *Set {
	s := &Set{Dir: dir, Fragments: map[string][]*Fragment{}, Library: map[string]*LibraryBlock{}, Files: map[string][]byte{}, env: newEnvironment()}
	entries, err := afero.ReadDir(fsys, dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			s.fileProblem(dir, 0, 0, manual.RuleFileUnreadable, fmt.Sprintf("cannot read the prompts folder: %v; make it readable or point prompts: in lore.yaml elsewhere", unwrapPath(err)))
		}
		return s
	}
	for _, e := range entries {
		p := path.Join(dir, e.Name())
		switch {
		case e.IsDir() && reserved[e.Name()]:
		case e.IsDir():
			s.loadFragments(fsys, e.Name(), p)
		case isMarkdown(e.Name()) && !strings.EqualFold(e.Name(), "README.md"):
			s.loadEngine(fsys, strings.TrimSuffix(e.Name(), ".md"), p)
		}
	}
	s.loadLayers(fsys, path.Join(dir, "layers"))
	s.loadLibrary(fsys, path.Join(dir, "blocks"))
	s.loadTemplates(fsys, path.Join(dir, "templates"))
	return s
}

func isMarkdown(name string) bool { return strings.HasSuffix(name, ".md") }

// markdownFiles returns the paths of the Markdown files directly in dir,
// in name order. An unreadable folder is reported when report is set (a
// missing optional folder is not).
func (s *Set) markdownFiles(fsys afero.Fs, dir string, report bool) []string {
	entries, err := afero.ReadDir(fsys, dir)
	if err != nil {
		if report {
			s.fileProblem(dir, 0, 0, manual.RuleFileUnreadable, fmt.Sprintf("cannot read this folder: %v; make it readable or remove it", unwrapPath(err)))
		}
		return nil
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && isMarkdown(e.Name()) {
			out = append(out, path.Join(dir, e.Name()))
		}
	}
	return out
}

// read returns a file's text, or records why it cannot be used.
func (s *Set) read(fsys afero.Fs, p string) ([]byte, bool) {
	if !s.inside(fsys, p) {
		return nil, false
	}
	fi, err := fsys.Stat(p)
	if err == nil && !fi.Mode().IsRegular() {
		// A named pipe would block the read for ever, a device never end it.
		s.fileProblem(p, 0, 0, manual.RuleFileUnreadable, "no regular file (a named pipe, device or socket): not read; replace it by a file or remove it")
		return nil, false
	}
	if err == nil && fi.Size() > maxFileSize {
		s.fileProblem(p, 0, 0, manual.RuleFileTooLarge, fmt.Sprintf("%d bytes: a prompt file over 2 MiB is not read", fi.Size()))
		return nil, false
	}
	src, err := afero.ReadFile(fsys, p)
	if err != nil {
		s.fileProblem(p, 0, 0, manual.RuleFileUnreadable, fmt.Sprintf("cannot read this file: %v; make it readable or remove it", unwrapPath(err)))
		return nil, false
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		l, c := diag.NewLines(src).Pos(src, i)
		s.fileProblem(p, l, c, manual.RuleFileEncoding, "NUL byte: the file is binary, not a prompt")
		return nil, false
	}
	if !utf8.Valid(src) {
		l, c := diag.NewLines(src).Pos(src, manual.FirstInvalidUTF8(src))
		s.fileProblem(p, l, c, manual.RuleFileEncoding, "invalid UTF-8: re-save the file as UTF-8")
		return nil, false
	}
	src = normalizeLineEnds(src)
	s.Files[p] = src
	return src, true
}

// normalizeLineEnds makes every line end an LF. A lone CR ends a line in
// lore as in LSP (diag.Lines): read as text it would join its lines into
// one, so that block markers are not seen and positions name a line the
// rest of lore does not count.
func normalizeLineEnds(src []byte) []byte {
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(src, []byte("\r"), []byte("\n"))
}

// fileProblem records a file that cannot be used, under its file/* rule.
func (s *Set) fileProblem(p string, line, col int, rule, msg string) {
	s.Problems = append(s.Problems, manual.FileProblem{Path: p, Problem: manual.Problem{Rule: rule, Line: line, Col: col, Message: msg}})
}

// malformed records a defect of the structure around templates.
func (s *Set) malformed(p string, line, col int, msg string) {
	s.Malformed = append(s.Malformed, facts.Defect{Pos: diag.Pos{File: p, Line: line, Col: col}, Message: msg})
}

// misplaced records a layer file or folder outside a known layer.
func (s *Set) misplaced(p, msg string) {
	s.Misplaced = append(s.Misplaced, facts.Defect{Pos: diag.Pos{File: p}, Message: msg})
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (s *Set) compile(p, name string, line int, body string, dynamic bool) *Template {
	return compile(s.env, p, name, line, body, dynamic)
}

func (s *Set) loadEngine(fsys afero.Fs, name, p string) {
	src, ok := s.read(fsys, p)
	if !ok {
		return
	}
	e := &Engine{Name: name, Path: p}
	raws, ds := splitBlocks(p, string(src))
	s.Malformed = append(s.Malformed, ds...)
	for _, r := range raws {
		b := &EngineBlock{Name: r.name, Priority: r.priority, Dynamic: r.dynamic, MarkerLine: r.markerLine,
			T: s.compile(p, r.name, r.startLine, r.body, r.dynamic)}
		if b.T.Names["addonSections"] {
			e.UsesAddons = true
		}
		e.Blocks = append(e.Blocks, b)
	}
	s.Engines = append(s.Engines, e)
}

func (s *Set) loadFragments(fsys afero.Fs, engine, dir string) {
	for _, p := range s.markdownFiles(fsys, dir, true) {
		src, ok := s.read(fsys, p)
		if !ok {
			continue
		}
		addon := strings.TrimSuffix(path.Base(p), ".md")
		f := &Fragment{Fragment: facts.Fragment{Engine: engine, Addon: addon, Path: p,
			Lines: strings.Count(strings.TrimRight(string(src), "\n"), "\n") + 1}}
		f.T = s.compile(p, "addon "+addon, 1, blankDirectives(string(src)), false)
		s.Fragments[engine] = append(s.Fragments[engine], f)
	}
}

// blankDirectives blanks lines that only hold a lore-disable comment.
func blankDirectives(src string) string {
	if !strings.Contains(src, "lore-") {
		return src
	}
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if directiveRE.MatchString(l) {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// loadLayers reads prompts/layers/<kind>/[<name>/]<block>.md.
func (s *Set) loadLayers(fsys afero.Fs, dir string) {
	kinds, err := afero.ReadDir(fsys, dir)
	if err != nil {
		return
	}
	for _, k := range kinds {
		kp := path.Join(dir, k.Name())
		if !k.IsDir() {
			if isMarkdown(k.Name()) {
				s.misplaced(kp, "a layer file belongs in a layer folder: prompts/layers/shared/, project/, surface/<kind>/, bot/<name>/, chat/<name>/ or agents/<role>/")
			}
			continue
		}
		kind := bundle.Kind(k.Name())
		switch kind {
		case bundle.Shared, bundle.Project:
			s.loadLayerDir(fsys, kind, "", kp)
		case bundle.Surface, bundle.Bot, bundle.Chat, bundle.Agent:
			names, err := afero.ReadDir(fsys, kp)
			if err != nil {
				s.fileProblem(kp, 0, 0, manual.RuleFileUnreadable, fmt.Sprintf("cannot read this folder: %v; make it readable or remove it", unwrapPath(err)))
				continue
			}
			for _, n := range names {
				np := path.Join(kp, n.Name())
				switch {
				case n.IsDir() && bundle.ValidName(n.Name()):
					s.loadLayerDir(fsys, kind, n.Name(), np)
				case n.IsDir():
					s.misplaced(np, fmt.Sprintf("%q is not a valid %s name: use letters, digits, '.', '_' and '-'", n.Name(), kind))
				case isMarkdown(n.Name()):
					s.misplaced(np, fmt.Sprintf("%s layers are folders: move this file to prompts/layers/%s/<name>/<block>.md", kind, kind))
				}
			}
		default:
			s.misplaced(kp, fmt.Sprintf("unknown layer %q: layers are shared, project, surface/<kind>, bot/<name>, chat/<name> and agents/<role>", k.Name()))
		}
	}
}

func (s *Set) loadLayerDir(fsys afero.Fs, kind bundle.Kind, name, dir string) {
	id := bundle.LayerID(kind, name)
	for _, p := range s.markdownFiles(fsys, dir, true) {
		src, ok := s.read(fsys, p)
		if !ok {
			continue
		}
		block := strings.TrimSuffix(path.Base(p), ".md")
		lf := &LayerFile{Layer: id, Kind: kind, Name: name, Block: block, Path: p}
		lf.T = s.compile(p, block, 1, blankDirectives(string(src)), false)
		s.Layers = append(s.Layers, lf)
	}
}

// loadLibrary reads prompts/blocks/<name>.md and <name>.<style>.md. A file
// may start with a marker to set its priority or mark it dynamic; a
// variant without one takes its base file's.
func (s *Set) loadLibrary(fsys afero.Fs, dir string) {
	type raw struct {
		name   string
		style  bundle.Style
		file   *LibraryFile
		body   string
		start  int
		marked bool
	}
	var raws []raw
	for _, p := range s.markdownFiles(fsys, dir, false) {
		src, ok := s.read(fsys, p)
		if !ok {
			continue
		}
		name := strings.TrimSuffix(path.Base(p), ".md")
		var style bundle.Style
		if i := strings.LastIndexByte(name, '.'); i > 0 {
			if st, err := bundle.ParseStyle(name[i+1:]); err == nil {
				name, style = name[:i], st
			}
		}
		if !bundle.ValidName(name) {
			s.malformed(p, 0, 0, fmt.Sprintf("%q is not a block name: use letters, digits, '.', '_' and '-'", name))
			continue
		}
		r := raw{name: name, style: style, file: &LibraryFile{Path: p}, body: string(src), start: 1}
		first, rest, _ := strings.Cut(r.body, "\n")
		if m, isMarker, msg := parseMarker(first); isMarker || msg != "" {
			switch {
			case msg != "":
				s.malformed(p, 1, 1, msg)
			case m.name != name:
				s.malformed(p, 1, 1, fmt.Sprintf("the marker names block %q but the file is block %q", m.name, name))
			default:
				r.file.Priority, r.file.Dynamic, r.marked = m.priority, m.dynamic, true
			}
			r.body, r.start = rest, 2
		}
		raws = append(raws, r)
	}
	base := map[string]*LibraryFile{}
	for _, r := range raws {
		if r.style == "" {
			base[r.name] = r.file
		}
	}
	for _, r := range raws {
		if b := base[r.name]; r.style != "" && !r.marked && b != nil {
			r.file.Priority, r.file.Dynamic = b.Priority, b.Dynamic
		}
		r.file.T = s.compile(r.file.Path, r.name, r.start, blankDirectives(r.body), r.file.Dynamic)
		lb := s.Library[r.name]
		if lb == nil {
			lb = &LibraryBlock{Name: r.name, Variants: map[bundle.Style]*LibraryFile{}}
			s.Library[r.name] = lb
		}
		if r.style == "" {
			lb.Base = r.file
		} else {
			lb.Variants[r.style] = r.file
		}
	}
}
