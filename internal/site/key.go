package site

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/yuin/goldmark/ast"

	"github.com/lorekit/lore/internal/cache"
	"github.com/lorekit/lore/internal/manual"
)

// renderVersion is part of every key the site computes: change it when
// the site renders the same input differently (and the cache of another
// lore is discarded anyway).
const renderVersion = "site/1"

// ManualID is the identity of a parsed manual: everything a layout can
// read from it derives from its path, root, source and owner. sum returns
// the SHA-256 of a manual's source (cache.Of(m.Src)).
func ManualID(m *manual.Manual, sum func(*manual.Manual) cache.Key) cache.Key {
	h := cache.NewHasher("manual").String(m.Path).String(m.Root).String(m.Rel).Key(sum(m))
	if o := m.Owner; o != nil {
		h.String(o.Path).Key(sum(o))
	}
	return h.Sum()
}

// SourceSum is the SHA-256 of a manual's source.
func SourceSum(m *manual.Manual) cache.Key { return cache.Of(m.Src) }

// valueHasher writes a view (what a layout receives) into a key: every
// exported field, element and map entry a layout can reach, in a fixed
// order. A *manual.Manual is written as its identity (ids), an AST not at
// all (the source it was parsed from is in the identity); a pointer met
// before is written as a back-reference, so cycles end. What a struct's
// type fixes (its name and the names of its exported fields) is written
// as the type's digest (plans), not field by field. A value that has an
// identity (identified: a host's listing) is written as that identity.
type valueHasher struct {
	h     *cache.Hasher
	ids   func(*manual.Manual) cache.Key
	seen  map[uintptr]int
	plans *typePlans
}

var (
	manualType     = reflect.TypeFor[*manual.Manual]()
	astType        = reflect.TypeFor[ast.Node]()
	identifiedType = reflect.TypeFor[identified]()
)

// identified is a value that says what identifies everything it holds:
// two values of one identity are the same (hosts.Listing).
type identified interface {
	Identity() ([32]byte, bool)
}

// hashView writes v into h; plans (nil: none kept) holds the types
// described before.
func hashView(h *cache.Hasher, ids func(*manual.Manual) cache.Key, v any, plans *typePlans) {
	if plans == nil {
		plans = &typePlans{}
	}
	vh := &valueHasher{h: h, ids: ids, seen: map[uintptr]int{}, plans: plans}
	vh.value(reflect.ValueOf(v))
}

// typePlans describes the types a rendering hashes, each once: a view of
// thousands of structs would otherwise ask reflect for every field of
// every one of them.
type typePlans struct {
	m sync.Map // reflect.Type → *typePlan
}

// typePlan is what a type fixes of its values' keys: its digest (the
// type's package, name and, for a struct, the names and types of its
// exported fields) and the exported fields to write.
type typePlan struct {
	digest [8]byte
	fields []int
	// identified: the type's values say what identifies them.
	identified bool
}

// plan returns the plan of t.
func (ps *typePlans) plan(t reflect.Type) *typePlan {
	if p, ok := ps.m.Load(t); ok {
		return p.(*typePlan)
	}
	d := cache.NewHasher("site/view-type").String(t.PkgPath()).String(t.String()).String(t.Kind().String())
	p := &typePlan{identified: t.Implements(identifiedType)}
	if t.Kind() == reflect.Struct {
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			p.fields = append(p.fields, i)
			d.String(f.Name).String(f.Type.PkgPath()).String(f.Type.String())
		}
	}
	k := d.Sum()
	copy(p.digest[:], k[:])
	got, _ := ps.m.LoadOrStore(t, p)
	return got.(*typePlan)
}

func (vh *valueHasher) value(v reflect.Value) {
	h := vh.h
	if !v.IsValid() {
		h.String("nil")
		return
	}
	t := v.Type()
	if t == astType {
		return // parsed Markdown: its source is part of the key elsewhere
	}
	if t == manualType {
		if v.IsNil() {
			h.String("nil")
			return
		}
		h.String("manual").Key(vh.ids(v.Interface().(*manual.Manual)))
		return
	}
	switch v.Kind() {
	case reflect.String:
		h.String(v.String())
	case reflect.Bool:
		h.Bool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		h.Int(int(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		h.Int(int(v.Uint()))
	case reflect.Float32, reflect.Float64:
		h.String(fmt.Sprint(v.Float()))
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			h.Bytes(v.Bytes())
			return
		}
		h.Int(v.Len())
		for i := range v.Len() {
			vh.value(v.Index(i))
		}
	case reflect.Map:
		keys := v.MapKeys()
		if t.Key().Kind() == reflect.String {
			slices.SortFunc(keys, func(a, b reflect.Value) int { return cmp.Compare(a.String(), b.String()) })
		} else {
			slices.SortFunc(keys, func(a, b reflect.Value) int { return cmp.Compare(fmt.Sprint(a.Interface()), fmt.Sprint(b.Interface())) })
		}
		h.Int(len(keys))
		for _, k := range keys {
			vh.value(k)
			vh.value(v.MapIndex(k))
		}
	case reflect.Pointer:
		vh.pointer(v)
	case reflect.Interface:
		if v.IsNil() {
			h.String("nil")
			return
		}
		e := v.Elem()
		p := vh.plans.plan(e.Type())
		h.Bytes(p.digest[:])
		vh.value(e)
	case reflect.Struct:
		p := vh.plans.plan(t)
		h.Bytes(p.digest[:])
		for _, i := range p.fields {
			vh.value(v.Field(i))
		}
	default:
		// Functions and channels: a layout cannot print them.
		h.String(v.Kind().String())
	}
}

// pointer writes the pointer v: nil, a back-reference to a value met
// before, the identity of a value that has one, or the value.
func (vh *valueHasher) pointer(v reflect.Value) {
	h := vh.h
	if v.IsNil() {
		h.String("nil")
		return
	}
	if n, ok := vh.seen[v.Pointer()]; ok {
		h.String("seen").Int(n)
		return
	}
	if vh.plans.plan(v.Type()).identified && v.CanInterface() {
		if id, ok := v.Interface().(identified).Identity(); ok {
			h.String("identified").Key(id)
			return
		}
	}
	vh.seen[v.Pointer()] = len(vh.seen)
	vh.value(v.Elem())
}
