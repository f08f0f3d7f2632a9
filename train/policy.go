package train

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// policySpec is the discard policy's training setup: one row per kind the
// player could discard, labelled 1 for the kind discarded.
func policySpec(seed, threads, rounds int) spec {
	return spec{policy.ModelName, policy.FeatureNames, policy.Schema,
		xgbParams(xgbmodel.BinaryLogistic, seed, threads, rounds,
			[2]string{"max_depth", "8"}, [2]string{"num_round", "300"}, [2]string{"eval_metric", "logloss"})}
}

// policyDecision is one held-out turn decision: its rows and what was
// played.
type policyDecision struct {
	x      [][policy.NumFeatures]float64
	kinds  []tile.Kind
	played tile.Kind
}

// policyGame is one game's rows (train) or decisions (held out).
type policyGame struct {
	key   string
	rows  bytes.Buffer
	n     int
	decs  []policyDecision
	fatal error
}

// policyRows replays g and describes every kept turn decision of every
// seat (see turnDecisions).
func policyRows(gr *GameRef, cfg *Config, opp *opponent.Models, heldOut bool) (*policyGame, error) {
	out := &policyGame{key: gr.Key}
	var pos policy.Position
	var x [policy.NumFeatures]float64
	var kinds [14]tile.Kind
	var werr error
	err := turnDecisions(gr, cfg.PolicyRate, func(_ *data.Round, prev *game.Round, d data.Decision) {
		pos.Reset(game.ViewOf(prev, d.Seat), opp)
		ks := pos.Kinds(kinds[:0])
		if len(ks) < 2 {
			return
		}
		played := d.Played.Tile.Kind()
		var pd policyDecision
		for _, k := range ks {
			pos.Features(k, x[:])
			if heldOut {
				pd.x = append(pd.x, x)
				pd.kinds = append(pd.kinds, k)
				continue
			}
			if err := libsvm(&out.rows, b2f(k == played), x[:]); err != nil && werr == nil {
				werr = err
			}
			out.n++
		}
		if heldOut {
			pd.played = played
			out.decs = append(out.decs, pd)
		}
	})
	return out, errors.Join(err, werr)
}

// turnDecisions replays gr and calls f with the record's round and the
// engine's round before each kept turn decision of every seat (a riichi
// counts as the discard it makes; rate of them kept, deterministic by
// game, round and event), leaving out the discards Tenhou made for a
// disconnected seat (see absence): no player decided them.
func turnDecisions(gr *GameRef, rate float64, f func(rd *data.Round, prev *game.Round, d data.Decision)) error {
	var prev game.Round
	var decs []data.Decision
	var rep data.ReplayReport
	away := absenceOf(gr.Game)
	round := 0
	err := data.ReplayObserved(gr.Game, &rep, func(rd *data.Round, ei int, r *game.Round) {
		if ei < 0 {
			round++
		}
		if ei >= 0 && ei < len(rd.Events) {
			decs = data.DecisionsAt(&prev, rd, ei, decs[:0])
			for _, d := range decs {
				if d.Turn && !away.away(round-1, ei, d.Seat) && keep(rate, gr.Key, round, ei+3000) {
					f(rd, &prev, d)
				}
			}
		}
		prev = *r
	})
	if err == nil && len(rep.Mismatches) > 0 {
		err = fmt.Errorf("%w: %v", ErrReplayMismatch, rep.Mismatches[0])
	}
	return err
}

// PolicyResult is what [TrainPolicy] measured.
type PolicyResult struct {
	Card      xgbmodel.Card
	Decisions int // held-out decisions
	// Agreement with the recorded discard on the held-out decisions: the
	// model's highest-scored kind, and the baseline's (tile efficiency:
	// lowest shanten, then most tiles that lower it).
	Agreement, Baseline, SE float64
	Seconds                 float64
}

