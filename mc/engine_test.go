package mc

import (
	"context"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/realgames"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// position is a decision of a real game: the round just before the seat
// acted (full information is kept, but only the seat's view is analysed).
type position struct {
	name   string
	round  game.Round
	rules  game.Rules
	seat   int
	played data.Event
}

// positions collects up to n turn decisions (the seat has drawn and is
// about to discard) from the first games of the shared corpus, every
// stride-th one.
func positions(t testing.TB, n, stride int) []position {
	t.Helper()
	var out []position
	k := 0
	for name, g := range realgames.Games(t) {
		rules := g.EngineRules()
		var rep data.ReplayReport
		for st := range data.ReplaySteps(g, &rep) {
			if len(out) >= n {
				break
			}
			e, ok := st.NextEvent()
			if ok && e.Type == data.EventDiscard && st.Engine.Phase() == game.PhaseTurn && st.Engine.Current() == int(e.Seat) {
				k++
				if k%stride == 0 {
					out = append(out, position{name: name + " " + st.Round.Name(), round: *st.Engine, rules: rules, seat: int(e.Seat), played: e})
				}
			}
		}
		if rep.Err != nil {
			t.Fatal(rep.Err)
		}
		if len(out) >= n {
			break
		}
	}
	return out
}

func analyze(t testing.TB, e *Engine, p *position, o Options) *Analysis {
	t.Helper()
	return analyzeLab(t, e, p, o, Lab{})
}

// analyzeLab analyses p with the lab's switches.
func analyzeLab(t testing.TB, e *Engine, p *position, o Options, lab Lab) *Analysis {
	t.Helper()
	r := p.round
	o.Rules = &p.rules
	legal := r.Legal(p.seat, nil)
	an, err := e.AnalyzeLab(context.Background(), game.ViewOf(&r, p.seat), legal, o, lab)
	if err != nil {
		t.Fatalf("%s: %v", p.name, err)
	}
	return an
}

// embedded returns the embedded opponent models, discard policy and
// decision models, for the tests that set the engine beside them.
func embedded(t testing.TB) (*opponent.Models, *policy.Model, *policy.Decisions) {
	t.Helper()
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	pol, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	dec, err := policy.DefaultDecisions()
	if err != nil {
		t.Fatal(err)
	}
	return opp, pol, dec
}

// TestAnalyzeSameAtAnyWorkers: the same seed gives the same analysis at
// 1, 2 and 8 workers, and twice, with each of the seat's rollout
// policies (the learned ones on fewer positions and simulations: they
// cost 7 and 50 times the heuristic's).
func TestAnalyzeSameAtAnyWorkers(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	ps := positions(t, 6, 37)
	for _, rp := range []struct {
		r         RolloutPolicy
		positions int
		sims      int
	}{{HeuristicRollout, 6, 3000}, {LearnedRollout, 2, 400}, {ScreenedRollout, 2, 150}} {
		for i := range ps[:rp.positions] {
			var ref *Analysis
			for _, w := range []int{1, 2, 8, 2} {
				an := analyzeLab(t, e, &ps[i], Options{Sims: rp.sims, Workers: w, Seed: 7, Decision: uint64(i)}, Lab{Rollout: rp.r})
				an.Seconds = 0
				if ref == nil {
					ref = an
					continue
				}
				if !reflect.DeepEqual(ref, an) {
					t.Fatalf("rollout %d, %s: %d workers differ from 1:\n%+v\n%+v", rp.r, ps[i].name, w, ref.Candidates[0], an.Candidates[0])
				}
			}
			b := ref.Best()
			t.Logf("rollout %d, %s seat %d: best %v (E[rank] %.3f ± %.3f, win %.2f, deal-in %.2f), played %v; %d candidates, %d sims",
				rp.r, ps[i].name, ps[i].seat, b, b.ExpectedRank, b.RankSE, b.PWin, b.PDealIn, ps[i].played, len(ref.Candidates), ref.Sims)
		}
	}
}

// TestSimulateOne: a decision of one move is returned unsimulated;
// Predict simulates it with the whole budget, and its predictions equal
// that move's in the same worlds of a full analysis without halving
// (common random numbers: world i is the same world). The lab's opponent
// tally is Predict's, on one worker.
func TestSimulateOne(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range positions(t, 3, 41) {
		r := p.round
		v := game.ViewOf(&r, p.seat)
		legal := r.Legal(p.seat, nil)
		move := legal[0]
		o := Options{Sims: 400, Workers: 2, Seed: 3, Decision: uint64(i), Rules: &p.rules}
		an, err := e.Analyze(context.Background(), v, []game.Action{move}, o)
		if err != nil {
			t.Fatal(err)
		}
		if an.Sims != 0 || an.Candidates[0].Sims != 0 {
			t.Errorf("%s: one move analysed: %d simulations", p.name, an.Sims)
		}
		c, err := e.Predict(context.Background(), v, move, tile.NoTile, o, Lab{})
		if err != nil {
			t.Fatal(err)
		}
		var tl OpponentTally
		if _, err := e.AnalyzeLab(context.Background(), v, legal, o, Lab{Tally: &tl}); err == nil {
			t.Errorf("%s: a tally of %d moves: no error", p.name, len(legal))
		}
		if _, err := e.Predict(context.Background(), v, move, tile.NoTile, o, Lab{Tally: &tl}); err == nil {
			t.Errorf("%s: a tally on %d workers: no error", p.name, o.Workers)
		}
		o1 := o
		o1.Workers = 1
		if _, err := e.Predict(context.Background(), v, move, tile.NoTile, o1, Lab{Tally: &tl}); err != nil {
			t.Fatal(err)
		}
		total := 0.0
		for i, d := range tl.Discards {
			total += d
			if tl.Tenpai[i] > d || tl.Riichi[i] > d || tl.Open[i] > d {
				t.Errorf("%s: turn %d: %.3f discards, %.3f tenpai, %.3f riichi, %.3f open", p.name, i+1, d, tl.Tenpai[i], tl.Riichi[i], tl.Open[i])
			}
		}
		if tl.Rounds != 1 || total == 0 {
			t.Errorf("%s: tally %+v", p.name, tl)
		}
		if c.Sims != o.Sims {
			t.Fatalf("%s: Predict ran %d simulations, want %d", p.name, c.Sims, o.Sims)
		}
		o.Sims *= len(legal)
		all, err := e.AnalyzeLab(context.Background(), v, legal, o, Lab{NoHalving: true})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, a := range all.Candidates {
			if a.Action != move || a.Discard != c.Discard {
				continue
			}
			found = true
			if a.Sims != c.Sims || (a.PWin != c.PWin || a.PDealIn != c.PDealIn || a.PDraw != c.PDraw || a.ScoreChange != c.ScoreChange) {
				t.Errorf("%s: %v alone: win %.4f deal-in %.4f draw %.4f points %.1f; among all: %.4f %.4f %.4f %.1f",
					p.name, move, c.PWin, c.PDealIn, c.PDraw, c.ScoreChange, a.PWin, a.PDealIn, a.PDraw, a.ScoreChange)
			}
		}
		if !found {
			t.Errorf("%s: %v not among the candidates of the full analysis", p.name, move)
		}
	}
}

// TestPredict: a chi or pon predicted with one follow-up discard is that
// candidate of the full analysis on the same worlds (every candidate its
// equal share, no halving); a follow-up the hand cannot discard is an
// error.
func TestPredict(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, p := range answerPositions(t, 40, 1) {
		r := p.round
		v := game.ViewOf(&r, p.seat)
		legal := r.Legal(p.seat, nil)
		o := Options{Sims: 40 * len(legal), Workers: 2, Seed: 5, Decision: uint64(i), Rules: &p.rules}
		all, err := e.AnalyzeLab(context.Background(), v, legal, o, Lab{NoHalving: true})
		if err != nil {
			t.Fatal(err)
		}
		share := all.Candidates[0].Sims
		for _, a := range all.Candidates {
			if a.Action.Type != game.Chi && a.Action.Type != game.Pon || checked >= 30 {
				continue
			}
			checked++
			c, err := e.Predict(context.Background(), v, a.Action, a.Discard, Options{Sims: share, Workers: 2, Seed: 5, Decision: uint64(i), Rules: &p.rules}, Lab{})
			if err != nil {
				t.Fatal(err)
			}
			if c.Action != a.Action || c.Discard.Kind() != a.Discard.Kind() || c.Sims != a.Sims || c.PWin != a.PWin || c.PDealIn != a.PDealIn || c.PDraw != a.PDraw || c.ScoreChange != a.ScoreChange {
				t.Errorf("%s: %s alone: %d sims, win %.4f deal-in %.4f draw %.4f points %.1f; among all: %d, %.4f %.4f %.4f %.1f",
					p.name, c.String(), c.Sims, c.PWin, c.PDealIn, c.PDraw, c.ScoreChange, a.Sims, a.PWin, a.PDealIn, a.PDraw, a.ScoreChange)
			}
			// The called kind itself cannot follow (kuikae).
			if _, err := e.Predict(context.Background(), v, a.Action, a.Action.Meld.Tiles[0], Options{Sims: 8, Workers: 1}, Lab{}); err == nil {
				t.Errorf("%s: %v followed by the called tile: no error", p.name, a.Action)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no chi or pon among the positions")
	}
}

// TestAnalyzeRefusesHugeBudget: a budget past MaxSims is an error (one of
// 1e17 sized a slice past what an int holds and panicked).
func TestAnalyzeRefusesHugeBudget(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	p := positions(t, 1, 37)[0]
	r := p.round
	for _, sims := range []int{MaxSims + 1, 99999999999999999} {
		if _, err := e.Analyze(context.Background(), game.ViewOf(&r, p.seat), r.Legal(p.seat, nil), Options{Sims: sims, Rules: &p.rules}); err == nil {
			t.Errorf("%d simulations: no error", sims)
		}
	}
}

// BenchmarkSimulate measures whole decisions of real positions: report
// simulations (one candidate in one world, to the round's end) per second.
func BenchmarkSimulate(b *testing.B) {
	e, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	ps := positions(b, 8, 23)
	for _, workers := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[workers], func(b *testing.B) {
			sims := 0
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				an := analyze(b, e, &ps[i%len(ps)], Options{Sims: 20000, Workers: workers, Seed: 1, Decision: uint64(i)})
				sims += an.Sims
			}
			b.ReportMetric(float64(sims)/b.Elapsed().Seconds(), "sims/s")
		})
	}
}

