package mc

import (
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestSeatDodges: at real turn decisions, with an opponent made tenpai
// (in riichi or not, by turns) on the kind the heuristic would discard,
// the seat's reading of it (dodge) replaces that kind by one that deals
// in to no tenpai hand and keeps the shanten when the hand has one.
func TestSeatDodges(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	kept, n := 0, 0
	for _, p := range positions(t, 300, 3) {
		v := game.ViewOf(&p.round, p.seat)
		var pub opponent.Public
		o := config{Options: Options{Rules: &p.rules}}
		r := e.newRoot(v, &p.rules, &o, &pub)
		var w world
		r.sample(rand.New(rand.NewPCG(1, 2)), &w)
		var s sim
		s.reset(r, &w)
		var sh [tile.NumKinds]int8
		best := s.shantenAfter(&sh)
		var thr [game.NumSeats]bool
		k := HeuristicDiscard(&s.counts, &sh, best, &thr, &s.safe, s.r.me, false)
		j := (s.r.me + 1) % game.NumSeats
		if s.oppRiver[j].Has(k) {
			continue // furiten for k: no ron
		}
		for i := range s.opp {
			s.opp[i].tenpai = false
		}
		s.opp[j].tenpai, s.opp[j].waits = true, tile.KindSet(0).Add(k)
		s.oppRiichi[j] = n%2 == 0
		if r, d := s.dealsInto(s.r.me, k); r != s.oppRiichi[j] || d == s.oppRiichi[j] {
			t.Fatalf("%s: the wait on %v read as riichi %v, dama %v (in riichi: %v)", p.name, k, r, d, s.oppRiichi[j])
		}
		d := s.dodge(&sh, best, k)
		n++
		same := false
		for x := range tile.Kind(tile.NumKinds) {
			same = same || (x != k && s.counts[x] > 0 && sh[x] == best)
		}
		switch {
		case d == k && (same || best > 0):
			t.Errorf("%s: hand %v kept the wait's kind %v", p.name, s.counts, k)
		case d != k && into(&s, d):
			t.Errorf("%s: %v replaced by %v, also a wait", p.name, k, d)
		case same && sh[d] != best:
			t.Errorf("%s: %v replaced by %v, shanten %d for %d", p.name, k, d, sh[d], best)
		}
		if d != k && sh[d] == best {
			kept++
		}
	}
	if n < 50 {
		t.Fatalf("only %d positions", n)
	}
	t.Logf("%d positions, %d kept the shanten", n, kept)
}

// into reports whether a discard of kind k deals in to anyone.
func into(s *sim, k tile.Kind) bool {
	r, d := s.dealsInto(s.r.me, k)
	return r || d
}

// TestDealInState: the tally's index of the seat's state when it deals in.
func TestDealInState(t *testing.T) {
	for _, c := range []struct {
		riichi, tenpai, opp bool
		want                int
	}{
		{true, true, true, DealInRiichi},
		{true, true, false, DealInRiichi},
		{false, true, true, DealInDama},
		{false, false, true, DealInNotenRiichi},
		{false, false, false, DealInNoten},
	} {
		if got := DealInState(c.riichi, c.tenpai, c.opp); got != c.want {
			t.Errorf("DealInState(%v, %v, %v) = %d, want %d", c.riichi, c.tenpai, c.opp, got, c.want)
		}
	}
}

// TestSeatWon: the tally's index of the seat's hand when it wins, and the
// ron and tsumo columns.
func TestSeatWon(t *testing.T) {
	var tl OpponentTally
	for _, c := range []struct {
		riichi, open, tsumo bool
		state, col          int
	}{
		{true, false, true, WinRiichi, 1},
		{false, false, false, WinDama, 0},
		{false, true, true, WinOpen, 1},
		{false, true, false, WinOpen, 0},
	} {
		before := tl.SeatWin[c.state][c.col]
		tl.SeatWon(c.riichi, c.open, c.tsumo)
		if tl.SeatWin[c.state][c.col] != before+1 {
			t.Errorf("SeatWon(%v, %v, %v) did not count in [%d][%d]: %v", c.riichi, c.open, c.tsumo, c.state, c.col, tl.SeatWin)
		}
	}
	var sum OpponentTally
	sum.Add(&tl)
	sum.Add(&tl)
	if sum.SeatWin[WinOpen][0] != 2 || sum.SeatWin[WinRiichi][1] != 2 {
		t.Errorf("Add: %v from %v", sum.SeatWin, tl.SeatWin)
	}
}
