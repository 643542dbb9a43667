package prompt

import (
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/nikolalohinski/gonja/v2/builtins"
	"github.com/nikolalohinski/gonja/v2/exec"
	"github.com/nikolalohinski/gonja/v2/nodes"
	"github.com/nikolalohinski/gonja/v2/parser"
)

// The values a template builds are bounded too (the meter, template_meter.go,
// bounds what it does): a text of maxValue bytes or a list of maxItems
// items is far more than a prompt holds, and a number that sizes a value
// (a width, a count, a repetition) is at most maxCount.
const (
	maxValue = 4 << 20
	maxItems = 100_000
	maxCount = 100_000
)

// The filters instrument inserts. Their names contain a space, so no
// template can call them.
const (
	timesFilter = "lore times"
	sizeFilter  = "lore size"
)

// boundedFilters returns Jinja's built-in filters, each checking the
// numbers it is given, plus the filters instrument inserts.
func boundedFilters() *exec.FilterSet {
	m := map[string]exec.FilterFunction{}
	for _, name := range setNames(builtins.Filters) {
		f, _ := builtins.Filters.Get(name)
		m[name] = boundedFilter(name, f)
	}
	m[timesFilter] = times
	m[sizeFilter] = size
	return exec.NewFilterSet(m)
}

// argBounds gives, for the filters and methods whose numbers size the
// value they make, the largest number each accepts: a width, a count of
// items, an indent. Every other number passes (default(128000) is a
// number, not a size).
var argBounds = map[string]int{
	"filter center": maxCount, "filter batch": maxItems, "filter slice": maxItems,
	"filter indent": maxIndent, "filter tojson": maxIndent,
	"method center": maxCount, "method ljust": maxCount, "method rjust": maxCount, "method zfill": maxCount,
	"method expandtabs": maxIndent, "function lipsum": maxIndent,
}

// maxIndent bounds numbers that are repeated on every line of a text.
const maxIndent = 100

// boundedFilter checks the numbers that size f's result and, for format,
// the widths in its format text, and then the size of what f made.
func boundedFilter(name string, f exec.FilterFunction) exec.FilterFunction {
	what := "filter " + name
	return func(e *exec.Evaluator, in *exec.Value, params *exec.VarArgs) *exec.Value {
		if err := boundedArgs(what, params); err != nil {
			return exec.AsValue(err)
		}
		if name == "format" && in.IsString() {
			if err := boundedWidths(in.String()); err != nil {
				return exec.AsValue(err)
			}
		}
		return size(e, f(e, in, params), nil)
	}
}

// boundedMethods returns gonja's methods of texts, lists, dicts and
// numbers, each checking the numbers that size its result.
func boundedMethods() exec.Methods {
	return exec.Methods{
		Bool:  boundedMethodSet(builtins.Methods.Bool),
		Int:   boundedMethodSet(builtins.Methods.Int),
		Float: boundedMethodSet(builtins.Methods.Float),
		Str:   boundedMethodSet(builtins.Methods.Str),
		Dict:  boundedMethodSet(builtins.Methods.Dict),
		List:  boundedMethodSet(builtins.Methods.List),
	}
}

func boundedMethodSet[I any](set *exec.MethodSet[I]) *exec.MethodSet[I] {
	m := map[string]exec.Method[I]{}
	for _, name := range setNames(set) {
		f, _ := set.Get(name)
		what := "method " + name
		m[name] = func(self I, selfValue *exec.Value, params *exec.VarArgs) (any, error) {
			if err := boundedArgs(what, params); err != nil {
				return nil, err
			}
			if s, ok := any(self).(string); ok && (name == "format" || name == "format_map") {
				if err := boundedWidths(s); err != nil {
					return nil, err
				}
			}
			out, err := f(self, selfValue, params)
			if err == nil {
				if v := size(nil, exec.AsValue(out), nil); v.IsError() {
					return nil, v.Interface().(error)
				}
			}
			return out, err
		}
	}
	return exec.NewMethodSet(m)
}

// boundedControlStructures returns Jinja's control structures without
// the four that load another template: a prompt has one template per
// block and no loader of other files, and {% include "/t" %} or
// {% extends "/t" %} loaded the template itself without end.
func boundedControlStructures() *exec.ControlStructureSet {
	m := map[string]parser.ControlStructureParser{}
	for _, name := range setNames(builtins.ControlStructures) {
		p, _ := builtins.ControlStructures.Get(name)
		switch name {
		case "include", "import", "from", "extends":
			p = func(*parser.Parser, *parser.Parser) (nodes.ControlStructure, error) {
				return nil, fmt.Errorf("{%% %s %%} is not available in prompts, which are made of blocks and layers (lore.yaml), not of template files", name)
			}
		}
		m[name] = p
	}
	return exec.NewControlStructureSet(m)
}

// setNames lists the names a gonja filter, method or control structure set holds (the sets
// keep them in an unexported map and offer no listing).
func setNames(set any) []string {
	var v reflect.Value
	for _, field := range []string{"filters", "methods", "statements"} {
		if v = reflect.ValueOf(set).Elem().FieldByName(field); v.IsValid() {
			break
		}
	}
	var names []string
	for _, k := range v.MapKeys() {
		names = append(names, k.String())
	}
	return names
}

