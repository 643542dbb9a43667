// Package profiles holds what lore knows about each agent host (Claude Code,
// Codex, GitHub Copilot, Cursor, Gemini CLI): where it discovers skills and
// instruction files, the front-matter fields it reads, how it renders its
// skill listing and within which budget, what it does when the listing
// overflows, its instruction-file chains and their byte limits, and where
// each figure comes from and when it was checked. One YAML file per host
// lives beside this file and is embedded; lore.yaml (`hosts: profiles:`)
// overrides fields of a built-in profile or adds a profile of its own.
package profiles

// Profile is one agent host. Every field is documented for the YAML files
// (the yaml tags are the keys) and for lore.yaml's `hosts.profiles`.
type Profile struct {
	// Name is the host's id (lowercase, hyphens): claude-code, codex, ….
	Name string `yaml:"name" json:"name"`
	// Base names the built-in profile a profile of lore.yaml starts from.
	Base string `yaml:"base,omitempty" json:"base,omitempty"`
	// Title is the host's display name.
	Title string `yaml:"title" json:"title"`
	// Checked is the date (YYYY-MM-DD) the figures were last checked
	// against the sources.
	Checked string `yaml:"checked" json:"checked"`
	// Sources are the documents the figures come from.
	Sources []Source `yaml:"sources" json:"sources"`
	Skills  Skills   `yaml:"skills" json:"skills"`
	Listing Listing  `yaml:"listing" json:"listing"`
	// Chains are the instruction files the host loads whole (AGENTS.md,
	// GEMINI.md, copilot-instructions.md, …).
	Chains []Chain `yaml:"chains" json:"chains"`
	Export Export  `yaml:"export" json:"export"`
}

// Source is a document a profile's figures come from.
type Source struct {
	URL string `yaml:"url" json:"url"`
	// Says is what the source states, in a sentence.
	Says string `yaml:"says" json:"says"`
}

// Skills is how the host discovers and reads skills.
type Skills struct {
	// Paths are where the host looks for skills, as globs; ~/ is the
	// user's home folder.
	Paths []string `yaml:"paths" json:"paths"`
	// Fields are the front-matter fields of a SKILL.md the host reads (or
	// accepts, like the Agent Skills fields license and metadata); others
	// are ignored by it.
	Fields      []string    `yaml:"fields" json:"fields"`
	Name        NameRule    `yaml:"name" json:"name"`
	Description Description `yaml:"description" json:"description"`
}

// NameRule is what the host accepts as a skill name.
type NameRule struct {
	// Pattern is a regular expression a name must match ("" accepts any).
	Pattern string `yaml:"pattern" json:"pattern"`
	// MaxChars bounds the name (0: no bound).
	MaxChars int `yaml:"maxChars" json:"maxChars"`
	// Reserved are words a name may not contain.
	Reserved []string `yaml:"reserved,omitempty" json:"reserved,omitempty"`
	// OnInvalid is what the host does with an invalid name: reject (the
	// skill is not loaded) or warn.
	OnInvalid  string `yaml:"onInvalid" json:"onInvalid"`
	Confidence string `yaml:"confidence" json:"confidence"`
	Note       string `yaml:"note,omitempty" json:"note,omitempty"`
}

// Description is what the host does with a long description.
type Description struct {
	// MaxChars bounds the description field (0: no bound).
	MaxChars int `yaml:"maxChars" json:"maxChars"`
	// OnOver is what happens past MaxChars: reject (the skill is not
	// loaded) or cut.
	OnOver     string `yaml:"onOver" json:"onOver"`
	Confidence string `yaml:"confidence" json:"confidence"`
	Note       string `yaml:"note,omitempty" json:"note,omitempty"`
}

