// Package facts holds what loading and baking the prompts found out, as
// plain data: compile and render errors with their positions, per-turn
// values and where they are read, fragments and their size, the bundles
// with their budgets and layers, blocks left out of bundles, hooks with
// their "when to load" text, the lock to compare with. internal/prompt
// records them and decides nothing; the prompt rules of internal/lint read
// them and decide what is a finding, under which id and with which
// message.
package facts

import (
	"github.com/lorekit/lore/build/bundle"
	"github.com/lorekit/lore/internal/config"
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// Prompts are the facts of one bake of a prompts folder.
type Prompts struct {
	// Dir is the prompts folder.
	Dir string
	// Files holds the text of every prompt file read, by path.
	Files map[string][]byte
	// FileProblems are the files that could not be read or are not text,
	// tagged with their file/* rule like the manual loader's.
	FileProblems []manual.FileProblem
	// Failure, when set, says why nothing was baked at all (an unknown
	// token encoding); the other facts are then empty.
	Failure *Defect

	// Malformed are defects of the structure around templates: block
	// markers, text before the first marker, library file names, task
	// template front matter.
	Malformed []Defect
	// Misplaced are layer files and folders outside a known layer.
	Misplaced []Defect
	// Templates are every compiled template: engine prompt blocks, addon
	// fragments, layer files and library blocks.
	Templates []*Template
	// RenderErrors are the templates that compiled but failed to render
	// for some bundle.
	RenderErrors []Defect
	// Engines maps each engine prompt's name to its file.
	Engines map[string]string
	// Fragments are the addon fragments, by engine and addon id.
	Fragments []*Fragment
	// Library names the library blocks, sorted.
	Library []string

	// Recipes are the recipes that bake bundles: the configured ones whose
	// engine has a prompt, or one per engine prompt without recipes.
	Recipes []*config.Recipe
	// Unbaked are the configured recipes whose engine has no prompt.
	Unbaked []*config.Recipe
	// Unused are the addon fragments no bundle reads: no recipe of their
	// engine sets addons.
	Unused []*Fragment
	// Bundles are the bundles baked, sorted by id.
	Bundles []*bundle.Bundle
	// Composition are the problems composing the bundles found, with
	// Source turned back into the file path.
	Composition []bundle.Problem
	// Absent are seed-tier blocks that rendered nothing in some bundles.
	Absent []Absence
	// MissingRoles are roles a recipe admits that have no layer: no bundle
	// was baked for them.
	MissingRoles []MissingRole
	// MissingBlocks are library blocks a recipe lists that the bake left
	// out.
	MissingBlocks []MissingBlock
	// Refused are bundles the composition refused to bake.
	Refused []Refusal
	// Reach records which templates reach which recipe's bundles, with
	// the text they rendered to there, once per recipe and template.
	Reach []Reach
	// Tasks are the task templates (prompts/templates/*.prompt.md).
	Tasks []Task
	// Hooks are the manual_read calls of the prompt files each recipe's
	// bundles read (outside code fences), once per recipe.
	Hooks []Hook
	// Lock is prompts.lock, set only when the bundles are to be compared
	// with it (lore build --locked).
	Lock *Lock
}

// Defect is something wrong at a position, described by whoever found it
// (gonja for a template error, the loader for a malformed marker).
type Defect struct {
	Pos     diag.Pos
	Message string
}

// Template is one compiled template.
type Template struct {
	Path string
	// Name is what messages call the template: its block's name, or
	// "addon ID" for an addon fragment.
	Name string
	// Dynamic templates form the bundle's per-turn tail.
	Dynamic bool
	// Err is the compile error; nil when the template compiled.
	Err *Defect
	// Turn lists the uses of per-turn values (turn.NAME).
	Turn []TurnUse
	// Start is the line of Path the template's text starts on, Text that
	// text (unrendered); zero and empty when not recorded.
	Start int
	Text  string
}

// TurnUse is one use of a per-turn value.
type TurnUse struct {
	// Name is NAME of turn.NAME, or "turn" for turn on its own.
	Name      string
	Line, Col int // in the template's file
	// Placeholder is set when the use is exactly {{ turn.NAME }}.
	Placeholder bool
}

// Reach is a template whose text reaches at least one bundle of Recipe:
// an engine prompt block, library block or layer file that won its block
// (or contributed to a concatenated one), or an addon fragment. Rendered
// holds the texts it rendered to in those bundles, each once.
type Reach struct {
	Recipe   *config.Recipe
	Template *Template
	Rendered []string
}

// Task is a task template and where its agent: value stands.
type Task struct {
	Name, Path string
	// Agent is the agent: (or mode:) value; empty when not set.
	Agent               string
	AgentLine, AgentCol int
}

// Fragment is an addon fragment, prompts/<engine>/<addon-id>.md.
type Fragment struct {
	Engine, Addon string
	Path          string
	// Lines counts the file's lines.
	Lines int
}

// Absence is a seed-tier block (of an engine prompt or the library) that
// rendered nothing in some bundles, where no layer emptied it on purpose.
type Absence struct {
	Block string
	// Pos is the block's marker, or the library file's first line.
	Pos diag.Pos
	// Bundles lists the bundles without the block, in bake order.
	Bundles []string
	// Broken is set when the block failed to compile or render for some
	// bundle.
	Broken bool
}

// MissingRole is a role recipe admits without a layer folder.
type MissingRole struct {
	Recipe *config.Recipe
	Role   string
}

// MissingBlock is a library block recipe lists that the bake left out:
// Style is empty when no file of the block exists, else the style whose
// bundles lack a file for it.
type MissingBlock struct {
	Recipe *config.Recipe
	Block  string
	Style  bundle.Style
}

// Refusal is a bundle of Recipe that the composition refused to bake.
type Refusal struct {
	Recipe *config.Recipe
	Err    string
}

// Hook is one manual_read('Target') call in a prompt file that Recipe's
// bundles read.
type Hook struct {
	Recipe    *config.Recipe
	File      string
	Line, Col int
	Target    string
	// Unit is the text of the list item (with its continuation lines) or
	// paragraph that holds the call, calls included; UnitLine is its
	// first line (0 when not known). Hooks of one unit share its text.
	Unit     string
	UnitLine int
	// LeadIn is the paragraph that introduces the list the hook is an
	// item of; empty when the hook is not a list item or the list has no
	// lead-in.
	LeadIn string
}

// Lock is prompts.lock as read for comparison.
type Lock struct {
	Path string
	// Found is false when the file does not exist.
	Found bool
	// Err says why the file could not be read or parsed, and ErrLine is
	// the line it is about (0: the whole file).
	Err     string
	ErrLine int
	// Lock is the parsed file (empty when not Found).
	Lock *bundle.Lock
}

// Source returns the text of prompt file path, or nil.
func (p *Prompts) Source(path string) []byte {
	if p == nil {
		return nil
	}
	return p.Files[path]
}

// Recipe returns the baking recipe called name, or nil.
func (p *Prompts) Recipe(name string) *config.Recipe {
	for _, r := range p.Recipes {
		if r.Name == name {
			return r
		}
	}
	return nil
}
