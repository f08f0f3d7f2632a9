package mc

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Engine decides with the opponent and rank models it holds. It is safe
// for concurrent use.
type Engine struct {
	opp  *opponent.Models
	rank *rankmodel.Model
	pol  *policy.Model     // nil: the tile-efficiency prior
	dec  *policy.Decisions // riichi, call, kan and kyuushu models (nil: none)
	roll *policy.Model     // the rollout's discard model (nil: pol)
	// scratch holds the workers' memory between stages and decisions: a
	// worker's rank-distribution cache stays warm, and nothing of its
	// ~0.5 MB is allocated per stage.
	scratch *sync.Pool
}

// New returns an engine on the given models. Its prior move is the
// tile-efficiency discard until [Engine.WithPolicy] gives it a learned
// discard policy.
func New(opp *opponent.Models, rank *rankmodel.Model) *Engine {
	return &Engine{opp: opp, rank: rank, scratch: &sync.Pool{New: func() any { return &scratch{} }}}
}

// WithPolicy returns a copy of e whose prior move is the learned
// policy's (a [policy.Player] on the discard model p and the decision
// models dec, which may be nil), and whose decision rule weighs the
// simulations against that policy's belief ([policy.Prior]).
func (e *Engine) WithPolicy(p *policy.Model, dec *policy.Decisions) *Engine {
	c := *e
	c.pol, c.dec = p, dec
	return &c
}

// WithRollout returns a copy of e whose rollout plays the seat's turns
// with discard model m when Options.Rollout is LearnedRollout (by default
// the prior's model): a smaller model trades agreement for speed.
func (e *Engine) WithRollout(m *policy.Model) *Engine {
	c := *e
	c.roll = m
	return &c
}

// Default returns an engine on the embedded models, the discard policy
// included.
func Default() (*Engine, error) {
	opp, err := opponent.Default()
	if err != nil {
		return nil, err
	}
	rk, err := rankmodel.Default()
	if err != nil {
		return nil, err
	}
	pol, err := policy.Default()
	if err != nil {
		return nil, err
	}
	dec, err := policy.DefaultDecisions()
	if err != nil {
		return nil, err
	}
	e := New(opp, rk).WithPolicy(pol, dec)
	roll, err := policy.DefaultRollout()
	if err != nil {
		return nil, err
	}
	if roll != nil {
		e = e.WithRollout(roll)
	}
	return e, nil
}

// OpponentMode says how the opponents' hidden state is guessed.
type OpponentMode uint8

