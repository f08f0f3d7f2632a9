package data_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/mjlog"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/game"
)

// TestReplayDecisions walks real records and counts what the loops over
// ReplayObserved and DecisionsAt counted before ReplaySteps replaced them
// (issue 20; the counts were taken with that code): the steps (the
// callbacks: each round's start, every event after the first, each end),
// the rounds started and ended, and the decisions by the action played.
func TestReplayDecisions(t *testing.T) {
	tests := []struct {
		name          string
		file          string // under ../shared/data/tenhou
		steps, rounds int    // every round of these ends
		played        map[string]int
		mismatches    int
	}{
		{"east game: kans, double ron, kyuushu", "agony5757-mahjong/paipuxmls/2020010101gm-00e1-0000-19298101.txt", 1178, 12,
			map[string]int{"discard": 517, "riichi": 6, "chi": 12, "pon": 18, "pass": 129}, 0},
		{"daiminkan", "dnovikoff-tenhou/log/test_data/bug2.xml", 1338, 15,
			map[string]int{"discard": 614, "riichi": 6, "chi": 16, "pon": 23, "daiminkan": 1, "pass": 139}, 0},
		{"disconnections", "somiona-mahjong579/train_data/2024041210gm-00a9-0000-038abb3a.xml", 616, 6,
			map[string]int{"discard": 253, "riichi": 7, "chi": 8, "pon": 6, "pass": 69}, 0},
		{"four winds", "mjx-project-mjx/tests_cpp/resources/mjlog/encdec-four-winds-no-winner.mjlog", 1122, 12,
			map[string]int{"discard": 480, "riichi": 8, "chi": 7, "pon": 12, "pass": 116}, 0},
		{"tenhou.net/6: four riichi", "equim-chan-mjai-reviewer/convlog/tests/testdata/four_reach.json", 112, 1,
			map[string]int{"discard": 41, "riichi": 4, "pass": 14}, 0},
		{"tenhou.net/6: kakan robbed", "equim-chan-mjai-reviewer/convlog/tests/testdata/double_kakan_then_chankan.json", 116, 1,
			map[string]int{"discard": 55, "chi": 1, "pon": 2, "pass": 8}, 0},
		{"tenhou.net/6: a win paid otherwise", "equim-chan-mjai-reviewer/convlog/tests/testdata/confusing_nakis_1.json", 84, 1,
			map[string]int{"discard": 38, "riichi": 1, "pon": 4, "pass": 11}, 1},
	}
	dir := shareddata.Dir(t, "tenhou")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := readFirst(t, filepath.Join(dir, tt.file))
			var rep data.ReplayReport
			steps, starts, ends := 0, 0, 0
			var atSteps []data.Decision
			for st := range data.ReplaySteps(g, &rep) {
				steps++
				if st.Event == 0 {
					starts++
				}
				if st.Ended() {
					ends++
				}
				checkStep(t, st)
				atSteps = st.Decisions(atSteps)
			}
			if rep.Err != nil || len(rep.Mismatches) != tt.mismatches {
				t.Fatalf("replay: %v, mismatches %v", rep.Err, rep.Mismatches)
			}
			if steps != tt.steps || starts != tt.rounds || ends != tt.rounds {
				t.Errorf("%d steps, %d rounds started, %d ended; want %d, %d, %d", steps, starts, ends, tt.steps, tt.rounds, tt.rounds)
			}
			played := map[string]int{}
			var rep2 data.ReplayReport
			i := 0
			for st, d := range data.ReplayDecisions(g, &rep2) {
				played[d.Played.Type.String()]++
				if st.Event != d.Event || d.Turn != (d.Played.Type == game.Discard || d.Played.Type == game.Riichi) {
					t.Errorf("%s before event %d: decision %+v", st.Round.Name(), st.Event, d)
				}
				if i >= len(atSteps) || atSteps[i] != d {
					t.Fatalf("decision %d: %+v, the steps give another", i, d)
				}
				i++
			}
			if fmt.Sprint(played) != fmt.Sprint(tt.played) || i != len(atSteps) {
				t.Errorf("decisions %v (%d), want %v (%d from the steps)", played, i, tt.played, len(atSteps))
			}
		})
	}
}

