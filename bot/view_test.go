package bot

import (
	"testing"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestThreatOrder plays rounds of call-happy bots, keeps the order of all
// discards as they are made, and checks after every action that threatOf
// finds, for every seat, the kinds the others discarded after its riichi
// and after its last discard — the order that rivers alone cannot tell
// once a call skips seats.
func TestThreatOrder(t *testing.T) {
	type discard struct {
		seat   int
		kind   tile.Kind
		riichi bool
	}
	rules := game.Tenhou(game.Hanchan)
	setup := game.RoundSetup{Scores: [4]int{25000, 25000, 25000, 25000}}
	calls, checked := 0, 0
	for seed := range uint64(40) {
		var players [game.NumSeats]game.Player
		for s := range players {
			players[s], _ = New("rulebot", seed)
		}
		w := game.NewWall(seed, 0, 0)
		r, err := game.NewRound(&rules, setup, &w)
		if err != nil {
			t.Fatal(err)
		}
		var order []discard
		var legal []game.Action
		for r.Phase() != game.PhaseEnd {
			seat := r.ToAct()
			legal = r.Legal(seat, legal[:0])
			a := players[seat].Act(game.ViewOf(r, seat), legal)
			if err := r.Apply(a); err != nil {
				t.Fatal(err)
			}
			switch a.Type {
			case game.Discard, game.Riichi:
				order = append(order, discard{seat, a.Tile.Kind(), a.Type == game.Riichi})
			case game.Chi, game.Pon, game.Daiminkan:
				calls++
			}
			v := game.ViewOf(r, 0)
			for ts := range game.NumSeats {
				var want threat
				afterRiichi, afterLast := false, false
				for _, d := range order {
					if d.seat == ts {
						afterRiichi = afterRiichi || d.riichi
						afterLast, want.lastTurn = true, 0
						continue
					}
					if afterLast {
						want.lastTurn = want.lastTurn.Add(d.kind)
					}
					if afterRiichi {
						want.passed = want.passed.Add(d.kind)
					}
				}
				want.passed |= want.lastTurn
				got := threatOf(v, ts)
				if got.lastTurn != want.lastTurn || got.passed != want.passed {
					t.Fatalf("seed %d after %v, threat %d: since its last discard %v (want %v), passed %v (want %v)",
						seed, a, ts, got.lastTurn, want.lastTurn, got.passed, want.passed)
				}
				checked++
			}
		}
	}
	if calls < 20 || checked < 1000 {
		t.Errorf("only %d calls and %d checks", calls, checked)
	}
}
