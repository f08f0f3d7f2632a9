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
		o := config{Options: Options{Rules: &p.rules}, Lab: Lab{Rollout: LearnedRollout}}
		var pub opponent.Public
		r := e.newRoot(v, &p.rules, &o, &pub)
		var w world
		var s sim
		s.reset(r, &w)
		s.drawn = r.drawn
		got := *s.policyInputs()
		var pos policy.Position
		pos.Reset(v, e.opp.(*opponent.Models))
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

// TestTenpaiBeliefCarried: in the learned rollout the seat's belief that
// an opponent is tenpai starts at the root's prediction and is carried
// over each of the opponent's draws by the rates the rollout plays it
// with (a noten hand becomes tenpai at rates().tenpai, a dama tenpai stays at
// keepTenpai), rising with the turn; a riichi makes it 1; the discard
// model's inputs and the riichi and call models' table read it.
func TestTenpaiBeliefCarried(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	p := positions(t, 1, 7)[0]
	v := game.ViewOf(&p.round, p.seat)
	o := config{Options: Options{Rules: &p.rules}, Lab: Lab{Rollout: LearnedRollout}}
	var pub opponent.Public
	r := e.newRoot(v, &p.rules, &o, &pub)
	for _, calls := range []bool{false, true} {
		var w world
		var s sim
		s.reset(r, &w)
		s.calls = calls
		j := (r.me + 1) % game.NumSeats
		if s.oppRiichi[j] {
			t.Skipf("%s: the next seat is in riichi", p.name)
		}
		if s.pTen[j] != r.opp[j].pTenpai {
			t.Fatalf("calls %v: belief %v at the start, the root predicts %v", calls, s.pTen[j], r.opp[j].pTenpai)
		}
		for range 6 {
			before, facing := s.pTen[j], s.turns[j]%2 == 1
			keep := 1.0
			if calls {
				keep = r.rates().keep[b2i(facing)]
			}
			want := before*keep + (1-before)*r.rates().tenpai(s.turns[j], calls, facing)
			s.carryTenpai(j, facing)
			if d := s.pTen[j] - want; d > 1e-12 || d < -1e-12 || (!calls && s.pTen[j] < before) {
				t.Errorf("calls %v, %d discards: belief %v → %v, want %v", calls, s.turns[j], before, s.pTen[j], want)
			}
			s.turns[j]++
		}
		in := s.policyInputs()
		i := j - b2i(j > r.me) // the opponents in seat order without the seat
		if in.Opp[i].Tenpai != s.pTen[j] {
			t.Errorf("calls %v: the discard model reads P(tenpai) %v, the belief is %v", calls, in.Opp[i].Tenpai, s.pTen[j])
		}
		if tb := s.table(); tb.SumTenpai < s.pTen[j] {
			t.Errorf("calls %v: the table's sum of P(tenpai) %v is below one opponent's belief %v", calls, tb.SumTenpai, s.pTen[j])
		}
		s.oppRiichi[j] = true
		s.carryTenpai(j, false)
		if in := s.policyInputs(); in.Opp[i].Tenpai != 1 {
			t.Errorf("calls %v: in riichi the discard model reads P(tenpai) %v", calls, in.Opp[i].Tenpai)
		}
	}
}
