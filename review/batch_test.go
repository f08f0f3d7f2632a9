package review

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestParseRounds(t *testing.T) {
	rs, err := ParseRounds("E1, e4-1,S3-0,W2")
	if err != nil {
		t.Fatal(err)
	}
	if rs.String() != "E1,E4-1,S3-0,W2" {
		t.Errorf("String %q", rs.String())
	}
	for name, want := range map[string]bool{
		"E1-0": true, "E1-7": true, "E4-1": true, "E4-0": false, "E4-10": false,
		"S3-0": true, "S3-1": false, "W2-3": true, "E2-0": false, "N1-0": false,
	} {
		if rs.Has(name) != want {
			t.Errorf("Has(%s) = %v", name, !want)
		}
	}
	if !(Rounds{}).Has("S4-2") || !(Rounds{}).All() || rs.All() {
		t.Error("the zero Rounds picks every round, a list does not")
	}
	for s, want := range map[string]string{
		"E5":      `round 1 "E5": a round number is 1 to 4`,
		"E1,":     `round 2 "": empty`,
		"":        `round 1 "": empty`,
		"E1-":     `round 1 "E1-": honba ""`,
		"E1--1":   `round 1 "E1--1": honba "-1"`,
		"E1-+1":   `round 1 "E1-+1": honba "+1"`,
		"E1-100":  `round 1 "E1-100": honba "100": want 0 to 99`,
		"East1":   `round 1 "East1": no such round`,
		"S2,X1-0": `round 2 "X1-0": no such round`,
	} {
		if _, err := ParseRounds(s); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("ParseRounds(%q): %v, want %s…", s, err, want)
		}
	}
	if got := mustRounds(t, "S3,E1-2,E1-2").canonical(); got != "E1-2,S3" {
		t.Errorf("canonical %q", got)
	}
}

func mustRounds(t *testing.T, s string) Rounds {
	t.Helper()
	rs, err := ParseRounds(s)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestParseLogRef(t *testing.T) {
	const id = "2022010115gm-00a9-0000-dcf9e89c"
	for _, tc := range []struct {
		in   string
		ok   bool
		seat int
		err  string
	}{
		{id, true, -1, ""},
		{"https://tenhou.net/0/?log=" + id + "&tw=2", true, 2, ""},
		{"http://tenhou.net/3/?log=" + id, true, -1, ""},
		{"https://tenhou.net/0/log/?" + id, true, -1, ""},
		{"game.xml", false, -1, ""},
		{"logs/" + id + ".xml", false, -1, ""},
		{id[:len(id)-1], true, -1, "not a Tenhou log id"},
		{"https://tenhou.net/0/?log=" + id + "&tw=4", true, -1, "tw=4: want a seat 0 to 3"},
		{"https://game.mahjongsoul.com/?paipu=abc", true, -1, "no Tenhou log id in the URL"},
	} {
		ref, ok, err := ParseLogRef(tc.in)
		switch {
		case ok != tc.ok:
			t.Errorf("%s: ok %v", tc.in, ok)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || !strings.HasPrefix(err.Error(), tc.in+": ")):
			t.Errorf("%s: error %v, want one naming it with %q", tc.in, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.in, err)
		case tc.err == "" && ok && (ref.ID != id || ref.Seat != tc.seat):
			t.Errorf("%s: %+v", tc.in, ref)
		}
	}
}

// TestRecordDigest: the digest is of the game, not of its file: the same
// game from mjlog, gzipped mjlog and its log id elsewhere has one digest;
// one name changed is another.
func TestRecordDigest(t *testing.T) {
	g := readGame(t, "../data/testdata/selfplay.xml")
	d := RecordDigest(g)
	c := *g
	c.Ref = "2022010115gm-00a9-0000-dcf9e89c"
	if RecordDigest(&c) != d || len(d) != 64 {
		t.Error("the log id changes the digest")
	}
	c.Names[2] = "other"
	if RecordDigest(&c) == d {
		t.Error("a name changed keeps the digest")
	}
	c = *g
	c.Rounds = slices.Clone(g.Rounds)
	c.Rounds[1].Events = slices.Clone(g.Rounds[1].Events)
	c.Rounds[1].Events[5].Tsumogiri = !c.Rounds[1].Events[5].Tsumogiri
	if RecordDigest(&c) == d {
		t.Error("an event changed keeps the digest")
	}
	if RecordDigest(g) != d {
		t.Error("the digest changed the game")
	}
}

// TestCacheKeyCoversOptions fails when Options gains a field: decide
// whether it changes a review (then it belongs in cacheKey) or not (then
// in the list below).
func TestCacheKeyCoversOptions(t *testing.T) {
	inKey := []string{"Sims", "Seed", "Rounds"}           // cacheKey's Sims, Seed, Rounds
	noChange := []string{"Workers", "Progress", "Engine"} // Engine: the Cache's EngineID names it
	var fields []string
	for f := range reflect.TypeFor[Options]().Fields() {
		fields = append(fields, f.Name)
	}
	want := slices.Concat(inKey, noChange)
	slices.Sort(fields)
	slices.Sort(want)
	if !slices.Equal(fields, want) {
		t.Errorf("Options has fields %v; the cache knows %v: put a new one in cacheKey or say it changes nothing", fields, want)
	}
}

