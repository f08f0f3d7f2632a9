package bot

import (
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Policy plays the learned policy (package policy) without simulation: at
// each decision the move a Houou player is likeliest to make in its
// position — the discard of the discard model; riichi or dama from the
// riichi model; chi, pon, daiminkan or pass from the call model; ankan and
// kakan from the kan model; kyuushu kyuuhai from the kyuushu model — and a
// win whenever it can. A decision whose model is not embedded falls back
// to the rules it played before: riichi whenever the discard leaves the
// hand tenpai, the efficiency bot's calls (a pon of a yakuhai pair, unless
// an opponent is in riichi and the hand is far from tenpai), no kan, no
// abort. In riichi it discards the drawn tile. It is the Monte Carlo
// engine's prior move played alone: what the simulations add is the mc
// bot's result minus this one's.
type Policy struct {
	opp *opponent.Models
	m   *policy.Model
	dec *policy.Decisions
	pos policy.Position
	sit policy.Situation
	eff Efficiency // the rules of decisions without a model
}

// NewPolicy returns the policy bot on the embedded models.
func NewPolicy() (*Policy, error) {
	opp, err := opponent.Default()
	if err != nil {
		return nil, err
	}
	m, err := policy.Default()
	if err != nil {
		return nil, err
	}
	dec, err := policy.DefaultDecisions()
	if err != nil {
		return nil, err
	}
	return &Policy{opp: opp, m: m, dec: dec}, nil
}

// Act implements game.Player.
func (p *Policy) Act(v game.View, legal []game.Action) game.Action {
	if a, ok := game.WinAction(legal); ok {
		return a
	}
	if v.Phase() != game.PhaseTurn {
		return p.answer(v, legal)
	}
	if a, ok := p.turnOption(v, legal); ok {
		return a
	}
	drawn := v.Drawn()
	if v.InRiichi(v.Seat()) {
		if a, ok := game.DiscardAction(legal, game.Discard, drawn.Kind(), drawn); ok {
			return a
		}
	}
	p.pos.Reset(v, p.opp)
	k, ok := p.m.Best(&p.pos)
	if !ok {
		return p.eff.Act(v, legal)
	}
	if t, ok := policy.RiichiCandidate(v, legal); ok {
		if a, ok := p.riichi(v, legal, k, t); ok {
			return a
		}
	}
	if a, ok := game.DiscardAction(legal, game.Discard, k, drawn); ok {
		return a
	}
	return p.eff.Act(v, legal) // no legal discard of the kind (cannot happen: Position bars kuikae)
}

// riichi returns the riichi to declare, if any, when the seat may declare
// with candidate t and the discard model prefers kind k: the riichi
// model decides on t, as it was trained (with no model: riichi when k
// leaves the hand tenpai); the declaration discards k when k keeps
// tenpai, else t.
func (p *Policy) riichi(v game.View, legal []game.Action, k tile.Kind, t tile.Tile) (game.Action, bool) {
	drawn := v.Drawn()
	withK, okK := game.DiscardAction(legal, game.Riichi, k, drawn)
	if s, err := p.dec.RiichiScore(p.reset(v), v, p.opp, t); err != nil {
		return withK, okK
	} else if s < 0.5 {
		return game.Action{}, false
	}
	if okK {
		return withK, true
	}
	return game.DiscardAction(legal, game.Riichi, t.Kind(), drawn)
}

// reset gathers the seat's situation for a decision model.
func (p *Policy) reset(v game.View) *policy.Situation {
	p.sit.Reset(v, p.opp)
	return &p.sit
}

// turnOption returns kyuushu kyuuhai or a kan when the models choose one.
func (p *Policy) turnOption(v game.View, legal []game.Action) (game.Action, bool) {
	var abort, kan bool
	for _, a := range legal {
		abort = abort || a.Type == game.KyuushuKyuuhai
		kan = kan || a.Type == game.Ankan || a.Type == game.Kakan
	}
	if abort && p.dec.Kyuushu != nil {
		if s, err := p.dec.KyuushuScore(p.reset(v), v); err == nil && s >= 0.5 {
			return game.FindAction(legal, game.KyuushuKyuuhai)
		}
	}
	if kan && p.dec.Kan != nil {
		if c, ok := p.dec.BestKan(p.reset(v), v, legal); ok && c.Take() {
			return c.Action, true
		}
	}
	return game.Action{}, false
}

// answer answers a discard (or an added kan): the call model's call when
// it reaches one half, else pass.
func (p *Policy) answer(v game.View, legal []game.Action) game.Action {
	if p.dec.Call == nil {
		return p.eff.Act(v, legal)
	}
	call := false
	for _, a := range legal {
		call = call || a.Type == game.Chi || a.Type == game.Pon || a.Type == game.Daiminkan
	}
	if !call {
		return game.PassAction(legal)
	}
	if c, ok := p.dec.BestCall(p.reset(v), v, legal); ok && c.Take() {
		return c.Action
	}
	return game.PassAction(legal)
}