// Listing is the skill listing the host puts into every session's context.
type Listing struct {
	// Entry renders one skill: {name}, {description} and {path} (Root
	// joined with the skill's exported path) are replaced.
	Entry string `yaml:"entry" json:"entry"`
	// Bare renders a skill whose description was dropped or emptied.
	Bare string `yaml:"bare" json:"bare"`
	// Fields are the front-matter fields whose text, joined by a space,
	// is an entry's description (description, when_to_use).
	Fields []string `yaml:"fields" json:"fields"`
	// Root is the absolute path the host prints before each skill's path.
	Root string `yaml:"root,omitempty" json:"root,omitempty"`
	// EntryChars cuts each entry's description to this many characters
	// (0: no cut).
	EntryChars int `yaml:"entryChars" json:"entryChars"`
	// Percent of the context window the listing may take (0: no budget).
	Percent float64 `yaml:"percent" json:"percent"`
	// Unit is what the budget counts: chars (Percent × Window ×
	// CharsPerToken characters) or tokens (Percent × Window tokens, a
	// line costing its UTF-8 bytes / CharsPerToken, rounded up).
	Unit          string  `yaml:"unit" json:"unit"`
	CharsPerToken float64 `yaml:"charsPerToken" json:"charsPerToken"`
	// Window is the context window in tokens the simulation assumes
	// (`lore hosts --context` replaces it); 0 means unknown, where
	// FallbackChars applies.
	Window        int `yaml:"window" json:"window"`
	FallbackChars int `yaml:"fallbackChars" json:"fallbackChars"`
	// Overflow is what the host does when the listing is over budget:
	// drop-descriptions (whole descriptions go, in Order, names stay),
	// shorten-then-omit (every description is shortened evenly, then
	// skills are left out from the end) or none (no budget is known).
	Overflow string `yaml:"overflow" json:"overflow"`
	// Order is the order of the listing and of the overflow: name, or
	// usage (least used first, which lore cannot know: it shows the worst
	// case).
	Order      string `yaml:"order" json:"order"`
	Confidence string `yaml:"confidence" json:"confidence"`
	Note       string `yaml:"note,omitempty" json:"note,omitempty"`
}

// Chain is a set of instruction files the host loads whole.
type Chain struct {
	// Name identifies the chain ("AGENTS.md").
	Name string `yaml:"name" json:"name"`
	// Files are the file names looked for in each folder (a name may hold
	// a subfolder: .claude/CLAUDE.md); a name with * is a glob matched
	// against every path of the project (**/*.instructions.md).
	Files []string `yaml:"files" json:"files"`
	// FirstWins keeps only the first of Files found in a folder (an
	// override file hides the plain one); otherwise every one found loads.
	FirstWins bool `yaml:"firstWins" json:"firstWins"`
	// Walk is how files combine: root-to-folder (concatenated from the
	// project root down to the working folder, outermost first) or each
	// (every file on its own).
	Walk string `yaml:"walk" json:"walk"`
	// MaxBytes bounds the concatenated chain (0: no bound).
	MaxBytes int `yaml:"maxBytes" json:"maxBytes"`
	// FileMaxChars bounds each file (0: no bound).
	FileMaxChars int `yaml:"fileMaxChars" json:"fileMaxChars"`
	// Overflow is what happens past a bound: cut (the file that runs past
	// is cut there, later files are left out), skip (the file is left out
	// whole) or warn (loaded whole, with a warning).
	Overflow   string `yaml:"overflow" json:"overflow"`
	Confidence string `yaml:"confidence" json:"confidence"`
	Note       string `yaml:"note,omitempty" json:"note,omitempty"`
}

// Export is the host's native layout for `lore export`.
type Export struct {
	// Format is skill (a folder with SKILL.md and its supporting files),
	// mdc (a Cursor rule) or instructions (a Copilot .instructions.md).
	Format string `yaml:"format" json:"format"`
	// Path is where a manual goes, {name} being its exported name.
	Path string `yaml:"path" json:"path"`
	// Fields are the front-matter fields written, in order.
	Fields []string `yaml:"fields" json:"fields"`
	// Reference replaces manual_read('x'): {name} is the exported name,
	// {path} the relative path from the referring file to x's file.
	Reference string `yaml:"reference" json:"reference"`
}
