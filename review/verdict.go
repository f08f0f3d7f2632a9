package review

import (
	"math"

	"github.com/mjrank/mjrank/mc"
)

// Verdict is how the move a player made stands against the move the
// engine plays, judged on the simulations of both in the same worlds.
type Verdict string

// Verdicts.
const (
	// VerdictBest: the played move is the engine's pick.
	VerdictBest Verdict = "best"
	// VerdictBetter: it simulates better than the pick by more than
	// VerdictMargin standard errors of the paired loss. The engine still
	// plays its pick: it keeps its prior move (the policy's) unless
	// another beats that by its margin and the policy's doubt, so a
	// player's move can be better than the pick.
	VerdictBetter Verdict = "better"
	// VerdictAsGood: the loss is within VerdictMargin standard errors of
	// 0; the simulations cannot tell the two moves apart.
	VerdictAsGood Verdict = "as_good"
	// VerdictWorse: it simulates worse by more than VerdictMargin
	// standard errors.
	VerdictWorse Verdict = "worse"
	// VerdictUnjudged: no paired loss to judge by (the move was not kept
	// through the halving, mc.Options.Keep, or was simulated in fewer
	// than two worlds).
	VerdictUnjudged Verdict = "unjudged"
)

// VerdictMargin is how many standard errors of its paired loss a played
// move must be from the pick to be judged better or worse: the engine's
// own margin for playing another move than its prior.
const VerdictMargin = mc.DefaultMargin

// Judge returns the verdict on played, a candidate of an: VerdictBest when
// it is an.Best(), else by its loss in utility against the pick paired
// over the same worlds (played.VsBest: the measure the engine chooses by,
// the expected final rank under the default utility).
func Judge(an *mc.Analysis, played *mc.Candidate) Verdict {
	if played == an.Best() {
		return VerdictBest
	}
	l := played.VsBest
	if l.Sims < 2 || math.IsNaN(l.UtilitySE) {
		return VerdictUnjudged
	}
	switch {
	case l.Utility < -VerdictMargin*l.UtilitySE:
		return VerdictBetter
	case l.Utility > VerdictMargin*l.UtilitySE:
		return VerdictWorse
	}
	return VerdictAsGood
}

// Agrees says whether the verdict is no disagreement with the engine: the
// pick, or a move the simulations find as good or better.
func (v Verdict) Agrees() bool {
	return v == VerdictBest || v == VerdictBetter || v == VerdictAsGood
}
