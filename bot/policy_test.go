package bot

import (
	"context"
	"slices"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
)

// legalOnly plays p and fails the test on an answer that is not one of
// the legal actions offered; it counts the answers by type.
type legalOnly struct {
	t     *testing.T
	p     game.Player
	count map[game.ActionType]int
}

func (l *legalOnly) Act(v game.View, legal []game.Action) game.Action {
	a := l.p.Act(v, legal)
	if !slices.Contains(legal, a) {
		l.t.Fatalf("seat %d answered %v, not among %v", v.Seat(), a, legal)
	}
	l.count[a.Type]++
	return a
}

// TestPolicyActsLegally plays games of four policy bots — every decision
// model's answer (riichi, calls, kans, kyuushu) goes through Round.Apply
// as well — and checks each answer is one of the legal actions.
func TestPolicyActsLegally(t *testing.T) {
	count := map[game.ActionType]int{}
	for seed := range uint64(3) {
		var ps [4]game.Player
		for s := range ps {
			p, err := NewPolicy()
			if err != nil {
				t.Fatal(err)
			}
			ps[s] = &legalOnly{t, p, count}
		}
		if _, err := game.PlayGame(context.Background(), game.Tenhou(game.Tonpuusen), seed, &ps); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("answers by type: %v", count)
	if count[game.Discard] == 0 || count[game.Pass] == 0 {
		t.Errorf("answers by type: %v", count)
	}
}
