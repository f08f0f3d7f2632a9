package policy

import (
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Player plays the learned policy without simulation: at each decision
// the move a Houou player is likeliest to make in its position — the
// discard of the discard model; riichi or dama from the riichi model; chi,
// pon, daiminkan or pass from the call model; ankan and kakan from the kan
// model; kyuushu kyuuhai from the kyuushu model; with three players, a
// North set aside from the kita model (the rule SetsNorthAside without
// one) — and a win whenever it can. In riichi it discards the drawn tile. It is the Monte Carlo
// engine's prior move and, alone, the policy bot. A Player is not safe for
// concurrent use.
type Player struct {
	opp   *opponent.Models
	m     *Model
	dec   *Decisions
	pos   Position
	sit   Situation
	sitOK bool // sit holds this decision's situation
	posOK bool // pos holds this decision's position
}

// NewPlayer returns a player on the opponent models (the discard and
// decision models read their predictions), the discard model and the
// decision models (any of which may be nil: see [Player.Act]).
func NewPlayer(opp *opponent.Models, m *Model, dec *Decisions) *Player {
	if dec == nil {
		dec = &Decisions{}
	}
	return &Player{opp: opp, m: m, dec: dec}
}

// Act returns the policy's move, and false when the decision needs a model
// the player lacks: the discard model (or a discard it could score), or
// the call model on a discard it may call; the caller then decides. Without
// a riichi model it declares riichi whenever the discard leaves the hand
// tenpai; without a kan or kyuushu model it declares neither.
func (p *Player) Act(v game.View, legal []game.Action) (game.Action, bool) {
	p.sitOK, p.posOK = false, false
	return p.act(v, legal)
}

// Decide fills pr with the belief over v's legal moves ([Player.Prior])
// and returns the move Act returns, reading the position and the
// opponents' predictions once for both.
func (p *Player) Decide(v game.View, legal []game.Action, pr *Prior) (game.Action, bool) {
	p.sitOK, p.posOK = false, false
	p.prior(v, legal, pr)
	return p.act(v, legal)
}

// act is Act on the position and situation already read for this
// decision, if any.
func (p *Player) act(v game.View, legal []game.Action) (game.Action, bool) {
	if a, ok := game.WinAction(legal); ok {
		return a, true
	}
	if v.Phase() != game.PhaseTurn {
		return p.answer(v, legal)
	}
	if a, ok := p.kita(v, legal); ok {
		return a, true
	}
	if a, ok := p.turnOption(v, legal); ok {
		return a, true
	}
	drawn := v.Drawn()
	if v.InRiichi(v.Seat()) {
		if a, ok := game.DiscardAction(legal, game.Discard, drawn.Kind(), drawn); ok {
			return a, true
		}
	}
	if p.m == nil {
		return game.Action{}, false
	}
	p.position(v)
	k, ok := p.m.Best(&p.pos)
	if !ok {
		return game.Action{}, false
	}
	if t, ok := RiichiCandidate(v, legal); ok {
		if a, ok := p.riichi(v, legal, k, t); ok {
			return a, true
		}
	}
	return game.DiscardAction(legal, game.Discard, k, drawn)
}

// riichi returns the riichi to declare, if any, when the seat may declare
// with candidate t and the discard model prefers kind k: the riichi
// model decides on t, as it was trained (with no model: riichi when k
// leaves the hand tenpai); the declaration discards k when k keeps
// tenpai, else t.
func (p *Player) riichi(v game.View, legal []game.Action, k tile.Kind, t tile.Tile) (game.Action, bool) {
	drawn := v.Drawn()
	withK, okK := game.DiscardAction(legal, game.Riichi, k, drawn)
	if s, err := p.dec.RiichiScore(p.situation(v), v, p.opp, t); err != nil {
		return withK, okK
	} else if s < 0.5 {
		return game.Action{}, false
	}
	if okK {
		return withK, true
	}
	return game.DiscardAction(legal, game.Riichi, t.Kind(), drawn)
}

// position gathers the seat's turn position (and the opponents'
// predictions) once a decision.
func (p *Player) position(v game.View) {
	if !p.posOK {
		p.pos.Reset(v, p.opp)
		p.posOK = true
	}
}

// situation gathers the seat's situation for the decision models, once a
// decision (Act and Prior start a new one): it reads every opponent's
// tenpai prediction, and a turn may ask the kyuushu, kan and riichi
// models.
func (p *Player) situation(v game.View) *Situation {
	if !p.sitOK {
		p.sit.Reset(v, p.opp)
		p.sitOK = true
	}
	return &p.sit
}

// turnOption returns kyuushu kyuuhai or a kan when the models choose one.
func (p *Player) turnOption(v game.View, legal []game.Action) (game.Action, bool) {
	var abort, kan bool
	for _, a := range legal {
		abort = abort || a.Type == game.KyuushuKyuuhai
		kan = kan || a.Type == game.Ankan || a.Type == game.Kakan
	}
	if abort && p.dec.Kyuushu != nil {
		if s, err := p.dec.KyuushuScore(p.situation(v), v); err == nil && s >= 0.5 {
			return game.FindAction(legal, game.KyuushuKyuuhai)
		}
	}
	if kan && p.dec.Kan != nil {
		if c, ok := p.dec.BestKan(p.situation(v), v, legal); ok && c.Take() {
			return c.Action, true
		}
	}
	return game.Action{}, false
}

// answer answers a discard (or an added kan): the call model's call when
// it reaches one half, else pass.
func (p *Player) answer(v game.View, legal []game.Action) (game.Action, bool) {
	call := false
	for _, a := range legal {
		call = call || a.Type == game.Chi || a.Type == game.Pon || a.Type == game.Daiminkan
	}
	if !call {
		return game.PassAction(legal), true
	}
	if p.dec.Call == nil {
		return game.Action{}, false
	}
	if c, ok := p.dec.BestCall(p.situation(v), v, legal); ok && c.Take() {
		return c.Action, true
	}
	return game.PassAction(legal), true
}
