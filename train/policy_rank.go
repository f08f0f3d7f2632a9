package train

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
)

// ObjectiveResult is one discard-policy objective's held-out agreement
// beside the reference model's on the same decisions.
type ObjectiveResult struct {
	Objective string
	Metric    xgbmodel.Metric // Baseline: the reference model
	Rows      xgbmodel.Samples
	Seconds   float64
}

// trialName names the files of the objective trial.
const trialName = "discard-objective"

// ComparePolicyObjectives trains the discard policy on cfg's corpus once
// per xgboost objective (binary:logistic, the shipped one, scores each
// candidate alone; rank:pairwise and rank:ndcg learn from the candidates
// of one decision as a query group, which is the question asked: which of
// these kinds is discarded?) and measures each model's agreement with the
// recorded discard on the held-out games beside ref's (the shipped
// model), the standard error of the difference bootstrapped over games.
//
// The groups are written as qid: in the LibSVM rows: xgboost 1.7's
// command-line tool ignores a NAME.train.group file when the data URI
// says ?format=libsvm (the model came out byte for byte the one trained
// without it), while it reads qid.
func ComparePolicyObjectives(ctx context.Context, cfg Config, opp *opponent.Models, ref *policy.Model, objectives []string) ([]ObjectiveResult, error) {
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
	held, samples, err := writeRankRows(ctx, &cfg, files, work, &corpus, opp)
	if err != nil {
		return nil, err
	}
	var out []ObjectiveResult
	for _, obj := range objectives {
		spc := policySpec(cfg.Seed, cfg.Threads, cfg.Rounds)
		spc.name = trialName
		for i := range spc.params {
			switch spc.params[i][0] {
			case "objective":
				spc.params[i][1] = obj
			case "eval_metric":
				if obj != xgbmodel.BinaryLogistic {
					spc.params[i][1] = "map"
				}
			}
		}
		cfg.logf("xgboost: %s with %s on %d rows", policy.ModelName, obj, samples.Train)
		card, b, secs, err := trainSpec(ctx, &cfg, work, spc, corpus, samples)
		if err != nil {
			return nil, err
		}
		m, err := xgbmodel.Load(b)
		if err != nil {
			return nil, err
		}
		mt := compareDiscards(held, func(x []float64) float64 { v, _ := m.PredictOne(x); return v }, ref)
		cfg.logf("%s: held-out agreement %.4f (SE %.4f) against the reference's %.4f (SE of the difference %.4f) on %d decisions",
			obj, mt.Model, mt.ModelSE, mt.Baseline, mt.SE, mt.N)
		out = append(out, ObjectiveResult{obj, mt, card.Samples, secs})
	}
	return out, nil
}

// writeRankRows replays files and writes the discard policy's rows: the
// training games' with a qid per decision into NAME.train, the held-out
// games' into NAME.test, whose decisions it returns.
func writeRankRows(ctx context.Context, cfg *Config, files []string, work string, corpus *xgbmodel.Corpus, opp *opponent.Models) ([]*policyGame, xgbmodel.Samples, error) {
	var samples xgbmodel.Samples
	trainF, err := os.Create(filepath.Join(work, trialName+".train"))
	if err != nil {
		return nil, samples, err
	}
	defer trainF.Close()
	testF, err := os.Create(filepath.Join(work, trialName+".test"))
	if err != nil {
		return nil, samples, err
	}
	defer testF.Close()
	seen := map[string]bool{}
	var held []*policyGame
	var fatal, werr error
	qid := 0
	err = records.ForEachFile(ctx, files, cfg.Workers, func(f string) []*policyGame {
		games, _ := ReadFile(f)
		var out []*policyGame
		for i := range games {
			if Usable(games[i].Game) != nil {
				continue
			}
			// Every game's decisions are kept whole: the rows are
			// written with their group below.
			g, err := policyRows(&games[i], cfg, opp, true)
			if err != nil {
				g.fatal = fmt.Errorf("train: %s game %d: %w", f, games[i].N, err)
			}
			out = append(out, g)
		}
		return out
	}, func(_ string, gs []*policyGame) {
		for _, g := range gs {
			if g.fatal != nil || seen[g.key] {
				fatal = cmp(fatal, g.fatal)
				continue
			}
			seen[g.key] = true
			corpus.Games++
			var buf, row bytes.Buffer
			for _, d := range g.decs {
				for i, k := range d.kinds {
					row.Reset()
					werr = cmp(werr, libsvm(&row, b2f(k == d.played), d.x[i][:]))
					if !cfg.heldOut(g.key) {
						label, rest, _ := bytes.Cut(row.Bytes(), []byte(" "))
						buf.Write(label)
						buf.WriteString(" qid:" + strconv.Itoa(qid) + " ")
						buf.Write(rest)
					} else {
						buf.Write(row.Bytes())
					}
				}
				qid++
			}
			if cfg.heldOut(g.key) {
				corpus.HeldOutGames++
				held = append(held, g)
				samples.HeldOut += countRows(g)
				_, err := testF.Write(buf.Bytes())
				werr = cmp(werr, err)
				continue
			}
			samples.Train += countRows(g)
			_, err := trainF.Write(buf.Bytes())
			werr = cmp(werr, err)
		}
	})
	return held, samples, errors.Join(err, fatal, werr, trainF.Close(), testF.Close())
}

func countRows(g *policyGame) int {
	n := 0
	for _, d := range g.decs {
		n += len(d.kinds)
	}
	return n
}

// compareDiscards scores the held-out decisions with score (the kind
// scored highest is the choice; ties go to the first, the efficiency
// order) and with ref.
func compareDiscards(held []*policyGame, score func(x []float64) float64, ref *policy.Model) xgbmodel.Metric {
	var t agreeTally
	for gi, g := range held {
		for _, d := range g.decs {
			t.add(gi, d.kinds[argmaxOf(d, score)] == d.played, d.kinds[argmaxOf(d, ref.ScoreRow)] == d.played)
		}
	}
	return t.metric("agreement")
}

func argmaxOf(d policyDecision, score func(x []float64) float64) int {
	best := 0
	bv := score(d.x[0][:])
	for i := 1; i < len(d.kinds); i++ {
		if v := score(d.x[i][:]); v > bv {
			best, bv = i, v
		}
	}
	return best
}
