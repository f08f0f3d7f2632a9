package mc

import (
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// declares reports whether the seat declares riichi with tile t, a
// discard that leaves its closed hand tenpai (riichiWith holds): by the
// rollout's riichi model (policy.RolloutRiichiModel, P ≥
// RolloutRiichiThreshold) on the features of the simulated round, or
// always without the model or with Lab.AlwaysRiichi.
func (s *sim) declares(t tile.Tile) bool {
	m := s.r.rollRiichi
	if m == nil {
		return true
	}
	if d := s.drawn; d != tile.NoTile && d.Kind() == t.Kind() && d.Red() == t.Red() {
		t = d // the same tile to the features: a tsumogiri
	}
	s.rolloutRiichiFeatures(t)
	p, err := m.PredictOne(s.rx[:])
	return err != nil || p >= RolloutRiichiThreshold
}

// RolloutRiichiThreshold is the rollout riichi model's probability from
// which the seat declares riichi in the rollout (and the rollout bot on a
// table). The model was trained on the players' tenpai hands; the
// rollout's are cheaper and worse shaped, and at 0.5 it kept too many of
// them quiet: the seat won by riichi less often than the players and
// without riichi more often. The lower threshold brings both nearer the
// players' and leaves the engine's agreement and predictions as they
// were (training fold 1, docs/ENGINE.md).
const RolloutRiichiThreshold = 0.2

// rolloutRiichiFeatures fills s.rx with the rollout's riichi features of
// declaring with tile t: the table and the seat's hand as the simulated
// round has them, read as a view of the same position would give them
// (TestRolloutRiichiFeaturesAtRoot).
func (s *sim) rolloutRiichiFeatures(t tile.Tile) {
	r := s.r
	me, dealer := r.me, int(r.setup.Dealer)
	tb := s.table()
	h := &s.rh
	*h = policy.RiichiHand{Hand: s.hand[:s.n], Melds: s.melds[:s.nm], River: s.discarded,
		Drawn: s.drawn, Seat: me, Dealer: dealer, Round: r.wind}
	for k := range h.Visible {
		h.Visible[k] = r.seenOut[k] + s.seenAdd[k] + s.counts[k]
	}
	h.Dora = s.doraIndicators()
	policy.RolloutRiichiFeatures(&tb, h, t, s.rx[:])
}

// table is the seat's situation in the simulated round as the rollout's
// decision models read it (policy.Table): the opponents' riichi, P(tenpai)
// (1 in riichi; the root's in the heuristic rollout, which keeps the
// bench signature, the carried belief sim.pTen in the learned one) and
// open melds, its turn, the wall, its own open melds, the scores and
// sticks.
func (s *sim) table() policy.Table {
	r := s.r
	me, dealer := r.me, int(r.setup.Dealer)
	tb := policy.Table{Turn: s.turns[me], Live: s.live, Dealer: me == dealer, Score: s.scores[me],
		Round: r.setup.Index, Honba: r.setup.Honba, Sticks: s.sticks}
	for j := range game.NumSeats {
		if j == me {
			continue
		}
		p := r.opp[j].pTenpai
		if r.rollout != nil {
			p = s.pTen[j]
		}
		if s.oppRiichi[j] {
			tb.Riichi++
			p = 1
		}
		tb.MaxTenpai, tb.SumTenpai = max(tb.MaxTenpai, p), tb.SumTenpai+p
		tb.MaxOpen = max(tb.MaxOpen, r.opp[j].melds+s.oppCalls[j])
	}
	for _, m := range s.melds[:s.nm] {
		if m.Open() {
			tb.OwnOpen++
		}
	}
	tb.Place, tb.Above, tb.Below = policy.StandingOf(s.scores, me, dealer, r.np)
	return tb
}

// doraIndicators are the indicators shown in the simulated round: the
// root's, then the kans' since (in s.doraBuf).
func (s *sim) doraIndicators() []tile.Tile {
	r := s.r
	nd := copy(s.doraBuf[:], r.dora[:r.numDora])
	for i := r.numDora; i < s.ndora; i++ {
		s.doraBuf[nd] = s.w.pool[r.kanDoraAt(i)]
		nd++
	}
	return s.doraBuf[:nd]
}
