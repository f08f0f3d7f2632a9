package train

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
)

// TrainFromRows trains with xgboost.dask the models of the rows that
// [ExtractShard], [ExtractDecisionShard] or [ExtractPolicyShard] wrote
// into rows for every shard of cfg's corpus, with the parameters the
// xgboost command-line tool gets: the four predictors (tenpai with its
// calibration's inner models, wait, value, rank), the decision models,
// or the discard policy and the rollout's discard model. Then, as [Run],
// [TrainDecisions] and [TrainPolicy] do, it checks the Go loader against
// the trainer's predictions of the held-out rows, measures the models on
// the held-out games (the predictors' replayed from cfg's corpus, which
// must be the one the rows came from) and saves them with their cards:
// the predictors into cfg.Out and cfg.RankOut, the others into
// cfg.PolicyOut (or cfg.Out).
func TrainFromRows(ctx context.Context, cfg Config, rows string, d Dask) (*Result, error) {
	start := time.Now()
	if err := cfg.checkFromRows(); err != nil {
		return nil, err
	}
	work, cleanup, files, corpus, err := cfg.prepare()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	set, err := readRows(rows)
	if err == nil {
		err = set.checkCorpus(&cfg, files)
	}
	if err == nil {
		err = set.refit(&cfg, files)
	}
	if err != nil {
		return nil, err
	}
	corpus.Games, corpus.HeldOutGames = set.games, set.heldOut
	commit, discard := cfg.beginStage()
	defer discard()
	// The samples step is reading and checking the rows.
	res := &Result{ExtractSeconds: time.Since(start).Seconds()}
	switch set.kind() {
	case rowsDecisions:
		res.DecisionsExtractSeconds = res.ExtractSeconds
		err = set.trainDecisions(ctx, &cfg, d, work, corpus, res)
	case rowsPolicy:
		res.PolicyExtractSeconds = res.ExtractSeconds
		err = set.trainPolicy(ctx, &cfg, d, work, corpus, res)
	default:
		corpus.SkippedBy, corpus.Skipped = set.skips, (&sampleSet{skips: set.skips}).skipped()
		err = set.trainPredictors(ctx, &cfg, d, work, files, corpus, res)
	}
	if err != nil {
		return nil, err
	}
	if err := commit(ctx); err != nil {
		return nil, err
	}
	res.finish(start)
	return res, nil
}

// checkFromRows checks what TrainFromRows needs of cfg.
func (cfg *Config) checkFromRows() error {
	cfg.defaults()
	if err := cfg.ResolvePaths(); err != nil {
		return err
	}
	if cfg.Out == "" {
		return errors.New("train: no folder for the models (Config.Out)")
	}
	if len(cfg.Only) > 0 {
		return errors.New("train: the rows train the four predictors together: no --only")
	}
	for _, dir := range []string{cfg.Out, cfg.RankOut, cfg.policyOut()} {
		if err := xgbmodel.CheckWritable(dir); err != nil {
			return fmt.Errorf("train: %w", err)
		}
	}
	return nil
}

