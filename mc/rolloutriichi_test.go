package mc

import (
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
)

// TestRolloutRiichiFeaturesAtRoot: at real turn decisions where riichi is
// legal, the rollout's riichi features computed from the simulated
// round's state at the root equal the ones the rollout bot and training
// compute from the view, for every riichi tile.
func TestRolloutRiichiFeaturesAtRoot(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	n, decisions := 0, 4000
	if testing.Short() {
		decisions = 1000 // the race run: fewer turns, the same check
	}
	for _, p := range positions(t, decisions, 1) {
		v := game.ViewOf(&p.round, p.seat)
		legal := p.round.Legal(p.seat, nil)
		var pub opponent.Public
		o := config{Options: Options{Rules: &p.rules}}
		r := e.newRoot(v, &p.rules, &o, &pub)
		var w world
		var sit policy.Situation
		sit.Reset(v, e.opp.(*opponent.Models))
		for _, a := range legal {
			if a.Type != game.Riichi {
				continue
			}
			r.sample(rand.New(rand.NewPCG(1, 2)), &w)
			var s sim
			s.reset(r, &w)
			s.drawn = r.drawn // as at the rollout's own turns (reset leaves it to the candidate)
			s.rolloutRiichiFeatures(a.Tile)
			var want [policy.NumRolloutRiichiFeatures]float64
			sit.RolloutRiichiFeatures(v, a.Tile, want[:])
			if s.rx != want {
				for i := range want {
					if s.rx[i] != want[i] {
						t.Errorf("%s seat %d riichi %v: %s = %v from the rollout, %v from the view", p.name, p.seat, a.Tile, policy.RolloutRiichiFeatureNames[i], s.rx[i], want[i])
					}
				}
			}
			n++
		}
	}
	if n < 20 {
		t.Fatalf("only %d riichi candidates", n)
	}
	t.Logf("%d riichi candidates compared", n)
}
