package mc

import (
	"errors"

	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// OpponentReader reads an opponent's hidden state from what the deciding
// seat sees of it. The engine reads each opponent once per decision, at
// the root; *opponent.Models is the learned one.
type OpponentReader interface {
	// Tenpai is P(the opponent is tenpai).
	Tenpai(p *opponent.Public) float64
	// Waits writes, for every kind, P(a discard of it lets the opponent
	// ron | tenpai).
	Waits(p *opponent.Public, dst *[tile.NumKinds]float64)
	// Value is the mean points of the opponent's ron (before honba and
	// sticks).
	Value(p *opponent.Public) float64
}

// RankPredictor gives the distribution of a seat's final rank from the
// situation at the start of a round. The engine calls it at the end of
// every simulated round that does not end the game (through a per-worker
// cache), so it should not allocate; *rankmodel.Model is the learned one.
type RankPredictor interface {
	Distribution(s *rankmodel.Situation, seat int) [4]float64
}

// FoldedRank reads a three-player situation (seat 3 empty, at 0 points)
// with a four-player rank predictor, while the engine has no three-player
// one: the situation is read as a four-player one, the empty seat a
// fourth player at 0 points who finishes last almost always, and its
// place is folded in: P(4th) is added to P(3rd), so the distribution is
// over three places. s is left as it was given.
type FoldedRank struct{ Four RankPredictor }

// Distribution implements RankPredictor.
func (f FoldedRank) Distribution(s *rankmodel.Situation, seat int) [4]float64 {
	// s itself, not a copy (which would escape): restored below.
	players := s.Players
	s.Players = 0
	d := f.Four.Distribution(s, seat)
	s.Players = players
	d[2] += d[3]
	d[3] = 0
	return d
}

// Belief is a policy's probability that a player makes a move: a chi or
// pon with its follow-up discard (tile.NoTile for other moves). 0 is no
// belief, which the decision rule leaves out.
type Belief func(a game.Action, discard tile.Tile) float64

// PriorPolicy is the policy whose move the engine plays unless the
// simulations show another to be better, and whose belief the decision
// rule weighs against them.
type PriorPolicy interface {
	// Decide returns the move it plays at v among legal and its belief in
	// each legal move (never nil); ok false leaves the move to the
	// engine's rule-based prior (the belief is still read).
	Decide(v game.View, legal []game.Action) (move game.Action, belief Belief, ok bool)
}

// Classifier gives the probability of yes of one yes-or-no decision of
// the rollout's seat from its features: the rollout's riichi model
// (policy.RolloutRiichiFeatures) and call model
// (policy.RolloutCallFeatures). *xgbmodel.Model is the learned one.
type Classifier interface {
	PredictOne(x []float64) (float64, error)
}

// DiscardModel chooses the kind the seat discards at a position (ok
// false: none, the heuristic then plays). *policy.Model is the learned
// one.
type DiscardModel interface {
	Best(p *policy.Position) (tile.Kind, bool)
}

// RolloutModels are the models the seat plays its own turns by in the
// rollout. Any may be nil.
type RolloutModels struct {
	// Riichi decides riichi or dama (nil: riichi on every closed tenpai),
	// at RolloutRiichiThreshold.
	Riichi Classifier
	// Call decides chi, pon or pass (nil: the rule ChooseCall), at
	// RolloutCallThreshold.
	Call Classifier
	// Learned and Screened play the seat's discards with Lab.Rollout
	// LearnedRollout and ScreenedRollout (nil: the heuristic's).
	Learned, Screened DiscardModel
}

// Predictors are what the engine decides with. Each must be safe for
// concurrent use: the engine's workers, and analyses run at once, call
// them together.
type Predictors struct {
	// Opponents and Rank are required.
	Opponents OpponentReader
	Rank      RankPredictor
	// Opponents3 and Rank3 are the predictors of three-player games
	// (Rank3's situations have Players 3 and seat 3 empty, at 0 points).
	// Nil: Opponents (four-player opponent models read a three-player
	// position's four-player features) and Rank folded ([FoldedRank]).
	// The prior and the rollout's models read a three-player view with
	// its third opponent zero-filled.
	Opponents3 OpponentReader
	Rank3      RankPredictor
	// Prior3 and Rollout3 are the prior and the rollout's models of
	// three-player games (nil: Prior and Rollout, the four-player ones on
	// three-player views).
	Prior3   PriorPolicy
	Rollout3 *RolloutModels
	// Prior is the move played without evidence against it (nil: the
	// rule-based prior, tile efficiency).
	Prior PriorPolicy
	// Rollout holds the models of the seat's own turns in the rollout.
	Rollout RolloutModels
}

// FromModels returns the predictors on learned models: the opponent and
// rank models; the discard policy pol and its decision models dec as the
// prior (a [policy.Player]; pol nil: the rule-based prior, and no learned
// rollout); dec's rollout riichi and call models; and the rollout's
// discard model roll (nil: pol's), which ScreenedRollout screens with
// pol's choice. Any of pol, dec and roll may be nil.
func FromModels(opp *opponent.Models, rank *rankmodel.Model, pol *policy.Model, dec *policy.Decisions, roll *policy.Model) Predictors {
	p := Predictors{}
	if opp != nil { // an interface holding a nil pointer is not nil
		p.Opponents = opp
	}
	if rank != nil {
		p.Rank = rank
	}
	if dec != nil {
		p.Rollout.Riichi = classifier(dec.RolloutRiichi)
		p.Rollout.Call = classifier(dec.RolloutCall)
	}
	if pol == nil {
		return p
	}
	p.Prior = &playerPrior{opp: opp, pol: pol, dec: dec}
	p.Rollout.Learned, p.Rollout.Screened = pol, pol
	if roll != nil {
		p.Rollout.Learned = roll
		p.Rollout.Screened = &screened{screen: pol, m: roll}
	}
	return p
}

// classifier is m, or nil for a nil m.
func classifier(m *xgbmodel.Model) Classifier {
	if m == nil {
		return nil
	}
	return m
}

var errPredictors = errors.New("mc: predictors: the opponent reader and the rank predictor are required")

// playerPrior is the learned policy's player as the engine's prior.
type playerPrior struct {
	opp *opponent.Models
	pol *policy.Model
	dec *policy.Decisions
}

func (l *playerPrior) Decide(v game.View, legal []game.Action) (game.Action, Belief, bool) {
	pr := &policy.Prior{}
	a, ok := policy.NewPlayer(l.opp, l.pol, l.dec).Decide(v, legal, pr)
	return a, pr.Of, ok
}

// screened discards the screen model's choice among m's best
// policy.ScreenKeep kinds (policy.Model.BestScreened).
type screened struct{ screen, m *policy.Model }

func (s *screened) Best(p *policy.Position) (tile.Kind, bool) {
	return s.screen.BestScreened(p, s.m, policy.ScreenKeep)
}
