package arena

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/sim/game"
)

// Three-player arenas (issue 54, item 2): the baselines play Tenhou's
// sanma, rotated over three seatings.

var sanmaSeats = [4]string{"rulebot", "tsumogiri", "efficiency", ""}

// sanmaWatch checks every game of an arena played with its hooks: the
// round's invariants after every action, no chi offered or made, the
// points of the three seats (and the sticks) constant, seat 3 empty. It
// counts the kitas made. The arena calls it from its workers at once.
type sanmaWatch struct {
	mu      sync.Mutex
	errs    []string
	kitas   int
	actions int
	rounds  int
}

func (w *sanmaWatch) fail(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	w.mu.Lock()
	if len(w.errs) < 10 {
		w.errs = append(w.errs, err.Error())
	}
	w.mu.Unlock()
	return err
}

func (w *sanmaWatch) hooks() *game.Hooks {
	return &game.Hooks{
		Start: func(r *game.Round) error {
			if r.Players() != 3 || len(r.Hand(3)) != 0 || r.Scores()[3] != 0 {
				return w.fail("round %d: %d players, seat 3 holds %d tiles and %d points", r.Index(), r.Players(), len(r.Hand(3)), r.Scores()[3])
			}
			return nil
		},
		Decision: func(r *game.Round, seat int, legal []game.Action) error {
			if seat == 3 {
				return w.fail("round %d: seat 3 asked to act", r.Index())
			}
			for _, a := range legal {
				if a.Type == game.Chi {
					return w.fail("round %d: a chi offered to seat %d: %v", r.Index(), seat, a)
				}
			}
			return nil
		},
		Applied: func(r *game.Round, a game.Action) error {
			if err := r.Check(); err != nil {
				return w.fail("round %d after %v: %v", r.Index(), a, err)
			}
			if a.Type == game.Chi {
				return w.fail("round %d: seat %d made a chi", r.Index(), a.Seat)
			}
			w.mu.Lock()
			w.actions++
			if a.Type == game.Kita {
				w.kitas++
			}
			w.mu.Unlock()
			return nil
		},
		End: func(r *game.Round) error {
			sc := r.Scores()
			if sum := sc[0] + sc[1] + sc[2] + 1000*r.Sticks(); sum != 3*35000 || sc[3] != 0 {
				return w.fail("round %d ends with scores %v and %d sticks: the three seats hold %d, not %d", r.Index(), sc, r.Sticks(), sum, 3*35000)
			}
			w.mu.Lock()
			w.rounds++
			w.mu.Unlock()
			return nil
		},
	}
}

// TestSanmaArena plays 30 hanchans of the baselines rotated over three
// seatings under every game's invariants, at 1 and 2 workers (the same
// result), and checks the result: three entries, ranks 1..3 only, mean
// ranks summing to 6, the rule bot ahead of tsumogiri beyond both
// intervals.
func TestSanmaArena(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 9
	}
	cfg := Config{Players: 3, Seats: sanmaSeats, Games: games, Seed: 54, Rotate: true}
	var want string
	var res *Result
	for _, workers := range []int{1, 2} {
		var w sanmaWatch
		c := cfg
		c.Workers, c.hooks = workers, w.hooks()
		r, err := Run(context.Background(), c)
		if err != nil {
			t.Fatalf("workers %d: %v (first failures: %s)", workers, err, strings.Join(w.errs, "; "))
		}
		if len(w.errs) > 0 {
			t.Fatalf("workers %d: %s", workers, strings.Join(w.errs, "; "))
		}
		if w.kitas == 0 {
			t.Errorf("workers %d: no kita in %d actions of %d rounds", workers, w.actions, w.rounds)
		}
		t.Logf("workers %d: %d rounds, %d actions, %d kitas", workers, w.rounds, w.actions, w.kitas)
		got := mustJSON(t, r)
		if want == "" {
			want, res = got, r
		} else if got != want {
			t.Fatalf("workers %d: result differs:\n%s\nwant\n%s", workers, got, want)
		}
	}
	if res.Players != 3 || !strings.Contains(want, `"players":3`) {
		t.Errorf("the result does not say 3 players: %s", want)
	}
	if res.Played != games || res.Units != games/3 || len(res.Summary) != 3 {
		t.Fatalf("played %d games in %d units, %d summaries; want %d, %d, 3", res.Played, res.Units, len(res.Summary), games, games/3)
	}
	if res.Entries[3] != (Counters{}) {
		t.Errorf("the empty entry 4 counts %+v", res.Entries[3])
	}
	sum := 0.0
	for e, s := range res.Summary {
		c := &res.Entries[e]
		if c.Games != games || c.Ranks[3] != 0 || c.Ranks[0]+c.Ranks[1]+c.Ranks[2] != games {
			t.Errorf("%s: %d games, ranks %v", s.Bot, c.Games, c.Ranks)
		}
		if s.AvgRank.Mean < 1 || s.AvgRank.Mean > 3 || s.AvgRank.Low > s.AvgRank.Mean || s.AvgRank.High < s.AvgRank.Mean {
			t.Errorf("%s: mean rank %+v", s.Bot, s.AvgRank)
		}
		if s.StableDan != nil {
			t.Errorf("%s: a 4-player stable dan %v", s.Bot, *s.StableDan)
		}
		sum += s.AvgRank.Mean
		t.Logf("%-10s avg rank %.3f ± %.3f, ranks %v, points %+.1f ± %.1f, win %.1f%% deal-in %.1f%% riichi %.1f%%",
			s.Bot, s.AvgRank.Mean, (s.AvgRank.High-s.AvgRank.Low)/2, c.Ranks, s.AvgPoints.Mean, (s.AvgPoints.High-s.AvgPoints.Low)/2, s.WinPct, s.DealInPct, s.RiichiPct)
	}
	if sum < 6-1e-9 || sum > 6+1e-9 {
		t.Errorf("mean ranks sum to %v, not 1+2+3", sum)
	}
	rule, tsumo := res.Summary[0], res.Summary[1]
	if !testing.Short() && rule.AvgRank.High >= tsumo.AvgRank.Low {
		t.Errorf("rulebot %+v does not beat tsumogiri %+v beyond the intervals", rule.AvgRank, tsumo.AvgRank)
	}
}

