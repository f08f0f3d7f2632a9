package mc

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// kitaSim is a sim of the seat 0 holding hand, players seats, in which
// opponent 1 (in riichi if riichi, tenpai on 5p only, worth 2,000) is
// next to draw: a North first, then draws.
func kitaSim(t *testing.T, players int, hand string, riichi bool, draws string) *sim {
	t.Helper()
	s := seatSim(hand)
	s.r.setPlayers(players)
	rules := game.Tenhou(game.Hanchan)
	if players == 3 {
		rules = game.TenhouSanma(game.Hanchan)
	}
	s.r.rules = &rules
	s.r.wind = tile.East
	s.updateWaits()
	s.w = &world{}
	s.w.pool[0] = tile.Tile(tile.North)*4 + 3 // a North the hand does not hold
	s.pi, s.live = 0, 1+len(tile.MustParse(draws))
	for i, d := range tile.MustParse(draws) {
		s.w.pool[1+i] = d
	}
	s.src.Seed(1, 2)
	s.rng = rand.New(&s.src)
	s.oppRiichi[1] = riichi
	s.opp[1] = oppState{tenpai: true, waits: tile.KindSet(0).Add(tile.MustParse("5p")[0].Kind()), value: 2000}
	return s
}

// TestOppKita: with three players, an opponent in riichi that draws a
// North sets it aside: its replacement draw is the tile it discards (the
// live wall one shorter), the North is not in its river, it is seen, and
// its hand is worth one han more. With four players the North is
// discarded as before.
func TestOppKita(t *testing.T) {
	const noten = "19m19p159s1234z66z"
	s := kitaSim(t, 3, noten, true, "7s9s")
	s.oppTurn(1, false)
	north := tile.Kind(tile.North)
	if s.over || s.pi != 2 || s.live != 1 || s.turns[1] != 1 {
		t.Fatalf("over %v, %d drawn, %d live, %d discards: want 2 drawn (the North and its replacement), 1 live, 1 discard",
			s.over, s.pi, s.live, s.turns[1])
	}
	if s.oppRiver[1].Has(north) || !s.oppRiver[1].Has(tileOf("7s").Kind()) {
		t.Errorf("river %v: want the replacement 7s, not the North", s.oppRiver[1])
	}
	if s.seenAdd[north] != 1 || s.opp[1].value != 4000 {
		t.Errorf("Norths seen %d, value %d: want 1 and 4,000 (one han more)", s.seenAdd[north], s.opp[1].value)
	}
	s = kitaSim(t, 4, noten, true, "7s9s")
	s.oppTurn(1, false)
	if s.pi != 1 || !s.oppRiver[1].Has(north) || s.opp[1].value != 2000 {
		t.Errorf("four players: %d drawn, river %v, value %d: want the North discarded", s.pi, s.oppRiver[1], s.opp[1].value)
	}
}

// TestOppKitaRobbed: a North an opponent sets aside can be robbed by the
// seat waiting on it (a ron without chankan), which ends the round.
func TestOppKitaRobbed(t *testing.T) {
	s := kitaSim(t, 3, "123456789p99m44z", true, "7s9s")
	s.oppTurn(1, false)
	if !s.over || !s.out.won || s.kind != game.Agari || s.pi != 1 {
		t.Fatalf("over %v won %v kind %v, %d drawn: want the seat's ron on the North, no replacement", s.over, s.out.won, s.kind, s.pi)
	}
	if s.win.Chankan || s.win.Tsumo || s.scores[0] <= s.scores[1] {
		t.Errorf("chankan %v tsumo %v, scores %v: want a plain ron paid by seat 1", s.win.Chankan, s.win.Tsumo, s.scores)
	}
	if s.turns[1] != 0 || s.oppRiver[1].Has(tile.North) {
		t.Errorf("%d discards, river %v: the North was discarded, not set aside", s.turns[1], s.oppRiver[1])
	}
}

// TestOppKitaRate: an opponent not in riichi sets a drawn North aside at
// kitaRate3 (within four standard errors over 4,000 draws).
func TestOppKitaRate(t *testing.T) {
	const n = 4000
	aside := 0
	for i := range n {
		s := kitaSim(t, 3, "19m19p159s1234z66z", false, "7s9s")
		s.src.Seed(uint64(i), 7)
		s.oppTurn(1, false)
		if s.pi == 2 {
			aside++
		}
	}
	p := float64(aside) / n
	se := math.Sqrt(kitaRate3 * (1 - kitaRate3) / n)
	if math.Abs(p-kitaRate3) > 4*se {
		t.Errorf("%d of %d Norths set aside (%.4f), want %.4f ± %.4f", aside, n, p, kitaRate3, 4*se)
	}
}

// TestRatesBySeats: the rollout plays three seats by the 3-player rates
// (by the 4-player ones with Lab.FourPlayerRates) and four by the
// 4-player ones, each table a probability.
func TestRatesBySeats(t *testing.T) {
	for _, c := range []struct {
		np   int
		four bool
		want *rolloutRates
	}{{3, false, &rates3}, {3, true, &rates4}, {4, false, &rates4}, {4, true, &rates4}, {0, false, &rates4}} {
		r := root{fourRates: c.four}
		if c.np > 0 {
			r.setPlayers(c.np)
		}
		if got := r.rates(); got != c.want {
			t.Errorf("%d seats, FourPlayerRates %v: the wrong rates", c.np, c.four)
		}
	}
	if rates3.call == rates4.call || *rates3.call == *rates4.call || rates4.kita != 0 || rates3.kita <= 0 {
		t.Error("the 3-player rates are the 4-player ones")
	}
	for _, rt := range []*rolloutRates{&rates3, &rates4} {
		var all []float64
		for _, row := range rt.noTenDraw {
			all = append(all, row[:]...)
		}
		for _, row := range rt.call {
			all = append(all, row[:]...)
		}
		all = append(all, rt.afterCall[:]...)
		all = append(all, rt.keep[0], rt.keep[1], rt.riichi[0], rt.riichi[1], rt.kita)
		for i, p := range all {
			if p < 0 || p > 1 || math.IsNaN(p) {
				t.Errorf("rate %d is %v", i, p)
			}
		}
	}
}

// TestOneHanMore: below a mangan one han doubles a value, capped at the
// mangan (the dealer's 12,000); from it up, a quarter more.
func TestOneHanMore(t *testing.T) {
	for _, c := range []struct {
		v      int
		dealer bool
		want   int
	}{{2000, false, 4000}, {5200, false, 8000}, {5800, true, 11600}, {7700, true, 12000}, {8000, false, 10000}, {12000, true, 15000}} {
		if got := oneHanMore(c.v, c.dealer); got != c.want {
			t.Errorf("oneHanMore(%d, dealer %v) = %d, want %d", c.v, c.dealer, got, c.want)
		}
	}
}

// TestSanmaRolloutAllocatesNothing: a simulated world of a three-player
// decision, opponents' kitas included, allocates nothing either.
func TestSanmaRolloutAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations are counted in the run without the race detector")
	}
	e, r, seat, rules := sanmaEngine(t)
	for _, rollout := range []RolloutPolicy{HeuristicRollout, LearnedRollout} {
		if allocs, n := worldAllocs(e, r, seat, rules, rollout); allocs != 0 {
			t.Errorf("rollout %d: %.1f allocations per world of %d candidates", rollout, allocs, n)
		}
	}
}
