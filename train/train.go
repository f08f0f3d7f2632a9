// Package train learns the opponent predictors and the final-rank model
// from game records: it replays every usable game with full information
// (data.ReplaySteps), extracts samples with the feature definitions of
// packages opponent and rankmodel, splits them by game (a fixed hash, a
// tenth held out), writes LibSVM files with every feature explicit, runs
// the xgboost command-line tool, loads the models with leaves (checking
// them against `xgboost task=pred` on the held-out rows), measures them on
// the held-out games, and writes each model with its card (the tenpai
// card with an isotonic calibration map fitted on out-of-fold predictions
// of the training games, see crossFitCalibration). CrossValidate
// repeats the training for each tenth of the games held out and measures
// the pooled held-out predictions of all games.
package train

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/tile"
)

// Config is one training run.
type Config struct {
	Corpus  []string // record files or folders
	Out     string   // folder for the opponent models (tenpai, wait, value)
	RankOut string   // folder for the rank model; "" = Out
	// PolicyOut is the folder for the discard policy; "" = Out.
	PolicyOut string
	// NoPolicy leaves the discard policy out of the run.
	NoPolicy bool
	// Only names the models to train alone: predictors (tenpai, wait,
	// value, rank) for [Run], or decision models (policy.DecisionSpecs:
	// riichi, call, kan, kyuushu, rollriichi) for [TrainDecisions] and [RunDecisions];
	// nil: all. Run reads the predictors it does not train from Out and
	// RankOut, where they must be, for the held-out measurement, leaves
	// them as they are, and trains neither the discard policy nor the
	// decision models, whose features read the opponent models. A model
	// trained alone is the one the whole run trains, byte for byte: its
	// rows and parameters do not depend on the other models.
	Only []string
	// Players is the number of seats of the games trained on: 0 or 4, or
	// 3 for the three-player (sanma) predictors (tenpai3, wait3, value3,
	// rank3), trained on the 3-player games only, over the same feature
	// code with the seat count as a parameter. Only names them by the
	// four-player names (tenpai, wait, value, rank). A three-player run
	// trains neither the discard policy nor the decision models.
	Players int
	Work    string // folder for LibSVM files, configs and logs; "" = a temporary folder, removed after
	XGBoost string // the xgboost binary; "" = "xgboost" on PATH

	Workers int // parallel files during extraction; 0 = GOMAXPROCS
	Threads int // xgboost nthread; 0 = DefaultThreads
	Seed    int
	// MemoryBudget is the memory, in bytes, an xgboost run may take
	// holding its rows (estimated from their number, inMemoryBytes): a
	// model whose rows would take more is trained from external memory,
	// a cache on disk in the work folder. 0 = DefaultMemoryBudget.
	MemoryBudget int64

	// MaxFiles limits the corpus to its first files (0 = all): tests train on
	// a slice.
	MaxFiles int
	// Rates of samples kept (deterministic by game, round and event): the
	// wait model gets 34 rows per kept tenpai sample.
	TenpaiRate, WaitRate, ValueRate float64
	// PolicyRate is the rate of turn decisions kept for the discard policy:
	// its ranking objective trains in memory, so its rows must fit
	// MemoryBudget (0.07 of the turns of 12,000 games: 3.7 M training and
	// 0.4 M held-out rows, 4.7 GiB by the budget's estimate).
	PolicyRate float64
	// CalibFolds is the number of inner folds of the training games (by
	// FNV-1a(log id) / 10 mod CalibFolds) over which the tenpai trees are
	// cross-fitted to obtain out-of-fold predictions of every training row,
	// on which the tenpai calibration map is fitted; 0 = no calibration.
	CalibFolds int
	// Rounds overrides each model's num_round (0 = the defaults).
	Rounds int
	// Fold is the tenth of the games held out: those whose FNV-1a(log id)
	// mod 10 is Fold (0, the default, is [HeldOut]). CrossValidate runs
	// every fold.
	Fold int

	Progress io.Writer // progress messages and bars; nil = quiet
	Bar      func(w io.Writer, total int, desc string) interface {
		Add(int)
		Finish()
	}

	// stage holds the models of the run until its end (beginStage): the
	// model folders get the whole new set or keep the old one.
	stage *xgbmodel.Stage
}

