//go:build experiments

package train

// This file is the training's hook for the trials of experiments/train
// (experiments/README.md): the few internals a trial reuses so that its
// rows, parameters, models and statistics are the training's own. It
// builds only with -tags experiments: none of it is part of the package's
// API, and the product never calls it.

import (
	"bytes"
	"context"
	"fmt"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
)

// Keep reports whether the item (key, a, b) is among the share rate of
// all items the training keeps: the same answer for the same item, every
// run.
func Keep(rate float64, key string, a, b int) bool { return keep(rate, key, a, b) }

// AppendLibSVM appends one LibSVM row to b: the label, then every feature
// as index:value, each value written so that xgboost reads the float32
// Go computes. The error names a value that cannot be written.
func AppendLibSVM(b *bytes.Buffer, label float64, x []float64) error { return libsvm(b, label, x) }

// ReadLibSVM calls row with the label text and the features of every row
// of a LibSVM file; a feature the row leaves out is NaN (xgboost's
// missing), a query group (qid) is skipped, and x is reused from row to
// row.
func ReadLibSVM(file string, numFeatures int, row func(label string, x []float64) error) error {
	return readLibSVM(file, numFeatures, row)
}

// PredictFile returns the binary model's prediction and the label (> 0.5)
// of every row of a LibSVM file, in order.
func PredictFile(m *xgbmodel.Model, file string) ([]float64, []bool, error) {
	return predictFile(m, file, nil, nil)
}

// A Statistic computes a metric from a weight per game (how often the
// game was drawn into a bootstrap resample; all ones for the estimate).
type Statistic = statistic

// Bootstrap resamples games with replacement from a fixed seed, so that
// the same inputs give the same standard errors.
type Bootstrap struct{ b *bootstrap }

// NewBootstrap draws resamples resamples of games games.
func NewBootstrap(games, resamples int) Bootstrap { return Bootstrap{newBootstrap(games, resamples)} }

// Compare computes model and base on all games and the standard error of
// their difference over the resamples, with the training's verdict; games
// is the number of games with samples of the metric.
func (b Bootstrap) Compare(higherIsBetter bool, games int, model, base Statistic) Comparison {
	return b.b.compare(higherIsBetter, games, model, base)
}

// CountGames returns the number of distinct games in a per-sample game
// index.
func CountGames(game []int32) int { return countGames(game) }

// GameMean is the weighted mean of per-sample values; game[i] is the
// game of v[i], numbered from 0.
func GameMean(v []float64, game []int32) Statistic { return gameMean(v, game) }

// WeightedAUC is the AUC of scores against labels, each sample weighted
// by its game's weight.
func WeightedAUC(scores []float32, labels []bool, game []int32) Statistic {
	return weightedAUC(scores, labels, game)
}

// LogLossMean is the weighted mean binary log-loss of p against y.
func LogLossMean(p []float32, y []bool, game []int32) Statistic { return logLossMean(p, y, game) }

// WeightedECE is the expected calibration error of p against y over n
// bins, each sample weighted by its game's weight.
func WeightedECE(p []float32, y []bool, game []int32, n int) Statistic {
	return weightedECE(p, y, game, n)
}

// CorpusFiles fills cfg's unset fields with their defaults and returns
// the record files of cfg.Corpus the training reads (the first MaxFiles).
func CorpusFiles(cfg *Config) ([]string, error) {
	cfg.defaults()
	files, _, err := cfg.corpusFiles()
	return files, err
}

// DiscardRows returns the discard policy's LibSVM rows of gr's turn
// decisions the training keeps at cfg.PolicyRate (one row per kind the
// player could discard, every feature of policy.FeatureNames, labelled 1
// for the kind discarded) and the number of rows of each decision, in
// order. cfg's defaults must be filled (CorpusFiles does).
func DiscardRows(gr *dataset.GameRef, cfg *Config, opp *opponent.Models) (rows []byte, sizes []uint8, err error) {
	g, err := policyRows(gr, cfg, opp)
	if err != nil {
		return nil, nil, err
	}
	return g.rows.Bytes(), g.sizes, nil
}

// RiichiRows returns the riichi model's LibSVM rows of gr (every feature
// of policy.RiichiFeatureNames, one row per candidate of every riichi
// decision of a seat at the table, labelled 1 for the move made) and
// their number.
func RiichiRows(gr *dataset.GameRef, opp *opponent.Models) (rows []byte, n int, err error) {
	g, err := decisionRows(gr, opp, false, decisionSet{decRiichi: true})
	if err != nil {
		return nil, 0, err
	}
	return g.rows[decRiichi].Bytes(), g.n[decRiichi], nil
}

// ModelParams returns the xgboost parameters the training fits model name
// with (policy.ModelName or a decision model of policy.DecisionSpecs),
// with seed 1, DefaultThreads threads and the model's own rounds.
func ModelParams(name string) ([][2]string, error) {
	if name == policy.ModelName {
		return policySpec(1, DefaultThreads, 0).params, nil
	}
	for _, s := range decisionSpecsFor(3, 1, DefaultThreads, 0) {
		if s.name == name {
			return s.params, nil
		}
	}
	return nil, fmt.Errorf("train: no model %q", name)
}

// FitXGBoost trains a model as the training runs xgboost (cfg's program,
// threads and memory budget, its defaults filled) with params on the
// LibSVM files train of dir (read in order as one set), evaluated on test
// after every round, and returns the model file's bytes. name names the
// files it writes in dir; features are the rows' features, in order.
func FitXGBoost(ctx context.Context, cfg Config, dir, name string, features []string, params [][2]string, train []string, test string) ([]byte, error) {
	cfg.defaults()
	job := xgbJob{name: name, spc: spec{name: name, features: features, params: params}, train: train, test: test}
	b, _, err := cfg.runXGBoost(ctx, dir, job)
	return b, err
}
