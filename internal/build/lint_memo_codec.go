package build

import (
	"encoding/binary"
	"errors"

	"github.com/lorekit/lore/internal/diag"
)

// The lint memo keeps each manual's findings in a binary form: a build
// reads the findings of every unchanged manual, and decoding thousands of
// small JSON lists took more than the checks they stand for.

// diagsVersion starts every encoded list.
const diagsVersion = 1

// appendDiags appends the encoding of ds to b.
func appendDiags(b []byte, ds diag.List) []byte {
	b = binary.AppendUvarint(b, diagsVersion)
	b = binary.AppendUvarint(b, uint64(len(ds)))
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	num := func(ns ...int) {
		for _, n := range ns {
			b = binary.AppendVarint(b, int64(n))
		}
	}
	for _, d := range ds {
		str(d.Pos.File)
		num(d.Pos.Line, d.Pos.Col, d.Pos.Offset)
		str(d.End.File)
		num(d.End.Line, d.End.Col, d.End.Offset, int(d.Severity))
		str(d.Rule)
		str(d.Message)
		if d.Fix == nil {
			num(-1)
			continue
		}
		num(len(d.Fix.Edits))
		str(d.Fix.Title)
		for _, e := range d.Fix.Edits {
			num(e.Start, e.End)
			str(e.New)
		}
	}
	return b
}

var errDiags = errors.New("not a list of findings of this version")

// decodeDiags reads what appendDiags wrote.
func decodeDiags(b []byte) (diag.List, error) {
	bad := false
	uv := func() uint64 {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			bad, b = true, nil
			return 0
		}
		b = b[n:]
		return v
	}
	num := func() int {
		v, n := binary.Varint(b)
		if n <= 0 {
			bad, b = true, nil
			return 0
		}
		b = b[n:]
		return int(v)
	}
	str := func() string {
		n := uv()
		if n > uint64(len(b)) {
			bad, b = true, nil
			return ""
		}
		s := string(b[:n])
		b = b[n:]
		return s
	}
	if uv() != diagsVersion {
		return nil, errDiags
	}
	n := uv()
	if n > uint64(len(b)) {
		return nil, errDiags
	}
	ds := make(diag.List, n)
	for i := range ds {
		d := &ds[i]
		d.Pos = diag.Pos{File: str(), Line: num(), Col: num(), Offset: num()}
		d.End = diag.Pos{File: str(), Line: num(), Col: num(), Offset: num()}
		d.Severity = diag.Severity(num())
		d.Rule, d.Message = str(), str()
		edits := num()
		if edits < 0 {
			continue
		}
		if edits > len(b) {
			return nil, errDiags
		}
		d.Fix = &diag.Fix{Title: str()}
		for range edits {
			d.Fix.Edits = append(d.Fix.Edits, diag.Edit{Start: num(), End: num(), New: str()})
		}
	}
	if bad || len(b) > 0 {
		return nil, errDiags
	}
	return ds, nil
}
