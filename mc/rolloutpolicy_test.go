package mc

import (
	"reflect"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
)

// TestRolloutInputsAtRoot: the inputs the rollout policy builds from the
// simulation's own state (its hand, the pool, the opponents' rivers and
// safe kinds, the scores) equal those policy.Position gathers from the
// real round's view, at turn decisions of real games: the rollout's
// policy reads the features the policy was trained on.
func TestRolloutInputsAtRoot(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range positions(t, 40, 7) {
		r0 := p.round
		v := game.ViewOf(&r0, p.seat)
		o := Options{Rules: &p.rules, Rollout: LearnedRollout}
		var pub opponent.Public
		r := e.newRoot(v, &p.rules, &o, &pub)
		var w world
		var s sim
		s.reset(r, &w)
		s.drawn = r.drawn
		got := *s.policyInputs()
		var pos policy.Position
		pos.Reset(v, e.opp)
		want := *pos.Inputs()
		for i := range want.Opp {
			if *got.Opp[i].Waits != *want.Opp[i].Waits {
				t.Errorf("%s: opponent %d: waits differ", p.name, i)
			}
			got.Opp[i].Waits, want.Opp[i].Waits = nil, nil
		}
		// The rollout never asks its policy right after the seat's call
		// (the candidate names the discard), so it keeps no kuikae.
		want.Kuikae = 0
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n rollout %+v\n    view %+v", p.name, got, want)
		}
	}
}
