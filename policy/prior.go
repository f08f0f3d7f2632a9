package policy

import (
	"math"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Prior is the learned policy's belief over the moves of one decision:
// how likely a Houou player is to make each, from the discard model (its
// scores normalised over the kinds the seat may discard) and the decision
// models (riichi, call, kan, kyuushu), combined as one distribution:
//
//   - at a turn: kyuushu with the kyuushu model's P, each kan with the kan
//     model's, a kita (three players) with the kita model's; the rest
//     share what remains, each kind k with the discard
//     model's π(k), split into riichi and dama by the riichi model's P
//     where riichi with k is legal;
//   - on a discard: each call with the call model's P, followed by the
//     discard π gives the position after the call (kuikae barred); pass
//     with 1 − the likeliest call's P.
//
// Wins and moves of a decision without its model have no belief (0). The
// Monte Carlo engine weighs the simulations' evidence against it.
type Prior struct {
	turn    bool
	discard [tile.NumKinds]float64 // π over kinds (turn), normalised
	riichi  float64                // P(riichi) where it is legal, -1 without a model
	riiKind tile.KindSet           // the kinds riichi may be declared with
	rest    float64                // what the non-kan, non-abort moves share
	kyuushu float64
	kita    float64
	kans    [4]scored // by the kan's tile kind
	nKans   int
	calls   [8]callPrior
	nCalls  int
	pass    float64
}

type scored struct {
	k tile.Kind
	p float64
}

// callPrior is one call's P and the discard distribution after it.
type callPrior struct {
	m      score.Meld
	p      float64
	follow [tile.NumKinds]float64
}

// Prior fills pr with the policy's belief over v's legal moves.
func (p *Player) Prior(v game.View, legal []game.Action, pr *Prior) {
	p.sitOK, p.posOK = false, false
	p.prior(v, legal, pr)
}

// prior is Prior on the position and situation already read for this
// decision, if any.
func (p *Player) prior(v game.View, legal []game.Action, pr *Prior) {
	*pr = Prior{riichi: -1, rest: 1, pass: 1}
	if p.m == nil {
		return
	}
	if v.Phase() == game.PhaseTurn {
		pr.turn = true
		if v.InRiichi(v.Seat()) {
			return
		}
		p.turnPrior(v, legal, pr)
		return
	}
	if p.dec.Call == nil {
		return
	}
	base := p.callBase(v)
	sit := p.situation(v)
	best := 0.0
	var x [NumCallFeatures]float64
	for _, a := range legal {
		if (a.Type != game.Chi && a.Type != game.Pon && a.Type != game.Daiminkan) || pr.nCalls == len(pr.calls) {
			continue
		}
		sit.CallFeatures(v, a, x[:])
		c := &pr.calls[pr.nCalls]
		pr.nCalls++
		c.m, c.p = a.Meld, predict(p.dec.Call, x[:])
		best = max(best, c.p)
		if a.Type != game.Daiminkan {
			p.followPrior(&base, a.Meld, &c.follow)
		}
	}
	pr.pass = 1 - best
}

// callBase returns the inputs of v's seat, answering a discard, as a call
// of that discard leaves the table: a riichi declared with it is accepted
// (its stick goes down) before the call.
func (p *Player) callBase(v game.View) Inputs {
	p.position(v)
	base := p.pos.in
	if from := v.Current(); v.InRiichi(from) && !v.RiichiAccepted(from) {
		sc := v.Scores()
		sc[from] -= 1000
		base.HonbaSticks++
		base.Place, base.Above, base.Below = Standing(sc, v.Seat(), v.Dealer())
	}
	return base
}

// turnPrior fills the turn's belief (not in riichi).
func (p *Player) turnPrior(v game.View, legal []game.Action, pr *Prior) {
	p.position(v)
	p.discards(&pr.discard)
	if t, ok := RiichiCandidate(v, legal); ok && p.dec.Riichi != nil {
		pr.riichi, _ = p.dec.RiichiScore(p.situation(v), v, p.opp, t)
	}
	var abort, kan, kita bool
	for _, a := range legal {
		if a.Type == game.Riichi {
			pr.riiKind = pr.riiKind.Add(a.Tile.Kind())
		}
		abort = abort || a.Type == game.KyuushuKyuuhai
		kan = kan || a.Type == game.Ankan || a.Type == game.Kakan
		kita = kita || a.Type == game.Kita
	}
	if kita && p.dec.Kita != nil {
		pr.kita, _ = p.dec.KitaScore(p.situation(v), v, p.opp)
		pr.rest *= 1 - pr.kita
	}
	if abort && p.dec.Kyuushu != nil {
		pr.kyuushu, _ = p.dec.KyuushuScore(p.situation(v), v)
		pr.rest *= 1 - pr.kyuushu
	}
	if kan && p.dec.Kan != nil {
		sit := p.situation(v)
		var x [NumKanFeatures]float64
		most := 0.0
		for _, a := range legal {
			if (a.Type != game.Ankan && a.Type != game.Kakan) || pr.nKans == len(pr.kans) {
				continue
			}
			sit.KanFeatures(v, a, x[:])
			s := scored{a.Tile.Kind(), predict(p.dec.Kan, x[:])}
			pr.kans[pr.nKans] = s
			pr.nKans++
			most = max(most, s.p)
		}
		pr.rest *= 1 - most
	}
}

// discards writes the discard model's π over the kinds of p.pos,
// normalised (all zero when it has none): a ranking model's scores through
// a softmax (its pairwise loss is logistic in the difference of two
// scores), a probability model's as they are.
func (p *Player) discards(dst *[tile.NumKinds]float64) {
	*dst = [tile.NumKinds]float64{}
	sum, top := 0.0, math.Inf(-1)
	for _, d := range p.pos.discard[:p.pos.nd] {
		s := p.m.Score(&p.pos, d.Kind)
		if !p.m.ranking {
			s = max(s, 0)
		}
		dst[d.Kind] = s
		top = max(top, s)
	}
	for _, d := range p.pos.discard[:p.pos.nd] {
		if p.m.ranking {
			dst[d.Kind] = math.Exp(dst[d.Kind] - top)
		}
		sum += dst[d.Kind]
	}
	if sum > 0 {
		for k := range dst {
			dst[k] /= sum
		}
	}
}

// followPrior writes π over the discards after the seat calls m, its
// position before the call being base.
func (p *Player) followPrior(base *Inputs, m score.Meld, dst *[tile.NumKinds]float64) {
	in := *base
	for _, t := range m.Tiles[1:m.Type.Size()] {
		in.Counts[t.Kind()]--
		in.Seen[t.Kind()]++
		if t.Red() {
			in.Red[t.Kind()]--
		}
	}
	for _, t := range m.Tiles[:m.Type.Size()] {
		in.OwnMelds[t.Kind()]++
	}
	in.Drawn, in.Kuikae = tile.NoKind, game.KuikaeBan(m)
	in.OwnOpen++
	p.pos.ResetInputs(&in)
	p.posOK = false // pos is the position after the call now
	p.discards(dst)
}

// Of returns the belief in move a (with follow, the discard after a chi
// or pon; tile.NoTile otherwise), 0 for a move it does not weigh.
func (pr *Prior) Of(a game.Action, follow tile.Tile) float64 {
	switch a.Type {
	case game.Discard, game.Riichi:
		if !pr.turn {
			return 0
		}
		q := pr.rest * pr.discard[a.Tile.Kind()]
		switch {
		case pr.riichi < 0:
		case a.Type == game.Riichi:
			q *= pr.riichi
		case pr.riiKind.Has(a.Tile.Kind()):
			q *= 1 - pr.riichi
		}
		return q
	case game.KyuushuKyuuhai:
		return pr.kyuushu
	case game.Kita:
		return pr.kita
	case game.Ankan, game.Kakan:
		for _, s := range pr.kans[:pr.nKans] {
			if s.k == a.Tile.Kind() {
				return s.p
			}
		}
	case game.Pass:
		if pr.nCalls > 0 {
			return pr.pass
		}
	case game.Chi, game.Pon, game.Daiminkan:
		for i := range pr.calls[:pr.nCalls] {
			c := &pr.calls[i]
			if c.m != a.Meld {
				continue
			}
			if follow == tile.NoTile {
				return c.p
			}
			return c.p * c.follow[follow.Kind()]
		}
	}
	return 0
}
