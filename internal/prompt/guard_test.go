package prompt

import (
	"strings"
	"testing"

	"github.com/nikolalohinski/gonja/v2/exec"
	"github.com/nikolalohinski/gonja/v2/nodes"
	"github.com/nikolalohinski/gonja/v2/parser"
)

// A panic inside gonja, compiling or rendering, is a finding of the
// template's file at its first tag.
func TestGonjaPanicIsAFinding(t *testing.T) {
	env := newEnvironment()
	env.Filters = env.Filters.Update(exec.NewFilterSet(map[string]exec.FilterFunction{
		"boom": func(*exec.Evaluator, *exec.Value, *exec.VarArgs) *exec.Value { panic("injected filter panic") },
	}))
	env.ControlStructures = env.ControlStructures.Update(exec.NewControlStructureSet(map[string]parser.ControlStructureParser{
		"boom": func(*parser.Parser, *parser.Parser) (nodes.ControlStructure, error) { panic("injected parser panic") },
	}))
	tpl := compile(env, "prompts/x.md", "rules", 5, "text\n{{ engine|boom }}\n", false)
	if tpl.Err != nil {
		t.Fatalf("compile: %v", tpl.Err)
	}
	_, d := tpl.Render(map[string]any{"engine": "e"})
	if d == nil || d.Pos.String() != "prompts/x.md:6:1" || !strings.Contains(d.Message, "injected filter panic") {
		t.Fatalf("render = %+v, want prompts/x.md:6:1 naming the panic", d)
	}
	tpl = compile(env, "prompts/x.md", "rules", 5, "text\n{% boom %}\n", false)
	if d := tpl.Err; d == nil || d.Pos.String() != "prompts/x.md:6:1" || !strings.Contains(d.Message, "injected parser panic") {
		t.Fatalf("compile = %+v, want prompts/x.md:6:1 naming the panic", d)
	}
}
