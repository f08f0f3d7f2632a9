package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/tenhou6"
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
	parts := shardsMergeToTheWhole(t, cfg)
	if _, err := Merge(parts[:2]); err == nil {
		t.Error("merging two of three shards should fail")
	}
	if _, err := Merge(append(parts, parts[0])); err == nil {
		t.Error("merging a shard twice should fail")
	}
}

// shardsMergeToTheWhole runs cfg whole and as three shards (in reverse
// order, each through JSON as merge reads shard files), checks that the
// shards merge to the whole, and returns them.
func shardsMergeToTheWhole(t *testing.T, cfg Config) []*Result {
	t.Helper()
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
	return parts
}

// TestRotationReplaysTheWalls plays one unit's rotations, with four
// players and with three, and checks that every round's wall is the
// unit's wall for that round and honba, that the first round is the same
// in all of them, and that each entry sat in each seat in play once (with
// three, the empty entry stays in the empty seat).
func TestRotationReplaysTheWalls(t *testing.T) {
	if SeatingOf(4, 1) != Seating(1) || Seating(1) != [4]int{1, 2, 3, 0} {
		t.Errorf("4-player seating %v", Seating(1))
	}
	for _, tc := range []struct {
		rules game.Rules
		seats [4]string
		unit  int
	}{
		{game.Tenhou(game.Hanchan), mixed, 5},
		{game.TenhouSanma(game.Tonpuusen), sanmaSeats, 2},
	} {
		np := tc.rules.Players()
		t.Run(fmt.Sprintf("%d players", np), func(t *testing.T) {
			ws := WallSeed(11, tc.unit)
			var first [4]game.Wall
			var seatsOf [4][4]bool // entry → seats taken
			for rot := range np {
				seating := SeatingOf(np, rot)
				var players [4]game.Player
				for e := range seatsOf {
					seatsOf[e][seating[e]] = true
					if e < np {
						players[seating[e]], _ = bot.New(tc.seats[e], uint64(e))
					}
				}
				n := 0
				_, err := play(context.Background(), tc.rules, ws, &players, nil, nil, func(r *game.Round) {
					if want := game.NewWallFor(np, ws, r.Index(), r.Honba()); *r.Wall() != want {
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
			for rot := 1; rot < np; rot++ {
				if first[rot] != first[0] {
					t.Errorf("rotation %d starts with another wall", rot)
				}
			}
			for e := range seatsOf {
				want := [4]bool{true, true, true, true}
				if np == 3 {
					want = [4]bool{e < 3, e < 3, e < 3, e == 3}
				}
				if seatsOf[e] != want {
					t.Errorf("entry %d sat in %v, want %v", e, seatsOf[e], want)
				}
			}
		})
	}
}

// TestRecordsReplay records arena games of four players and of three
// (kitas and all), rotated, and replays them through the engine, in memory
// and after a tenhou.net/6 round trip: no mismatch, and the record says its
// players and length. The in-memory record gives every seat's observation
// of every round (data.ObservationAt: a closed kan's indicator after the
// kan).
func TestRecordsReplay(t *testing.T) {
	for _, tc := range []struct {
		players, games, short int
		seatSets              [][4]string
		seed                  uint64
	}{
		{4, 24, 6, [][4]string{mixed, {"rulebot", "rulebot", "thesis", "efficiency"}, {"efficiency", "efficiency", "efficiency", "efficiency"}}, 1000},
		{3, 9, 3, [][4]string{{"rulebot", "thesis", "efficiency", ""}}, 5400},
	} {
		t.Run(fmt.Sprintf("%d players", tc.players), func(t *testing.T) {
			games := tc.games
			if testing.Short() {
				games = tc.short
			}
			stats := map[data.EventType]int{}
			for i := range games {
				cfg := Config{Players: tc.players, Length: game.Hanchan}
				if i%tc.players == tc.players-1 {
					cfg.Length = game.Tonpuusen
				}
				gr := recordGame(t, cfg.rules(), tc.seatSets[i%len(tc.seatSets)], i, tc.seed+uint64(i))
				if gr.Players != tc.players || gr.Rules.EastSouth != (cfg.Length == game.Hanchan) {
					t.Fatalf("game %d: a record of %d players, rules %+v", i, gr.Players, gr.Rules)
				}
				for _, rd := range gr.Rounds {
					for _, e := range rd.Events {
						stats[e.Type]++
					}
				}
			}
			if (stats[data.EventKita] > 0) != (tc.players == 3) {
				t.Errorf("%d players: %d kitas recorded", tc.players, stats[data.EventKita])
			}
			t.Logf("events recorded: %v", stats)
		})
	}
}

// recordGame plays game i of seats (rotated by i over the seats in play)
// on wall seed under rules, records it and checks the record: it replays
// without a mismatch in memory and through tenhou.net/6, the same rounds,
// wins and draws, and gives every seat's observation of every round. It
// returns the record.
func recordGame(t *testing.T, rules game.Rules, seats [4]string, i int, seed uint64) *data.Game {
	t.Helper()
	np := rules.Players()
	seating := SeatingOf(np, i%np)
	var players [4]game.Player
	var names [4]string
	for e, name := range seats[:np] {
		players[seating[e]], _ = bot.New(name, uint64(i*np+e))
		names[seating[e]] = name
	}
	rec := newRecorder(rules, "mjrank-test", names)
	g, err := play(context.Background(), rules, seed, &players, nil, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	gr := rec.finish(g)
	var rep data.ReplayReport
	if err := data.Replay(gr, &rep); err != nil {
		t.Fatalf("game %d: %v", i, err)
	}
	for _, m := range rep.Mismatches {
		t.Errorf("game %d in memory: %v", i, m)
	}
	for ri, rd := range gr.Rounds {
		for seat := range np {
			if _, err := data.ObservationAt(gr, ri, len(rd.Events)-1, seat); err != nil {
				t.Errorf("game %d in memory: %v", i, err)
			}
		}
	}
	var buf bytes.Buffer
	if err := tenhou6.NewWriter(&buf).Write(gr); err != nil {
		t.Fatal(err)
	}
	rd := tenhou6.NewReader(&buf, "game.json")
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
	if rep2.Wins != wins || rep2.Draws != draws || rep2.Rounds != len(gr.Rounds) || rep.Rounds != len(gr.Rounds) {
		t.Errorf("game %d: %d rounds (%d in memory), %d wins, %d draws checked; the record has %d, %d, %d", i, rep2.Rounds, rep.Rounds, rep2.Wins, rep2.Draws, len(gr.Rounds), wins, draws)
	}
	return gr
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
	// Simulating the discards too is another bot (mc's TestPriorDiscards):
	// its result says so and does not merge with the default's.
	cfg := Config{Seats: [4]string{"mc", "efficiency", "thesis", "efficiency"}, Games: 4, Seed: 5, Rotate: true,
		Length: game.Tonpuusen, Workers: 2, Bots: bot.Options{MCSims: 150, MCSimulateDiscards: true}}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !res.MCSimulateDiscards {
		t.Error("simulating discards: not recorded")
	}
	if d := res.differs(&Result{Seats: res.Seats, Games: res.Games, Seed: res.Seed, Rotate: res.Rotate, Length: res.Length, MCSims: res.MCSims}); d != "mc simulating discards true, not false" {
		t.Errorf("differs: %q", d)
	}
}

var tsumogiri4 = [4]string{"tsumogiri", "tsumogiri", "tsumogiri", "tsumogiri"}

// cancelAfter returns a context cancelled once k games are finished and
// the Progress function that counts them.
func cancelAfter(k int) (context.Context, func(done, total int)) {
	ctx, cancel := context.WithCancel(context.Background())
	return ctx, func(done, total int) {
		if done >= k {
			cancel()
		}
	}
}

// TestHugeArenaStopsOnCancel: an arena of math.MaxInt games (a per-game
// slice of them cannot be allocated), cancelled after a few games, returns
// at once a partial result that is exactly the result of the shorter
// arena it covers.
func TestHugeArenaStopsOnCancel(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cfg    Config
		from   int // the run's first unit
		perGen int
	}{
		{"fixed seats", Config{Seats: tsumogiri4, Games: math.MaxInt, Seed: 4, Workers: 1}, 0, 1},
		{"rotated", Config{Seats: mixed, Games: math.MaxInt - 3, Seed: 4, Rotate: true, Workers: 2}, 0, 4},
		// Shard 2/3 starts at unit floor(u/3): i·u overflows an int.
		{"shard", Config{Seats: tsumogiri4, Games: math.MaxInt, Seed: 4, Shard: 2, Shards: 3, Workers: 3}, math.MaxInt / 3, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			ctx, progress := cancelAfter(9)
			tc.cfg.Progress = progress
			start := time.Now()
			res, err := Run(ctx, tc.cfg)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("err %v, want context.Canceled", err)
			}
			if d := time.Since(start); d > 2*time.Minute { // a hang, not a slow machine
				t.Errorf("took %v to stop", d)
			}
			runtime.ReadMemStats(&after)
			if a := after.TotalAlloc - before.TotalAlloc; a > 64<<20 {
				t.Errorf("allocated %d MiB for a few games", a>>20)
			}
			if res == nil || !res.Partial || res.Games != tc.cfg.Games || res.FirstUnit != tc.from {
				t.Fatalf("result %+v, want a partial result from unit %d", res, tc.from)
			}
			t.Logf("stopped after %d games, %d units from unit %d", res.Played, res.Units, res.FirstUnit)
			if res.Played != res.Units*tc.perGen || res.Entries[0].Games != res.Played {
				t.Errorf("played %d games in %d units, entry 0 %d games", res.Played, res.Units, res.Entries[0].Games)
			}
			if tc.from != 0 {
				return
			}
			// The first Units units of this arena are the arena of
			// that many units.
			if res.Played == 0 {
				t.Skip("no game finished before the cancel")
			}
			short := tc.cfg
			short.Games, short.Progress = res.Played, nil
			want, err := Run(context.Background(), short)
			if err != nil {
				t.Fatal(err)
			}
			if res.Hash != want.Hash || res.Entries != want.Entries {
				t.Errorf("partial result %s %+v differs from the %d-game arena %s %+v", res.Hash, res.Entries, res.Played, want.Hash, want.Entries)
			}
		})
	}
}

// heapAtEnd runs cfg and returns the live heap when its last game is
// finished, while Run still holds whatever it keeps about the games.
func heapAtEnd(t *testing.T, cfg Config) uint64 {
	t.Helper()
	var heap uint64
	cfg.Progress = func(done, total int) {
		if done == total {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			heap = m.HeapAlloc
		}
	}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	return heap
}

// TestMemoryDoesNotGrowWithGames: the live heap at the end of an arena of
// 4N games is that of N games (a per-game result slot, about 650 bytes a
// game, would add ~490 KB here).
func TestMemoryDoesNotGrowWithGames(t *testing.T) {
	const n = 252
	for _, rotate := range []bool{false, true} {
		cfg := Config{Seats: tsumogiri4, Seed: 2, Rotate: rotate, Workers: 2, Length: game.Tonpuusen}
		cfg.Games = n
		small := heapAtEnd(t, cfg)
		cfg.Games = 4 * n
		large := heapAtEnd(t, cfg)
		t.Logf("rotate %v: live heap %d B at %d games, %d B at %d games", rotate, small, n, large, 4*n)
		if large > small+128<<10 {
			t.Errorf("rotate %v: live heap grew from %d B (%d games) to %d B (%d games)", rotate, small, n, large, 4*n)
		}
	}
}

// shards runs the shards of cfg named by spec ("1/3", "2/3" …), through
// JSON as merge reads them.
func shards(t *testing.T, cfg Config, spec ...string) []*Result {
	t.Helper()
	var out []*Result
	for _, s := range spec {
		c := cfg
		if _, err := fmt.Sscanf(s, "%d/%d", &c.Shard, &c.Shards); err != nil {
			t.Fatal(err)
		}
		r, err := Run(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		var back Result
		if err := json.Unmarshal([]byte(mustJSON(t, r)), &back); err != nil {
			t.Fatal(err)
		}
		out = append(out, &back)
	}
	return out
}

// TestMergeMessages: a merge that cannot give the whole arena names the
// files repeated or overlapping and the shards or units missing.
func TestMergeMessages(t *testing.T) {
	cfg := Config{Seats: tsumogiri4, Games: 12, Seed: 3, Length: game.Tonpuusen, Workers: 2}
	rot := Config{Seats: tsumogiri4, Games: 24, Seed: 3, Rotate: true, Length: game.Tonpuusen, Workers: 2}
	other := cfg
	other.Seed = 4
	partial := cfg
	partial.Shard, partial.Shards = 2, 3
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	pr, err := Run(ctx, partial)
	if pr == nil || !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v, %v", pr, err)
	}
	for _, tc := range []struct {
		name  string
		parts []*Result
		files []string
		want  []string // substrings of the error
	}{
		{"repeated and missing", shards(t, cfg, "1/3", "1/3", "2/3"), []string{"s1.json", "s1-again.json", "s2.json"},
			[]string{"shard 1/3 given twice: s1.json, s1-again.json", "shard 3 of 3 missing"}},
		{"missing two", shards(t, cfg, "2/4"), []string{"s2.json"}, []string{"shards 1, 3, 4 of 4 missing"}},
		{"no names", shards(t, cfg, "2/2", "2/2", "1/2"), nil, []string{"shard 2/2 given twice: part 1, part 2"}},
		{"mixed overlap", shards(t, cfg, "1/2", "2/3", "3/3"), []string{"a", "b", "c"}, []string{"a (shard 1/2) and b (shard 2/3) overlap on games 4..5"}},
		{"mixed gap", shards(t, cfg, "1/4", "2/3", "2/2"), []string{"a", "b", "c"}, []string{"game 3 missing", "b (shard 2/3) and c (shard 2/2) overlap on games 6..7"}},
		{"rotated gaps", shards(t, rot, "1/3", "4/6"), []string{"a", "b"}, []string{"wall 2 (games 8..11) missing", "walls 4..5 (games 16..23) missing"}},
		{"another arena", append(shards(t, cfg, "1/2"), shards(t, other, "2/2")...), []string{"a", "b"}, []string{"b (shard 2/2) is of another arena than a (shard 1/2): seed 4, not 3"}},
		{"partial", append(shards(t, cfg, "1/3", "3/3"), pr), []string{"a", "c", "b"}, []string{"b (shard 2/3): a partial result (the run was interrupted after 0 games); run the shard again"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := MergeNamed(tc.parts, tc.files)
			if err == nil {
				t.Fatal("merged")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nwant %q in it", err, w)
				}
			}
			if strings.Contains(err.Error(), "-1") {
				t.Errorf("error %q names a negative unit", err)
			}
		})
	}
	// A tampered part: its units are not those of its shard.
	bad := shards(t, cfg, "1/2", "2/2")
	bad[1].FirstUnit, bad[1].Units = 7, 5
	if _, err := MergeNamed(bad, []string{"a", "b"}); err == nil || !strings.Contains(err.Error(), "b (shard 2/2): covers games 7..11 (6 games), but the shard is games 6..11 (6 games)") {
		t.Errorf("tampered part: %v", err)
	}
}
