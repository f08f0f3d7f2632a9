// Package train learns the opponent predictors and the final-rank model
// from game records: it replays every usable game with full information
// (data.ReplayObserved), extracts samples with the feature definitions of
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
	"strconv"
	"strings"

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
	Work     string // folder for LibSVM files, configs and logs; "" = a temporary folder, removed after
	XGBoost  string // the xgboost binary; "" = "xgboost" on PATH

	Workers int // parallel files during extraction; 0 = GOMAXPROCS
	Threads int // xgboost nthread; 0 = DefaultThreads
	Seed    int

	// MaxFiles limits the corpus to its first files (0 = all): tests train on
	// a slice.
	MaxFiles int
	// Rates of samples kept (deterministic by game, round and event): the
	// wait model gets 34 rows per kept tenpai sample.
	TenpaiRate, WaitRate, ValueRate float64
	// PolicyRate is the rate of turn decisions kept for the discard policy.
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
}

// DefaultThreads is xgboost's thread count unless a run asks for another.
// It is fixed, not one per CPU, because the hist tree method sums its
// gradient histograms per thread: another count gives other float sums,
// hence other splits, and the models would differ from machine to machine.
// The shipped models are trained with it (make train).
const DefaultThreads = 2

// DefaultConfig returns the configuration of the shipped models.
func DefaultConfig() Config {
	return Config{Seed: 1, TenpaiRate: 0.5, WaitRate: 0.3, ValueRate: 1, PolicyRate: 0.25, CalibFolds: 4}
}

