package data_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestEraFromRecord: EngineRules reads the rounding of final points and
// the 2009 rules from what the record shows (final points, a West round),
// whatever its log id says, and falls back on the log id, then on today's
// rules, only where the record shows nothing.
func TestEraFromRecord(t *testing.T) {
	const (
		id2009 = "2009030812gm-00e1-0000-270195f3"
		id2019 = "2019103023gm-00a9-0000-f90e0fe9"
		id2024 = "2024041200gm-00a9-0000-1142b3d7"
	)
	// Final scores 45,300 25,600 19,100 10,000: the points unrounded with
	// uma +20/+10, rounded with +20/+10, and rounded with +10/+5.
	odd := [4]int{45300, 25600, 19100, 10000}
	unrounded := [4]float64{55.3, 5.6, -20.9, -40}
	rounded := [4]float64{55, 6, -21, -40}
	uma2009 := [4]float64{45, 1, -16, -30}
	// Scores in whole thousands: both roundings give the same points.
	even := [4]int{46000, 26000, 18000, 10000}
	evenPts := [4]float64{56, 6, -22, -40}
	hanchan, east := data.RulesFromType(0xA9), data.RulesFromType(0xE1)
	tests := []struct {
		name      string
		ref       string
		rules     data.Rules
		scores    [4]int
		points    [4]float64
		west      bool // the record has a West round
		noOwari   bool
		round     bool // want RoundPoints
		tenpaiYam bool // want TenpaiYame (off: the 2009 rules)
	}{
		{"decimals, no log id", "", hanchan, odd, unrounded, false, false, false, true},
		{"decimals beat a 2019 log id", id2019, hanchan, odd, unrounded, false, false, false, true},
		{"whole points beat a 2024 log id", id2024, hanchan, odd, rounded, false, false, true, true},
		{"either rounding, 2024 log id", id2024, hanchan, even, evenPts, false, false, false, true},
		{"either rounding, no log id: rounded", "", hanchan, even, evenPts, false, false, true, true},
		{"2009 uma, no log id", "", east, odd, uma2009, false, false, true, false},
		{"today's uma beats a 2009 log id", id2009, east, odd, rounded, false, false, true, true},
		{"a West round in an east-only game", "", east, odd, [4]float64{}, true, true, true, false},
		{"nothing shown, 2009 log id", id2009, hanchan, odd, [4]float64{}, false, true, true, false},
		{"nothing shown, 2024 log id", id2024, hanchan, odd, [4]float64{}, false, true, false, true},
		{"nothing shown, no log id: today's rules", "", hanchan, odd, [4]float64{}, false, true, true, true},
	}
	for _, tc := range tests {
		g := &data.Game{Players: 4, Ref: tc.ref, Rules: tc.rules, Rounds: []data.Round{{Number: 0}}}
		if tc.west {
			g.Rounds = append(g.Rounds, data.Round{Number: 8})
		}
		if !tc.noOwari {
			g.Owari = &data.Owari{Scores: tc.scores, RankPt: tc.points}
		}
		r := g.EngineRules()
		if r.RoundPoints != tc.round || r.TenpaiYame != tc.tenpaiYam {
			t.Errorf("%s: RoundPoints %v TenpaiYame %v, want %v %v", tc.name, r.RoundPoints, r.TenpaiYame, tc.round, tc.tenpaiYam)
		}
		if old := !tc.tenpaiYam && !tc.rules.EastSouth; old != (r.ExtensionWinds == 2 && r.Uma[1] == 5) {
			t.Errorf("%s: extension winds %d, uma %v; want the 2009 east-only ones: %v", tc.name, r.ExtensionWinds, r.Uma, old)
		}
	}
}

// TestEraUnknownSaysSo: dnovikoff's bug1.xml (2009, hanchan) plays on
// after a tenpai all-last dealer in first place. Without its 2009 format
// and without a log id nothing in it shows the year, so the engine plays
// today's rules and the mismatch says what is unknown; with the log id of
// the game it replays cleanly.
func TestEraUnknownSaysSo(t *testing.T) {
	dir := shareddata.Dir(t, "tenhou", "dnovikoff-tenhou", "log", "test_data")
	g, err := datatest.ReadMjlogFile(t, filepath.Join(dir, "bug1.xml"), "bug1.xml")
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Rounds {
		g.Rounds[i].Shuffle = "" // as the new format, or a conversion, has it
	}
	var rep data.ReplayReport
	if err := data.Replay(g, &rep); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range rep.Mismatches {
		found = found || strings.Contains(m.What, "the engine ended the game") && strings.Contains(m.What, "year unknown: the record does not show whether it was played in 2009")
	}
	if !found {
		t.Errorf("without a year: want a mismatch saying the year is unknown, got %v", rep.Mismatches)
	}
	g.Ref = "2009022022gm-00a9-0000-cd94aac8" // its log id (dnovikoff's README.txt)
	rep = data.ReplayReport{}
	if err := data.Replay(g, &rep); err != nil || len(rep.Mismatches) > 0 {
		t.Errorf("with its log id: %v %v", err, rep.Mismatches)
	}
}