// TrainPolicy trains the discard policy on cfg's corpus, its features
// computed with the opponent models opp, measures it on the held-out
// games against the tile-efficiency discard, and saves it into
// cfg.PolicyOut (or cfg.Out). [Run] calls it after the opponent models,
// with those it trained.
func TrainPolicy(ctx context.Context, cfg Config, opp *opponent.Models) (*PolicyResult, error) {
	start := time.Now()
	cfg.defaults()
	work, cleanup, err := cfg.workDir()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	files, corpus, err := cfg.corpusFiles()
	if err != nil {
		return nil, err
	}
	res, b, err := trainPolicy(ctx, &cfg, files, corpus, work, opp)
	if err != nil {
		return nil, err
	}
	if err := xgbmodel.Save(cfg.policyOut(), &res.Card, b); err != nil {
		return nil, err
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// policyOut is the folder the discard policy is saved into.
func (cfg *Config) policyOut() string {
	if cfg.PolicyOut != "" {
		return cfg.PolicyOut
	}
	return cfg.Out
}

// trainPolicy writes the policy's rows of files into work, trains it and
// measures it; it returns the result (card included) and the model bytes.
func trainPolicy(ctx context.Context, cfg *Config, files []string, corpus xgbmodel.Corpus, work string, opp *opponent.Models) (*PolicyResult, []byte, error) {
	start := time.Now()
	spc := policySpec(cfg.Seed, cfg.Threads, cfg.Rounds)
	held, samples, err := writePolicyRows(ctx, cfg, files, work, &corpus, opp)
	if err != nil {
		return nil, nil, err
	}
	if samples.Train == 0 || samples.HeldOut == 0 {
		return nil, nil, fmt.Errorf("train: no discard decisions in the training or held-out games (%d/%d rows): corpus too small", samples.Train, samples.HeldOut)
	}
	cfg.logf("xgboost: training %s on %d rows of %d games", spc.name, samples.Train, corpus.Games-corpus.HeldOutGames)
	card, b, _, err := trainSpec(ctx, cfg, work, spc, corpus, samples)
	if err != nil {
		return nil, nil, err
	}
	res := &PolicyResult{Card: card}
	m, err := xgbmodel.Load(b)
	if err != nil {
		return nil, nil, err
	}
	res.measure(m, held)
	cfg.logf("%s: held-out agreement %.4f (tile efficiency %.4f, SE of the difference %.4f) on %d decisions; %.0fs",
		spc.name, res.Agreement, res.Baseline, res.SE, res.Decisions, time.Since(start).Seconds())
	return res, b, nil
}

// writePolicyRows replays files and writes the policy's LibSVM rows: the
// training games' into NAME.train, the held-out games' into NAME.test,
// whose decisions it also returns for the measurement. It completes
// corpus's game counts.
func writePolicyRows(ctx context.Context, cfg *Config, files []string, work string, corpus *xgbmodel.Corpus, opp *opponent.Models) ([]*policyGame, xgbmodel.Samples, error) {
	var samples xgbmodel.Samples
	trainF, err := os.Create(filepath.Join(work, policy.ModelName+".train"))
	if err != nil {
		return nil, samples, err
	}
	defer trainF.Close()
	testF, err := os.Create(filepath.Join(work, policy.ModelName+".test"))
	if err != nil {
		return nil, samples, err
	}
	defer testF.Close()
	seen := map[string]bool{}
	var held []*policyGame
	var fatal, werr error
	corpus.Games, corpus.HeldOutGames = 0, 0
	err = records.ForEachFile(ctx, files, cfg.Workers, func(f string) []*policyGame {
		games, _ := ReadFile(f)
		var out []*policyGame
		for i := range games {
			gr := &games[i]
			if Usable(gr.Game) != nil {
				continue
			}
			g, err := policyRows(gr, cfg, opp, cfg.heldOut(gr.Key))
			if err != nil {
				g.fatal = fmt.Errorf("train: %s game %d: %w", f, gr.N, err)
			}
			out = append(out, g)
		}
		return out
	}, func(_ string, gs []*policyGame) {
		for _, g := range gs {
			if g.fatal != nil {
				fatal = cmp(fatal, g.fatal)
				continue
			}
			if seen[g.key] {
				continue
			}
			seen[g.key] = true
			corpus.Games++
			if !cfg.heldOut(g.key) {
				samples.Train += g.n
				_, err := trainF.Write(g.rows.Bytes())
				werr = cmp(werr, err)
				continue
			}
			corpus.HeldOutGames++
			held = append(held, g)
			for _, d := range g.decs {
				for i, k := range d.kinds {
					werr = cmp(werr, libsvm(&g.rows, b2f(k == d.played), d.x[i][:]))
				}
				samples.HeldOut += len(d.kinds)
			}
			_, err := testF.Write(g.rows.Bytes())
			werr = cmp(werr, err)
			g.rows = bytes.Buffer{}
		}
	})
	return held, samples, errors.Join(err, fatal, werr, trainF.Close(), testF.Close())
}

// cmp keeps the first error.
func cmp(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// measure scores the held-out decisions with m: agreement of the model's
// and of the efficiency baseline's choice with the recorded discard, and
// the standard error of their difference from 200 bootstrap resamples of
// the games.
func (res *PolicyResult) measure(m *xgbmodel.Model, held []*policyGame) {
	type tally struct{ n, model, base int }
	per := make([]tally, len(held))
	var all tally
	for gi, g := range held {
		for _, d := range g.decs {
			best, bv := 0, -1.0
			for i := range d.kinds {
				if v, _ := m.PredictOne(d.x[i][:]); v > bv {
					best, bv = i, v
				}
			}
			t := &per[gi]
			t.n++
			if d.kinds[best] == d.played {
				t.model++
			}
			if d.kinds[0] == d.played { // Kinds lists the efficiency order
				t.base++
			}
		}
		all.n, all.model, all.base = all.n+per[gi].n, all.model+per[gi].model, all.base+per[gi].base
	}
	res.Decisions = all.n
	if all.n == 0 {
		return
	}
	res.Agreement = float64(all.model) / float64(all.n)
	res.Baseline = float64(all.base) / float64(all.n)
	rng := rand.New(rand.NewPCG(1, 2))
	var s, s2 float64
	const boots = 200
	for range boots {
		var b tally
		for range held {
			t := per[rng.IntN(len(held))]
			b.n, b.model, b.base = b.n+t.n, b.model+t.model, b.base+t.base
		}
		d := float64(b.model-b.base) / float64(max(b.n, 1))
		s, s2 = s+d, s2+d*d
	}
	mean := s / boots
	res.SE = math.Sqrt(max(s2/boots-mean*mean, 0))
	res.Card.Metrics = []xgbmodel.Metric{{Name: "agreement", Model: res.Agreement, Baseline: res.Baseline, SE: res.SE,
		Beats: res.Agreement-res.Baseline > 2*res.SE}}
}
