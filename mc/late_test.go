package mc

import (
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestLateRamps: the dodging rates move from their early values (with
// dodgeRampLive tiles or more left) to their late ones (none left) without
// going back, and an opponent's draw of a winning kind wins with
// tsumoEarlyRate early and with tsumoLateRate at the wall's end.
func TestLateRamps(t *testing.T) {
	var s sim
	for _, tenpai := range []bool{false, true} {
		ti := b2i(tenpai)
		prev := [2]float64{-1, -1}
		for live := 70; live >= 0; live-- {
			s.live = live
			d := s.dodgeRates(tenpai)
			for i := range d {
				if d[i] < prev[i] || d[i] < 0 || d[i] > 1 {
					t.Fatalf("tenpai %v, %d left: rates %v after %v", tenpai, live, d, prev)
				}
			}
			prev = d
			switch {
			case live >= dodgeRampLive && d != dodgeEarly[ti]:
				t.Errorf("tenpai %v, %d left: %v, want the early %v", tenpai, live, d, dodgeEarly[ti])
			case live == 0 && d != dodgeLate[ti]:
				t.Errorf("tenpai %v, none left: %v, want the late %v", tenpai, d, dodgeLate[ti])
			}
		}
	}
	for _, c := range []struct {
		live int
		want float64
	}{{70, tsumoEarlyRate}, {tsumoRampLive, tsumoEarlyRate}, {tsumoRampLive / 2, (tsumoEarlyRate + tsumoLateRate) / 2}, {0, tsumoLateRate}} {
		s.live = c.live
		if got := s.tsumoRate(); got < c.want-1e-12 || got > c.want+1e-12 {
			t.Errorf("%d left: tsumo rate %.3f, want %.3f", c.live, got, c.want)
		}
	}
}

// seatSim is a sim of the seat 0 holding hand, nothing seen but it.
func seatSim(hand string) *sim {
	s := &sim{r: &root{}}
	s.r.setPlayers(game.NumSeats)
	for _, t := range tile.MustParse(hand) {
		s.add(t)
	}
	return s
}

// TestWidestWait: of the discards that keep a hand tenpai, the one whose
// waits have the most unseen copies, none for a furiten wait; the given
// kind on a tie.
func TestWidestWait(t *testing.T) {
	// 1m leaves 34m waiting 2m5m; 4m leaves 13m waiting 2m.
	const hand = "134m456p789s234s11z"
	for _, c := range []struct {
		name        string
		river, seen string // the seat's discards (furiten), tiles seen outside the hand
		k, want     string
	}{
		{"two-sided over closed", "", "", "4m", "1m"},
		{"the two-sided wait furiten", "5m", "", "1m", "4m"},
		{"5m all seen: a tie keeps the given kind", "", "0m5m5m5m", "4m", "4m"},
		{"5m all seen, the other given", "", "0m5m5m5m", "1m", "1m"},
		{"two 2m seen: still the two-sided", "", "2m2m", "4m", "1m"},
	} {
		s := seatSim(hand)
		for _, x := range tile.MustParse(c.river) {
			s.discarded = s.discarded.Add(x.Kind())
		}
		for _, x := range tile.MustParse(c.seen) {
			s.r.seenOut[x.Kind()]++
		}
		var sh [tile.NumKinds]int8
		if best := s.shantenAfter(&sh); best != 0 {
			t.Fatalf("%s: %s is %d from tenpai after the best discard", c.name, hand, best)
		}
		if got, want := s.widestWait(&sh, tile.MustParseKind(c.k)), tile.MustParseKind(c.want); got != want {
			t.Errorf("%s: discards %v, want %v", c.name, got, want)
		}
	}
}

// TestSafestByModel: folding, the seat plays the kind least likely to deal
// in by the root's predictors — a kind safe against the threat first, then
// the least P(tenpai) × P(wait) summed over the threats — and ignores the
// seats that are no threat.
func TestSafestByModel(t *testing.T) {
	s := seatSim("1m5m9m5p1z")
	s.r.me = 0
	thr := [game.NumSeats]bool{false, true, true, false}
	set := func(j int, pt float64, p map[string]float64) {
		s.r.opp[j].readTenpai = pt
		for k, v := range p {
			s.r.opp[j].readWaitP[tile.MustParseKind(k)] = v
		}
	}
	for j := 1; j < game.NumSeats; j++ {
		for k := range s.r.opp[j].readWaitP {
			s.r.opp[j].readWaitP[k] = 0.3
		}
	}
	set(1, 0.5, map[string]float64{"1m": 0.02, "5m": 0.2, "9m": 0.02, "5p": 0.2, "1z": 0.01})
	set(2, 0.5, map[string]float64{"1m": 0.05, "5m": 0.2, "9m": 0.01, "5p": 0.2, "1z": 0.06})
	set(3, 1, map[string]float64{"1m": 0.9, "5m": 0, "9m": 0.9, "5p": 0.9, "1z": 0.9}) // no threat
	// 1m 0.035, 5m 0.2, 9m 0.015, 5p 0.2, 1z 0.035 (seat 3's 5m ignored).
	if got := s.safestByModel(&thr); got != tile.MustParseKind("9m") {
		t.Errorf("safest %v, want 9m", got)
	}
	// Seat 2 in riichi counts P(tenpai) 1: 1m 0.06, 9m 0.02, 1z 0.065.
	s.oppRiichi[2] = true
	if got := s.safestByModel(&thr); got != tile.MustParseKind("9m") {
		t.Errorf("seat 2 in riichi: safest %v, want 9m", got)
	}
	// A kind in seat 1's river (safe against it, as oppDiscard records
	// it) and passed after seat 2's riichi is safe.
	s.oppRiver[1] = s.oppRiver[1].Add(tile.MustParseKind("5p"))
	s.safe[1] = s.safe[1].Add(tile.MustParseKind("5p"))
	s.safe[2] = s.safe[2].Add(tile.MustParseKind("5p"))
	if got := s.safestByModel(&thr); got != tile.MustParseKind("5p") {
		t.Errorf("with 5p safe against both: %v", got)
	}
}

// TestSampleTsumoOnly: the tsumo-only kinds are never the ron kinds, and
// each other kind comes with tsumoOnlyRate × its probability.
func TestSampleTsumoOnly(t *testing.T) {
	var p [tile.NumKinds]float64
	for k := range p {
		p[k] = 1
	}
	p[5] = 0
	waits := tile.KindSet(0).Add(3).Add(4)
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 4000
	var got [tile.NumKinds]int
	for range n {
		x := sampleTsumoOnly(rng, &p, waits)
		if x&waits != 0 {
			t.Fatalf("tsumo-only %v holds a ron kind of %v", x, waits)
		}
		for k := range x.Kinds {
			got[k]++
		}
	}
	if got[5] != 0 {
		t.Errorf("a kind of probability 0 drawn %d times", got[5])
	}
	if r := float64(got[0]) / n; r < tsumoOnlyRate-0.03 || r > tsumoOnlyRate+0.03 {
		t.Errorf("a kind of probability 1 drawn at %.3f, want %.2f", r, tsumoOnlyRate)
	}
}

// TestSeatFolds: the seat folds only against a threat, from two from
// tenpai at any time, from one only late, and always once it gave its
// tenpai up.
func TestSeatFolds(t *testing.T) {
	for _, c := range []struct {
		threat bool
		best   int8
		folded bool
		live   int
		want   bool
	}{
		{false, 3, false, 10, false},
		{false, 0, true, 10, false},
		{true, 2, false, 70, true},
		{true, 1, false, foldOneShantenLive, false},
		{true, 1, false, foldOneShantenLive - 1, true},
		{true, 0, false, 0, false},
		{true, 0, true, 70, true},
	} {
		if got := SeatFolds(c.threat, c.best, c.folded, c.live); got != c.want {
			t.Errorf("SeatFolds(threat %v, best %d, folded %v, %d left) = %v, want %v", c.threat, c.best, c.folded, c.live, got, c.want)
		}
	}
}