// DefaultThreads is xgboost's thread count unless a run asks for another.
// It is fixed, not one per CPU, because the hist tree method sums its
// gradient histograms per thread: another count gives other float sums,
// hence other splits, and the models would differ from machine to machine.
// The shipped models are trained with it (make train).
const DefaultThreads = 2

// DefaultConfig returns the configuration of the shipped models.
func DefaultConfig() Config {
	return Config{Seed: 1, TenpaiRate: 0.5, WaitRate: 0.3, ValueRate: 1, PolicyRate: 0.07, CalibFolds: 4}
}

// Predictors are the models [Config.Only] may name.
var Predictors = []string{opponent.TenpaiModel, opponent.WaitModel, opponent.ValueModel, rankmodel.ModelName}

// trains reports whether the run trains predictor name (a three-player
// one by its four-player name in Only).
func (cfg *Config) trains(name string) bool {
	return len(cfg.Only) == 0 || slices.Contains(cfg.Only, baseName(name))
}

// players returns the number of seats of the run's games: 3 or 4.
func (cfg *Config) players() int {
	if cfg.Players == 3 {
		return 3
	}
	return 4
}

// baseName returns the four-player name of a predictor: tenpai for
// tenpai3, rank for rank3; a four-player name as it is.
func baseName(name string) string {
	switch name {
	case opponent.NameFor(opponent.TenpaiModel, 3), opponent.NameFor(opponent.WaitModel, 3),
		opponent.NameFor(opponent.ValueModel, 3), rankmodel.ModelName3:
		return strings.TrimSuffix(name, "3")
	}
	return name
}

// spec is one model's training setup.
type spec struct {
	name     string
	features []string
	schema   int
	params   [][2]string
	rows     string // the LibSVM files' name when another model's (rows.train, rows.test); "": name
	// omit are features of rows the model must not split on: it trains on
	// a copy of the rows without their entries (missing to xgboost), so
	// that its users may leave them uncomputed.
	omit []string
}

// ranking reports whether the spec's objective ranks the rows of a query
// group (rank:pairwise, rank:ndcg).
func (s *spec) ranking() bool {
	for _, p := range s.params {
		if p[0] == "objective" {
			return xgbmodel.Ranking(p[1])
		}
	}
	return false
}

// rowsName is the name of the spec's LibSVM files in the work folder.
func (s *spec) rowsName() string {
	if s.rows != "" {
		return s.rows
	}
	return s.name
}

// xgbParams returns the xgboost parameters every model shares, objective
// obj, then extra (a later entry overrides an earlier one, as in an
// xgboost config file); rounds > 0 overrides num_round.
func xgbParams(obj string, seed, threads, rounds int, extra ...[2]string) [][2]string {
	p := [][2]string{
		{"booster", "gbtree"}, {"tree_method", "hist"}, {"objective", obj},
		{"eta", "0.1"}, {"max_depth", "6"}, {"min_child_weight", "5"},
		{"subsample", "0.8"}, {"colsample_bytree", "0.8"},
		{"seed", strconv.Itoa(seed)}, {"nthread", strconv.Itoa(threads)},
	}
	p = append(p, extra...)
	if rounds > 0 {
		for i := range p {
			if p[i][0] == "num_round" {
				p[i][1] = strconv.Itoa(rounds)
			}
		}
	}
	return p
}

func specs(seed, threads, rounds int) []spec { return specsFor(4, seed, threads, rounds) }