// trainPredictors trains the predictors on set's rows through Dask,
// measures them and saves them (through cfg's stage).
func (set *rowsSet) trainPredictors(ctx context.Context, cfg *Config, d Dask, work string, files []string, corpus xgbmodel.Corpus, res *Result) error {
	sp := specs(cfg.Seed, cfg.Threads, cfg.Rounds)
	jobs := set.jobs(cfg, work, sp)
	for m := range sp {
		if tr, te := partRows(jobs[m].Train), partRows(jobs[m].Test); tr == 0 || te == 0 {
			return fmt.Errorf("train: no %s samples in the training or held-out games (%d/%d): corpus too small", sp[m].name, tr, te)
		}
	}
	cfg.logf("dask: training %d models on %d games' rows (scheduler %s)", len(jobs), set.games, d.Scheduler)
	done, err := runDask(ctx, d, work, jobs)
	if err != nil {
		return err
	}
	modelDir := filepath.Join(work, "models")
	cards := make([]xgbmodel.Card, len(sp))
	models := make([][]byte, len(sp))
	for m := range sp {
		if cards[m], models[m], err = set.card(cfg, sp[m], jobs[m], done[m], corpus, res); err != nil {
			return err
		}
		if sp[m].name == opponent.TenpaiModel && cfg.CalibFolds > 0 {
			k := len(jobs) - cfg.CalibFolds
			if cards[m].Calibration, err = set.calibration(cfg, jobs[k:], done[k:], res); err != nil {
				return err
			}
		}
		if err := xgbmodel.Save(modelDir, &cards[m], models[m]); err != nil {
			return err
		}
	}
	t0 := time.Now()
	held := &sampleSet{seen: set.heldKeys()}
	if err := measure(ctx, cfg, files, modelDir, held, cards, res); err != nil {
		return err
	}
	res.EvalSeconds = time.Since(t0).Seconds()
	for m := range sp {
		if err := cfg.saveModel(cfg.outOf(sp[m].name), &cards[m], models[m]); err != nil {
			return err
		}
		res.Cards = append(res.Cards, cards[m])
	}
	return nil
}

// jobs are the Dask jobs of the predictors sp: each model on the
// training games' rows (its held-out rows predicted for the loader
// check), then the tenpai calibration's inner models, inner model k on
// the training games outside inner fold k.
func (set *rowsSet) jobs(cfg *Config, work string, sp []spec) []daskJob {
	all := func(RowsGame) bool { return true }
	var jobs []daskJob
	for m, s := range sp {
		jobs = append(jobs, daskJob{Name: s.name, Params: s.params, Train: set.parts(m, false, all),
			Test: set.parts(m, true, all), Model: filepath.Join(work, s.name+".model"), Pred: filepath.Join(work, s.name+".pred.npy")})
	}
	for k := range cfg.CalibFolds {
		name := fmt.Sprintf("%s-cal%d", sp[0].name, k)
		other := func(g RowsGame) bool { return cfg.calibFold(g.Key) != k }
		jobs = append(jobs, daskJob{Name: name, Params: sp[0].params, Train: set.parts(0, false, other), Model: filepath.Join(work, name+".model")})
	}
	return jobs
}

// heldKeys are the keys of the held-out games kept.
func (set *rowsSet) heldKeys() map[string]bool {
	keys := map[string]bool{}
	for _, s := range set.shards {
		for g, rg := range s.games {
			if rg.Held && !s.drop[g] {
				keys[rg.Key] = true
			}
		}
	}
	return keys
}

// card reads the model of job from its file, checks the Go loader
// against the trainer's predictions, and makes its card (without
// calibration and metrics).
func (set *rowsSet) card(cfg *Config, spc spec, job daskJob, dn daskDone, corpus xgbmodel.Corpus, res *Result) (xgbmodel.Card, []byte, error) {
	b, err := os.ReadFile(job.Model)
	if err != nil {
		return xgbmodel.Card{}, nil, err
	}
	samples := xgbmodel.Samples{Train: partRows(job.Train), HeldOut: partRows(job.Test)}
	check, err := checkPredictions(b, job)
	if err != nil {
		return xgbmodel.Card{}, nil, fmt.Errorf("train: %s: %w", spc.name, err)
	}
	res.addRun(ModelRun{Name: spc.name, Rows: samples.Train, Seconds: dn.Seconds})
	params := map[string]string{}
	for _, p := range spc.params {
		params[p[0]] = p[1]
	}
	c := xgbmodel.Card{Name: spc.name, Schema: spc.schema, Features: spc.features, Objective: params["objective"],
		Params: params, Seed: cfg.Seed, XGBoost: daskVersion(dn),
		Corpus: corpus, Samples: samples, Seconds: math.Round(dn.Seconds*10) / 10, Memory: memoryMode(false), Loader: check}
	if n, err := strconv.Atoi(params["num_class"]); err == nil {
		c.NumClass = n
	}
	if c.Baseline, err = set.fit.cardJSON(spc.name); err != nil {
		return c, nil, err
	}
	return c, b, nil
}

