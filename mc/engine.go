package mc

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Engine decides with the predictors it holds. It is safe for concurrent
// use.
type Engine struct {
	opp   OpponentReader
	rank  RankPredictor
	opp3  OpponentReader // three players' (Predictors.Opponents3)
	rank3 RankPredictor  // three players' (Predictors.Rank3)
	prior PriorPolicy    // nil: the rule-based prior
	roll  RolloutModels
	// three is the engine of three-player decisions when its prior or
	// rollout models differ (Predictors.Prior3, Rollout3): a copy with
	// those, sharing the scratch. Nil: this one.
	three *Engine
	// scratch holds the workers' memory between stages and decisions: a
	// worker's rank-distribution cache stays warm, and none of it is
	// allocated per stage.
	scratch *sync.Pool
}

// New returns an engine on predictors p; their Opponents and Rank are
// required.
func New(p Predictors) (*Engine, error) {
	if p.Opponents == nil || p.Rank == nil {
		return nil, errPredictors
	}
	opp3, rank3 := p.Opponents3, p.Rank3
	if opp3 == nil {
		opp3 = p.Opponents
	}
	if rank3 == nil {
		rank3 = FoldedRank{p.Rank}
	}
	e := &Engine{opp: p.Opponents, opp3: opp3, rank: p.Rank, rank3: rank3, prior: p.Prior, roll: p.Rollout,
		scratch: &sync.Pool{New: func() any { return &scratch{} }}}
	if p.Prior3 != nil || p.Rollout3 != nil {
		t := *e
		if p.Prior3 != nil {
			t.prior = p.Prior3
		}
		if p.Rollout3 != nil {
			t.roll = *p.Rollout3
		}
		e.three = &t
	}
	return e, nil
}

// ModelSet holds the learned models an engine is wired from ([FromModels]).
type ModelSet struct {
	Opponents *opponent.Models
	Rank      *rankmodel.Model
	// Opponents3 and Rank3 are the three-player models (nil: none; the
	// engine then reads three-player games with the four-player ones,
	// Predictors).
	Opponents3 *opponent.Models
	Rank3      *rankmodel.Model
	// Policy3, Decisions3 and Rollout3 are the three-player policy
	// models (nil: the four-player ones read three-player views).
	Policy3    *policy.Model
	Decisions3 *policy.Decisions
	Rollout3   *policy.Model
	Policy     *policy.Model
	Decisions  *policy.Decisions
	Rollout    *policy.Model
}

// DefaultModels returns the models embedded in the binary, each loaded
// once a process.
func DefaultModels() (ModelSet, error) {
	var m ModelSet
	var err error
	if m.Opponents, err = opponent.Default(); err != nil {
		return m, err
	}
	if m.Rank, err = rankmodel.Default(); err != nil {
		return m, err
	}
	if m.Opponents3, m.Rank3, err = defaultModels3(); err != nil {
		return m, err
	}
	// The policy embeds its three-player models (policy/models/3p).
	if m.Policy3, err = policy.DefaultFor(3); err != nil {
		return m, err
	}
	if m.Decisions3, err = policy.DefaultDecisionsFor(3); err != nil {
		return m, err
	}
	if m.Rollout3, err = policy.DefaultRolloutFor(3); err != nil {
		return m, err
	}
	if m.Policy, err = policy.Default(); err != nil {
		return m, err
	}
	if m.Decisions, err = policy.DefaultDecisions(); err != nil {
		return m, err
	}
	m.Rollout, err = policy.DefaultRollout()
	return m, err
}

// Predictors wires m ([FromModels], and the three-player models).
func (m ModelSet) Predictors() Predictors {
	p := FromModels(m.Opponents, m.Rank, m.Policy, m.Decisions, m.Rollout)
	if m.Opponents3 != nil { // an interface holding a nil pointer is not nil
		p.Opponents3 = m.Opponents3
	}
	if m.Rank3 != nil {
		p.Rank3 = m.Rank3
	}
	if m.Policy3 != nil {
		opp := m.Opponents3
		if opp == nil {
			opp = m.Opponents
		}
		p3 := FromModels(opp, nil, m.Policy3, m.Decisions3, m.Rollout3)
		p.Prior3, p.Rollout3 = p3.Prior, &p3.Rollout
	}
	return p
}