// specsFor returns the four predictors' setups for a number of players:
// the same parameters, the three-player names and features for 3.
func specsFor(players, seed, threads, rounds int) []spec {
	common := func(obj string, extra ...[2]string) [][2]string {
		return xgbParams(obj, seed, threads, rounds, extra...)
	}
	ten, wait := opponent.TenpaiFeatureNamesFor(players), opponent.WaitFeatureNamesFor(players)
	return []spec{
		{opponent.NameFor(opponent.TenpaiModel, players), ten, opponent.Schema,
			common(xgbmodel.BinaryLogistic, [2]string{"num_round", "300"}, [2]string{"eval_metric", "auc"}), "", nil},
		{opponent.NameFor(opponent.WaitModel, players), wait, opponent.WaitSchema,
			common(xgbmodel.BinaryLogistic, [2]string{"num_round", "100"}, [2]string{"max_depth", "8"}, [2]string{"eval_metric", "auc"}), "", nil},
		{opponent.NameFor(opponent.ValueModel, players), ten, opponent.Schema,
			common(xgbmodel.RegSquaredError, [2]string{"num_round", "200"}, [2]string{"eval_metric", "mae"}), "", nil},
		{rankmodel.NameFor(players), rankmodel.FeatureNamesFor(players), rankmodel.Schema,
			common(xgbmodel.MultiSoftprob, [2]string{"num_class", strconv.Itoa(players)}, [2]string{"num_round", "200"},
				[2]string{"max_depth", "4"}, [2]string{"eval_metric", "mlogloss"}), "", nil},
	}
}

// Result summarises a run.
type Result struct {
	Cards  []xgbmodel.Card
	Eval   *EvalReport
	Policy *PolicyResult // the discard policy's held-out agreement
	// Runs lists every xgboost model trained, in order: the four
	// predictors with the tenpai calibration's inner models after tenpai,
	// then the discard policy.
	Runs                 []ModelRun
	ExtractSeconds       float64 // the samples of the four predictors
	TrainSeconds         float64 // xgboost, every run of Runs
	EvalSeconds          float64 // the held-out measurement of the four predictors
	PolicyExtractSeconds float64 // the discard policy's samples
	// DecisionsExtractSeconds is the decision models' samples.
	DecisionsExtractSeconds float64
	TotalSeconds            float64
	// PeakRSS is the largest resident size of mjrank itself (getrusage
	// RUSAGE_SELF, so over the life of the process calling Run),
	// ChildPeakRSS the largest of Runs' PeakRSS, in bytes (0: not known on
	// this system).
	PeakRSS, ChildPeakRSS int64

	col *collector // the held-out predictions behind Eval
}

// addRun lists run and adds its time.
func (res *Result) addRun(run ModelRun) {
	res.Runs = append(res.Runs, run)
	res.TrainSeconds += run.Seconds
}

// addPolicy records the discard policy's training (and the rollout
// model's on its rows): its result, runs and cards.
func (res *Result) addPolicy(pol *PolicyResult) {
	res.Policy, res.PolicyExtractSeconds = pol, pol.ExtractSeconds
	res.addRun(pol.Run)
	res.Cards = append(res.Cards, pol.Card)
	if pol.Rollout != nil {
		res.addRun(pol.Rollout.Run)
		res.Cards = append(res.Cards, pol.Rollout.Card)
	}
}

// finish sets the total time and the peak resident sizes.
func (res *Result) finish(start time.Time) {
	res.TotalSeconds = time.Since(start).Seconds()
	res.PeakRSS = selfRSS()
	for _, r := range res.Runs {
		res.ChildPeakRSS = max(res.ChildPeakRSS, r.PeakRSS)
	}
}

// FormatBytes writes a size in bytes as "812 MiB" or "3.4 GiB"; "?" for
// 0 (unknown).
func FormatBytes(n int64) string {
	switch {
	case n <= 0:
		return "?"
	case n < 1<<30:
		return fmt.Sprintf("%d MiB", (n+1<<19)>>20)
	}
	return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
}

// heldOut reports whether the game of a log id is held out in cfg's fold.
func (cfg *Config) heldOut(key string) bool { return dataset.Hash(key)%10 == uint64(cfg.Fold) }

// calibFold returns the inner fold of a training game for the tenpai
// calibration.
func (cfg *Config) calibFold(key string) int {
	return int(dataset.Hash(key) / 10 % uint64(cfg.CalibFolds))
}

