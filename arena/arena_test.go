package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/sim/game"
)

func mustJSON(t *testing.T, r *Result) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var mixed = [4]string{"efficiency", "tsumogiri", "thesis", "rulebot"}

func TestWorkersGiveTheSameResult(t *testing.T) {
	cfg := Config{Seats: mixed, Games: 8, Seed: 7, Rotate: true}
	var want string
	for _, w := range []int{1, 2, 3} {
		cfg.Workers = w
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		got := mustJSON(t, res)
		if want == "" {
			want = got
		} else if got != want {
			t.Fatalf("workers %d: result differs:\n%s\nwant\n%s", w, got, want)
		}
	}
	// And twice in a row.
	cfg.Workers = 2
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := mustJSON(t, res); got != want {
		t.Fatal("a second run differs")
	}
}

func TestShardsMergeToTheWhole(t *testing.T) {
	cfg := Config{Seats: [4]string{"efficiency", "tsumogiri", "efficiency", "rulebot"}, Games: 12, Seed: 3, Rotate: true, Workers: 2}
	whole, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var parts []*Result
	for i := 3; i >= 1; i-- { // any order
		c := cfg
		c.Shard, c.Shards = i, 3
		r, err := Run(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		// Through JSON, as merge reads shard files.
		var back Result
		if err := json.Unmarshal([]byte(mustJSON(t, r)), &back); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, &back)
	}
	merged, err := Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := mustJSON(t, merged), mustJSON(t, whole); got != want {
		t.Fatalf("merged shards differ from the whole:\n%s\nwant\n%s", got, want)
	}
	if _, err := Merge(parts[:2]); err == nil {
		t.Error("merging two of three shards should fail")
	}
	if _, err := Merge(append(parts, parts[0])); err == nil {
		t.Error("merging a shard twice should fail")
	}
}

// TestRotationReplaysTheWalls plays one unit's four rotations and checks
// that every round's wall is the unit's wall for that round and honba,
// that the first round is the same in all four, and that each entry sat
// in each seat once.
func TestRotationReplaysTheWalls(t *testing.T) {
	const seed, unit = 11, 5
	ws := WallSeed(seed, unit)
	var first [4]game.Wall
	var seatsOf [4][4]bool // entry → seats taken
	for rot := range 4 {
		seating := Seating(rot)
		var players [4]game.Player
		for e, name := range mixed {
			p, _ := bot.New(name, uint64(e))
			players[seating[e]] = p
			seatsOf[e][seating[e]] = true
		}
		n := 0
		_, err := play(context.Background(), game.Tenhou(game.Hanchan), ws, &players, nil, func(r *game.Round) {
			want := game.NewWall(ws, r.Index(), r.Honba())
			if *r.Wall() != want {
				t.Errorf("rotation %d round %d-%d: wall is not the unit's", rot, r.Index(), r.Honba())
			}
			if n == 0 {
				first[rot] = *r.Wall()
			}
			n++
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for rot := 1; rot < 4; rot++ {
		if first[rot] != first[0] {
			t.Errorf("rotation %d starts with another wall", rot)
		}
	}
	for e := range seatsOf {
		if seatsOf[e] != [4]bool{true, true, true, true} {
			t.Errorf("entry %d sat in %v", e, seatsOf[e])
		}
	}
}

// TestRecordsReplay records arena games and replays them through the
// engine, in memory and after a tenhou.net/6 round trip: no mismatch. The
// in-memory record gives every seat's observation of every round
// (data.ObservationAt: a closed kan's indicator after the kan).
func TestRecordsReplay(t *testing.T) {
	games := 24
	if testing.Short() {
		games = 6
	}
	seatSets := [][4]string{mixed, {"rulebot", "rulebot", "thesis", "efficiency"}, {"efficiency", "efficiency", "efficiency", "efficiency"}}
	stats := map[data.EventType]int{}
	for i := range games {
		seats := seatSets[i%len(seatSets)]
		var players [4]game.Player
		for s, name := range seats {
			players[s], _ = bot.New(name, uint64(i*4+s))
		}
		rules := game.Tenhou(game.Hanchan)
		if i%4 == 3 {
			rules = game.Tenhou(game.Tonpuusen)
		}
		rec := newRecorder(rules, "mjrank-test", seats)
		g, err := play(context.Background(), rules, uint64(1000+i), &players, rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		gr := rec.finish(g)
		for _, rd := range gr.Rounds {
			for _, e := range rd.Events {
				stats[e.Type]++
			}
		}
		var rep data.ReplayReport
		if err := data.Replay(gr, &rep); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		for _, m := range rep.Mismatches {
			t.Errorf("game %d in memory: %v", i, m)
		}
		for ri, rd := range gr.Rounds {
			for seat := range game.NumSeats {
				if _, err := data.ObservationAt(gr, ri, len(rd.Events)-1, seat); err != nil {
					t.Errorf("game %d in memory: %v", i, err)
				}
			}
		}
		var buf bytes.Buffer
		if err := data.NewTenhou6Writer(&buf).Write(gr); err != nil {
			t.Fatal(err)
		}
		rd := data.NewTenhou6Reader(&buf, "game.json")
		if !rd.Next() {
			t.Fatalf("game %d: read back: %v", i, rd.Err())
		}
		var rep2 data.ReplayReport
		if err := data.Replay(rd.Game(), &rep2); err != nil {
			t.Fatalf("game %d via tenhou.net/6: %v", i, err)
		}
		for _, m := range rep2.Mismatches {
			t.Errorf("game %d via tenhou.net/6: %v", i, m)
		}
		wins, draws := 0, 0
		for _, rd := range gr.Rounds {
			wins += len(rd.Agari)
			if rd.Ryuukyoku != nil {
				draws++
			}
		}
		if rep2.Wins != wins || rep2.Draws != draws || rep2.Rounds != len(gr.Rounds) {
			t.Errorf("game %d: %d rounds, %d wins, %d draws checked", i, rep2.Rounds, rep2.Wins, rep2.Draws)
		}
	}
	t.Logf("events recorded: %v", stats)
}

// TestMCSameAtAnyWorkers: an arena with the Monte Carlo bot gives the same
// result at 1 and 2 workers.
func TestMCSameAtAnyWorkers(t *testing.T) {
	var hashes []string
	for _, w := range []int{1, 2} {
		cfg := Config{Seats: [4]string{"mc", "efficiency", "thesis", "efficiency"}, Games: 4, Seed: 5, Rotate: true,
			Length: game.Tonpuusen, Workers: w, Bots: bot.Options{MCSims: 150}}
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if res.MCSims != 150 || res.Played != 4 {
			t.Fatalf("result %+v", res)
		}
		hashes = append(hashes, res.Hash)
	}
	if hashes[0] != hashes[1] {
		t.Errorf("hash %s at 1 worker, %s at 2", hashes[0], hashes[1])
	}
}