// BenchmarkBotDecision measures the mc bot's decisions (PriorDiscards, one
// worker, the bot's default budget of 5,000 simulations) on real
// positions, by kind: "discard-only" (the prior's discard, unsimulated)
// and "beyond" (turns with a riichi, a kan, a tsumo or kyuushu to choose,
// and answers to a discard with a call or a ron to choose); ns/op is the
// time of one decision.
func BenchmarkBotDecision(b *testing.B) {
	e, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	var only, beyond []position
	for _, p := range positions(b, 400, 2) {
		if onlyDiscards(p.round.Legal(p.seat, nil)) {
			only = append(only, p)
		} else {
			beyond = append(beyond, p)
		}
	}
	beyond = append(beyond, answerPositions(b, 40, 2)...)
	for _, set := range []struct {
		name string
		ps   []position
	}{{"discard-only", only[:min(len(only), 60)]}, {"beyond", beyond}} {
		b.Run(set.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				analyze(b, e, &set.ps[i%len(set.ps)], Options{Sims: 5000, Workers: 1, Seed: 1, Decision: uint64(i), PriorDiscards: true})
			}
		})
	}
}

// BenchmarkRollout compares the seat's rollout policies (the learned one
// on its weighted pool and on a uniform one): simulations per second of
// one worker on real positions.
func BenchmarkRollout(b *testing.B) {
	e, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	ps := positions(b, 8, 23)
	for _, rp := range []struct {
		name    string
		r       RolloutPolicy
		uniform bool
	}{{"heuristic", HeuristicRollout, false}, {"learned", LearnedRollout, false}, {"learned-uniform-pool", LearnedRollout, true},
		{"screened", ScreenedRollout, false}} {
		b.Run(rp.name, func(b *testing.B) {
			sims := 0
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				an := analyzeLab(b, e, &ps[i%len(ps)], Options{Sims: 500, Workers: 1, Seed: 1, Decision: uint64(i)}, Lab{Rollout: rp.r, UniformPool: rp.uniform})
				sims += an.Sims
			}
			b.ReportMetric(float64(sims)/b.Elapsed().Seconds(), "sims/s")
		})
	}
}

