package bot

import (
	"fmt"
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
		check := func(r *game.Round, a game.Action) error {
			switch a.Type {
			case game.Discard, game.Riichi:
				order = append(order, discard{int(a.Seat), a.Tile.Kind(), a.Type == game.Riichi})
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
					return fmt.Errorf("threat %d: since its last discard %v (want %v), passed %v (want %v)",
						ts, got.lastTurn, want.lastTurn, got.passed, want.passed)
				}
				checked++
			}
			return nil
		}
		if err := r.PlayHooked(&players, nil, &game.Hooks{Applied: check}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	if calls < 20 || checked < 1000 {
		t.Errorf("only %d calls and %d checks", calls, checked)
	}
}