// boundedArgs fails when what (as "filter center") has a bound in
// argBounds and a number among params is beyond it.
func boundedArgs(what string, params *exec.VarArgs) error {
	bound, ok := argBounds[what]
	if !ok || params == nil {
		return nil
	}
	check := func(v *exec.Value) error {
		if v != nil && v.IsNumber() && (v.Float() > float64(bound) || v.Float() < -float64(bound)) {
			return boundErr("%s: the number %s is out of bounds: at most %d here", what, v.String(), bound)
		}
		return nil
	}
	for _, a := range params.Args {
		if err := check(a); err != nil {
			return err
		}
	}
	for _, a := range params.KwArgs {
		if err := check(a); err != nil {
			return err
		}
	}
	return nil
}

// widthRE finds the widths and precisions in printf ("%10.2f") and
// Python ("{:>10}") format texts.
var widthRE = regexp.MustCompile(`%[-+# 0]*(\d+)|%[-+# 0]*\d*\.(\d+)|\{[^{}]*:[^{}]*?(\d+)[^{}]*\}`)

// boundedWidths fails when a format text asks for a width or precision
// beyond maxCount.
func boundedWidths(format string) error {
	for _, m := range widthRE.FindAllStringSubmatch(format, -1) {
		for _, d := range m[1:] {
			if n, err := strconv.Atoi(d); d != "" && (err != nil || n > maxCount) {
				return boundErr("format: the width %s is out of bounds: at most %d", d, maxCount)
			}
		}
	}
	return nil
}

// times is a * b (instrument rewrites it as a | "lore times"(b)): gonja's
// multiplication, with the size of a repeated text checked before it is
// made.
func times(_ *exec.Evaluator, left *exec.Value, params *exec.VarArgs) *exec.Value {
	if left.IsError() {
		return left
	}
	right := params.Args[0]
	switch {
	case left.IsFloat() || right.IsFloat():
		return exec.AsValue(left.Float() * right.Float())
	case left.IsString():
		n, s := right.Integer(), left.String()
		if n < 0 {
			return exec.AsValue(boundErr("a text cannot be repeated %d times", n))
		}
		if n > 0 && len(s) > maxValue/n {
			return exec.AsValue(boundErr("repeating a text of %d bytes %d times makes more than %d MiB: a prompt holds far less", len(s), n, maxValue>>20))
		}
		return exec.AsValue(strings.Repeat(s, n))
	}
	return exec.AsValue(left.Integer() * right.Integer())
}

// size passes v on when it is within the bounds: a text of at most
// maxValue bytes, a list or dict of at most maxItems entries.
func size(_ *exec.Evaluator, v *exec.Value, _ *exec.VarArgs) *exec.Value {
	if v == nil || v.IsError() || v.IsNil() {
		return v
	}
	switch {
	case v.IsString():
		if n := len(v.String()); n > maxValue {
			return exec.AsValue(boundErr("the template builds a text of %d bytes: a prompt holds at most %d MiB", n, maxValue>>20))
		}
	case v.IsList() || v.IsDict():
		if n := v.Len(); n > maxItems {
			return exec.AsValue(boundErr("the template builds a list of %d items: at most %d", n, maxItems))
		}
	}
	return v
}

// boundedGlobals returns Jinja's global functions with range and lipsum
// bounded: range yields at most maxRange numbers (gonja's feeds a channel
// from a goroutine that never ends when the loop stops early) and
// lipsum's counts are checked.
func boundedGlobals() *exec.Context {
	c := exec.EmptyContext().Update(builtins.GlobalFunctions).Update(builtins.GlobalVariables)
	c.Set("range", boundedRange)
	if lipsum, ok := builtins.GlobalFunctions.Get("lipsum"); ok {
		if f, ok := lipsum.(func(*exec.Evaluator, *exec.VarArgs) *exec.Value); ok {
			c.Set("lipsum", func(e *exec.Evaluator, params *exec.VarArgs) *exec.Value {
				if err := boundedArgs("function lipsum", params); err != nil {
					return exec.AsValue(err)
				}
				return f(e, params)
			})
		}
	}
	return c
}

// boundedRange is range(stop), range(start, stop) or range(start, stop,
// step) as a list of at most maxRange numbers.
func boundedRange(_ *exec.Evaluator, params *exec.VarArgs) ([]int, error) {
	var a []int
	for _, v := range params.Args {
		if !v.IsInteger() {
			return nil, exec.ErrInvalidCall(fmt.Errorf("expected signature is [start, ]stop[, step] where all arguments are integers"))
		}
		a = append(a, v.Integer())
	}
	start, step, n, ok := rangeOf(a)
	if !ok || len(params.KwArgs) > 0 {
		return nil, exec.ErrInvalidCall(fmt.Errorf("expected signature is [start, ]stop[, step] where all arguments are integers and step is not 0"))
	}
	if n > maxRange {
		return nil, boundErr("range(…) of %d numbers: a prompt loops over at most %d", n, maxRange)
	}
	out := make([]int, n)
	for i := range out {
		out[i] = start + i*step
	}
	return out, nil
}
