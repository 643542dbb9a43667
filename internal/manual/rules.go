package manual

// The lint rules whose findings the loader and parser report as Problems.
// internal/lint registers each under the same constant, so an id here and
// its rule cannot drift apart.
const (
	RuleFileUnreadable     = "file/unreadable"
	RuleFileEncoding       = "file/encoding"
	RuleFileTooLarge       = "file/too-large"
	RuleFileTooComplex     = "file/too-complex"
	RuleFileSymlinkLoop    = "file/symlink-loop"
	RuleFileName           = "file/name"
	RuleHeaderNotYAML      = "header/not-yaml"
	RuleHeaderUnterminated = "header/unterminated"
	RuleHeaderDuplicateKey = "header/duplicate-key"
	RuleHeaderEmptyValue   = "header/empty-value"
	RuleSkillYAML          = "skill/yaml"
)
