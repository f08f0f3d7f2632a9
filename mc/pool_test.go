package mc

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
)

// TestWeightedPool: at real turn decisions the learned rollout's pool is
// a permutation of the unseen tiles, the same for a seed, and its tiles
// no draw reaches (the opponents' concealed hands) hold each class of
// kind at opponent.HeldRatio times a uniform share, within 2 % of the
// share, where a uniform pool is off by more; the dead wall's end holds
// wall tiles (fewer middle kinds than the hands). The heuristic's pool,
// the oracle's and the uniform-pool ablation's are not weighted.
func TestWeightedPool(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	const draws = 400
	var want, got, uniform [opponent.NumClasses]float64
	var tailMid, tailN, handMid, handN float64
	for _, p := range positions(t, 60, 7) {
		v := game.ViewOf(&p.round, p.seat)
		var pub opponent.Public
		for _, o := range []config{{}, {Lab: Lab{Rollout: LearnedRollout, UniformPool: true}}, {Lab: Lab{Rollout: LearnedRollout, Truth: &p.round, Oracle: OracleAll}}} {
			o.Rules = &p.rules
			if r := e.newRoot(v, &p.rules, &o, &pub); r.weighted {
				t.Fatalf("%s: pool weighted with %+v", p.name, o)
			}
		}
		o := config{Options: Options{Rules: &p.rules}, Lab: Lab{Rollout: LearnedRollout}}
		r := e.newRoot(v, &p.rules, &o, &pub)
		if !r.weighted {
			t.Fatalf("%s: the learned rollout's pool is not weighted", p.name)
		}
		held := 0
		for s := range game.NumSeats {
			if s != p.seat {
				held += 13 - 3*len(v.Melds(s))
			}
		}
		n := r.nUnseen
		share := float64(held) / float64(n)
		ratio := &opponent.HeldRatio[opponent.HeldStage(r.live)]
		for _, u := range r.unseen[:n] {
			c := opponent.KindClass(u.Kind())
			want[c] += ratio[c] * share * draws
			uniform[c] += share * draws
		}
		hands := [2]int{n - 2*maxDora - held, n - 2*maxDora}
		var w, again world
		for i := range draws {
			r.sample(rand.New(rand.NewPCG(uint64(i), 3)), &w)
			r.sample(rand.New(rand.NewPCG(uint64(i), 3)), &again)
			if w.pool != again.pool {
				t.Fatalf("%s: two pools for one seed", p.name)
			}
			pool := slices.Clone(w.pool[:n])
			slices.Sort(pool)
			if !slices.Equal(pool, r.unseen[:n]) {
				t.Fatalf("%s: the pool %v is not the unseen tiles %v", p.name, pool, r.unseen[:n])
			}
			for _, u := range w.pool[hands[0]:hands[1]] {
				got[opponent.KindClass(u.Kind())]++
				handMid += b2f(opponent.KindClass(u.Kind()) == opponent.ClassMiddle)
				handN++
			}
			for _, u := range w.pool[n-2*maxDora : n] {
				tailMid += b2f(opponent.KindClass(u.Kind()) == opponent.ClassMiddle)
				tailN++
			}
		}
	}
	for c := range want {
		t.Logf("class %d: in the hands %.0f, HeldRatio expects %.0f, a uniform pool %.0f", c, got[c], want[c], uniform[c])
		if math.Abs(got[c]-want[c]) > 0.02*want[c] {
			t.Errorf("class %d: the hands hold %.0f tiles of it, HeldRatio says %.0f", c, got[c], want[c])
		}
		if math.Abs(uniform[c]-want[c]) <= 0.02*want[c] {
			t.Errorf("class %d: a uniform pool (%.0f) passes too; the test cannot fail", c, uniform[c])
		}
	}
	if tailMid/tailN >= handMid/handN {
		t.Errorf("the dead wall's end holds middle kinds at %.3f, the hands at %.3f", tailMid/tailN, handMid/handN)
	}
}
