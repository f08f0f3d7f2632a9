package mc

import (
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// RolloutPolicy selects how the seat plays its own turns in the rollout.
type RolloutPolicy uint8

// Rollout policies.
const (
	// HeuristicRollout: lowest shanten, the least connected tile, folding
	// to the safest tile against a riichi when far (sim.policy).
	HeuristicRollout RolloutPolicy = iota
	// LearnedRollout: the rollout's discard model on the features of the
	// simulated round at every turn (sim.learnedPolicy; folding by the
	// heuristic's rule with Lab.RuleFolds), riichi, dama and calls as
	// the heuristic.
	LearnedRollout
	// ScreenedRollout: the learned rollout whose seat discards the prior
	// policy's choice among the rollout model's best policy.ScreenKeep
	// candidates (policy.Model.BestScreened): the seat plays as strong as
	// the prior at the table, at several times the learned rollout's time
	// (docs/ENGINE.md, "The seat's own play in the rollout").
	ScreenedRollout
)

// rootInputs gathers at the root (r.pin) what the rollout policy's
// inputs keep fixed or start from: what the seat sees (policy.InputsOf)
// and the opponents' predictions as the root holds them. pub is scratch.
func (r *root) rootInputs(v game.View, pub *opponent.Public) {
	policy.InputsOf(v, &r.pin, pub)
	i := 0
	for s := range game.NumSeats {
		if s == r.me {
			continue
		}
		o, op := &r.pin.Opp[i], &r.opp[s]
		o.Tenpai, o.Waits, o.Value = op.pTenpai, &op.waitP, op.valueK
		i++
	}
}

// policyInputs fills s.in, the seat's turn as the learned policy sees it,
// from the simulation's state: its hand, what it has seen (the root's and
// every discard since), the opponents' rivers, riichi and calls, their
// P(tenpai) the belief carried from the root (sim.pTen: 1 in riichi; their
// waits and values stay the root's), the scores, sticks and wall.
func (s *sim) policyInputs() *policy.Inputs {
	r := s.r
	in := &s.in
	*in = r.pin
	in.Counts = s.counts
	in.Red = tile.Counts{}
	for _, t := range s.hand[:s.n] {
		if t.Red() {
			in.Red[t.Kind()]++
		}
	}
	for k, n := range s.seenAdd {
		in.Seen[k] += n
	}
	in.Drawn = tile.NoKind
	if s.drawn != tile.NoTile {
		in.Drawn = s.drawn.Kind()
	}
	in.Kuikae = s.ban
	in.OwnRiverSuits, in.OwnRiverKinds, in.OwnLast = s.ownSuits, s.discarded, s.ownLast
	in.OwnRiver = s.turns[r.me]
	in.OwnOpen, in.OwnMelds = policy.OwnMelds(s.melds[:s.nm])
	i := 0
	for j := range game.NumSeats {
		if j == r.me {
			continue
		}
		o := &in.Opp[i]
		o.Riichi = s.oppRiichi[j]
		o.Tenpai = s.pTen[j]
		if o.Riichi {
			o.Tenpai = 1
		}
		o.OpenMelds += s.oppCalls[j]
		o.River, o.Safe = s.oppRiver[j], s.safe[j]
		o.Suji = policy.SujiOf(o.River)
		i++
	}
	in.Live = s.live
	in.Place, in.Above, in.Below = policy.StandingOf(s.scores, r.me, int(r.setup.Dealer), r.np)
	in.HonbaSticks = r.setup.Honba + s.sticks
	return in
}

// learnedPolicy: the rollout's discard model's choice in the simulated
// round — against a threat too, unless Lab.RuleFolds folds by the
// heuristic's rule (SeatFolds, safestByModel), which cost the rollout bot
// average rank (docs/ENGINE.md). Riichi by the heuristic's rule
// (tenpai after the discard, closed, 1,000 points, four tiles to draw)
// and the rollout's riichi model.
func (s *sim) learnedPolicy() (tile.Tile, bool) {
	if s.riichi && s.drawn != tile.NoTile {
		return s.drawn, false
	}
	var thr [game.NumSeats]bool
	if s.r.ruleFolds && s.threats(&thr) {
		var sh [tile.NumKinds]int8
		if best := s.shantenAfter(&sh); SeatFolds(true, best, s.folded, s.live) {
			return s.pick(s.safestByModel(&thr), true), false
		}
	}
	s.pos.ResetInputs(s.policyInputs())
	k, ok := s.r.rollout.Best(&s.pos)
	if !ok {
		return s.policy()
	}
	t := s.pick(k, true)
	if !s.riichiWith(0) {
		return t, false
	}
	s.counts[k]--
	tenpai := hand.Shanten(&s.counts) == 0
	s.counts[k]++
	return t, tenpai && s.declares(t)
}
