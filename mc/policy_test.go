package mc

import (
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestSeatAvoidsDama: at real turn decisions, with an opponent made tenpai
// without riichi on the kind the heuristic would discard, the seat's
// reading of it (avoidDama) replaces that kind by one that deals in to no
// such hand and keeps the shanten when the hand has one; a riichi
// opponent on the kind is not read this way (the fold rule is for it).
func TestSeatAvoidsDama(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	kept, n := 0, 0
	for _, p := range positions(t, 300, 3) {
		v := game.ViewOf(&p.round, p.seat)
		var pub opponent.Public
		o := Options{Rules: &p.rules}
		r := e.newRoot(v, &p.rules, &o, &pub)
		var w world
		r.sample(rand.New(rand.NewPCG(1, 2)), &w)
		var s sim
		s.reset(r, &w)
		var sh [tile.NumKinds]int8
		best := s.shantenAfter(&sh)
		var thr [game.NumSeats]bool
		k := HeuristicDiscard(&s.counts, &sh, best, &thr, &s.safe, s.r.me, false, false)
		j := (s.r.me + 1) % game.NumSeats
		if s.oppRiver[j].Has(k) {
			continue // furiten for k: no ron
		}
		for i := range s.opp {
			s.opp[i].tenpai = false
		}
		s.opp[j].tenpai, s.opp[j].waits = true, tile.KindSet(0).Add(k)
		s.oppRiichi[j] = true
		if s.intoDama(k) {
			t.Fatalf("%s: a riichi wait read as a dama one", p.name)
		}
		s.oppRiichi[j] = false
		if !s.intoDama(k) {
			t.Fatalf("%s: the wait on %v not seen", p.name, k)
		}
		d := s.avoidDama(&sh, best, k)
		n++
		same := false
		for x := range tile.Kind(tile.NumKinds) {
			same = same || (x != k && s.counts[x] > 0 && sh[x] == best)
		}
		switch {
		case d == k && (same || best > 0):
			t.Errorf("%s: hand %v kept the wait's kind %v", p.name, s.counts, k)
		case d != k && s.intoDama(d):
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
