package prompt

// The lint rule ids of the findings this package makes. build/lint
// registers each with its severity and documentation.
const (
	RuleHookTrigger      = "prompt/hook-trigger"
	RuleTemplate         = "prompt/template"
	RuleFragmentSize     = "prompt/fragment-size"
	RuleFragmentEngine   = "prompt/fragment-engine"
	RuleBudget           = "prompt/budget"
	RuleAttention        = "prompt/attention"
	RuleCacheOrder       = "prompt/cache-order"
	RuleUnreachable      = "prompt/unreachable-block"
	RuleGuardrailInherit = "prompt/guardrail-inherit"
	RuleUnknownRole      = "prompt/unknown-role"
	RuleUnknownBlock     = "prompt/unknown-block"
	RuleLayer            = "prompt/layer"
	RuleLock             = "prompt/lock"
	RuleUnknownManual    = "ref/unknown-manual"
)

// Limits of seed 000: fragments stay compact, prompts stay under the
// attention threshold.
const (
	MaxFragmentLines = 50
	AttentionTokens  = 5000
)
