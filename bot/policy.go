package bot

import (
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
)

// Policy plays the learned discard policy (package policy) without
// simulation: the discard a Houou player is likeliest to make in its
// position, riichi when that discard leaves a closed hand tenpai, a win
// whenever it can; it calls as the efficiency bot does (a pon of a yakuhai
// pair, unless an opponent is in riichi and the hand is far from tenpai).
// In riichi it discards the drawn tile. It is the Monte Carlo engine's
// prior move played alone: what the simulations add is the mc bot's
// result minus this one's.
type Policy struct {
	opp *opponent.Models
	m   *policy.Model
	pos policy.Position
	eff Efficiency // calls
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
	return &Policy{opp: opp, m: m}, nil
}

// Act implements game.Player.
func (p *Policy) Act(v game.View, legal []game.Action) game.Action {
	if a, ok := win(legal); ok {
		return a
	}
	if v.Phase() != game.PhaseTurn {
		return p.eff.Act(v, legal)
	}
	drawn := v.Drawn()
	if v.InRiichi(v.Seat()) {
		if a, ok := discardOf(legal, game.Discard, drawn.Kind(), drawn); ok {
			return a
		}
	}
	p.pos.Reset(v, p.opp)
	k, ok := p.m.Best(&p.pos)
	if !ok {
		return p.eff.Act(v, legal)
	}
	c := v.Counts()
	c[k]--
	if hand.Shanten(&c) == 0 {
		if a, ok := discardOf(legal, game.Riichi, k, drawn); ok {
			return a
		}
	}
	if a, ok := discardOf(legal, game.Discard, k, drawn); ok {
		return a
	}
	return p.eff.Act(v, legal) // the kind is barred (kuikae)
}
