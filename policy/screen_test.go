package policy_test

import (
	"slices"
	"testing"

	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestBestScreened: on real turns the screened choice is one of the
// screen's n best kinds, is the screen's best when n is 1, leaves the
// position as the model finds a fresh one (every kind scored as after a
// reset), and with the rollout model screening 3 candidates agrees with
// the policy's own choice nearly always (what lets the rollout's seat
// play as strong as the policy, docs/ENGINE.md).
func TestBestScreened(t *testing.T) {
	opp, m := embedded(t)
	screen, err := policy.DefaultRollout()
	if err != nil {
		t.Fatal(err)
	}
	if screen == nil {
		t.Skip("no embedded rollout model")
	}
	var pos, fresh policy.Position
	same, played, playedOwn, n := 0, 0, 0, 0
	for _, tn := range turns(t, 400) {
		v := game.ViewOf(&tn.round, tn.seat)
		pos.Reset(v, opp)
		ks := pos.Kinds(nil)
		if len(ks) < 2 {
			continue
		}
		n++
		sc := make([]float64, len(ks))
		first := 0
		for i, k := range ks {
			sc[i] = screen.Score(&pos, k)
			if sc[i] > sc[first] {
				first = i
			}
		}
		if k, ok := m.BestScreened(&pos, screen, 1); !ok || k != ks[first] {
			t.Errorf("turn %d: screened among 1 gives %v, the screen's best is %v", n, k, ks[first])
		}
		k, ok := m.BestScreened(&pos, screen, policy.ScreenKeep)
		if !ok {
			t.Fatalf("turn %d: no choice among %v", n, ks)
		}
		// k must be among the ScreenKeep best: fewer than ScreenKeep
		// kinds score strictly above it.
		above, i := 0, slices.Index(ks, k)
		for j := range ks {
			if sc[j] > sc[i] {
				above++
			}
		}
		if above >= policy.ScreenKeep {
			t.Errorf("turn %d: %v chosen, %d kinds screened above it", n, k, above)
		}
		fresh.Reset(v, opp)
		for _, kk := range ks {
			if a, b := m.Score(&pos, kk), m.Score(&fresh, kk); a != b {
				t.Fatalf("turn %d: %v scores %v after the screened choice, %v on a fresh position", n, kk, a, b)
			}
		}
		own, _ := m.Best(&pos)
		if own == k {
			same++
		}
		if k == tn.played {
			played++
		}
		if own == tn.played {
			playedOwn++
		}
		if _, ok := m.BestScreened(&pos, screen, 99); !ok {
			t.Errorf("turn %d: no choice among 99", n)
		}
	}
	t.Logf("%d turns: the screened choice is the policy's own on %d (%.1f %%); the player's %d, the policy's own %d",
		n, same, 100*float64(same)/float64(n), played, playedOwn)
	if float64(same) < 0.9*float64(n) {
		t.Errorf("the screened choice is the policy's own on %d of %d turns, under 90 %%", same, n)
	}
	var empty policy.Position
	if k, ok := m.BestScreened(&empty, screen, 3); ok || k != tile.NoKind {
		t.Errorf("an empty position gives %v, %v", k, ok)
	}
}