// Opponent modes.
const (
	Models     OpponentMode = iota // the tenpai, wait and value models (default)
	RiichiOnly                     // ablation: tenpai only when in riichi, and never becoming tenpai
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

// Options tune one analysis.
type Options struct {
	// Sims is the simulation budget of the decision, shared out among the
	// candidates (0: DefaultSims; at most MaxSims). Every candidate is simulated on the same
	// worlds.
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
	// SimulateOne simulates a decision of one candidate too, with the
	// whole budget (else it is returned unsimulated: there is nothing to
	// choose). Measuring uses it to predict the outcome of one given move
	// (mceval: the move the player made) with every simulation.
	SimulateOne bool
	// NoHalving gives every candidate the same share of the budget instead
	// of successive halving (an ablation).
	NoHalving bool
	// Opponents selects the opponent model (an ablation switch).
	Opponents OpponentMode
	// NoOppCalls plays the rollout without opponent calls (an ablation):
	// noten opponents then become tenpai at the rate of all turns.
	NoOppCalls bool
	// EfficiencyPrior makes the tile-efficiency discard the prior move even
	// when the engine has a learned discard policy (an ablation).
	EfficiencyPrior bool
	// RawScore maximises the expected points change of this round instead
	// of the final-rank utility (an ablation).
	RawScore bool
	// Margin is how sure the simulations must be to play another move than
	// the prior one (the learned policy's discard, or the tile-efficiency
	// one, riichi when it makes the hand tenpai, pass on a call, a win when
	// legal): a move replaces it
	// only if its mean advantage minus Margin standard errors of the
	// advantage is positive. 0: DefaultMargin; negative: no prior, the
	// best mean utility is played.
	Margin float64
	// Rollout selects the seat's own play in the rollout (an experiment
	// switch; the default is the heuristic).
	Rollout RolloutPolicy
	// NoSeatCalls keeps the seat from calling in the rollout (an
	// ablation; by default it chis and pons by the rollout's call model,
	// policy.RolloutCallModel, when the engine has the decision models).
	NoSeatCalls bool
	// RuleCalls has the seat chi and pon in the rollout by the hand-made
	// rule ChooseCall instead of the rollout's call model (an ablation).
	RuleCalls bool
	// RuleFolds has the learned rollout's seat (and the rollout bot) fold
	// by the rule against a threat, as the heuristic does (SeatFolds,
	// SafestByReading), instead of discarding by the model throughout (an
	// ablation: the rule cost the rollout bot 0.11 of average rank).
	RuleFolds bool
	// AlwaysRiichi has the seat declare riichi on every closed tenpai in
	// the rollout (an ablation): by default the rollout's riichi model
	// (policy.RolloutRiichiModel) decides riichi or dama, when the engine
	// has the decision models.
	AlwaysRiichi bool
	// UniformPool has the learned rollout draw from a uniformly shuffled
	// pool of the unseen tiles (an ablation): by default its pool is
	// weighted by the kinds opponents keep (opponent.HeldRatio), so that
	// the wall holds fewer middle kinds and more honours than a uniform
	// split. The heuristic rollout's pool is uniform (its rates were
	// fitted on it).
	UniformPool bool
	// NoBelief drops the policy's belief from the decision rule (an
	// ablation): another move replaces the prior on Margin standard errors
	// of its advantage alone, PolicyWeight ignored.
	NoBelief bool
	// PolicyWeight is how much the learned discard policy's belief weighs
	// against the simulations' evidence: a discard i replaces the prior
	// discard p only if its lower bound (above) also exceeds PolicyWeight ×
	// ln(π_p / π_i), where π is the policy's score of each kind. The
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
	// goes to the choice between kinds. Against its prior, the engine
	// gains where it parts on a call or a riichi and about nothing where
	// it parts on a discard (docs/STRENGTH.md, "Where the simulations
	// pay").
	PriorDiscards bool
	// Truth is the full-information round of the position, read as Oracle
	// says: with OracleAll the opponents' tenpai, ron kinds and hand values
	// are read from it instead of predicted, and their concealed tiles
	// leave the pool of draws (the oracle run that measures what not
	// knowing them costs). Never set it when playing.
	Truth *game.Round
	// Oracle is what an analysis reads from Truth (OracleNone: nothing).
	Oracle Oracle
	// Tally, if set, is added the opponents' play in the simulations
	// (OpponentTally), to compare them with real players. It needs
	// SimulateOne, a single move and one worker.
	Tally *OpponentTally
	tc    *OpponentTally // the analysis's own counts for Tally
	// followUp keeps, of a single chi or pon move, the candidate with
	// this follow-up discard (Predict).
	followUp *tile.Tile
}

// Predict simulates one move with the whole budget (Options.SimulateOne)
// and returns its candidate: its P(win), P(deal-in), P(draw) and points
// change predicted. A chi or pon is simulated with the follow-up discard
// given (a face of the hand after the call: the red five apart); discard
// is ignored for other moves. Measuring uses it to predict the outcome of
// the move a player made.
func (e *Engine) Predict(ctx context.Context, v game.View, a game.Action, discard tile.Tile, o Options) (*Candidate, error) {
	o.SimulateOne = true
	if a.Type == game.Chi || a.Type == game.Pon {
		o.followUp = &discard
	}
	an, err := e.Analyze(ctx, v, []game.Action{a}, o)
	if err != nil {
		return nil, err
	}
	return &an.Candidates[0], nil
}

func (o *Options) utility() rankmodel.Utility {
	if o.Utility == nil {
		return rankmodel.RankOnly
	}
	return *o.Utility
}

// Candidate is one legal move with what the simulations say of it.
type Candidate struct {
	Action game.Action
	// Discard follows a chi or pon (tile.NoTile otherwise): each follow-up
	// discard is a candidate of its own.
	Discard tile.Tile
	Sims    int
	// Utility is the mean utility (higher is better) and UtilitySE its
	// standard error.
	Utility, UtilitySE float64
	// ExpectedRank is the mean expected final rank (1..4), RankSE its
	// standard error.
	ExpectedRank, RankSE float64
	// RankDist is the mean P(final rank 1..4).
	RankDist [4]float64
	// RankPoints is the expected Houou rank points (rankmodel.HououPoints).
	RankPoints float64
	// PWin, PDealIn and PDraw: this round ends with the seat's win, its
	// deal-in, or an exhaustive draw.
	PWin, PDealIn, PDraw float64
	// ScoreChange is the mean change of the seat's points this round.
	ScoreChange float64
	// Prior marks the move the engine plays unless the simulations show
	// another to be better; Advantage is the mean utility over the prior
	// move in the same worlds, AdvantageSE its standard error.
	Prior                  bool
	Advantage, AdvantageSE float64
	// Policy is the learned policy's belief that a Houou player makes this
	// move (policy.Prior: the discard model's share of the kind, split by
	// the riichi model; a call's P with its follow-up discard's share;
	// pass, kans and kyuushu by their models); 0 for a win, a move of a
	// decision without its model, or without a policy.
	Policy float64
}

// String names the move: "discard 5m", "riichi 0p", "pon 777z, discard 3s".
func (c *Candidate) String() string {
	a := c.Action
	var s string
	switch a.Type {
	case game.Discard, game.Riichi, game.Ankan, game.Kakan:
		s = a.Type.String() + " " + a.Tile.String()
	case game.Chi, game.Pon, game.Daiminkan:
		s = a.Meld.String()
	default:
		s = a.Type.String()
	}
	if c.Discard != tile.NoTile {
		s += ", discard " + c.Discard.String()
	}
	return s
}

// Analysis is the engine's answer for one decision.
type Analysis struct {
	// Candidates, best first (by utility; ties keep the legal order).
	Candidates []Candidate
	// Sims is the number of simulations run, all candidates together.
	Sims int
	// Stages is the number of halving stages run.
	Stages  int
	Seconds float64
}

// Best returns the chosen move.
func (a *Analysis) Best() *Candidate { return &a.Candidates[0] }

// ErrNoCandidate is returned when no legal action is given.
var ErrNoCandidate = errors.New("mc: no legal action")

// Analyze simulates every legal move of v's seat (legal as the round gives
// them) and ranks them. Only what the seat may see is used.
func (e *Engine) Analyze(ctx context.Context, v game.View, legal []game.Action, o Options) (*Analysis, error) {
	start := time.Now()
	if len(legal) == 0 {
		return nil, ErrNoCandidate
	}
	rules, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	if an := e.learnedPriorDiscard(v, legal, &o, start); an != nil {
		return an, nil
	}
	var pub opponent.Public
	r := e.newRoot(v, rules, &o, &pub)
	cands, err := simulatedCandidates(r, legal, &o)
	if err != nil {
		return nil, err
	}
	if len(cands) == 1 && !o.SimulateOne {
		return &Analysis{Candidates: cands, Seconds: time.Since(start).Seconds()}, nil
	}
	ref := -1
	if e.pol != nil && !o.EfficiencyPrior {
		ref = e.learnedPrior(v, legal, cands)
	}
	if ref < 0 {
		ref = prior(r, cands)
	}
	if o.PriorDiscards {
		if onlyDiscards(legal) {
			return unsimulated(cands, ref, start), nil
		}
		cands, ref = oneDetailEach(cands, ref)
	}
	cands[ref].Prior = true
	st := newStats(len(cands))
	st.ref = ref
	var deadline time.Time
	if o.Time > 0 {
		deadline = start.Add(o.Time)
	}
	an, err := e.halve(ctx, r, &o, cands, st, deadline)
	if err != nil {
		return nil, err
	}
	if o.tc != nil {
		o.Tally.addDecision(o.tc, an.Sims)
	}
	an.Candidates = ranked(cands, st, &o)
	an.Seconds = time.Since(start).Seconds()
	return an, nil
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

// simulatedCandidates returns the candidates of the legal moves at r
// (only the follow-up of o.followUp when set), and readies the opponent
// tally of o.Tally, which counts one candidate on one worker.
func simulatedCandidates(r *root, legal []game.Action, o *Options) ([]Candidate, error) {
	cands := candidates(r, legal)
	if o.followUp != nil {
		var err error
		if cands, err = onlyFollowUp(cands, legal[0], *o.followUp); err != nil {
			return nil, err
		}
	}
	if o.Tally != nil {
		if !o.SimulateOne || len(cands) != 1 || o.Workers != 1 {
			return nil, errTallyWorkers
		}
		o.tc = &OpponentTally{}
	}
	return cands, nil
}

// ranked fills the candidates' figures from the simulations and orders
// them: the move the decision rule plays first, then the survivors of
// the last stage, each group by mean utility.
func ranked(cands []Candidate, st *stats, o *Options) []Candidate {
	for i := range cands {
		st.fill(i, &cands[i])
	}
	weight := o.PolicyWeight
	if o.NoBelief {
		weight = 0
	}
	best := choose(cands, st.ref, o.Margin, weight)
	cands[0], cands[best] = cands[best], cands[0]
	slices.SortStableFunc(cands[1:], func(a, b Candidate) int {
		if a.Sims != b.Sims {
			return b.Sims - a.Sims // the survivors of the last stage first
		}
		return cmp.Compare(b.Utility, a.Utility)
	})
	return cands
}

// onlyFollowUp keeps, of the candidates of a single chi or pon, the one
// followed by a discard of f's face (Predict).
func onlyFollowUp(cands []Candidate, a game.Action, f tile.Tile) ([]Candidate, error) {
	cands = slices.DeleteFunc(cands, func(c Candidate) bool { return c.Discard.Kind() != f.Kind() || c.Discard.Red() != f.Red() })
	if len(cands) == 0 {
		return nil, fmt.Errorf("mc: %v cannot be followed by a discard of %v", a, f)
	}
	return cands, nil
}

// halve runs the successive halving: each stage gives the surviving
// candidates an equal share of its budget, on the same worlds, and keeps
// the better half (and always the prior, st.ref) for the next. It stops
// early at the deadline (if not zero).
func (e *Engine) halve(ctx context.Context, r *root, o *Options, cands []Candidate, st *stats, deadline time.Time) (*Analysis, error) {
	active := make([]int, len(cands))
	for i := range active {
		active[i] = i
	}
	stages := 1
	if !o.NoHalving {
		stages = max(1, int(math.Ceil(math.Log2(float64(len(cands))))))
	}
	worlds := 0
	an := &Analysis{}
	for stage := range stages {
		upto := worlds + max(1, o.Sims/(stages*len(active)))
		done, err := e.simulate(ctx, r, o, cands, active, worlds, upto, st, deadline)
		if err != nil {
			return nil, err
		}
		an.Sims += (done - worlds) * len(active)
		worlds = done
		an.Stages = stage + 1
		if stage == stages-1 || done < upto {
			break
		}
		slices.SortStableFunc(active, func(a, b int) int { return cmp.Compare(st.mean(b), st.mean(a)) })
		active = active[:(len(active)+1)/2]
		if !slices.Contains(active, st.ref) {
			active[len(active)-1] = st.ref // the prior is always measured
		}
		slices.Sort(active)
	}
	return an, nil
}

// chunk is the number of worlds a worker takes at a time; results are
// summed per chunk and chunks merged in order, so the sums do not depend on
// which worker ran what.
const chunk = 8

// simulate runs worlds [from, upto) for the active candidates, and
// returns the end of those it ran: upto, or less once the deadline (if not
// zero) has passed, but never less than the analysis's first chunk.
// Workers take chunks in order and finish the one they took, so the
// worlds run are always a prefix.
func (e *Engine) simulate(ctx context.Context, r *root, o *Options, cands []Candidate, active []int, from, upto int, st *stats, deadline time.Time) (int, error) {
	nChunks := (upto - from + chunk - 1) / chunk
	parts := make([]stats, nChunks)
	for i := range parts {
		parts[i] = *newStats(len(cands))
		parts[i].ref = st.ref
	}
	var nextChunk atomic.Int64
	var stopped atomic.Bool
	p := pool.New().WithMaxGoroutines(o.Workers)
	for range min(o.Workers, nChunks) {
		p.Go(func() {
			sc := e.scratch.Get().(*scratch)
			defer e.scratch.Put(sc)
			for {
				// The deadline is read before a chunk is claimed, so every
				// claimed chunk runs and the chunks run are a prefix. The
				// analysis's first chunk runs whatever the clock says: a
				// deadline that passed while the root was built (a loaded
				// machine) still gets chunk worlds of every candidate.
				first := from == 0 && nextChunk.Load() == 0
				if stopped.Load() || (!first && !deadline.IsZero() && time.Now().After(deadline)) {
					stopped.Store(true)
					return
				}
				c := int(nextChunk.Add(1) - 1)
				if c >= nChunks {
					return
				}
				if ctx.Err() != nil {
					stopped.Store(true)
					return
				}
				lo := from + c*chunk
				hi := min(upto, lo+chunk)
				for i := lo; i < hi; i++ {
					e.world(r, o, cands, active, uint64(i), sc, &parts[c])
				}
			}
		})
	}
	p.Wait()
	if err := ctx.Err(); err != nil {
		return from, err
	}
	// Chunks are claimed in order and a claimed one runs: the first ones
	// ran. One not claimed holds nothing, so adding all is exact.
	ran := min(nChunks, int(nextChunk.Load()))
	for i := range parts {
		st.add(&parts[i])
	}
	return min(upto, from+ran*chunk), nil
}

// scratch is a worker's memory: nothing is allocated per simulation.
type scratch struct {
	w    world
	s    sim
	src  rand.PCG
	rng  *rand.Rand
	memo rankMemo
}

// streamKey mixes a seed and a decision number into one PCG seed word.
func streamKey(seed, decision uint64) uint64 {
	x := seed ^ (decision+0x9e3779b97f4a7c15)*0xbf58476d1ce4e5b9
	x ^= x >> 31
	return x * 0x94d049bb133111eb
}

// world samples world i and plays every active candidate in it.
func (e *Engine) world(r *root, o *Options, cands []Candidate, active []int, i uint64, sc *scratch, st *stats) {
	sc.src.Seed(streamKey(o.Seed, o.Decision), i)
	if sc.rng == nil {
		sc.rng = rand.New(&sc.src)
	}
	r.sample(sc.rng, &sc.w)
	models := o.Opponents == Models
	s := &sc.s
	s.calls = models && !o.NoOppCalls
	s.tc = o.tc
	play := func(ci int) {
		s.reset(r, &sc.w)
		s.apply(&cands[ci], models)
		if !s.over {
			s.play(models)
		}
		s.finish(e, o, &sc.memo)
	}
	// The prior move first: every other move is compared with it in the
	// same world.
	play(st.ref)
	st.record(st.ref, &s.out)
	refU := s.out.utility
	for _, ci := range active {
		if ci == st.ref {
			continue
		}
		play(ci)
		st.record(ci, &s.out)
		st.recordDiff(ci, s.out.utility-refU)
	}
}

// choose returns the candidate to play: the prior one, unless another's
// advantage over it exceeds margin standard errors and, between two
// discards the policy scored, weight × ln(policy ratio) (the largest such
// lower bound wins). Only the candidates of the last halving stage
// compete: one dropped early was measured on too few worlds for its
// standard error to mean much, and its advantage is the largest of a
// dozen noisy ones. A negative margin plays the best mean utility.
func choose(cands []Candidate, ref int, margin, weight float64) int {
	best := ref
	if margin < 0 {
		for i := range cands {
			if cands[i].Sims > 0 && cands[i].Utility > cands[best].Utility {
				best = i
			}
		}
		return best
	}
	bound := 0.0
	for i := range cands {
		c := &cands[i]
		if i == ref || c.Sims < 2 || c.Sims < cands[ref].Sims || math.IsNaN(c.AdvantageSE) {
			continue
		}
		lb := c.Advantage - margin*c.AdvantageSE
		if weight > 0 {
			lb -= weight * policyGap(&cands[ref], c)
		}
		if lb > bound {
			best, bound = i, lb
		}
	}
	return best
}

// minPolicy bounds the policy scores whose ratio policyGap takes: the
// model's scores of hopeless discards differ by orders of magnitude that
// mean nothing.
const minPolicy = 1e-4

// policyGap is ln(π_ref / π_c) when both moves are discards the policy
// scored, else 0.
func policyGap(ref, c *Candidate) float64 {
	if ref.Policy <= 0 || c.Policy <= 0 {
		return 0
	}
	return math.Log(max(ref.Policy, minPolicy) / max(c.Policy, minPolicy))
}

// learnedPriorDiscard returns, under Options.PriorDiscards, the learned
// prior's discard of a decision whose only choice is the discard, or nil
// (another decision, or an engine without a learned prior: Analyze then
// finds its prior on the root). It builds no root: the opponents'
// predictions are for the simulations, and none is run.
func (e *Engine) learnedPriorDiscard(v game.View, legal []game.Action, o *Options, start time.Time) *Analysis {
	if !o.PriorDiscards || len(legal) < 2 || o.Tally != nil || e.pol == nil || o.EfficiencyPrior || !onlyDiscards(legal) {
		return nil
	}
	cands := candidates(nil, legal) // discards only: the root is not read
	ref := e.learnedPrior(v, legal, cands)
	if ref < 0 {
		return nil
	}
	return unsimulated(cands, ref, start)
}

// unsimulated returns the analysis that plays the prior cands[ref]
// without simulating: the prior first, marked.
func unsimulated(cands []Candidate, ref int, start time.Time) *Analysis {
	cands[ref].Prior = true
	cands[0], cands[ref] = cands[ref], cands[0]
	return &Analysis{Candidates: cands, Seconds: time.Since(start).Seconds()}
}

// oneDetailEach returns the candidates with one of each kind of move: of
// the discards, of the riichi declarations, and of each chi or pon's
// follow-up discards, only the one the policy believes most (the first of
// the likeliest; the prior cands[ref] for its own kind); a kind whose
// kept candidate has no belief (no model) keeps all of its candidates.
// It returns them in their order, and the prior's new index. The choice
// of the tile is the policy's; comparing a dozen tiles of one call would
// also spread the budget thin and let the luckiest follow-up of a call
// stand for it (the maximum of noisy means is biased up).
func oneDetailEach(cands []Candidate, ref int) ([]Candidate, int) {
	sameKind := func(a, b *game.Action) bool {
		if a.Type != b.Type {
			return false
		}
		switch a.Type {
		case game.Discard, game.Riichi:
			return true
		case game.Chi, game.Pon:
			return a.Meld == b.Meld
		}
		return *a == *b
	}
	kept := func(i int) int { // the candidate kept of i's kind
		best := -1
		for j := range cands {
			if !sameKind(&cands[i].Action, &cands[j].Action) {
				continue
			}
			if j == ref {
				return ref
			}
			if best < 0 || cands[j].Policy > cands[best].Policy {
				best = j
			}
		}
		return best
	}
	out := cands[:0:0]
	nref := -1
	for i := range cands {
		if k := kept(i); k != i && cands[k].Policy > 0 {
			continue
		}
		if i == ref {
			nref = len(out)
		}
		out = append(out, cands[i])
	}
	return out, nref
}

// onlyDiscards says whether every legal move is a discard.
func onlyDiscards(legal []game.Action) bool {
	return !slices.ContainsFunc(legal, func(a game.Action) bool { return a.Type != game.Discard })
}

// learnedPrior fills the Policy belief of every candidate and returns
// the one the learned policy plays (after a call, its likeliest discard),
// or -1 when the policy leaves the decision to the rules.
func (e *Engine) learnedPrior(v game.View, legal []game.Action, cands []Candidate) int {
	pl := policy.NewPlayer(e.opp, e.pol, e.dec)
	var pr policy.Prior
	a, ok := pl.Decide(v, legal, &pr)
	for i := range cands {
		cands[i].Policy = pr.Of(cands[i].Action, cands[i].Discard)
	}
	if !ok {
		return -1
	}
	best := -1
	for i := range cands {
		if cands[i].Action == a && (best < 0 || cands[i].Policy > cands[best].Policy) {
			best = i
		}
	}
	return best
}

// prior returns the candidate played without evidence against it when
// the engine has no learned policy (or its ablation asks for this one): a
// win when legal; on a call, pass; in riichi, the drawn tile; else the
// tile-efficiency discard (lowest shanten, then most tiles that lower it),
// declaring riichi when the discard leaves the hand tenpai and riichi is
// legal.
func prior(r *root, cands []Candidate) int {
	find := func(t game.ActionType, k tile.Kind) int {
		at := -1
		for i := range cands {
			a := cands[i].Action
			if a.Type == t && (k == tile.NoKind || a.Tile.Kind() == k) && (at < 0 || cands[at].Action.Tile.Red()) {
				at = i
			}
		}
		return at
	}
	for _, t := range []game.ActionType{game.Tsumo, game.Ron, game.Pass} {
		if i := find(t, tile.NoKind); i >= 0 {
			return i
		}
	}
	if r.riichi && r.drawn != tile.NoTile {
		if i := find(game.Discard, r.drawn.Kind()); i >= 0 {
			return i
		}
	}
	var c, vis tile.Counts
	for _, t := range r.hand[:r.n] {
		c[t.Kind()]++
	}
	for k := range vis {
		vis[k] = 4 - c[k]
	}
	for _, t := range r.unseen[:r.nUnseen] {
		vis[t.Kind()]-- // what the seat sees outside its hand
	}
	var buf [14]hand.Discard
	ds := hand.Discards(&c, &vis, buf[:0])
	for _, d := range ds {
		if d.Shanten == 0 {
			if i := find(game.Riichi, d.Kind); i >= 0 {
				return i
			}
		}
		if i := find(game.Discard, d.Kind); i >= 0 {
			return i
		}
	}
	return 0
}

// candidates lists the moves to simulate: every legal action, a chi or pon
// once per follow-up discard.
func candidates(r *root, legal []game.Action) []Candidate {
	var out []Candidate
	for _, a := range legal {
		if a.Type != game.Chi && a.Type != game.Pon {
			out = append(out, Candidate{Action: a, Discard: tile.NoTile})
			continue
		}
		// The hand after the call, without the kinds kuikae bans.
		var rest [score.MaxHand]tile.Tile
		n := 0
		used := [2]bool{}
	outer:
		for _, t := range r.hand[:r.n] {
			for j, m := range a.Meld.Tiles[1:3] {
				if t == m && !used[j] {
					used[j] = true
					continue outer
				}
			}
			rest[n] = t
			n++
		}
		ban := game.KuikaeBan(a.Meld)
		var faces [tile.NumKinds + 3]bool
		for _, t := range rest[:n] {
			if ban.Has(t.Kind()) {
				continue
			}
			f := int(t.Kind())
			if t.Red() {
				f = tile.NumKinds + int(t.Kind())/9
			}
			if faces[f] {
				continue
			}
			faces[f] = true
			out = append(out, Candidate{Action: a, Discard: t})
		}
	}
	return out
}

// apply plays the candidate's first move in the simulation.
func (s *sim) apply(c *Candidate, models bool) {
	r := s.r
	a := c.Action
	switch a.Type {
	case game.Discard, game.Riichi:
		s.discard(a.Tile, a.Type == game.Riichi)
	case game.Tsumo:
		s.drawn = r.drawn
		if !s.tryTsumo() {
			// Not a win after all (cannot happen for a legal tsumo): play on.
			s.ownTurn()
		}
	case game.KyuushuKyuuhai:
		s.end(game.NineTerminals, true)
	case game.Ankan:
		s.applyAnkan(a.Tile.Kind())
	case game.Kakan:
		s.applyKakan(a.Tile)
	case game.Pass:
		s.applyPass()
	case game.Ron:
		s.applyRon()
	case game.Chi, game.Pon, game.Daiminkan:
		s.applyCall(a.Meld, c.Discard)
	}
}

// applyAnkan: the seat's closed kan of kind k, then its replacement draw.
func (s *sim) applyAnkan(k tile.Kind) {
	// The meld holds the four tiles of the kind (a meld of one tile and
	// three zero ids made every later win of the seat fail to score).
	m := score.Meld{Type: score.Ankan}
	i := 0
	for _, t := range s.hand[:s.n] {
		if t.Kind() == k && i < len(m.Tiles) {
			m.Tiles[i] = t
			i++
		}
	}
	for _, t := range m.Tiles[:i] {
		s.remove(t)
	}
	s.seenAdd[k] += 4
	s.addMeld(m)
	s.kanDora(true)
	s.kanDraw()
}

// applyKakan: the seat adds t to its pon; the opponents waiting on it may
// rob the kan; else the replacement draw.
func (s *sim) applyKakan(t tile.Tile) {
	k := t.Kind()
	s.remove(t)
	s.seenAdd[k]++
	for i := range s.melds[:s.nm] {
		if m := &s.melds[i]; m.Type == score.Pon && m.Kind() == k {
			m.Type, m.Tiles[3] = score.Kakan, t
		}
	}
	s.ippatsu, s.firstGo = false, false
	// Chankan by the opponents waiting on it.
	if s.ronBy(t, s.r.me, ronAuto) {
		return
	}
	s.kanDora(false)
	s.kanDraw()
}

// applyPass: the seat declines the tile it is answering.
func (s *sim) applyPass() {
	r := s.r
	if r.phase == game.PhaseChankan {
		s.next = r.cur
		s.tryRonPassed(r.last)
		return
	}
	if !s.ronBy(r.last, r.cur, ronDecline) {
		s.rootAnswered()
		s.next = (r.cur + 1) % 4
	}
}

// applyRon: the seat rons the tile it is answering (with any opponent
// that rons it too).
func (s *sim) applyRon() {
	r := s.r
	if r.phase == game.PhaseChankan {
		// The opponents do not rob a kan (see applyPass).
		s.fillWin(r.last, false, r.cur)
		s.win.Chankan = true
		if res, err := score.Score(&s.win, &r.rules.Score); err == nil {
			s.settle(&res, r.me)
			return
		}
	} else if s.ronBy(r.last, r.cur, ronTake) {
		return
	}
	// Not a win after all (cannot happen for a legal ron): play on.
	s.rootAnswered()
	s.next = (r.cur + 1) % 4
}

// applyCall: the seat calls m (chi or pon, then discards follow; or an
// open kan, then its replacement draw), unless an opponent rons the tile
// first.
func (s *sim) applyCall(m score.Meld, follow tile.Tile) {
	r := s.r
	if s.ronBy(r.last, r.cur, ronDecline) {
		return
	}
	s.rootAnswered()
	for _, t := range m.Tiles[1:m.Type.Size()] {
		s.remove(t)
		s.seenAdd[t.Kind()]++
	}
	s.addMeld(m)
	if m.Type == score.Daiminkan {
		s.kanDora(false)
		s.kanDraw()
		return
	}
	s.discard(follow, false)
}

// addMeld adds the seat's call or kan; like any call or kan it ends
// ippatsu and the first go-around.
func (s *sim) addMeld(m score.Meld) {
	s.melds[s.nm] = m
	s.nm++
	s.ippatsu, s.firstGo = false, false
	if m.Open() {
		s.closed = false
	}
}

// rootAnswered: nobody ronned the discard answered at the root; a riichi
// declared with it is accepted, its stick paid.
func (s *sim) rootAnswered() {
	if s.r.pendingRiichi {
		s.scores[s.r.cur] -= 1000
		s.sticks++
	}
}

// kanDraw: the replacement draw after the seat's kan, then its turn.
func (s *sim) kanDraw() {
	s.drawn, s.rinshan = s.take(), true
	s.live--
	s.add(s.drawn)
	s.ownTurn()
}

// tryRonPassed: the seat declined a ron on t; furiten follows.
func (s *sim) tryRonPassed(t tile.Tile) {
	if s.waits.Has(t.Kind()) {
		s.tempFuriten = true
		if s.riichi {
			s.riichiFur = true
		}
	}
}

// stats sums the outcomes per candidate.
type stats struct {
	n                 []int
	u, u2, er, er2    []float64
	dist              [][4]float64
	win, dealIn, draw []int
	delta             []float64
	rankPoints        []float64
	nd                []int     // worlds compared with the prior move
	d, d2             []float64 // utility minus the prior move's
	ref               int       // the prior move
}

func newStats(k int) *stats {
	return &stats{n: make([]int, k), u: make([]float64, k), u2: make([]float64, k), er: make([]float64, k),
		er2: make([]float64, k), dist: make([][4]float64, k), win: make([]int, k), dealIn: make([]int, k),
		draw: make([]int, k), delta: make([]float64, k), rankPoints: make([]float64, k),
		nd: make([]int, k), d: make([]float64, k), d2: make([]float64, k)}
}

func (st *stats) recordDiff(c int, d float64) {
	st.nd[c]++
	st.d[c] += d
	st.d2[c] += d * d
}

func (st *stats) record(c int, o *outcome) {
	st.n[c]++
	st.u[c] += o.utility
	st.u2[c] += o.utility * o.utility
	er := rankmodel.ExpectedRank(o.dist)
	st.er[c] += er
	st.er2[c] += er * er
	for k := range 4 {
		st.dist[c][k] += o.dist[k]
	}
	st.rankPoints[c] += rankmodel.HououPoints.Expected(o.dist)
	if o.won {
		st.win[c]++
	}
	if o.dealtIn {
		st.dealIn[c]++
	}
	if o.draw {
		st.draw[c]++
	}
	st.delta[c] += float64(o.delta)
}

func (st *stats) add(o *stats) {
	for c := range st.n {
		st.n[c] += o.n[c]
		st.u[c] += o.u[c]
		st.u2[c] += o.u2[c]
		st.er[c] += o.er[c]
		st.er2[c] += o.er2[c]
		for k := range 4 {
			st.dist[c][k] += o.dist[c][k]
		}
		st.win[c] += o.win[c]
		st.dealIn[c] += o.dealIn[c]
		st.draw[c] += o.draw[c]
		st.delta[c] += o.delta[c]
		st.rankPoints[c] += o.rankPoints[c]
		st.nd[c] += o.nd[c]
		st.d[c] += o.d[c]
		st.d2[c] += o.d2[c]
	}
}

func (st *stats) mean(c int) float64 {
	if st.n[c] == 0 {
		return math.Inf(-1)
	}
	return st.u[c] / float64(st.n[c])
}

func se(sum, sum2 float64, n int) float64 {
	if n < 2 {
		return math.NaN()
	}
	m := sum / float64(n)
	v := (sum2/float64(n) - m*m) * float64(n) / float64(n-1)
	return math.Sqrt(max(0, v) / float64(n))
}

func (st *stats) fill(c int, out *Candidate) {
	n := st.n[c]
	out.Sims = n
	if n == 0 {
		return
	}
	f := float64(n)
	out.Utility = st.u[c] / f
	out.UtilitySE = se(st.u[c], st.u2[c], n)
	out.ExpectedRank = st.er[c] / f
	out.RankSE = se(st.er[c], st.er2[c], n)
	for k := range 4 {
		out.RankDist[k] = st.dist[c][k] / f
	}
	out.RankPoints = st.rankPoints[c] / f
	out.PWin = float64(st.win[c]) / f
	out.PDealIn = float64(st.dealIn[c]) / f
	out.PDraw = float64(st.draw[c]) / f
	out.ScoreChange = st.delta[c] / f
	if nd := st.nd[c]; nd > 0 {
		out.Advantage = st.d[c] / float64(nd)
		out.AdvantageSE = se(st.d[c], st.d2[c], nd)
	}
}

// String names the engine's models.
func (e *Engine) String() string {
	return fmt.Sprintf("mc engine (%s, %s)", e.opp.Cards[0].File, e.rank.Card.File)
}
