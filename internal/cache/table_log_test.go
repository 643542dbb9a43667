package cache

import (
	"bytes"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/spf13/afero"
)

const (
	logDir  = ".lore-cache"
	tabFile = logDir + "/t.tab"
	logFile = tabFile + logSuffix
)

// state is what a table holds, by key name.
type state map[string]string

// saveState opens the cache, makes the table "t" hold want (every entry
// of it used, the others dropped) and saves.
func saveState(t *testing.T, fs afero.Fs, want state) {
	t.Helper()
	c := Open(fs, logDir, "lore-1", testKeyFile)
	for k, v := range want {
		c.Table("t").Put(key(k), []byte(v))
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
}

// checkState opens the cache and checks that the table "t" holds
// exactly want (names: every name it may hold), and returns the problems
// noted.
func checkState(t *testing.T, fs afero.Fs, want state, names []string) []string {
	t.Helper()
	c := Open(fs, logDir, "lore-1", testKeyFile)
	tab := c.Table("t")
	if tab.Len() != len(want) {
		t.Errorf("table holds %d entries, want %d", tab.Len(), len(want))
	}
	for _, k := range names {
		v, ok := tab.Get(key(k))
		if w, in := want[k]; ok != in || string(v) != w {
			t.Errorf("%s: %q %v, want %q %v", k, v, ok, w, in)
		}
	}
	return c.Problems()
}

func bigState(n int) state {
	s := state{}
	for i := range n {
		s[fmt.Sprint("k", i)] = strings.Repeat(fmt.Sprint(i), 40)
	}
	return s
}

func namesOf(ss ...state) []string {
	var out []string
	for _, s := range ss {
		for k := range s {
			out = append(out, k)
		}
	}
	return append(out, "never")
}

func readOrEmpty(fs afero.Fs, name string) []byte {
	b, _ := afero.ReadFile(fs, name)
	return b
}

// TestTableLogAppendsChanges: a change small beside the table is
// appended to its log, the table file stays as it was, and the table
// reads back with the change, deletions included.
func TestTableLogAppendsChanges(t *testing.T) {
	fs := afero.NewMemMapFs()
	s0 := bigState(200)
	saveState(t, fs, s0)
	base := readOrEmpty(fs, tabFile)
	if len(base) == 0 || len(readOrEmpty(fs, logFile)) != 0 {
		t.Fatal("the first save did not write the table whole")
	}
	s1 := maps.Clone(s0)
	s1["k7"], s1["new"] = "seven", "added"
	delete(s1, "k9")
	saveState(t, fs, s1)
	if !bytes.Equal(readOrEmpty(fs, tabFile), base) {
		t.Error("a small change rewrote the table file")
	}
	if n := len(readOrEmpty(fs, logFile)); n == 0 || n > 300 {
		t.Errorf("log of %d bytes for three changes", n)
	}
	if p := checkState(t, fs, s1, namesOf(s0, s1)); len(p) > 0 {
		t.Errorf("problems: %v", p)
	}
	s2 := maps.Clone(s1)
	s2["k9"] = "back"
	saveState(t, fs, s2)
	if p := checkState(t, fs, s2, namesOf(s0, s2)); len(p) > 0 {
		t.Errorf("problems: %v", p)
	}
}

// TestTableLogCompacts: once the log would pass half the table file, the
// table is rewritten whole and the log removed.
func TestTableLogCompacts(t *testing.T) {
	fs := afero.NewMemMapFs()
	s := bigState(50)
	saveState(t, fs, s)
	base := readOrEmpty(fs, tabFile)
	for round := range 40 {
		s[fmt.Sprint("k", round%50)] = fmt.Sprint("round ", round)
		saveState(t, fs, s)
		if log := len(readOrEmpty(fs, logFile)); log > len(base)/2 {
			t.Fatalf("round %d: log of %d bytes beside a table of %d", round, log, len(base))
		}
		if p := checkState(t, fs, s, namesOf(s)); len(p) > 0 {
			t.Fatalf("round %d: problems: %v", round, p)
		}
	}
	if bytes.Equal(readOrEmpty(fs, tabFile), base) {
		t.Error("the table was never rewritten")
	}
}

// TestTableLogTornWrite: a record cut short anywhere (a crash while it
// was appended), damaged, or followed by zeros is never applied, the
// records before it are, the damage is noted, and the next save leaves a
// sound table without a log.
func TestTableLogTornWrite(t *testing.T) {
	s0 := bigState(100)
	s1 := maps.Clone(s0)
	s1["k1"] = "one"
	s2 := maps.Clone(s1)
	s2["k2"], s2["added"] = "two", "a value added"
	delete(s2, "k3")
	setup := func() (afero.Fs, []byte, int) {
		fs := afero.NewMemMapFs()
		saveState(t, fs, s0)
		saveState(t, fs, s1)
		before := len(readOrEmpty(fs, logFile))
		saveState(t, fs, s2)
		log := readOrEmpty(fs, logFile)
		if before == 0 || len(log) <= before {
			t.Fatal("the changes were not appended")
		}
		return fs, log, before
	}
	_, log, before := setup()
	damages := map[string]func([]byte) []byte{}
	for cut := before + 1; cut < len(log); cut++ {
		damages[fmt.Sprint("cut at ", cut)] = func(b []byte) []byte { return b[:cut] }
	}
	for i := before; i < len(log); i += 7 {
		damages[fmt.Sprint("byte ", i, " flipped")] = func(b []byte) []byte { b[i] ^= 0x20; return b }
	}
	damages["zeros after"] = func(b []byte) []byte { return append(b[:before], make([]byte, len(b)-before)...) }
	for name, damage := range damages {
		t.Run(name, func(t *testing.T) {
			fs, log, _ := setup()
			if err := afero.WriteFile(fs, logFile, damage(bytes.Clone(log)), 0o644); err != nil {
				t.Fatal(err)
			}
			p := checkState(t, fs, s1, namesOf(s0, s2))
			if len(p) == 0 {
				t.Error("the damaged log was not noted")
			}
			s3 := maps.Clone(s1)
			s3["after"] = "the next build"
			saveState(t, fs, s3)
			if _, err := fs.Stat(logFile); err == nil {
				t.Error("the damaged log is still there after a save")
			}
			if p := checkState(t, fs, s3, namesOf(s0, s2, s3)); len(p) > 0 {
				t.Errorf("problems after the save: %v", p)
			}
		})
	}
}

// TestTableLogStale: the log of an earlier table file (a crash between
// the table's rewrite and the removal of its log) is not applied, and the
// next save removes it.
func TestTableLogStale(t *testing.T) {
	fs := afero.NewMemMapFs()
	s0 := bigState(100)
	saveState(t, fs, s0)
	s1 := maps.Clone(s0)
	s1["k1"] = "one"
	saveState(t, fs, s1)
	stale := readOrEmpty(fs, logFile)
	s2 := state{} // all of it changed: rewritten
	for k, v := range s0 {
		s2[k] = v + " changed"
	}
	saveState(t, fs, s2)
	if _, err := fs.Stat(logFile); err == nil {
		t.Fatal("the table was not rewritten")
	}
	if err := afero.WriteFile(fs, logFile, stale, 0o644); err != nil {
		t.Fatal(err)
	}
	if p := checkState(t, fs, s2, namesOf(s0, s2)); len(p) > 0 {
		t.Errorf("problems: %v", p)
	}
	saveState(t, fs, s2)
	if _, err := fs.Stat(logFile); err == nil {
		t.Error("the stale log is still there after a save")
	}
	checkState(t, fs, s2, namesOf(s0, s2))
}

// TestTableLogIsOurs: a folder with a table's log is lore's.
func TestTableLogIsOurs(t *testing.T) {
	for _, name := range []string{"t.tab.log", "html.idx.tab.log"} {
		if !ours(name, false) {
			t.Errorf("%s is not ours", name)
		}
	}
	if ours("notes.log", false) {
		t.Error("notes.log is ours")
	}
}

// TestPackIndexLog: a value added to a pack is found through its
// index's log.
func TestPackIndexLog(t *testing.T) {
	fs := afero.NewMemMapFs()
	c := Open(fs, logDir, "lore-1", testKeyFile)
	for i := range 50 {
		c.Pack("html").Put(key(fmt.Sprint(i)), []byte(fmt.Sprint("<p>", i, "</p>")))
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	c = Open(fs, logDir, "lore-1", testKeyFile)
	for i := range 50 {
		c.Pack("html").Keep(key(fmt.Sprint(i)))
	}
	c.Pack("html").Put(key("new"), []byte("<p>new</p>"))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if len(readOrEmpty(fs, logDir+"/html.idx.tab"+logSuffix)) == 0 {
		t.Error("the index was rewritten for one value")
	}
	c = Open(fs, logDir, "lore-1", testKeyFile)
	if v, ok := c.Pack("html").Get(key("new")); !ok || string(v) != "<p>new</p>" {
		t.Errorf("new: %q %v", v, ok)
	}
	if v, ok := c.Pack("html").Get(key("7")); !ok || string(v) != "<p>7</p>" {
		t.Errorf("7: %q %v", v, ok)
	}
	if p := c.Problems(); len(p) > 0 {
		t.Errorf("problems: %v", p)
	}
}
