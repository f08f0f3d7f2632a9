package bot

import (
	"testing"

	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestRolloutFolds plays rounds of four rollout bots and checks the fold
// rule (mc.Lab.RuleFolds) at every turn where an opponent is a threat
// (mc.Threat: in riichi, two open melds, or likely tenpai by the tenpai
// model) and the seat folds by the rollout's rule (mc.SeatFolds: two or
// more from tenpai, or one late in the round): the discard is safe
// against every threatening seat (its river, and for a riichi what anyone
// discarded since) whenever the hand holds such a kind; and a riichi is
// declared only with a discard that leaves a closed hand tenpai. Without
// the rule (the default) the model pushes at some of those turns.
func TestRolloutFolds(t *testing.T) {
	for _, ruleFolds := range []bool{true, false} {
		folds, safeHeld, notRiichi, unsafe := foldTurns(t, mc.Lab{RuleFolds: ruleFolds})
		t.Logf("rule %v: %d folding turns, %d with a safe kind in hand (%d discards not safe), %d against a threat not in riichi",
			ruleFolds, folds, safeHeld, unsafe, notRiichi)
		if safeHeld < 10 || notRiichi < 5 {
			t.Errorf("rule %v: only %d folding turns with a safe kind held, %d against a threat not in riichi", ruleFolds, safeHeld, notRiichi)
		}
		if ruleFolds && unsafe > 0 || !ruleFolds && unsafe < safeHeld/10 {
			t.Errorf("rule %v: %d discards not safe at %d folding turns with a safe kind held", ruleFolds, unsafe, safeHeld)
		}
	}
}

// foldTurns plays 20 rounds of four rollout bots with options o and
// counts the turns checkFold sees.
func foldTurns(t *testing.T, o mc.Lab) (folds, safeHeld, notRiichi, unsafe int) {
	t.Helper()
	rules := game.Tenhou(game.Hanchan)
	setup := game.RoundSetup{Scores: [4]int{25000, 25000, 25000, 25000}}
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(20) {
		var ps [4]game.Player
		for s := range ps {
			p, err := NewRolloutWith(o)
			if err != nil {
				t.Fatal(err)
			}
			ps[s] = p
		}
		w := game.NewWall(seed, 0, 0)
		var r game.Round
		if err := r.Reset(&rules, setup, &w); err != nil {
			t.Fatal(err)
		}
		var legal []game.Action
		for r.Phase() != game.PhaseEnd {
			seat := r.ToAct()
			legal = r.Legal(seat, legal[:0])
			v := game.ViewOf(&r, seat)
			a := ps[seat].Act(v, legal)
			if r.Phase() == game.PhaseTurn && (a.Type == game.Discard || a.Type == game.Riichi) && !v.InRiichi(seat) {
				f, held, other, bad := checkFold(t, v, a, opp)
				folds += f
				safeHeld += held
				notRiichi += other
				unsafe += bad
			}
			if err := r.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	return folds, safeHeld, notRiichi, unsafe
}

// checkFold checks the rollout bot's discard a in v (opp: the opponent
// models the bot reads): it reports whether the turn was a fold by the
// rule (1), whether the hand held a safe kind (1), whether a threat not
// in riichi was among those folded against (1), and whether the discard
// was not safe though the hand held a safe kind (1).
func checkFold(t *testing.T, v game.View, a game.Action, opp *opponent.Models) (fold, held, other, unsafe int) {
	t.Helper()
	seat := v.Seat()
	c := v.Counts()
	best := 8
	for k := range tile.Kind(tile.NumKinds) {
		if c[k] > 0 {
			c[k]--
			best = min(best, hand.Shanten(&c))
			c[k]++
		}
	}
	if a.Type == game.Riichi {
		c[a.Tile.Kind()]--
		if hand.Shanten(&c) != 0 {
			t.Errorf("riichi with %v leaves %v not tenpai", a.Tile, v.Hand())
		}
		c[a.Tile.Kind()]++
	}
	var safe tile.KindSet = 1<<tile.NumKinds - 1
	threat := false
	var pub opponent.Public
	for j := range game.NumSeats {
		if j == seat {
			continue
		}
		pub.Reset(v, j)
		p := 1.0
		if !v.InRiichi(j) {
			p = opp.Tenpai(&pub)
		}
		if !mc.Threat(v.InRiichi(j), pub.OpenMelds(), p) {
			continue
		}
		threat = true
		if !v.InRiichi(j) {
			other = 1
		}
		var s tile.KindSet
		riichiTurn := -1
		for _, d := range v.River(j) {
			s = s.Add(d.Tile.Kind())
			if d.Riichi {
				riichiTurn = int(d.Turn)
			}
		}
		// A tile anybody discarded after the riichi, not ronned, is safe.
		for o := range game.NumSeats {
			for _, d := range v.River(o) {
				if riichiTurn >= 0 && int(d.Turn) > riichiTurn {
					s = s.Add(d.Tile.Kind())
				}
			}
		}
		safe &= s
	}
	if !mc.SeatFolds(threat, int8(best), false, v.LiveRemaining()) {
		return 0, 0, 0, 0
	}
	for k := range tile.Kind(tile.NumKinds) {
		if c[k] > 0 && safe.Has(k) && !v.Kuikae().Has(k) {
			if !safe.Has(a.Tile.Kind()) {
				unsafe = 1
			}
			return 1, 1, other, unsafe
		}
	}
	return 1, 0, other, 0
}