// defaultModels3 returns the embedded three-player models, each nil while
// the binary embeds none (rankmodel/models/3p and opponent/models/3p hold
// only their README until a three-player model is trained); an embedded
// model that does not load is an error.
func defaultModels3() (*opponent.Models, *rankmodel.Model, error) {
	var opp *opponent.Models
	var rank *rankmodel.Model
	var err error
	if embeds(opponent.EmbeddedFS(), "models/3p/"+opponent.NameFor(opponent.TenpaiModel, 3)+"-*") {
		if opp, err = opponent.DefaultFor(3); err != nil {
			return nil, nil, err
		}
	}
	if embeds(rankmodel.EmbeddedFS(), "models/3p/"+rankmodel.ModelName3+"-*") {
		if rank, err = rankmodel.DefaultFor(3); err != nil {
			return nil, nil, err
		}
	}
	return opp, rank, nil
}

// embeds reports whether fsys holds a file matching pattern.
func embeds(fsys fs.FS, pattern string) bool {
	m, err := fs.Glob(fsys, pattern)
	return err == nil && len(m) > 0
}

// Default returns an engine on the embedded models: the opponent and rank
// models, the discard policy and its decision models as the prior, and
// the rollout's models ([FromModels]).
func Default() (*Engine, error) {
	m, err := DefaultModels()
	if err != nil {
		return nil, err
	}
	return New(m.Predictors())
}

// ErrNoCandidate is returned when no legal action is given.
var ErrNoCandidate = errors.New("mc: no legal action")

// Analyze simulates every legal move of v's seat (legal as the round gives
// them) and ranks them. Only what the seat may see is used.
func (e *Engine) Analyze(ctx context.Context, v game.View, legal []game.Action, o Options) (*Analysis, error) {
	return e.analyzeFor(ctx, v, legal, &config{Options: o})
}

// AnalyzeLab is Analyze with the measuring tools' switches lab. An
// oracle's lab reads lab.Truth, which no player sees.
func (e *Engine) AnalyzeLab(ctx context.Context, v game.View, legal []game.Action, o Options, lab Lab) (*Analysis, error) {
	return e.analyzeFor(ctx, v, legal, &config{Options: o, Lab: lab})
}

// ErrSanmaRankPoints refuses the Houou rank points as the utility of a
// three-player decision: rankmodel.HououPoints is Tenhou's 4-player
// table, and its 3-player one (the first place paid, the third charged)
// is not known to mjrank.
var ErrSanmaRankPoints = errors.New("mc: Houou rank points (rankmodel.HououPoints) are Tenhou's 4-player table; the 3-player one is not known, so a three-player decision cannot be valued by them")

// analyzeFor is analyze for the exported entry points: it refuses rank
// points as a three-player utility and marks a three-player analysis as
// without rank points.
func (e *Engine) analyzeFor(ctx context.Context, v game.View, legal []game.Action, o *config) (*Analysis, error) {
	three := v.Players() == 3
	if three && o.Utility != nil && *o.Utility == rankmodel.HououPoints {
		return nil, ErrSanmaRankPoints
	}
	an, err := e.analyze(ctx, v, legal, o)
	if err != nil {
		return nil, err
	}
	an.NoRankPoints = three
	return an, nil
}

// Predict simulates one move with the whole budget and returns its
// candidate: its P(win), P(deal-in), P(draw) and points change predicted.
// A chi or pon is simulated with the follow-up discard given (a face of
// the hand after the call: the red five apart); discard is ignored for
// other moves. Measuring uses it to predict the outcome of the move a
// player made; lab.Tally, if set, is added the opponents' play in its
// simulations.
func (e *Engine) Predict(ctx context.Context, v game.View, a game.Action, discard tile.Tile, o Options, lab Lab) (*Candidate, error) {
	c := &config{Options: o, Lab: lab, simulateOne: true}
	if a.Type == game.Chi || a.Type == game.Pon {
		c.followUp = &discard
	}
	an, err := e.analyzeFor(ctx, v, []game.Action{a}, c)
	if err != nil {
		return nil, err
	}
	return &an.Candidates[0], nil
}

