package analysis

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestObservationMustEndAtDecision: an observation that stops before the
// seat's own draw is refused, whatever the seed, rather than analysed
// with a draw the determinization invented.
func TestObservationMustEndAtDecision(t *testing.T) {
	b, err := os.ReadFile("../sim/observe/testdata/observation.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ObservationPosition(b, "full", 1); err != nil {
		t.Fatalf("the whole observation: %v", err)
	}
	var o map[string]any
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	evs := o["events"].([]any)
	o["events"] = evs[:len(evs)-1] // without seat 1's draw
	cut, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(5) {
		_, err := ObservationPosition(cut, "cut", seed)
		if err == nil || !strings.Contains(err.Error(), "does not end at a decision of seat 1") || !strings.Contains(err.Error(), "its draw is not in the observation") {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}

// TestPlayedIsTheRecordedAction: at every decision of every kind in games
// of the corpus tests' sample, the position's Played names the recorded
// action as the engine names a candidate (one of the seat's legal moves),
// and every kind of decision is met: discards, riichi, tsumo, ron, chi,
// pon, daiminkan, ankan, kakan, kyuushu kyuuhai and passes.
func TestPlayedIsTheRecordedAction(t *testing.T) {
	if testing.Short() {
		t.Skip("replays corpus games")
	}
	seen := map[string]int{}
	games := 0
	for _, f := range shareddata.CorpusPaths(t) {
		if !strings.Contains(f, "gm-00a9-") || games >= 60 && len(seen) == 11 || games >= 400 {
			continue
		}
		g, err := ReadGame(mustOpen(t, f), f, 1)
		if err != nil || g.Players != 4 {
			continue
		}
		games++
		checkPlayed(t, g, f, seen, games <= 40)
	}
	for _, k := range []string{"discard", "riichi", "tsumo", "ron", "chi", "pon", "daiminkan", "ankan", "kakan", "kyuushu", "pass"} {
		if seen[k] == 0 {
			t.Errorf("no %s decision met in %d games", k, games)
		}
	}
	t.Logf("%d games: %v", games, seen)
}

// checkPlayed checks the decisions of g; every turn and call decision of
// the first games (all), only the rarer kinds of the others.
func checkPlayed(t *testing.T, g *data.Game, file string, seen map[string]int, all bool) {
	t.Helper()
	for ri := range g.Rounds {
		rd := &g.Rounds[ri]
		for ei, e := range rd.Events {
			rare := e.Type == data.EventAgari || e.Type == data.EventRyuukyoku || e.Type == data.EventCall
			if !all && !rare || e.Type == data.EventDraw || e.Type == data.EventNewDora || e.Type == data.EventBye || e.Type == data.EventReconnect ||
				e.Type == data.EventRiichi && e.Step == 2 {
				continue
			}
			for seat := range 4 {
				pos, err := RecordPosition(g, file, strconv.Itoa(ri+1), ei, 0, seat)
				if err != nil {
					continue // no decision of this seat here
				}
				names := map[string]bool{}
				for _, a := range pos.Legal {
					c := mc.Candidate{Action: a, Discard: tile.NoTile}
					names[c.String()] = true
				}
				played, _, _ := strings.Cut(pos.Played, ", discard ")
				if !names[played] {
					t.Fatalf("%s %s event %d (%v) seat %d: played %q is none of the legal moves %v", file, rd.Name(), ei, e, seat, pos.Played, pos.Legal)
				}
				kind, _, _ := strings.Cut(played, " ")
				kind, _, _ = strings.Cut(kind, "=")
				seen[kind]++
			}
		}
	}
}

func mustOpen(t *testing.T, f string) *os.File {
	fh, err := os.Open(f)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fh.Close() })
	return fh
}

// TestEveryMoveExplained: each move of an analysis carries its why, the
// sentence of review.Explain against the pick, and the Result explains in
// full the played move of a record's position, or else the pick.
func TestEveryMoveExplained(t *testing.T) {
	eng, err := mc.Default()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("../sim/observe/testdata/observation.json")
	if err != nil {
		t.Fatal(err)
	}
	obs, err := ObservationPosition(b, "observation", 1)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadGame(mustOpen(t, "../data/testdata/selfplay.xml"), "selfplay", 1)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := RecordPosition(g, "selfplay", "1", 0, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, pos := range []*Position{obs, rec} {
		out, _, err := Run(context.Background(), eng, pos, mc.Options{Sims: 200, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if out.Why == nil {
			t.Fatalf("%s: no why", pos.File)
		}
		want := out.Best
		if pos.Played != "" {
			want = pos.Played
		}
		if out.Why.Played.Move != want {
			t.Errorf("%s: the why explains %q, want %q", pos.File, out.Why.Played.Move, want)
		}
		for _, c := range out.Candidates {
			if c.Why == "" {
				t.Errorf("%s: %s has no why", pos.File, c.Move)
			}
			if c.Move == want && c.Why != out.Why.Sentence {
				t.Errorf("%s: %s's why %q is not the Result's %q", pos.File, c.Move, c.Why, out.Why.Sentence)
			}
		}
	}
}
