package mc

import (
	"fmt"
	"runtime"
	"time"

	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// DefaultSims is the default simulation budget of a decision.
const DefaultSims = 20000

// MaxSims is the largest simulation budget of a decision: 500 times the
// default, hours of work, and bookkeeping of a few tens of MB (a larger
// budget asked for more than an int can size).
const MaxSims = 10_000_000

// DefaultMargin is the default of Options.Margin.
const DefaultMargin = 2.0

// DefaultPolicyWeight is the default of Options.PolicyWeight, in expected
// ranks per unit of log policy ratio (docs/ENGINE.md, "The decision rule",
// gives the figures that chose it).
const DefaultPolicyWeight = 0.05

// Options tune one analysis: what a user of the engine sets. The
// measuring tools' switches are apart, in [Lab].
type Options struct {
	// Sims is the simulation budget of the decision, shared out among the
	// candidates (0: DefaultSims; at most MaxSims). Every candidate is
	// simulated on the same worlds.
	Sims int
	// Time, if positive, stops the analysis when it runs out, within the
	// simulations already started (a chunk of worlds per worker); the
	// result then depends on the machine.
	Time time.Duration
	// Workers is the number of goroutines (0: GOMAXPROCS). The result does
	// not depend on it.
	Workers int
	// Seed and Decision key the random streams: simulation i draws from
	// (Seed, Decision, i).
	Seed, Decision uint64
	// Utility values the final ranks (nil: RankOnly, i.e. the expected rank).
	Utility *rankmodel.Utility
	// Rules of the game (nil: Tenhou's hanchan).
	Rules *game.Rules
	// Margin is how sure the simulations must be to play another move than
	// the prior one (the learned policy's discard, or the tile-efficiency
	// one, riichi when it makes the hand tenpai, pass on a call, a win when
	// legal): a move replaces it only if its mean advantage minus Margin
	// standard errors of the advantage is positive. 0: DefaultMargin;
	// negative: no prior, the best mean utility is played.
	Margin float64
	// PolicyWeight is how much the PriorPolicy's belief weighs against the
	// simulations' evidence: a discard i replaces the prior discard p only
	// if its lower bound (above) also exceeds PolicyWeight × ln(π_p / π_i),
	// where π is the policy's score of each kind. The
	// rollout's valuation is biased (docs/ENGINE.md, Fidelity); more
	// simulations shrink the standard error but not the bias, and this
	// term keeps a large budget from acting on a small advantage against a
	// move the policy holds far likelier. 0: DefaultPolicyWeight;
	// negative: none.
	PolicyWeight float64
	// PriorDiscards leaves the choice of the tile to the policy: the mc
	// bot's budget rule. It returns the prior move unsimulated, first of
	// the candidates, when every legal move is a discard (no riichi, call,
	// kan, win or kyuushu to choose); elsewhere it simulates one candidate
	// of each kind of move (oneDetailEach: the policy's discard, its
	// riichi tile, each call with its follow-up discard), so the budget
	// goes to the choice between kinds (docs/STRENGTH.md, "Where the
	// simulations pay", says why).
	PriorDiscards bool
	// Keep lists moves the successive halving must not drop (a review
	// keeps the move the player made, so that its verdict has the
	// pick's budget): every candidate that plays one (Candidate.Plays) is
	// simulated in every world the analysis runs, as the last stage's
	// survivors are, on top of the budget (Analysis.Sims counts it),
	// and carries Kept and VsBest. Nothing else changes: the move the
	// engine plays and the other candidates' figures are those of the
	// analysis without Keep (a kept move the halving would have dropped
	// does not compete for the pick). A move that no legal move plays is
	// an error. A decision PriorDiscards returns unsimulated stays so.
	Keep []Move
}

// OpponentMode says how the opponents' hidden state is guessed.
type OpponentMode uint8

// Opponent modes.
const (
	Models     OpponentMode = iota // the tenpai, wait and value models (default)
	RiichiOnly                     // ablation: tenpai only when in riichi, and never becoming tenpai
)

// Lab holds the switches that measure the engine or take a part of it
// away: ablations, the oracle's view of the hidden tiles, the rollout
// variants under trial and the opponent tally. Play never sets them; the
// measuring tools pass them through [Engine.AnalyzeLab] and
// [Engine.Predict]. The zero Lab is the engine as it plays.
type Lab struct {
	// NoHalving gives every candidate the same share of the budget instead
	// of successive halving.
	NoHalving bool
	// Opponents selects the opponent model.
	Opponents OpponentMode
	// NoOppCalls plays the rollout without opponent calls: noten
	// opponents then become tenpai at the rate of all turns.
	NoOppCalls bool
	// EfficiencyPrior makes the tile-efficiency discard the prior move even
	// when the engine has a PriorPolicy.
	EfficiencyPrior bool
	// RawScore maximises the expected points change of this round instead
	// of the final-rank utility.
	RawScore bool
	// NoBelief drops the policy's belief from the decision rule: another
	// move replaces the prior on Options.Margin standard errors of its
	// advantage alone, Options.PolicyWeight ignored.
	NoBelief bool
	// Rollout selects the seat's own play in the rollout (the zero value,
	// HeuristicRollout, is play's).
	Rollout RolloutPolicy
	// NoSeatCalls keeps the seat from calling in the rollout (by default it
	// chis and pons by the rollout's call model, or by ChooseCall without
	// one).
	NoSeatCalls bool
	// RuleCalls has the seat chi and pon in the rollout by the hand-made
	// rule ChooseCall instead of the rollout's call model.
	RuleCalls bool
	// RuleFolds has the learned rollout's seat (and the rollout bot) fold
	// by the rule against a threat, as the heuristic does (SeatFolds,
	// SafestByReading), instead of discarding by the model throughout.
	RuleFolds bool
	// AlwaysRiichi has the seat declare riichi on every closed tenpai in
	// the rollout; by default the rollout's riichi model decides riichi or
	// dama, when the engine has one.
	AlwaysRiichi bool
	// UniformPool has the learned rollout draw from a uniformly shuffled
	// pool of the unseen tiles: by default its pool is weighted by the
	// kinds opponents keep (opponent.HeldRatio), so that the wall holds
	// fewer middle kinds and more honours than a uniform split. The
	// heuristic rollout's pool is uniform (its rates were fitted on it).
	UniformPool bool
	// FourPlayerRates has a three-player rollout play its opponents by
	// the 4-player rates, none of them setting a North aside: the engine
	// before the 3-player rates (the baseline TestRates3Agreement
	// measures them against).
	FourPlayerRates bool
	// Truth is the full-information round of the position, read as Oracle
	// says: with OracleAll the opponents' tenpai, ron kinds and hand values
	// are read from it instead of predicted, and their concealed tiles
	// leave the pool of draws (the oracle run that measures what not
	// knowing them costs).
	Truth *game.Round
	// Oracle is what an analysis reads from Truth (OracleNone: nothing).
	Oracle Oracle
	// Tally, if set, is added the opponents' play in the simulations
	// (OpponentTally), to compare them with real players. Only Predict
	// reads it, with one worker.
	Tally *OpponentTally
}

// config is one analysis's settings: the user's, the lab's, and what
// Predict asks for.
type config struct {
	Options
	Lab
	// simulateOne simulates a decision of one candidate too, with the
	// whole budget (else it is returned unsimulated: there is nothing to
	// choose): Predict's prediction of one given move.
	simulateOne bool
	// followUp keeps, of a single chi or pon move, the candidate with
	// this follow-up discard (Predict).
	followUp *tile.Tile
	tc       *OpponentTally // the analysis's own counts for Lab.Tally
}

// withDefaults fills o's unset budget, workers and decision rule with
// the defaults, and returns the rules to play (Tenhou's hanchan unless
// o.Rules is set).
func (o *Options) withDefaults() (*game.Rules, error) {
	if o.Sims <= 0 {
		o.Sims = DefaultSims
	}
	if o.Sims > MaxSims {
		return nil, fmt.Errorf("mc: %d simulations: at most %d", o.Sims, MaxSims)
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Margin == 0 {
		o.Margin = DefaultMargin
	}
	if o.PolicyWeight == 0 {
		o.PolicyWeight = DefaultPolicyWeight
	}
	if o.Rules != nil {
		return o.Rules, nil
	}
	r := game.Tenhou(game.Hanchan)
	return &r, nil
}

func (o *Options) utility() rankmodel.Utility {
	if o.Utility == nil {
		return rankmodel.RankOnly
	}
	return *o.Utility
}

// policyWeight is the decision rule's weight of the policy's belief.
func (c *config) policyWeight() float64 {
	if c.NoBelief {
		return 0
	}
	return c.PolicyWeight
}