// TestRolloutAllocatesNothing: a simulated world — sampling it and playing
// every candidate to the round's end, the rank model included — allocates
// nothing.
func TestRolloutAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations are counted in the run without the race detector")
	}
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, rollout := range []RolloutPolicy{HeuristicRollout, LearnedRollout, ScreenedRollout} {
		for _, p := range positions(t, 3, 41) {
			r0 := p.round
			if allocs, n := worldAllocs(e, &r0, p.seat, &p.rules, rollout); allocs != 0 {
				t.Errorf("rollout %d, %s: %.1f allocations per world of %d candidates", rollout, p.name, allocs, n)
			}
		}
	}
}

// worldAllocs returns the allocations of one simulated world of the
// seat's decision in round r (every candidate played to the round's
// end) and the number of candidates.
func worldAllocs(e *Engine, r0 *game.Round, seat int, rules *game.Rules, rollout RolloutPolicy) (float64, int) {
	o := config{Options: Options{Rules: rules, Seed: 3, Margin: DefaultMargin}, Lab: Lab{Rollout: rollout}}
	var pub opponent.Public
	v := game.ViewOf(r0, seat)
	r := e.newRoot(v, rules, &o, &pub)
	cands := candidates(r, r0.Legal(seat, nil))
	active := make([]int, len(cands))
	for i := range active {
		active[i] = i
	}
	st := newStats(len(cands))
	st.ref = rulePrior(r, cands)
	sc := &scratch{}
	i := uint64(0)
	allocs := testing.AllocsPerRun(50, func() {
		e.world(r, &o, cands, active, i, sc, st)
		i++
	})
	return allocs, len(cands)
}