// TestSanmaShardsMerge: three shards of a 3-player arena, through JSON,
// merge to the one-process result; a 4-player shard of the same seed does
// not merge with them.
func TestSanmaShardsMerge(t *testing.T) {
	cfg := Config{Players: 3, Seats: [4]string{"efficiency", "tsumogiri", "thesis", ""}, Games: 12, Seed: 5, Rotate: true, Length: game.Tonpuusen, Workers: 2}
	parts := shardsMergeToTheWhole(t, cfg)
	four := Config{Seats: [4]string{"efficiency", "tsumogiri", "thesis", "tsumogiri"}, Games: 16, Seed: 5, Rotate: true, Length: game.Tonpuusen, Workers: 2, Shard: 1, Shards: 4}
	r4, err := Run(context.Background(), four)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Merge(append(parts[:1], r4)); err == nil || !strings.Contains(err.Error(), "players 4, not 3") {
		t.Errorf("a 4-player shard merged with 3-player ones: %v", err)
	}
	// A tampered file: a fourth bot in a 3-player result.
	bad := *parts[0]
	bad.Seats[3] = "mc"
	if _, err := Merge([]*Result{&bad, parts[1], parts[2]}); err == nil || !strings.Contains(err.Error(), `a 3-player arena with a bot "mc" in seat 4`) {
		t.Errorf("a 3-player result with a fourth bot: %v", err)
	}
}

// TestSanmaConfigErrors: what a 3-player arena refuses, each with an error
// naming it.
func TestSanmaConfigErrors(t *testing.T) {
	ok := Config{Players: 3, Seats: sanmaSeats, Games: 3, Rotate: true}
	if err := ok.Check(); err != nil {
		t.Fatalf("a good config: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(c *Config)
		want string
	}{
		{"a fourth bot", func(c *Config) { c.Seats[3] = "tsumogiri" }, `seat 4: a 3-player arena seats 3 bots, not "tsumogiri"`},
		{"an empty seat", func(c *Config) { c.Seats[1] = "" }, `seat 2: unknown bot ""`},
		{"games", func(c *Config) { c.Games = 4 }, "games must be a multiple of 3, the players (got 4)"},
		{"players", func(c *Config) { c.Players = 2 }, "players 2: 3 or 4"},
		{"four players, an empty seat", func(c *Config) { c.Players = 4 }, `seat 4: unknown bot ""`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ok
			tc.edit(&c)
			err := c.Check()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q in it", err, tc.want)
			}
		})
	}
}

// TestSanmaArenaRecords: a 3-player arena's --records, in both formats,
// read back as 3-player games that replay without a mismatch.
func TestSanmaArenaRecords(t *testing.T) {
	for _, format := range []string{"tenhou6", "mjai"} {
		t.Run(format, func(t *testing.T) {
			dir := t.TempDir()
			cfg := Config{Players: 3, Seats: sanmaSeats, Games: 3, Seed: 8, Rotate: true, Length: game.Tonpuusen, Workers: 2, Records: dir, RecordsFormat: format}
			if _, err := Run(context.Background(), cfg); err != nil {
				t.Fatal(err)
			}
			files, err := filepath.Glob(filepath.Join(dir, "*"))
			if err != nil || len(files) != 3 {
				t.Fatalf("%d files written (%v)", len(files), err)
			}
			for _, name := range files {
				f, err := os.Open(name)
				if err != nil {
					t.Fatal(err)
				}
				rd, _, err := records.NewReader(f, name)
				if err != nil {
					t.Fatal(err)
				}
				if !rd.Next() {
					t.Fatalf("%s: %v", name, rd.Err())
				}
				g := rd.Game()
				f.Close()
				if g.Players != 3 {
					t.Errorf("%s: %d players", name, g.Players)
				}
				var rep data.ReplayReport
				if err := data.Replay(g, &rep); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				for _, m := range rep.Mismatches {
					t.Errorf("%s: %v", name, m)
				}
			}
		})
	}
}