// TestCacheEntries: a stored review is loaded back equal (its exported
// fields); a key that differs in any field is another entry; an entry
// whose key or decisions do not match, or that is not JSON, is corrupt.
func TestCacheEntries(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "c")
	c, err := OpenCache(dir, EngineID{Build: "test", Models: []string{"m 1"}})
	if err != nil {
		t.Fatal(err)
	}
	g := readGame(t, "../data/testdata/selfplay.xml")
	o := Options{Sims: 5, Seed: 3, Rounds: mustRounds(t, "E1")}
	rep, err := Run(context.Background(), g, 1, o)
	if err != nil {
		t.Fatal(err)
	}
	k := c.key(RecordDigest(g), 1, &o)
	if got, err := c.load(&k, len(rep.Decisions)); got != nil || err != nil {
		t.Fatalf("an empty cache gives %v, %v", got, err)
	}
	if err := c.store(&k, rep); err != nil {
		t.Fatal(err)
	}
	// An entry has the mode of a file the process creates (not a
	// temporary file's 0600).
	plain, err := os.Create(filepath.Join(t.TempDir(), "plain"))
	if err != nil {
		t.Fatal(err)
	}
	plain.Close()
	pi, _ := os.Stat(plain.Name())
	if ei, err := os.Stat(c.path(&k)); err != nil || ei.Mode() != pi.Mode() {
		t.Errorf("the entry's mode %v, a new file's %v (%v)", ei.Mode(), pi.Mode(), err)
	}
	got, err := c.load(&k, len(rep.Decisions))
	if err != nil || got == nil {
		t.Fatalf("load: %v", err)
	}
	// What a cache keeps is what the JSON of a review holds.
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(rep)
	if !bytes.Equal(a, b) || got.Decisions[0].Top == nil {
		t.Error("the loaded review differs from the stored one")
	}
	for name, change := range map[string]func(*cacheKey){
		"seat":   func(k *cacheKey) { k.Seat = 2 },
		"sims":   func(k *cacheKey) { k.Sims++ },
		"seed":   func(k *cacheKey) { k.Seed++ },
		"rounds": func(k *cacheKey) { k.Rounds = "E1,E2" },
		"record": func(k *cacheKey) { k.Record = "x" },
		"build":  func(k *cacheKey) { k.Engine.Build = "other" },
		"models": func(k *cacheKey) { k.Engine.Models = []string{"m 2"} },
		"layout": func(k *cacheKey) { k.Layout = "other" },
	} {
		k2 := k
		k2.Engine.Models = slices.Clone(k.Engine.Models)
		change(&k2)
		if c.path(&k2) == c.path(&k) {
			t.Errorf("another %s, the same entry", name)
		}
	}
	if _, err := c.load(&k, len(rep.Decisions)+1); err == nil || !strings.Contains(err.Error(), "does not hold the game's") {
		t.Errorf("a count of decisions that differs: %v", err)
	}
	// An entry under another key's file name.
	b, _ = os.ReadFile(c.path(&k))
	k3 := k
	k3.Seed++
	os.WriteFile(c.path(&k3), b, 0o644)
	if _, err := c.load(&k3, len(rep.Decisions)); err == nil || !strings.Contains(err.Error(), "its key is another review's") {
		t.Errorf("another key's entry: %v", err)
	}
	os.WriteFile(c.path(&k), b[:len(b)/2], 0o644)
	if _, err := c.load(&k, len(rep.Decisions)); err == nil || !strings.Contains(err.Error(), "corrupt cache entry "+c.path(&k)) {
		t.Errorf("a cut entry: %v", err)
	}
	if names, _ := filepath.Glob(filepath.Join(dir, ".*")); len(names) != 0 {
		t.Errorf("temporary files left: %v", names)
	}
	if _, err := OpenCache(filepath.Join(dir, filepath.Base(c.path(&k)), "sub"), EngineID{}); err == nil {
		t.Error("a cache under a file opened")
	}
}

// TestBatchProgress: the batch reports every decision and every game once,
// in one count over the games, and ends at its totals; a game from the
// cache is not counted.
func TestBatchProgress(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile("../data/testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	a, other := filepath.Join(dir, "a.xml"), filepath.Join(dir, "b.xml")
	os.WriteFile(a, b, 0o644)
	os.WriteFile(other, bytes.Replace(b, []byte(`n2="%72%75%6C%65%62%6F%74"`), []byte(`n2="%6F"`), 1), 0o644)
	c, err := OpenCache(filepath.Join(dir, "cache"), EngineID{Build: "test"})
	if err != nil {
		t.Fatal(err)
	}
	o := BatchOptions{Options: Options{Sims: 5, Workers: 3, Rounds: mustRounds(t, "E1,E2")}, Seat: 1, Cache: c}
	var calls []BatchProgress
	o.OnProgress = func(p BatchProgress) { calls = append(calls, p) }
	rep, err := NewPlan(context.Background(), []string{dir}, o).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	last := calls[len(calls)-1]
	if rep.Batch.Reviewed != 2 || last.Games != 2 || last.GamesDone != 2 || last.Decisions != rep.Player.Decisions ||
		last.DecisionsDone != last.Decisions || len(calls) != last.Decisions {
		t.Fatalf("%d calls, the last %+v; batch %+v, %d decisions", len(calls), last, rep.Batch, rep.Player.Decisions)
	}
	for i := 1; i < len(calls); i++ {
		if calls[i].DecisionsDone != calls[i-1].DecisionsDone+1 || calls[i].GamesDone < calls[i-1].GamesDone {
			t.Fatalf("call %d %+v after %+v", i, calls[i], calls[i-1])
		}
	}
	// One entry removed: only its game is reviewed again.
	entries, _ := filepath.Glob(filepath.Join(dir, "cache", "*.json"))
	os.Remove(entries[0])
	calls = nil
	rep, err = NewPlan(context.Background(), []string{dir}, o).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	last = calls[len(calls)-1]
	if rep.Batch.Reviewed != 1 || rep.Batch.Cached != 1 || last.Games != 1 || last.Decisions != rep.Batch.DecisionsAnalysed {
		t.Errorf("resumed: batch %+v, last call %+v", rep.Batch, last)
	}
}
