package bot

import (
	"fmt"

	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// Rollout plays a seat as the Monte Carlo engine's learned rollout plays
// the seat's own turns in its simulations (mc.LearnedRollout), so that
// the rollout's play can be measured on a real table (issue 21, item 1):
// the rollout's discard model (policy.DefaultRollout) at every turn
// (with mc.Lab.RuleFolds, against a threat — mc.Threat: a riichi, two
// open melds, a likely tenpai — when the rollout's seat folds by the rule,
// mc.SeatFolds: two or more from tenpai, or one late in the round, the
// kind least likely to deal in by the predictors, mc.SafestByReading);
// riichi when the discard
// leaves a closed hand tenpai with 1,000 points and four tiles to draw
// and the rollout's riichi model says so;
// every win it may take; a chi or pon by the rollout's call model
// (policy.RolloutCallModel, from mc.RolloutCallThreshold; mc.ChooseCall
// with mc.Lab.RuleCalls; none when the engine's rollout does not
// call: mc.Lab.NoSeatCalls); never a kan or
// kyuushu kyuuhai (the rollout's seat makes none). Without an embedded
// rollout model it plays the discard policy's model; with one and
// mc.ScreenedRollout its discard is the policy's choice among the rollout
// model's best policy.ScreenKeep (policy.Model.BestScreened), as in the
// engine.
type Rollout struct {
	opp *opponent.Models
	// discards chooses the kind discarded: the engine's rollout model
	// (mc.RolloutModels.Learned, or Screened with mc.ScreenedRollout).
	discards mc.DiscardModel
	pos      policy.Position
	calls    bool
	// ruleFolds: fold by the rollout's rule against a threat
	// (mc.Lab.RuleFolds); else the discard model decides throughout.
	ruleFolds bool
	// riichi decides riichi or dama (the rollout's riichi model; nil:
	// riichi on every closed tenpai), sit and x its scratch.
	riichiM mc.Classifier
	sit     policy.Situation
	x       [policy.NumRolloutRiichiFeatures]float64
	// callM decides chi, pon or pass (the rollout's call model; nil:
	// mc.ChooseCall), cx its scratch.
	callM mc.Classifier
	cx    [policy.NumRolloutCallFeatures]float64
}

// NewRollout returns the rollout bot on the embedded models, playing the
// engine's default rollout.
func NewRollout() (*Rollout, error) { return NewRolloutWith(mc.Lab{}) }

// NewRolloutWith returns the rollout bot on the embedded models, playing
// the rollout the lab's switches o select (o.NoSeatCalls: it never calls).
func NewRolloutWith(o mc.Lab) (*Rollout, error) {
	models, err := mc.DefaultModels()
	if err != nil {
		return nil, err
	}
	// The engine's rollout models, wired as its rollout plays them.
	roll := models.Predictors().Rollout
	opp := models.Opponents
	b := &Rollout{opp: opp, discards: roll.Learned, calls: !o.NoSeatCalls, ruleFolds: o.RuleFolds}
	if o.Rollout == mc.ScreenedRollout {
		b.discards = roll.Screened
	}
	if !o.AlwaysRiichi {
		b.riichiM = roll.Riichi
	}
	if !o.RuleCalls {
		b.callM = roll.Call
	}
	return b, nil
}

// Act implements game.Player.
func (b *Rollout) Act(v game.View, legal []game.Action) game.Action {
	if a, ok := game.WinAction(legal); ok {
		return a
	}
	if v.Phase() != game.PhaseTurn {
		if a, ok := b.call(v, legal); ok {
			return a
		}
		return game.PassAction(legal)
	}
	if a, ok := policy.KitaAction(v, legal); ok {
		return a // the rollout's kita rule (mc's kitaAside)
	}
	seat, drawn := v.Seat(), v.Drawn()
	if v.InRiichi(seat) {
		if a, ok := game.DiscardAction(legal, game.Discard, drawn.Kind(), drawn); ok {
			return a
		}
	}
	k := b.discard(v)
	if b.riichi(v, k) {
		if a, ok := game.DiscardAction(legal, game.Riichi, k, drawn); ok {
			return a
		}
	}
	if a, ok := game.DiscardAction(legal, game.Discard, k, drawn); ok {
		return a
	}
	if a, ok := game.FindAction(legal, game.Discard); ok {
		return a
	}
	panic(fmt.Sprintf("bot: rollout: no discard among %v", legal))
}

// discard is the kind the rollout's seat discards in v.
func (b *Rollout) discard(v game.View) tile.Kind {
	b.pos.Reset(v, b.opp)
	if b.ruleFolds {
		if k, ok := b.fold(v); ok {
			return k
		}
	}
	k, _ := b.discards.Best(&b.pos)
	return k
}

// fold is the kind the rollout's rule folds with in v (b.pos reset to
// it), and false when the rule does not fold: no threat, or a hand near
// enough to tenpai (mc.SeatFolds).
func (b *Rollout) fold(v game.View) (tile.Kind, bool) {
	seat := v.Seat()
	counts := v.Counts()
	var threats [game.NumSeats]bool
	var safe [game.NumSeats]tile.KindSet
	var tenpai [game.NumSeats]float64
	var waits [game.NumSeats]*[tile.NumKinds]float64
	in := b.pos.Inputs()
	threat := false
	i := 0
	for j := range game.NumSeats {
		if j == seat {
			continue
		}
		o := &in.Opp[i]
		threats[j], safe[j] = mc.Threat(o.Riichi, o.OpenMelds, o.Tenpai), o.Safe
		tenpai[j], waits[j] = o.Tenpai, o.Waits
		threat = threat || threats[j]
		i++
	}
	if !threat {
		return tile.NoKind, false
	}
	var sh [tile.NumKinds]int8
	if best := mc.ShantenAfter(&counts, &sh, v.Kuikae()); !mc.SeatFolds(true, best, false, v.LiveRemaining()) {
		return tile.NoKind, false
	}
	return mc.SafestByReading(&counts, v.Kuikae(), &threats, &safe, &tenpai, &waits), true
}

// riichi reports whether the rollout's seat declares riichi with a
// discard of kind k: closed, tenpai after it, 1,000 points, four tiles to
// draw (mc's riichiWith), and the rollout's riichi model says so (unless
// mc.Lab.AlwaysRiichi).
func (b *Rollout) riichi(v game.View, k tile.Kind) bool {
	if !b.canRiichi(v, k) {
		return false
	}
	if b.riichiM == nil {
		return true
	}
	t := v.Drawn()
	if t == tile.NoTile || t.Kind() != k {
		t = mc.PickTile(v.Hand(), k, true)
	}
	b.sit.Reset(v, b.opp)
	b.sit.RolloutRiichiFeatures(v, t, b.x[:])
	p, err := b.riichiM.PredictOne(b.x[:])
	return err != nil || p >= mc.RolloutRiichiThreshold
}

// canRiichi reports whether a discard of kind k may declare riichi in the
// rollout's rule.
func (b *Rollout) canRiichi(v game.View, k tile.Kind) bool {
	seat := v.Seat()
	for _, m := range v.Melds(seat) {
		if m.Open() {
			return false
		}
	}
	if v.Scores()[seat] < 1000 || v.LiveRemaining() < 4 {
		return false
	}
	c := v.Counts()
	c[k]--
	return hand.Shanten(&c) == 0
}

// call is the chi or pon of legal the rollout's call model (or, without
// it, mc.ChooseCall) makes on the discard v's seat answers, if the bot
// calls.
func (b *Rollout) call(v game.View, legal []game.Action) (game.Action, bool) {
	if !b.calls || v.Phase() != game.PhaseCall {
		return game.Action{}, false
	}
	if b.callM != nil {
		return b.learnedCall(v, legal)
	}
	seat, k := v.Seat(), v.LastTile().Kind()
	yakuhai := mc.Yakuhai(v.SeatWind(seat), v.RoundWind())
	threat := false
	for j := range game.NumSeats {
		threat = threat || (j != seat && v.InRiichi(j))
	}
	counts := v.Counts()
	h := mc.CallHand{Counts: &counts, Melds: v.Melds(seat), Yakuhai: yakuhai, Threat: threat}
	left := v.Players() == 4 && v.Current() == (seat+game.NumSeats-1)%game.NumSeats // no chi with three
	c, ok := mc.ChooseCall(&h, k, left)
	if !ok {
		return game.Action{}, false
	}
	for _, a := range legal {
		if a.Meld.Type != c.Type || (a.Type != game.Chi && a.Type != game.Pon) {
			continue
		}
		x, y := a.Meld.Tiles[1].Kind(), a.Meld.Tiles[2].Kind()
		if x == c.A && y == c.B || x == c.B && y == c.A {
			return a, true
		}
	}
	return game.Action{}, false
}

// learnedCall is the chi or pon of legal the rollout's call model gives
// the highest probability, if RolloutCallThreshold or more (mc's learnedCall on the
// same features, read from the view).
func (b *Rollout) learnedCall(v game.View, legal []game.Action) (game.Action, bool) {
	b.sit.Reset(v, b.opp)
	var best game.Action
	bestP := -1.0
	for _, a := range legal {
		if a.Type != game.Chi && a.Type != game.Pon {
			continue
		}
		b.sit.RolloutCallFeatures(v, a, b.cx[:])
		p, err := b.callM.PredictOne(b.cx[:])
		if err == nil && p > bestP {
			best, bestP = a, p
		}
	}
	return best, bestP >= mc.RolloutCallThreshold
}