// partRows counts the rows of parts.
func partRows(parts []jobPart) int {
	n := 0
	for _, p := range parts {
		n += p.Rows
	}
	return n
}

// calibration predicts each inner fold's tenpai rows with the inner model
// trained without them and fits the isotonic map on these out-of-fold
// predictions, as crossFitCalibration does.
func (set *rowsSet) calibration(cfg *Config, jobs []daskJob, done []daskDone, res *Result) (*xgbmodel.Calibration, error) {
	var p []float64
	var y []bool
	for k, job := range jobs {
		b, err := os.ReadFile(job.Model)
		if err != nil {
			return nil, err
		}
		m, err := xgbmodel.Load(b)
		if err != nil {
			return nil, fmt.Errorf("train: %s: %w", job.Name, err)
		}
		res.addRun(ModelRun{Name: job.Name, Rows: partRows(job.Train), Seconds: done[k].Seconds})
		in := func(g RowsGame) bool { return cfg.calibFold(g.Key) == k }
		err = eachRow(set.parts(0, false, in), nil, func(x []float64, label float32) error {
			v, err := m.PredictOne(x)
			p, y = append(p, v), append(y, label > 0.5)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	if len(p) == 0 {
		return nil, errors.New("train: no rows to calibrate tenpai on")
	}
	cal := xgbmodel.FitIsotonic(p, y)
	cal.Games = set.trainingGames()
	return cal, nil
}

// trainingGames counts the training games kept.
func (set *rowsSet) trainingGames() int { return set.games - set.heldOut }

// eachRow calls row with every row of parts, as float64 (NaN missing;
// NaN too in the columns nan, which a model leaves out).
func eachRow(parts []jobPart, nan []int, row func(x []float64, label float32) error) error {
	for _, pt := range parts {
		xs, ys, err := readPart(pt)
		if err != nil {
			return err
		}
		x := make([]float64, pt.Cols)
		for r := range ys {
			for j := range x {
				x[j] = float64(xs[r*pt.Cols+j])
			}
			for _, j := range nan {
				x[j] = math.NaN()
			}
			if err := row(x, ys[r]); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkPredictions compares the Go loader's predictions of job's
// held-out rows with the trainer's (job.Pred, a float32 .npy file): the largest
// difference, relative for unbounded outputs as checkLoader's; an error
// above 1e-5.
func checkPredictions(model []byte, job daskJob) (xgbmodel.LoaderCheck, error) {
	var check xgbmodel.LoaderCheck
	m, err := xgbmodel.Load(model)
	if err != nil {
		return check, err
	}
	want, _, _, err := readNPY(job.Pred)
	if err != nil {
		return check, err
	}
	out := make([]float64, m.NumOutputs())
	i := 0
	err = eachRow(job.Test, job.NaN, func(x []float64, _ float32) error {
		if err := m.Predict(x, out); err != nil {
			return err
		}
		for _, got := range out {
			if i >= len(want) {
				return fmt.Errorf("the trainer gave %d predictions, fewer than the rows", len(want))
			}
			d := math.Abs(got - float64(want[i]))
			if m.Objective() == xgbmodel.RegSquaredError || xgbmodel.Ranking(m.Objective()) {
				d /= math.Max(1, math.Abs(float64(want[i])))
			}
			check.MaxAbsDiff = math.Max(check.MaxAbsDiff, d)
			i++
		}
		check.Rows++
		return nil
	})
	switch {
	case err != nil:
		return check, err
	case i != len(want):
		return check, fmt.Errorf("the trainer gave %d predictions for %d outputs", len(want), i)
	case check.MaxAbsDiff > 1e-5:
		return check, fmt.Errorf("the Go loader and xgboost disagree by %g (> 1e-5)", check.MaxAbsDiff)
	}
	return check, nil
}

// daskVersion is the card's trainer: "1.7.4 (xgboost.dask, 2 workers)".
func daskVersion(d daskDone) string {
	w := "workers"
	if d.Workers == 1 {
		w = "worker"
	}
	return fmt.Sprintf("%s (xgboost.dask, %d %s)", d.XGBoost, d.Workers, w)
}
