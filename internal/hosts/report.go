package hosts

import (
	"github.com/lorekit/lore/internal/hosts/profiles"
	"github.com/lorekit/lore/internal/manual"
)

// schemaID names the JSON form of a Report (schemas/hosts.json).
const schemaID = "lore-hosts/1"

// Report is what every simulated host puts into context: `lore hosts`
// prints it, the host/* rules and the site's Hosts page read it.
type Report struct {
	Schema string  `json:"schema"`
	Hosts  []*Host `json:"hosts"`
}

// Host is one host's simulation.
type Host struct {
	Name    string            `json:"host"`
	Title   string            `json:"title"`
	Checked string            `json:"checked"`
	Sources []profiles.Source `json:"sources"`
	Target  bool              `json:"target"`
	Listing *Listing          `json:"listing"`
	Chains  []*Chain          `json:"chains"`
	Profile *profiles.Profile `json:"-"`

	// listingKey identifies the inputs of Listing (Simulator.listingKey).
	listingKey [32]byte
}

// host returns the report's host named name; nil when there is none (or
// no report).
func (r *Report) host(name string) *Host {
	if r == nil {
		return nil
	}
	for _, h := range r.Hosts {
		if h.Name == name {
			return h
		}
	}
	return nil
}

// Listing is the skill listing as the host renders it.
type Listing struct {
	// Budget is the listing's budget in Unit (0: none known); BudgetFrom
	// says how it was derived.
	Budget     int    `json:"budget"`
	Unit       string `json:"unit"`
	BudgetFrom string `json:"budgetFrom"`
	// Full is the cost of the listing with every description whole (after
	// the per-entry cut), Used the cost of the listing as rendered.
	Full int `json:"full"`
	Used int `json:"used"`
	// Over is true when the full listing does not fit the budget.
	Over bool `json:"over"`
	// WorstCase is true when the host orders by usage, which lore cannot
	// know: Entries then show the worst case, and MinDropped is the fewest
	// descriptions the host might drop (the longest going first).
	WorstCase  bool `json:"worstCase"`
	MinDropped int  `json:"minDropped,omitempty"`
	// Counts of entries by state.
	Listed    int `json:"listed"`
	Cut       int `json:"cut"`
	Shortened int `json:"shortened"`
	Dropped   int `json:"dropped"`
	Omitted   int `json:"omitted"`
	Rejected  int `json:"rejected"`
	// Text is the listing as the host renders it (the worst case when
	// WorstCase), one line per listed skill.
	Text       string   `json:"text"`
	Entries    []*Entry `json:"entries"`
	Confidence string   `json:"confidence"`
	Note       string   `json:"note,omitempty"`

	room int
	// key is the host's listingKey when the listing was made or taken
	// for it (Simulator.host): everything above derives from it.
	key [32]byte
}

// Identity returns what identifies everything the listing holds (the
// inputs it was made from: the host's profile and window, the project
// folder, and what the listed manuals say of themselves), and whether it
// has one. Two listings of one identity are the same; a key of a view
// that holds the listing may be made from the identity instead of the
// entries (the site's Hosts page: tens of megabytes at 10,000 manuals).
func (l *Listing) Identity() ([32]byte, bool) { return l.key, l.key != [32]byte{} }

// Room is the length a description is written for: the host's per-entry
// cut, or its even share of an overfull budget (0: no bound).
func (l *Listing) Room() int { return l.room }

// The states of an entry.
const (
	Full      = "full"      // listed with its whole description
	Cut       = "cut"       // the description is cut at the host's per-entry limit
	Shortened = "shortened" // the description is shortened to fit the budget
	Dropped   = "dropped"   // listed by name only: the description was dropped
	Omitted   = "omitted"   // not listed: over budget
	Rejected  = "rejected"  // not loaded: the host refuses its name or description
)

// Entry is one skill of a listing.
type Entry struct {
	// Name is the name the host lists; Manual the manual's own name when
	// export maps it; Source the manual's path.
	Name   string `json:"name"`
	Manual string `json:"manual,omitempty"`
	Source string `json:"source"`
	State  string `json:"state"`
	// Chars is the description's length and Shown how much of it is
	// listed (characters).
	Chars int `json:"chars"`
	Shown int `json:"shown"`
	// Cost is what the entry's line costs, in the listing's unit.
	Cost int `json:"cost"`
	// Line is the rendered line ("" when not listed).
	Line string `json:"line"`
	// Lost are the trigger words the cut or drop took away.
	Lost []string `json:"lost,omitempty"`
	// Reason says why the entry is rejected, cut or at risk.
	Reason string `json:"reason,omitempty"`
	// AtRisk is true when the host orders by usage and could drop this
	// description although the worst case shown keeps it.
	AtRisk bool `json:"atRisk,omitempty"`

	description string
	triggers    []string
	order       int
	m           *manual.Manual
}

// Doc returns the manual the entry lists.
func (e *Entry) Doc() *manual.Manual { return e.m }

// Description returns the entry's description before any cut.
func (e *Entry) Description() string { return e.description }

// Chain is one instruction chain: the files a host loads together for one
// working folder (root-to-folder), or one file (each).
type Chain struct {
	Name string `json:"name"`
	// Folder is the working folder the chain is loaded for.
	Folder string `json:"folder"`
	// Limit is the chain's bound in bytes (MaxBytes) or each file's in
	// characters (FileMaxChars), 0 for none; Unit says which.
	Limit      int          `json:"limit"`
	Unit       string       `json:"unit"`
	Overflow   string       `json:"overflow"`
	Total      int          `json:"total"`
	Over       bool         `json:"over"`
	Files      []*ChainFile `json:"files"`
	Confidence string       `json:"confidence"`
	Note       string       `json:"note,omitempty"`
}

// ChainFile is one file of a chain.
type ChainFile struct {
	Path  string `json:"path"`
	Bytes int    `json:"bytes"`
	Chars int    `json:"chars"`
	// Kept is how much of the file reaches the host, in the chain's unit.
	Kept int `json:"kept"`
	// State is full, cut (the limit falls inside the file), lost (the
	// chain's budget was spent before it), skipped (the host leaves it
	// out) or warned (loaded whole, with a warning).
	State string `json:"state"`
	// CutLine and CutCol are where the cut falls (1-based), when cut.
	CutLine int `json:"cutLine,omitempty"`
	CutCol  int `json:"cutCol,omitempty"`

	file string
}

// File returns the file's path on the project's file system (Path is
// relative to the project).
func (f *ChainFile) File() string { return f.file }
