package bundle

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Grew is one growth a bundle was allowed (lore lock --allow-growth), a
// line of its own in prompts.lock:
//
//	arthur.chat.anthropic grew from=310 to=337 date=2026-07-01 reason="force-push incident"
//
// The lines of a bundle follow its entry line, oldest first. A line is
// complete on its own, so a merge of two branches that each grew a
// different bundle keeps both records.
type Grew struct {
	ID string
	// From and To are the prefix sizes in bytes the growth allowed.
	From, To int
	// Date is the day it was allowed (YYYY-MM-DD); empty for a record
	// carried over from an older lock format.
	Date   string
	Reason string
	// Line is the record's line in the file it was read from.
	Line int
}

func (g Grew) format() string {
	s := fmt.Sprintf("%s grew from=%d to=%d", g.ID, g.From, g.To)
	if g.Date != "" {
		s += " date=" + g.Date
	}
	return s + " reason=" + strconv.Quote(g.Reason) + "\n"
}

// parseGrowthLine reads a growth record; ok is false when t is not one
// (its second word is not "grew").
func parseGrowthLine(t string) (g Grew, ok bool, err error) {
	id, rest, _ := strings.Cut(t, " ")
	word, rest, _ := strings.Cut(strings.TrimSpace(rest), " ")
	if word != "grew" {
		return g, false, nil
	}
	g.ID = id
	have := map[string]bool{}
	err = lockFields(rest, func(key, val string) error {
		have[key] = true
		var err error
		switch key {
		case "from":
			g.From, err = strconv.Atoi(val)
		case "to":
			g.To, err = strconv.Atoi(val)
		case "date":
			if _, perr := time.Parse(time.DateOnly, val); perr != nil {
				return fmt.Errorf("date: %s is not a date: write YYYY-MM-DD", excerpt(val))
			}
			g.Date = val
		case "reason":
			g.Reason = val
		default:
			return fmt.Errorf("unknown key %s in a growth record (keys: from, to, date, reason)", excerpt(key))
		}
		if err != nil {
			return fmt.Errorf("%s: %s is not a number", key, excerpt(val))
		}
		return nil
	})
	if err != nil {
		return g, true, err
	}
	for _, k := range []string{"from", "to", "reason"} {
		if !have[k] {
			return g, true, fmt.Errorf("bundle %s: a growth record needs %s=", excerpt(id), k)
		}
	}
	return g, true, nil
}

// Growths returns the growth records of bundle id, oldest first.
func (l *Lock) Growths(id string) []Grew {
	var out []Grew
	for _, g := range l.History {
		if g.ID == id {
			out = append(out, g)
		}
	}
	return out
}
