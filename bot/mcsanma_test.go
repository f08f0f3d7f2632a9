package bot

import (
	"context"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
)

// TestSanmaLearnedBotsPlay plays 3-player hanchans of the bots on learned
// models (mc on a small budget, policy, rollout) with the rule bot: every
// action legal (PlayGame refuses an illegal one; the round checks its
// invariants after each), no chi, and the learned bots set Norths aside.
// The game ends with three places and the empty seat at 0.
func TestSanmaLearnedBotsPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 3-player hanchans with the mc bot")
	}
	rules := game.TenhouSanma(game.Hanchan)
	seats := [][3]string{{"mc", "policy", "rulebot"}, {"rollout", "mc", "rulebot"}}
	for g, three := range seats {
		var ps [game.NumSeats]game.Player
		for s, name := range three {
			p, err := NewWith(name, uint64(10*g+s), Options{Rules: &rules, MCSims: 300})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			ps[s] = p
		}
		var chis int
		var kitas [game.NumSeats]int
		h := &game.Hooks{Applied: func(r *game.Round, a game.Action) error {
			switch a.Type {
			case game.Chi:
				chis++
			case game.Kita:
				kitas[a.Seat]++
			}
			return r.Check()
		}}
		gm, err := game.PlayGameHooked(context.Background(), rules, uint64(200+g), &ps, h)
		if err != nil {
			t.Fatalf("game %d %v: %v", g, three, err)
		}
		_, _, rank := gm.Final()
		if rank[3] != 0 || rank[0]+rank[1]+rank[2] != 6 || gm.Scores[3] != 0 {
			t.Errorf("game %d: ranks %v, scores %v: want three places, seat 3 empty", g, rank, gm.Scores)
		}
		if chis != 0 {
			t.Errorf("game %d: %d chis", g, chis)
		}
		t.Logf("game %d %v: kitas %v, final %v", g, three, kitas[:3], gm.Scores[:3])
		for s, name := range three {
			if name != "rulebot" && kitas[s] == 0 {
				t.Errorf("game %d: %s (seat %d) set no North aside", g, name, s)
			}
		}
	}
}

// TestSanmaPolicyModels3: the policy bot plays 3-player views on the
// 3-player models, 4-player views on the 4-player ones.
func TestSanmaPolicyModels3(t *testing.T) {
	p, err := NewPolicy()
	if err != nil {
		t.Fatal(err)
	}
	if p.p3 == nil || p.p3 == p.p {
		t.Fatal("no three-player player")
	}
}