// TestTimeKept: Options.Time stops the analysis within the simulations
// already started, not at the end of a halving stage: with a budget that
// would take minutes and 300 ms allowed, the analysis ends inside its first
// stage with a consistent count. What is checked is where it stopped, not
// how long it took, so a loaded machine passes as an idle one does.
func TestTimeKept(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	p := positions(t, 1, 37)[0]
	r := p.round
	legal := r.Legal(p.seat, nil)
	start := time.Now()
	an, err := e.Analyze(context.Background(), game.ViewOf(&r, p.seat), legal, Options{Sims: MaxSims, Time: 300 * time.Millisecond, Rules: &p.rules})
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	sims := 0
	for _, c := range an.Candidates {
		sims += c.Sims
	}
	// The first stage gives every candidate MaxSims/(stages*candidates)
	// worlds: far more than any machine runs in 300 ms.
	n := len(an.Candidates)
	stages := max(1, int(math.Ceil(math.Log2(float64(n)))))
	firstStage := MaxSims / (stages * n) * n
	if an.Stages != 1 || an.Sims != sims || an.Sims >= firstStage || an.Sims == 0 {
		t.Errorf("took %v, %d simulations (candidates %d) in %d stages; the first stage holds %d", took, an.Sims, sims, an.Stages, firstStage)
	}
	t.Logf("300 ms allowed: %v, %d simulations, %d stages", took, an.Sims, an.Stages)
	// A deadline that passes before the first world still gets the first
	// chunk of worlds of every candidate.
	an, err = e.Analyze(context.Background(), game.ViewOf(&r, p.seat), r.Legal(p.seat, nil), Options{Sims: MaxSims, Time: time.Nanosecond, Rules: &p.rules})
	if err != nil {
		t.Fatal(err)
	}
	if want := chunk * len(an.Candidates); an.Sims < want {
		t.Errorf("a deadline passed at once: %d simulations, want at least %d (a chunk of every candidate)", an.Sims, want)
	}
}