// checkStep checks that a step's events and position agree.
func checkStep(t *testing.T, st *data.ReplayStep) {
	t.Helper()
	next, okNext := st.NextEvent()
	last, okLast := st.LastEvent()
	n := len(st.Round.Events)
	switch {
	case okNext != (st.Event < n) || okNext && next != st.Round.Events[st.Event]:
		t.Errorf("%s before event %d: NextEvent %v %v", st.Round.Name(), st.Event, next, okNext)
	case okLast != (st.Event > 0) || okLast && last != st.Round.Events[st.Event-1]:
		t.Errorf("%s before event %d: LastEvent %v %v", st.Round.Name(), st.Event, last, okLast)
	case st.Ended() != (st.Event == n) || st.Ended() && st.Engine.Phase() != game.PhaseEnd:
		t.Errorf("%s before event %d of %d: ended %v, engine in phase %v", st.Round.Name(), st.Event, n, st.Ended(), st.Engine.Phase())
	}
}

// TestReplayStepsStop: leaving the loop stops the replay there.
func TestReplayStepsStop(t *testing.T) {
	g := readFirst(t, "testdata/selfplay.xml")
	var rep data.ReplayReport
	for st := range data.ReplaySteps(g, &rep) {
		if st.RoundIndex == 1 && st.Event == 10 {
			break
		}
	}
	if rep.Rounds != 2 || rep.Err != nil {
		t.Errorf("%d rounds replayed (%v), want 2", rep.Rounds, rep.Err)
	}
	n := 0
	for range data.ReplayDecisions(g, &rep) {
		if n++; n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("%d decisions, want 3", n)
	}
	// A 4-player record called 3-player holds tiles a 3-player game has
	// not: the walk stops before its first step, naming the tile.
	three := *g
	three.Players = 3
	rep = data.ReplayReport{}
	for range data.ReplaySteps(&three, &rep) {
		t.Fatal("a step of a 3-player game holding 2m..8m")
	}
	if !errors.Is(rep.Err, data.ErrBadValue) || !strings.Contains(fmt.Sprint(rep.Err), "is not in a 3-player game") {
		t.Errorf("3-player game with 4-player tiles: %v", rep.Err)
	}
}

// TestReplayStepsAbandoned: a round whose recorded action the engine
// refuses ends at the step before that action, without an end step; the
// next round starts from the record.
func TestReplayStepsAbandoned(t *testing.T) {
	g := readFirst(t, "testdata/selfplay.xml")
	rd := &g.Rounds[0]
	bad := -1
	for i, e := range rd.Events {
		if e.Type == data.EventDiscard && e.Seat == 1 {
			rd.Events[i].Tile = rd.Hands[3][0] // a tile seat 1 does not hold
			bad = i
			break
		}
	}
	var rep data.ReplayReport
	var last [2]int // the last step of rounds 0 and 1
	ended := [2]bool{}
	for st := range data.ReplaySteps(g, &rep) {
		if st.RoundIndex > 1 {
			break
		}
		last[st.RoundIndex] = st.Event
		ended[st.RoundIndex] = st.Ended()
	}
	if last[0] != bad || ended[0] || !ended[1] || len(rep.Mismatches) == 0 || rep.Mismatches[0].Event != bad {
		t.Errorf("refused event %d: round 0 walked to %d (ended %v), round 1 ended %v; mismatches %v", bad, last[0], ended[0], ended[1], rep.Mismatches)
	}
}

// readFirst reads the first game of a record file in any format.
func readFirst(t *testing.T, path string) *data.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, _, err := records.NewReader(f, path)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Next() {
		t.Fatalf("%s: no game: %v", path, r.Err())
	}
	return r.Game()
}

// Seat 2's decisions in the first round of a self-play record: how many
// discards it chose, and its other choices with the position's legal moves.
func ExampleReplayDecisions() {
	f, err := os.Open("testdata/selfplay.xml")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	r := mjlog.NewReader(f, f.Name())
	if !r.Next() {
		panic(r.Err())
	}
	var rep data.ReplayReport
	discards := 0
	for st, d := range data.ReplayDecisions(r.Game(), &rep) {
		if st.RoundIndex > 0 {
			break // the replay stops here
		}
		switch {
		case d.Seat != 2:
		case d.Played.Type == game.Discard:
			discards++
		default:
			fmt.Printf("%s before event %d (%v): %v of %v\n",
				st.Round.Name(), d.Event, st.Round.Events[d.Event], d.Played, st.Engine.Legal(d.Seat, nil))
		}
	}
	fmt.Println(discards, "discards")
	// Output:
	// E1-0 before event 10 (1 draw 2s): seat 2 pass of [seat 2 pass seat 2 pon=111s]
	// E1-0 before event 21 (2 riichi 1): seat 2 riichi 7m of [seat 2 discard 2m seat 2 discard 4m seat 2 discard 7m seat 2 riichi 7m seat 2 discard 8m seat 2 discard 1s seat 2 discard 6s seat 2 discard 7s seat 2 discard 9s seat 2 riichi 9s]
	// 2 discards
}
