// Package binenc writes and reads the compact binary forms the build
// cache keeps (manual models, host listings, capability surfaces):
// varints and length-prefixed strings, read back by a Reader that fails
// closed — once a part cannot be read, every later part reads as zero and
// Bad reports it, and no length read can make an allocation larger than
// the bytes left.
package binenc

import "encoding/binary"

// Writer appends parts to B.
type Writer struct{ B []byte }

// Int appends n as a varint.
func (w *Writer) Int(n int) { w.B = binary.AppendVarint(w.B, int64(n)) }

// Ints appends each of ns.
func (w *Writer) Ints(ns ...int) {
	for _, n := range ns {
		w.Int(n)
	}
}

// Bool appends v as the varint 1 or 0.
func (w *Writer) Bool(v bool) {
	if v {
		w.Int(1)
	} else {
		w.Int(0)
	}
}

// Str appends s, its length first.
func (w *Writer) Str(s string) {
	w.B = binary.AppendUvarint(w.B, uint64(len(s)))
	w.B = append(w.B, s...)
}

// Strs appends a list of strings, keeping nil apart from empty.
func (w *Writer) Strs(ss []string) {
	if ss == nil {
		w.Int(-1)
		return
	}
	w.Int(len(ss))
	for _, s := range ss {
		w.Str(s)
	}
}

// Bytes appends b as it is (a fixed-size part, such as a digest).
func (w *Writer) Bytes(b []byte) { w.B = append(w.B, b...) }

// Reader reads what a Writer wrote, part by part, in the same order.
type Reader struct {
	b   []byte
	bad bool
}

// NewReader reads b.
func NewReader(b []byte) *Reader { return &Reader{b: b} }

// Bad reports whether a part could not be read.
func (r *Reader) Bad() bool { return r.bad }

// Done reports whether every byte was read and every part could be.
func (r *Reader) Done() bool { return !r.bad && len(r.b) == 0 }

func (r *Reader) fail() { r.bad, r.b = true, nil }

// Uint reads an unsigned varint.
func (r *Reader) Uint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Int reads what Writer.Int wrote.
func (r *Reader) Int() int {
	v, n := binary.Varint(r.b)
	if n <= 0 || int64(int(v)) != v {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

// Bool reads what Writer.Bool wrote.
func (r *Reader) Bool() bool { return r.Int() != 0 }

// Count reads a length written with Writer.Int: one that exceeds the
// bytes left (each counted thing takes at least one) is bad.
func (r *Reader) Count() int {
	n := r.Int()
	if n < 0 || n > len(r.b) {
		r.fail()
		return 0
	}
	return n
}

// Str reads what Writer.Str wrote.
func (r *Reader) Str() string {
	n := r.Uint()
	if n > uint64(len(r.b)) {
		r.fail()
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

// Strs reads what Writer.Strs wrote (nil stays nil).
func (r *Reader) Strs() []string {
	n := r.Int()
	if n == -1 {
		return nil
	}
	if n < 0 || n > len(r.b) {
		r.fail()
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.Str()
	}
	return out
}

// Bytes fills dst with the next len(dst) bytes (written with
// Writer.Bytes); false, and bad, when fewer are left.
func (r *Reader) Bytes(dst []byte) bool {
	if r.bad || len(r.b) < len(dst) {
		r.fail()
		return false
	}
	r.b = r.b[copy(dst, r.b):]
	return true
}