// analyze is Analyze under settings o.
func (e *Engine) analyze(ctx context.Context, v game.View, legal []game.Action, o *config) (*Analysis, error) {
	if e.three != nil && v.Players() == 3 {
		return e.three.analyze(ctx, v, legal, o)
	}
	start := time.Now()
	if len(legal) == 0 {
		return nil, ErrNoCandidate
	}
	rules, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	if np := v.Players(); np != rules.Players() {
		return nil, fmt.Errorf("mc: the round has %d players, the rules (Options.Rules) %d", np, rules.Players())
	}
	if an := e.priorDiscard(v, legal, o, start); an != nil {
		return an, nil
	}
	var pub opponent.Public
	r := e.newRoot(v, rules, o, &pub)
	cands, err := simulatedCandidates(r, legal, o)
	if err != nil {
		return nil, err
	}
	if err := markKept(cands, o.Keep); err != nil {
		return nil, err
	}
	if len(cands) == 1 && !o.simulateOne {
		return &Analysis{Candidates: cands, Seconds: time.Since(start).Seconds()}, nil
	}
	ref := e.priorCandidate(v, legal, r, cands, o)
	if o.PriorDiscards {
		if onlyDiscards(legal) {
			return unsimulated(cands, ref, start), nil
		}
		cands, ref = oneDetailEach(cands, ref)
	}
	cands[ref].Prior = true
	st := newStats(len(cands))
	st.ref = ref
	st.withKeep(keptIndices(cands), len(cands))
	var deadline time.Time
	if o.Time > 0 {
		deadline = start.Add(o.Time)
	}
	an, err := e.halve(ctx, r, o, cands, st, deadline)
	if err != nil {
		return nil, err
	}
	if o.tc != nil {
		o.Tally.addDecision(o.tc, an.Sims)
	}
	an.Candidates = ranked(cands, st, o)
	an.Seconds = time.Since(start).Seconds()
	return an, nil
}

// simulatedCandidates returns the candidates of the legal moves at r
// (only the follow-up of o.followUp when set), and readies the opponent
// tally of o.Tally, which counts one candidate on one worker.
func simulatedCandidates(r *root, legal []game.Action, o *config) ([]Candidate, error) {
	cands := candidates(r, legal)
	if o.followUp != nil {
		var err error
		if cands, err = onlyFollowUp(cands, legal[0], *o.followUp); err != nil {
			return nil, err
		}
	}
	if o.Tally != nil {
		if !o.simulateOne || len(cands) != 1 || o.Workers != 1 {
			return nil, errTallyWorkers
		}
		o.tc = &OpponentTally{}
	}
	return cands, nil
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
func (e *Engine) simulate(ctx context.Context, r *root, o *config, cands []Candidate, active []int, from, upto int, st *stats, deadline time.Time) (int, error) {
	nChunks := (upto - from + chunk - 1) / chunk
	parts := make([]stats, nChunks)
	for i := range parts {
		parts[i] = st.part()
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
	vals []values // each candidate's values in the world, for the pairs
}

// streamKey mixes a seed and a decision number into one PCG seed word.
func streamKey(seed, decision uint64) uint64 {
	x := seed ^ (decision+0x9e3779b97f4a7c15)*0xbf58476d1ce4e5b9
	x ^= x >> 31
	return x * 0x94d049bb133111eb
}

// sample samples world i into sc.w.
func (sc *scratch) sample(r *root, o *config, i uint64) {
	sc.src.Seed(streamKey(o.Seed, o.Decision), i)
	if sc.rng == nil {
		sc.rng = rand.New(&sc.src)
	}
	r.sample(sc.rng, &sc.w)
	s := &sc.s
	s.calls = o.Opponents == Models && !o.NoOppCalls
	s.tc = o.tc
}

// playOut plays candidate c in the world sampled to the round's end: its
// outcome is sc.s.out.
func (e *Engine) playOut(r *root, o *config, c *Candidate, sc *scratch) {
	models := o.Opponents == Models
	s := &sc.s
	s.reset(r, &sc.w)
	s.apply(c, models)
	if !s.over {
		s.play(models)
	}
	s.finish(e, o, &sc.memo)
}

// world samples world i and plays every active candidate in it.
func (e *Engine) world(r *root, o *config, cands []Candidate, active []int, i uint64, sc *scratch, st *stats) {
	sc.sample(r, o, i)
	s := &sc.s
	play := func(ci int) { e.playOut(r, o, &cands[ci], sc) }
	// The prior move first: every other move is compared with it in the
	// same world.
	pairs := st.keep != nil
	if pairs && len(sc.vals) < len(cands) {
		sc.vals = make([]values, len(cands))
	}
	play(st.ref)
	st.record(st.ref, &s.out)
	refU := s.out.utility
	if pairs {
		sc.vals[st.ref] = valuesOf(&s.out)
	}
	for _, ci := range active {
		if ci == st.ref {
			continue
		}
		play(ci)
		st.record(ci, &s.out)
		st.recordDiff(ci, s.out.utility-refU)
		if pairs {
			sc.vals[ci] = valuesOf(&s.out)
		}
	}
	if pairs {
		st.recordPairs(active, sc.vals)
	}
}

// String names the engine's predictors: the model files of learned ones.
func (e *Engine) String() string {
	name := func(p any) string {
		switch m := p.(type) {
		case *opponent.Models:
			return m.Cards[0].File
		case *rankmodel.Model:
			return m.Card.File
		}
		return fmt.Sprintf("%T", p)
	}
	return fmt.Sprintf("mc engine (%s, %s)", name(e.opp), name(e.rank))
}
