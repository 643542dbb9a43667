package prompt

import (
	"reflect"
	"unsafe"

	"github.com/nikolalohinski/gonja/v2/nodes"
	"github.com/nikolalohinski/gonja/v2/tokens"
)

// instrument prepares a parsed template for a metered render (template_meter.go):
//   - a meterStep opens every body (nodes.Wrapper): loop turns, macro,
//     block and call bodies, if branches;
//   - every a * b becomes a | "lore times"(b), which checks the size of a
//     repeated text before it makes it, and every a + b and a ~ b is
//     followed by "lore size", which stops a value that outgrows the
//     bounds (template_bounds.go).
//
// gonja's control structures keep their bodies and expressions in fields
// of their own, some unexported, so the tree is walked by reflection,
// through the types of gonja's nodes and control structures only.
func instrument(root *nodes.Template) {
	in := &instrumenter{seen: map[seenKey]bool{}}
	in.walk(reflect.ValueOf(root))
}

type instrumenter struct {
	seen map[seenKey]bool
}

// seenKey is a node: its address and type (a struct and its first field
// share an address).
type seenKey struct {
	at uintptr
	t  reflect.Type
}

var (
	wrapperType = reflect.TypeFor[*nodes.Wrapper]()
	exprType    = reflect.TypeFor[nodes.Expression]()
	nodesPkg    = reflect.TypeFor[nodes.Wrapper]().PkgPath()
	csPkg       = "github.com/nikolalohinski/gonja/v2/builtins/control_structures"
)

// ours reports whether t, a struct type, belongs to the template tree.
func ours(t reflect.Type) bool {
	return t.PkgPath() == nodesPkg || t.PkgPath() == csPkg
}

func (in *instrumenter) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Elem().Kind() != reflect.Struct || !ours(v.Elem().Type()) {
			return
		}
		k := seenKey{v.Pointer(), v.Type()}
		if in.seen[k] {
			return
		}
		in.seen[k] = true
		if v.Type() == wrapperType {
			w := (*nodes.Wrapper)(v.UnsafePointer())
			at := w.Location
			if at == nil {
				at = &tokens.Token{}
			}
			w.Nodes = append([]nodes.Node{&nodes.ControlStructureBlock{Location: at, Name: "meter", ControlStructure: &meterStep{at: at}}}, w.Nodes...)
		}
		in.walk(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Type() == exprType && v.CanSet() {
			if b, ok := v.Elem().Interface().(*nodes.BinaryExpression); ok {
				in.walk(v.Elem()) // the operands first, then the guard
				if g := bounded(b); g != nil {
					v.Set(reflect.ValueOf(g))
				}
				return
			}
		}
		in.walk(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			in.walk(settable(v.Field(i)))
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			in.walk(settable(v.Index(i)))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := v.MapIndex(k)
			if e.Kind() != reflect.Interface || e.Type() != exprType {
				in.walk(e)
				continue
			}
			// A map entry is not addressable: walk a copy, then store it.
			c := reflect.New(exprType).Elem()
			c.Set(e)
			in.walk(c)
			if v.CanInterface() {
				v.SetMapIndex(k, c)
			}
		}
	}
}

// settable returns v, made settable when it is an unexported field of an
// addressable struct (gonja's control structures keep bodies there).
func settable(v reflect.Value) reflect.Value {
	if v.CanSet() || !v.CanAddr() {
		return v
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

// bounded returns the guarded form of b (instrument), or nil when b's
// operator builds no value larger than its operands.
func bounded(b *nodes.BinaryExpression) nodes.Expression {
	if b.Operator == nil || b.Operator.Token == nil {
		return nil
	}
	switch b.Operator.Token.Type {
	case tokens.Multiply:
		return &nodes.FilteredExpression{Expression: b.Left, Filters: []*nodes.FilterCall{{Token: b.Operator.Token, Name: timesFilter, Args: []nodes.Expression{b.Right}, Kwargs: map[string]nodes.Expression{}}}}
	case tokens.Addition, tokens.Tilde:
		return &nodes.FilteredExpression{Expression: b, Filters: []*nodes.FilterCall{{Token: b.Operator.Token, Name: sizeFilter, Kwargs: map[string]nodes.Expression{}}}}
	}
	return nil
}
