package bot

import (
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
)

// Policy plays the learned policy (a [policy.Player]) without simulation:
// at each decision the move a Houou player is likeliest to make in its
// position, and a win whenever it can. A decision whose model is not
// embedded falls back to the efficiency bot: its discard, its calls (a pon
// of a yakuhai pair, unless an opponent is in riichi and the hand is far
// from tenpai); without a riichi model it declares riichi whenever the
// discard leaves the hand tenpai, without kan or kyuushu models it
// declares neither. It is the Monte Carlo engine's prior move played
// alone: what the simulations add is the mc bot's result minus this one's.
type Policy struct {
	p   *policy.Player
	p3  *policy.Player // on three-player views (nil: p)
	eff Efficiency     // the rules of decisions without a model
}

// NewPolicy returns the policy bot on the embedded models: in 3-player
// games the 3-player ones (policy/models/3p, opponent/models/3p).
func NewPolicy() (*Policy, error) {
	p, err := newPolicy4()
	if err != nil {
		return nil, err
	}
	opp3, err := opponent.DefaultFor(3)
	if err != nil {
		return nil, err
	}
	m3, err := policy.DefaultFor(3)
	if err != nil {
		return nil, err
	}
	dec3, err := policy.DefaultDecisionsFor(3)
	if err != nil {
		return nil, err
	}
	p.p3 = policy.NewPlayer(opp3, m3, dec3)
	return p, nil
}

// newPolicy4 returns the policy bot on the embedded four-player models.
func newPolicy4() (*Policy, error) {
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
	return &Policy{p: policy.NewPlayer(opp, m, dec)}, nil
}

// Act implements game.Player.
func (p *Policy) Act(v game.View, legal []game.Action) game.Action {
	pl := p.p
	if p.p3 != nil && v.Players() == 3 {
		pl = p.p3
	}
	if a, ok := pl.Act(v, legal); ok {
		return a
	}
	return p.eff.Act(v, legal)
}