// errFeatureRow marks a feature value that cannot be written (NaN,
// infinite, or outside xgbmodel.AppendLibSVMValue's range): a bug in a
// feature extractor, which stops training.
var errFeatureRow = errors.New("train: a feature row cannot be written")

// libsvm appends a row: label then every feature as index:value, each
// value written so that xgboost reads the float32 Go computes
// (xgbmodel.AppendLibSVMValue).
func libsvm(b *bytes.Buffer, label float64, x []float64) error {
	buf, err := xgbmodel.AppendLibSVMValue(b.AvailableBuffer(), label)
	for i, v := range x {
		if err != nil {
			break
		}
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(i), 10)
		buf = append(buf, ':')
		buf, err = xgbmodel.AppendLibSVMValue(buf, v)
	}
	if err != nil {
		return fmt.Errorf("%w: %w", errFeatureRow, err)
	}
	b.Write(append(buf, '\n'))
	return nil
}

// gameRows is one game's rows for each model.
type gameRows struct {
	rows [4]bytes.Buffer
	n    [4]int
	fit  baselineFit // every sample of the game, for the baselines
}

func extractRows(gr *dataset.GameRef, cfg *Config) (*gameRows, error) {
	out := &gameRows{}
	np := cfg.players()
	var xtBuf [opponent.NumTenpaiFeatures3]float64
	var xwBuf [opponent.NumWaitFeatures3]float64
	var xrBuf [rankmodel.NumFeatures]float64
	xt, xw := xtBuf[:len(opponent.TenpaiFeatureNamesFor(np))], xwBuf[:len(opponent.WaitFeatureNamesFor(np))]
	xr := xrBuf[:len(rankmodel.FeatureNamesFor(np))]
	round := 0
	var werr error
	row := func(b *bytes.Buffer, label float64, x []float64) {
		if err := libsvm(b, label, x); err != nil && werr == nil {
			werr = err
		}
	}
	err := VisitGame(gr.Game, Visitor{
		Discard: func(s *DiscardSample) {
			out.fit.discard(s)
			if keep(cfg.TenpaiRate, gr.Key, round, s.EventIdx) {
				s.Pub.TenpaiFeatures(xt[:])
				row(&out.rows[0], b2f(s.Tenpai), xt[:])
				out.n[0]++
			}
			// A disconnected seat rons nothing: its wait labels would be
			// wrong, so it gives no wait rows (its tenpai and value labels
			// are the hand's, whoever discarded).
			if s.Tenpai && !s.Away && keep(cfg.WaitRate, gr.Key, round, s.EventIdx+1000) {
				for k := range tile.NumKinds {
					if !opponent.InPlay(np, tile.Kind(k)) {
						continue // no copy in a 3-player wall
					}
					s.Pub.WaitFeatures(tile.Kind(k), xw[:])
					row(&out.rows[1], b2f(s.Ron.Has(tile.Kind(k))), xw[:])
					out.n[1]++
				}
			}
			if s.Winning != 0 && keep(cfg.ValueRate, gr.Key, round, s.EventIdx+2000) {
				s.Pub.TenpaiFeatures(xt[:])
				row(&out.rows[2], s.Value, xt[:])
				out.n[2]++
			}
		},
		Rank: func(s *RankSample) {
			if s.Seat == 0 {
				round++
			}
			out.fit.rankSample(s)
			rankmodel.Features(&s.Situation, s.Seat, xr[:])
			row(&out.rows[3], float64(s.Rank-1), xr[:])
			out.n[3]++
		},
	})
	if err == nil {
		err = werr
	}
	return out, err
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// logf writes one line of progress. It hands its format to fmt.Fprintf
// as it is, so that go vet checks every call's arguments against it (a
// ModelRun printed with %.1f went unnoticed behind format+"\n").
func (cfg *Config) logf(format string, args ...any) {
	if cfg.Progress != nil {
		fmt.Fprintf(cfg.Progress, format, args...)
		fmt.Fprintln(cfg.Progress)
	}
}

// CorpusDigest returns the SHA-256 over the files' names (relative to
// their corpus root) and contents, in order.
func CorpusDigest(root string, files []string) (string, error) {
	h := sha256.New()
	for _, f := range files {
		rel, err := filepath.Rel(root, f)
		if err != nil {
			rel = f
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(rel), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func xgboostVersion(bin string) string {
	out, err := exec.Command(bin, "--version").CombinedOutput()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(string(out)), "XGBoost:"))
}

// calShard names the file of the tenpai rows of inner calibration fold
// k's training games.
func calShard(k int) string { return fmt.Sprintf("%s-fold%d.train", opponent.TenpaiModel, k) }

// crossFitCalibration trains the binary model spc once per inner fold of
// the training games, on the other folds' rows, predicts the fold's rows
// with it (so every training row gets a prediction from trees that did not
// see its game), and fits an isotonic map of the labels on these
// out-of-fold predictions. The map is applied to the model trained on all
// the training games: the inner models have its parameters and nearly its
// data, so they share its miscalibration. It returns the map and what
// each inner model cost.
func crossFitCalibration(ctx context.Context, cfg *Config, work string, spc spec, set *sampleSet) (*xgbmodel.Calibration, []ModelRun, error) {
	var p []float64
	var y []bool
	var runs []ModelRun
	total := 0
	for _, n := range set.calRows {
		total += n
	}
	for k := range cfg.CalibFolds {
		job := xgbJob{name: fmt.Sprintf("%s-cal%d", spc.name, k), spc: spc, test: spc.name + ".test",
			rows: total - set.calRows[k], testRows: set.samples[0].HeldOut}
		for j := range cfg.CalibFolds {
			if j != k {
				job.train = append(job.train, calShard(j))
			}
		}
		b, run, err := cfg.runXGBoost(ctx, work, job)
		if err != nil {
			return nil, nil, err
		}
		runs = append(runs, run)
		m, err := xgbmodel.Load(b)
		if err != nil {
			return nil, nil, err
		}
		if p, y, err = predictFile(m, filepath.Join(work, calShard(k)), p, y); err != nil {
			return nil, nil, err
		}
	}
	if len(p) == 0 {
		return nil, nil, fmt.Errorf("train: no rows to calibrate %s on", spc.name)
	}
	return xgbmodel.FitIsotonic(p, y), runs, nil
}

// predictFile appends the binary model's prediction and the label (> 0.5)
// of every LibSVM row of file to p and y.
func predictFile(m *xgbmodel.Model, file string, p []float64, y []bool) ([]float64, []bool, error) {
	err := readLibSVM(file, m.NumFeatures(), func(label string, x []float64) error {
		l, err := strconv.ParseFloat(label, 64)
		if err != nil {
			return fmt.Errorf("%s: bad label %q", file, label)
		}
		v, err := m.PredictOne(x)
		if err != nil {
			return err
		}
		p, y = append(p, v), append(y, l > 0.5)
		return nil
	})
	return p, y, err
}

// readLibSVM calls row with the label text and the features of every row
// of a LibSVM file (a feature the row leaves out is NaN, xgboost's
// missing). x is reused from row to row.
func readLibSVM(file string, numFeatures int, row func(label string, x []float64) error) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	x := make([]float64, numFeatures)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		for j := range x {
			x[j] = math.NaN()
		}
		for _, fv := range fields[1:] {
			k, v, _ := strings.Cut(fv, ":")
			if k == "qid" { // a ranking model's query group
				continue
			}
			idx, err1 := strconv.Atoi(k)
			val, err2 := strconv.ParseFloat(v, 32)
			if err1 != nil || err2 != nil || idx < 0 || idx >= len(x) {
				return fmt.Errorf("%s: bad entry %q", file, fv)
			}
			x[idx] = val
		}
		if err := row(fields[0], x); err != nil {
			return err
		}
	}
	return sc.Err()
}
