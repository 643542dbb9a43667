package hosts

import "github.com/lorekit/lore/internal/binenc"

// A Store keeps listings between runs (a build cache): a listing made
// from the same inputs (Simulator.listingKey) is read back instead of
// simulated again. Get's bytes are trusted to be what Put stored (the
// build cache checks each value against its SHA-256); bytes that do not
// decode are a miss.
type Store interface {
	Get(key [32]byte) ([]byte, bool)
	Put(key [32]byte, v []byte)
}

// listingCodec names the binary form of a stored listing; a new form
// gets a new name, so that no key of the old one matches.
const listingCodec = "hosts-listing-bin/1"

// encodeListing is l in binary: every field, exported or not, of the
// listing and its entries but its text, made again from the entries'
// lines, and the entries' manuals and trigger words, which decodeListing
// takes from the simulation's sources by each entry's order.
func encodeListing(l *Listing) []byte {
	var w binenc.Writer
	for _, n := range []int{l.Budget, l.Full, l.Used, l.MinDropped, l.Listed, l.Cut, l.Shortened, l.Dropped, l.Omitted, l.Rejected, l.room} {
		w.Int(n)
	}
	w.Bool(l.Over)
	w.Bool(l.WorstCase)
	for _, s := range []string{l.Unit, l.BudgetFrom, l.Confidence, l.Note} {
		w.Str(s)
	}
	w.Int(len(l.Entries))
	for _, e := range l.Entries {
		for _, s := range []string{e.Name, e.Manual, e.Source, e.State, e.Line, e.Reason, e.description} {
			w.Str(s)
		}
		for _, n := range []int{e.Chars, e.Shown, e.Cost, e.order} {
			w.Int(n)
		}
		w.Bool(e.AtRisk)
		w.Strs(e.Lost)
	}
	return w.B
}

// decodeListing is the listing encodeListing wrote, its entries pointing
// at srcs (by order); false when b is not such a listing or an entry's
// order is not one of srcs.
func decodeListing(b []byte, srcs []*Source) (*Listing, bool) {
	r := binenc.NewReader(b)
	l := &Listing{}
	for _, p := range []*int{&l.Budget, &l.Full, &l.Used, &l.MinDropped, &l.Listed, &l.Cut, &l.Shortened, &l.Dropped, &l.Omitted, &l.Rejected, &l.room} {
		*p = r.Int()
	}
	l.Over, l.WorstCase = r.Bool(), r.Bool()
	for _, p := range []*string{&l.Unit, &l.BudgetFrom, &l.Confidence, &l.Note} {
		*p = r.Str()
	}
	n := r.Count()
	l.Entries = make([]*Entry, 0, n)
	for range n {
		e := &Entry{}
		for _, p := range []*string{&e.Name, &e.Manual, &e.Source, &e.State, &e.Line, &e.Reason, &e.description} {
			*p = r.Str()
		}
		for _, p := range []*int{&e.Chars, &e.Shown, &e.Cost, &e.order} {
			*p = r.Int()
		}
		e.AtRisk = r.Bool()
		e.Lost = r.Strs()
		if r.Bad() || e.order < 0 || e.order >= len(srcs) {
			return nil, false
		}
		e.m, e.triggers = srcs[e.order].M, srcs[e.order].Triggers
		l.Entries = append(l.Entries, e)
	}
	if !r.Done() {
		return nil, false
	}
	l.Text = listingText(l.Entries)
	return l, true
}
