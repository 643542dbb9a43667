package prompt

import (
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/nikolalohinski/gonja/v2/exec"
	"github.com/nikolalohinski/gonja/v2/nodes"
	"github.com/nikolalohinski/gonja/v2/tokens"
)

// A prompt template comes from the project, so from any contributor. One
// that loops a hundred million times, recurses without end or builds a
// gigabyte string would hang lore or crash it (Go cannot recover from a
// stack overflow or an exhausted heap), in CI and in lore serve, lore mcp
// and the editor's language server alike. A meter bounds each render:
// every body a render enters (a loop turn, a macro or block call, an if
// branch) is a step; the steps, the nesting depth and the bytes written
// have limits far above what any prompt needs, and crossing one is a
// defect at the template's line, not a hang. The values a template builds
// are bounded by template_bounds.go.
const (
	// maxSteps bounds the bodies one render enters.
	maxSteps = 1_000_000
	// maxFrames bounds the Go call stack while a render runs: some 250
	// nested macro calls with an if in each, against the several
	// million frames at which Go stops the process.
	maxFrames = 4096
	// frameCheckEvery says how often (in steps) the stack is measured.
	frameCheckEvery = 8
	// maxOutput bounds the text one render writes: no model reads 16 MiB
	// of prompt.
	maxOutput = 16 << 20
)

// meterKey names the meter in a render's context. Template names cannot
// contain a space, so no template reads or replaces it.
const meterKey = "lore meter"

// meter counts what one render does.
type meter struct {
	steps  int
	frames []uintptr
}

func newMeter() *meter { return &meter{frames: make([]uintptr, maxFrames)} }

// step counts one body entered at tok and fails when the render is too
// long or too deep.
func (m *meter) step() error {
	m.steps++
	if m.steps > maxSteps {
		return boundErr("the template enters loop, macro and block bodies more than %d times; a prompt needs far fewer: bound its loops", maxSteps)
	}
	if m.steps%frameCheckEvery == 0 && runtime.Callers(0, m.frames) == len(m.frames) {
		return boundErr("macros, blocks or loops nest too deep (a macro that calls itself without end?): give the recursion an end")
	}
	return nil
}

// meterStep is the node instrument puts first in every body: entering the
// body is a step of the render's meter.
type meterStep struct{ at *tokens.Token }

func (s *meterStep) Position() *tokens.Token { return s.at }
func (s *meterStep) String() string {
	return fmt.Sprintf("meter(Line=%d Col=%d)", s.at.Line, s.at.Col)
}

// Execute counts the step.
func (s *meterStep) Execute(r *exec.Renderer, _ *nodes.ControlStructureBlock) error {
	v, _ := r.Environment.Context.Get(meterKey)
	m, ok := v.(*meter)
	if !ok {
		return errors.New("internal error: a template was rendered without its meter")
	}
	return m.step()
}

// boundMark starts the message of every bound a render crosses, so that
// errorDefect finds it at the end of gonja's chain of wrappings.
const boundMark = "[lore bound] "

// boundErr returns the error of a crossed bound.
func boundErr(format string, args ...any) error {
	return fmt.Errorf(boundMark+format, args...)
}

// boundedWriter collects a render's text up to maxOutput bytes.
type boundedWriter struct{ b strings.Builder }

var errOutputTooLong = boundErr("the template writes more than %d MiB: a prompt is read by a model, not a disk; bound its loops", maxOutput>>20)

func (w *boundedWriter) Write(p []byte) (int, error) {
	if w.b.Len()+len(p) > maxOutput {
		return 0, errOutputTooLong
	}
	return w.b.Write(p)
}

func (w *boundedWriter) WriteString(s string) (int, error) {
	if w.b.Len()+len(s) > maxOutput {
		return 0, errOutputTooLong
	}
	return w.b.WriteString(s)
}
