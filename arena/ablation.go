package arena

import (
	"strings"

	"github.com/mjrank/mjrank/mc"
)

// Ablation is one switch of the mc engine an arena can turn: its name on
// the command line and in a result's MCVariant, what it does, how it sets
// the engine's mc.Lab and whether a lab has it set.
type Ablation struct {
	Name, Help string
	Set        func(*mc.Lab)
	Has        func(*mc.Lab) bool
}

// Ablations are the mc engine's switches, in the order MCVariant names
// them: the one list the flags, their help and the results read.
var Ablations = []Ablation{
	{"no-halving", "", func(o *mc.Lab) { o.NoHalving = true }, func(o *mc.Lab) bool { return o.NoHalving }},
	{"riichi-only", "opponents tenpai only in riichi",
		func(o *mc.Lab) { o.Opponents = mc.RiichiOnly }, func(o *mc.Lab) bool { return o.Opponents == mc.RiichiOnly }},
	{"raw-score", "maximise the round's points, not the final rank",
		func(o *mc.Lab) { o.RawScore = true }, func(o *mc.Lab) bool { return o.RawScore }},
	{"efficiency-prior", "the tile-efficiency discard as the prior move instead of the learned policy's",
		func(o *mc.Lab) { o.EfficiencyPrior = true }, func(o *mc.Lab) bool { return o.EfficiencyPrior }},
	{"no-calls", "opponents never call in the rollouts",
		func(o *mc.Lab) { o.NoOppCalls = true }, func(o *mc.Lab) bool { return o.NoOppCalls }},
	{"learned-rollout", "not an ablation: the seat's own turns in the rollouts played by the learned rollout model instead of the heuristic",
		func(o *mc.Lab) { o.Rollout = mc.LearnedRollout }, func(o *mc.Lab) bool { return o.Rollout == mc.LearnedRollout }},
	{"screened-rollout", "not an ablation: the learned rollout whose seat discards the policy's choice among the rollout model's best 3 candidates, as strong as the policy at about eight times the learned rollout's time; the rollout bot too",
		func(o *mc.Lab) { o.Rollout = mc.ScreenedRollout }, func(o *mc.Lab) bool { return o.Rollout == mc.ScreenedRollout }},
	{"no-seat-calls", "the seat never calls in the rollouts; the rollout bot then never calls either",
		func(o *mc.Lab) { o.NoSeatCalls = true }, func(o *mc.Lab) bool { return o.NoSeatCalls }},
	{"always-riichi", "riichi on every closed tenpai in the rollouts instead of riichi or dama by the rollout's riichi model; the rollout bot too",
		func(o *mc.Lab) { o.AlwaysRiichi = true }, func(o *mc.Lab) bool { return o.AlwaysRiichi }},
	{"rule-calls", "the seat's chis and pons in the rollouts by the hand-made rule instead of the rollout's call model; the rollout bot too",
		func(o *mc.Lab) { o.RuleCalls = true }, func(o *mc.Lab) bool { return o.RuleCalls }},
	{"rule-folds", "the learned rollout's seat folds by the heuristic's rule against a threat instead of discarding by its model throughout; the rollout bot too",
		func(o *mc.Lab) { o.RuleFolds = true }, func(o *mc.Lab) bool { return o.RuleFolds }},
	{"uniform-pool", "the learned rollout draws from a uniform shuffle of the unseen tiles instead of one weighted by the kinds opponents keep",
		func(o *mc.Lab) { o.UniformPool = true }, func(o *mc.Lab) bool { return o.UniformPool }},
	{"oracle", "not an ablation but its opposite, an experiment measuring what the hidden tiles are worth: the engine reads the opponents' hands and the wall from the true round; arena only",
		func(o *mc.Lab) { o.Oracle = mc.OracleAll }, func(o *mc.Lab) bool { return o.Oracle == mc.OracleAll }},
	{"oracle-hands", "the oracle's opponent states alone: each opponent's tenpai, ron kinds and hand value from its hand, the draws as without",
		func(o *mc.Lab) { o.Oracle = mc.OracleHands }, func(o *mc.Lab) bool { return o.Oracle == mc.OracleHands }},
	{"oracle-pool", "the oracle's draws alone: the opponents' concealed tiles out of the pool, their states predicted",
		func(o *mc.Lab) { o.Oracle = mc.OraclePool }, func(o *mc.Lab) bool { return o.Oracle == mc.OraclePool }},
	{"oracle-tenpai", "the oracle's tenpai alone: whether each opponent is tenpai from its hand, its ron kinds and value predicted",
		func(o *mc.Lab) { o.Oracle = mc.OracleTenpai }, func(o *mc.Lab) bool { return o.Oracle == mc.OracleTenpai }},
	{"no-belief", "the decision rule without the policy's belief: another move replaces the prior on 2 standard errors of its advantage alone",
		func(o *mc.Lab) { o.NoBelief = true }, func(o *mc.Lab) bool { return o.NoBelief }},
	{"four-player-rates", "with three players, the rollout's opponents play by the 4-player rates and never set a North aside (the engine before its 3-player rates)",
		func(o *mc.Lab) { o.FourPlayerRates = true }, func(o *mc.Lab) bool { return o.FourPlayerRates }},
}

// Alternatives reports whether switches a and b set one option to two
// values (the oracle's parts), so that only one of them can be on: b,
// set after a, turns a off.
func Alternatives(a, b *Ablation) bool {
	var o mc.Lab
	a.Set(&o)
	b.Set(&o)
	return !a.Has(&o)
}

// AblationNames lists the switches' names, comma-separated.
func AblationNames() string {
	names := make([]string, len(Ablations))
	for i, a := range Ablations {
		names[i] = a.Name
	}
	return strings.Join(names, ", ")
}

// AblationHelp lists the switches with what each does, for a flag's help.
func AblationHelp() string {
	parts := make([]string, len(Ablations))
	for i, a := range Ablations {
		parts[i] = a.Name
		if a.Help != "" {
			parts[i] += " (" + a.Help + ")"
		}
	}
	return strings.Join(parts, ", ")
}

// MCVariant names the mc engine's switches that o sets: "" for the full
// engine, else their names joined by "+", in the order of Ablations.
func MCVariant(o *mc.Lab) string {
	var v []string
	for _, a := range Ablations {
		if a.Has(o) {
			v = append(v, a.Name)
		}
	}
	return strings.Join(v, "+")
}