// spec is one model's training setup.
type spec struct {
	name     string
	features []string
	schema   int
	params   [][2]string
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

func specs(seed, threads, rounds int) []spec {
	common := func(obj string, extra ...[2]string) [][2]string {
		return xgbParams(obj, seed, threads, rounds, extra...)
	}
	return []spec{
		{opponent.TenpaiModel, opponent.TenpaiFeatureNames, opponent.Schema,
			common(xgbmodel.BinaryLogistic, [2]string{"num_round", "300"}, [2]string{"eval_metric", "auc"})},
		{opponent.WaitModel, opponent.WaitFeatureNames, opponent.Schema,
			common(xgbmodel.BinaryLogistic, [2]string{"num_round", "100"}, [2]string{"max_depth", "8"}, [2]string{"eval_metric", "auc"})},
		{opponent.ValueModel, opponent.TenpaiFeatureNames, opponent.Schema,
			common(xgbmodel.RegSquaredError, [2]string{"num_round", "200"}, [2]string{"eval_metric", "mae"})},
		{rankmodel.ModelName, rankmodel.FeatureNames, rankmodel.Schema,
			common(xgbmodel.MultiSoftprob, [2]string{"num_class", "4"}, [2]string{"num_round", "200"},
				[2]string{"max_depth", "4"}, [2]string{"eval_metric", "mlogloss"})},
	}
}

// Result summarises a run.
type Result struct {
	Cards          []xgbmodel.Card
	Eval           *EvalReport
	Policy         *PolicyResult // the discard policy's held-out agreement
	ExtractSeconds float64
	TrainSeconds   float64 // xgboost, all models
	TotalSeconds   float64

	col *collector // the held-out predictions behind Eval
}

// heldOut reports whether the game of a log id is held out in cfg's fold.
func (cfg *Config) heldOut(key string) bool { return hash(key)%10 == uint64(cfg.Fold) }

// calibFold returns the inner fold of a training game for the tenpai
// calibration.
func (cfg *Config) calibFold(key string) int { return int(hash(key) / 10 % uint64(cfg.CalibFolds)) }

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

func extractRows(gr *GameRef, cfg *Config) (*gameRows, error) {
	out := &gameRows{}
	var xt [opponent.NumTenpaiFeatures]float64
	var xw [opponent.NumWaitFeatures]float64
	var xr [rankmodel.NumFeatures]float64
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

func (cfg *Config) logf(format string, args ...any) {
	if cfg.Progress != nil {
		fmt.Fprintf(cfg.Progress, format+"\n", args...)
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

// runXGBoost trains one model in work on the rows of NAME.train (name
// being spc.name or an inner calibration fold's) and returns the model
// file's bytes.
func runXGBoost(ctx context.Context, bin, work string, spc spec, name string) ([]byte, error) {
	conf := filepath.Join(work, name+".conf")
	var b strings.Builder
	for _, p := range spc.params {
		fmt.Fprintf(&b, "%s = %s\n", p[0], p[1])
	}
	fmt.Fprintf(&b, "data = \"%s.train?format=libsvm\"\n", name)
	fmt.Fprintf(&b, "eval[heldout] = \"%s.test?format=libsvm\"\n", spc.name)
	fmt.Fprintf(&b, "model_out = \"%s.model\"\n", name)
	if err := os.WriteFile(conf, []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	log, err := os.Create(filepath.Join(work, name+".log"))
	if err != nil {
		return nil, err
	}
	defer log.Close()
	cmd := exec.CommandContext(ctx, bin, name+".conf")
	cmd.Dir = work
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("train: xgboost %s: %w (log: %s)", spc.name, err, log.Name())
	}
	return os.ReadFile(filepath.Join(work, name+".model"))
}

// CheckLoader predicts the LibSVM rows of file with `xgboost task=pred` and
// with the model as xgbmodel loads it, and returns the largest absolute
// difference; an error if it exceeds 1e-5.
func CheckLoader(ctx context.Context, bin, work string, model []byte, file string) (xgbmodel.LoaderCheck, error) {
	var check xgbmodel.LoaderCheck
	m, err := xgbmodel.Load(model)
	if err != nil {
		return check, err
	}
	mf := filepath.Join(work, "check.model")
	pf := filepath.Join(work, "check.pred")
	if err := os.WriteFile(mf, model, 0o644); err != nil {
		return check, err
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return check, err
	}
	cmd := exec.CommandContext(ctx, bin, os.DevNull, "task=pred", "model_in="+mf, "test:data="+abs+"?format=libsvm", "name_pred="+pf)
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		return check, fmt.Errorf("xgboost task=pred: %w: %s", err, out)
	}
	pb, err := os.ReadFile(pf)
	if err != nil {
		return check, err
	}
	want := strings.Fields(string(pb))
	out := make([]float64, m.NumOutputs())
	ref := make([]float64, m.NumOutputs())
	i := 0
	err = readLibSVM(file, m.NumFeatures(), func(_ string, x []float64) error {
		if err := m.Predict(x, out); err != nil {
			return err
		}
		// The flat trees Go predicts with must agree with leaves exactly
		// (up to the order of float64 sums).
		if err := m.PredictLeaves(x, ref); err != nil {
			return err
		}
		for k := range out {
			if math.Abs(out[k]-ref[k]) > 1e-12 {
				return fmt.Errorf("row %d: flat trees %v, leaves %v", check.Rows+1, out[k], ref[k])
			}
		}
		for _, got := range out {
			if i >= len(want) {
				return fmt.Errorf("xgboost gave %d predictions, fewer than the rows", len(want))
			}
			w, err := strconv.ParseFloat(want[i], 64)
			if err != nil {
				return err
			}
			d := math.Abs(got - w)
			if m.Objective() == xgbmodel.RegSquaredError {
				d /= math.Max(1, math.Abs(w)) // xgboost prints 9 significant digits
			}
			check.MaxAbsDiff = math.Max(check.MaxAbsDiff, d)
			i++
		}
		check.Rows++
		return nil
	})
	if err != nil {
		return check, err
	}
	if i != len(want) {
		return check, fmt.Errorf("xgboost gave %d predictions for %d outputs", len(want), i)
	}
	if check.MaxAbsDiff > 1e-5 {
		return check, fmt.Errorf("leaves and xgboost disagree by %g (> 1e-5)", check.MaxAbsDiff)
	}
	return check, nil
}

// crossFitCalibration trains the binary model spc once per inner fold of
// the training games, on the other folds' rows, predicts the fold's rows
// with it (so every training row gets a prediction from trees that did not
// see its game), and fits an isotonic map of the labels on these
// out-of-fold predictions. The map is applied to the model trained on all
// the training games: the inner models have its parameters and nearly its
// data, so they share its miscalibration.
func crossFitCalibration(ctx context.Context, cfg *Config, work string, spc spec) (*xgbmodel.Calibration, error) {
	var p []float64
	var y []bool
	for k := range cfg.CalibFolds {
		name := fmt.Sprintf("%s-cal%d", spc.name, k)
		b, err := runXGBoost(ctx, cfg.XGBoost, work, spc, name)
		if err != nil {
			return nil, err
		}
		m, err := xgbmodel.Load(b)
		if err != nil {
			return nil, err
		}
		if p, y, err = predictFile(m, filepath.Join(work, name+".oof"), p, y); err != nil {
			return nil, err
		}
	}
	if len(p) == 0 {
		return nil, fmt.Errorf("train: no rows to calibrate %s on", spc.name)
	}
	return xgbmodel.FitIsotonic(p, y), nil
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
