package train

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/mjrank/mjrank/internal/xgbmodel"
)

// DefaultMemoryBudget is the memory an xgboost run may take holding its
// rows (Config.MemoryBudget): 5 GiB of the 8 GiB a whole training run
// stays within, so that mjrank itself and the page cache of the LibSVM
// files have room beside it. (4 GiB until the discard model's schema 4:
// its 73 features on 4.1 M rows are 4.7 GiB by inMemoryBytes, which
// overstates dense rows: xgboost peaked at 2.9 GiB on 59.)
const DefaultMemoryBudget = 5 << 30

// inMemoryBytes estimates the peak resident size of xgboost 1.7 loading
// rows LibSVM rows of features values each (every feature is written, so
// rows × features entries) into memory and training on them with
// tree_method=hist: the sparse page's 8 bytes an entry (index and value)
// in vectors grown by doubling, then the quantised histogram index and the
// columns hist builds from it. Measured (peak RSS, nthread 2, with the
// held-out rows evaluated loaded too): 10.8 bytes an entry for tenpai
// (2.6 M rows × 64), 13.1 for value (0.8 M × 64), 14.9 and 15.3 for the
// first 1 M and 2 M wait rows (× 90), 15.8 between those two. 16 bytes
// an entry and 64 MiB for the program bound them all.
func inMemoryBytes(rows, features int) int64 {
	return int64(rows)*int64(features)*16 + 64<<20
}

// xgbJob is one xgboost training run: the model spc on the LibSVM rows of
// the train files (read in order, as one set), evaluated after every
// round on the held-out rows of test. name names its files in the work
// folder: NAME.conf, NAME.log, NAME.model and, from external memory, the
// cache NAME.cache*.
type xgbJob struct {
	name  string
	spc   spec
	train []string // file names in the work folder
	test  string
	// rows and testRows count the rows of train and test, for the memory
	// estimate.
	rows, testRows int
}

// ModelRun is what one xgboost model cost in a training run.
type ModelRun struct {
	Name string `json:"name"` // the model, or an inner calibration model (tenpai-cal0 …)
	Rows int    `json:"rows"` // training rows
	// External reports that xgboost read the rows from external memory
	// (a cache on disk) because held in memory they would exceed
	// Config.MemoryBudget.
	External bool    `json:"external_memory"`
	Seconds  float64 `json:"seconds"` // wall time of xgboost, the loader check's included
	// PeakRSS is the largest resident size of its xgboost processes, in
	// bytes (0: not known on this system).
	PeakRSS int64 `json:"peak_rss_bytes"`
}

// Mode names the memory mode: "in-memory" or "external".
func (r ModelRun) Mode() string { return memoryMode(r.External) }

func memoryMode(external bool) string {
	if external {
		return "external"
	}
	return "in-memory"
}

// external reports whether the rows of a run go to xgboost from external
// memory.
func (cfg *Config) external(rows, features int) bool {
	return inMemoryBytes(rows, features) > cfg.MemoryBudget
}

// libsvmURI is the xgboost data argument for files (relative to the work
// folder, read in order as one set: dmlc's reader takes a list separated
// by ';'), through an external-memory cache named cache when it is not "".
func libsvmURI(files []string, cache string) string {
	uri := strings.Join(files, ";") + "?format=libsvm"
	if cache != "" {
		uri += "#" + cache
	}
	return uri
}

// runXGBoost trains job in work and returns the model file's bytes and
// what the run cost. A bar counts the boosting rounds on a terminal.
func (cfg *Config) runXGBoost(ctx context.Context, work string, job xgbJob) ([]byte, ModelRun, error) {
	run := ModelRun{Name: job.name, Rows: job.rows, External: cfg.external(job.rows+job.testRows, len(job.spc.features))}
	if run.External && job.spc.ranking() {
		return nil, run, fmt.Errorf("train: %s: %d rows exceed the memory budget (%d MiB), and a ranking objective must hold them in memory: "+
			"xgboost 1.7's external memory loses the query groups (docs/MODELS.md); raise --memory-budget or keep fewer decisions",
			job.name, job.rows+job.testRows, cfg.MemoryBudget>>20)
	}
	var trainCache, testCache string
	if run.External {
		trainCache, testCache = job.name+".cache", job.name+"-test.cache"
	}
	var b strings.Builder
	rounds := 0
	for _, p := range job.spc.params {
		fmt.Fprintf(&b, "%s = %s\n", p[0], p[1])
		if p[0] == "num_round" {
			rounds, _ = strconv.Atoi(p[1])
		}
	}
	fmt.Fprintf(&b, "data = \"%s\"\n", libsvmURI(job.train, trainCache))
	fmt.Fprintf(&b, "eval[heldout] = \"%s\"\n", libsvmURI([]string{job.test}, testCache))
	fmt.Fprintf(&b, "model_out = \"%s.model\"\n", job.name)
	if err := os.WriteFile(filepath.Join(work, job.name+".conf"), []byte(b.String()), 0o644); err != nil {
		return nil, run, err
	}
	log, err := os.Create(filepath.Join(work, job.name+".log"))
	if err != nil {
		return nil, run, err
	}
	defer log.Close()
	bar := cfg.bar(rounds, fmt.Sprintf("xgboost %s (%s)", job.name, run.Mode()))
	defer bar.Finish()
	out := io.MultiWriter(log, &roundCounter{bar: bar})
	cmd := cfg.xgbCommand(ctx, work, job.name+".conf")
	cmd.Stdout, cmd.Stderr = out, out
	t0 := time.Now()
	run.PeakRSS, err = runMeasured(cmd)
	run.Seconds = time.Since(t0).Seconds()
	removeCaches(work, trainCache, testCache)
	if err != nil {
		// The work folder goes when the run ends: the error carries the
		// end of the log, not its path.
		return nil, run, fmt.Errorf("train: xgboost %s: %w; its output ends with:\n%s", job.name, err, logTail(log.Name(), 2048))
	}
	model, err := os.ReadFile(filepath.Join(work, job.name+".model"))
	return model, run, err
}

// xgbCommand is an xgboost process run in work with args. It runs in a
// process group of its own, which is killed whole when ctx ends (a
// signal, an error elsewhere): an --xgboost wrapper's children go with
// it. On Linux the kernel also kills it if mjrank dies without the
// chance to (SIGKILL, or SIGQUIT's dump).
func (cfg *Config) xgbCommand(ctx context.Context, work string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, cfg.XGBoost, args...)
	cmd.Dir, cmd.Env = work, xgbEnv()
	ownGroup(cmd)
	// Output pipes held open by a process outside the group must not
	// keep Wait waiting.
	cmd.WaitDelay = 5 * time.Second
	return cmd
}

// logTail returns the last max bytes of the file at path.
func logTail(path string, max int64) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "(" + err.Error() + ")"
	}
	if int64(len(b)) > max {
		b = b[int64(len(b))-max:]
	}
	return strings.TrimSpace(string(b))
}

// xgbEnv is the environment of the xgboost processes: this process's,
// with OMP_WAIT_POLICY=PASSIVE unless it sets a policy. Otherwise
// libgomp's threads spin at every barrier, and xgboost 1.7 meets one for
// every page of its external-memory cache at every level of every tree:
// on cores shared with other work, a spinning thread burns the time its
// partner needs (docs/MODELS.md, "Training at scale"). The models are the
// same bytes: the policy says how threads wait, not how the work is
// shared.
func xgbEnv() []string {
	env := os.Environ()
	if _, ok := os.LookupEnv("OMP_WAIT_POLICY"); !ok {
		env = append(env, "OMP_WAIT_POLICY=PASSIVE")
	}
	return env
}

// removeCaches removes the files of external-memory caches xgboost left
// in work (it removes them itself when it ends normally).
func removeCaches(work string, caches ...string) {
	for _, c := range caches {
		if c == "" {
			continue
		}
		left, _ := filepath.Glob(filepath.Join(work, c+"*"))
		for _, f := range left {
			os.Remove(f)
		}
	}
}

// roundLine matches the line xgboost prints after each boosting round:
// "[12:00:00] [7]\theldout-auc:0.8".
var roundLine = regexp.MustCompile(`^\[[0-9:]+\] \[[0-9]+\]\t`)

// roundCounter adds a step to bar for every round line of xgboost's
// output written to it.
type roundCounter struct {
	bar  interface{ Add(int) }
	line []byte // the start of the unfinished line
}

func (r *roundCounter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			r.keep(p)
			break
		}
		r.keep(p[:i])
		if roundLine.Match(r.line) {
			r.bar.Add(1)
		}
		r.line, p = r.line[:0], p[i+1:]
	}
	return n, nil
}

// keep appends the start of a line: 32 bytes say whether it is a round's.
func (r *roundCounter) keep(p []byte) {
	if n := 32 - len(r.line); n > 0 {
		r.line = append(r.line, p[:min(n, len(p))]...)
	}
}

// bar returns a progress bar of total steps on cfg.Progress (drawn on a
// terminal only, by cfg.Bar), or one that draws nothing.
func (cfg *Config) bar(total int, desc string) progressBar {
	if cfg.Bar == nil || cfg.Progress == nil {
		return noBar{}
	}
	return cfg.Bar(cfg.Progress, total, desc)
}

type progressBar interface {
	Add(int)
	Finish()
}

type noBar struct{}

func (noBar) Add(int) {}
func (noBar) Finish() {}

// CheckLoader predicts the LibSVM rows of file with `xgboost task=pred` and
// with the model as xgbmodel loads it, and returns the largest absolute
// difference; an error if it exceeds 1e-5.
func CheckLoader(ctx context.Context, bin, work string, model []byte, file string) (xgbmodel.LoaderCheck, error) {
	cfg := Config{XGBoost: bin, MemoryBudget: math.MaxInt64}
	check, _, err := cfg.checkLoader(ctx, work, model, file, 0)
	return check, err
}

// checkLoader is [CheckLoader] for a file of rows rows, which `xgboost
// task=pred` reads from external memory when they exceed the memory
// budget; it also returns what the prediction cost.
func (cfg *Config) checkLoader(ctx context.Context, work string, model []byte, file string, rows int) (xgbmodel.LoaderCheck, ModelRun, error) {
	var check xgbmodel.LoaderCheck
	m, err := xgbmodel.Load(model)
	if err != nil {
		return check, ModelRun{}, err
	}
	run := ModelRun{External: cfg.external(rows, m.NumFeatures())}
	want, err := cfg.predictXGBoost(ctx, work, model, file, &run)
	if err != nil {
		return check, run, err
	}
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
			d := math.Abs(got - want[i])
			if m.Objective() == xgbmodel.RegSquaredError || xgbmodel.Ranking(m.Objective()) {
				// Unbounded outputs (a value; a ranking score, which
				// xgboost sums over 600 trees in float32: 1.7e-5 apart
				// absolutely, 3.9e-6 relatively on the discard policy)
				// and 9 printed significant digits: compare relatively.
				d /= math.Max(1, math.Abs(want[i]))
			}
			check.MaxAbsDiff = math.Max(check.MaxAbsDiff, d)
			i++
		}
		check.Rows++
		return nil
	})
	if err != nil {
		return check, run, err
	}
	if i != len(want) {
		return check, run, fmt.Errorf("xgboost gave %d predictions for %d outputs", len(want), i)
	}
	if check.MaxAbsDiff > 1e-5 {
		return check, run, fmt.Errorf("leaves and xgboost disagree by %g (> 1e-5)", check.MaxAbsDiff)
	}
	return check, run, nil
}

// predictXGBoost returns `xgboost task=pred`'s predictions of the rows of
// file with model, noting its time and memory in run.
func (cfg *Config) predictXGBoost(ctx context.Context, work string, model []byte, file string, run *ModelRun) ([]float64, error) {
	// xgboost runs in work: the paths it is given must not be relative
	// to this folder.
	work, err := filepath.Abs(work)
	if err != nil {
		return nil, err
	}
	mf := filepath.Join(work, "check.model")
	pf := filepath.Join(work, "check.pred")
	if err := os.WriteFile(mf, model, 0o644); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	cache := ""
	if run.External {
		cache = "check.cache"
	}
	cmd := cfg.xgbCommand(ctx, work, os.DevNull, "task=pred", "model_in="+mf, "test:data="+libsvmURI([]string{abs}, cache), "name_pred="+pf)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	t0 := time.Now()
	run.PeakRSS, err = runMeasured(cmd)
	run.Seconds = time.Since(t0).Seconds()
	removeCaches(work, cache)
	if err != nil {
		return nil, fmt.Errorf("xgboost task=pred on %s: %w: %s", file, err, out.Bytes())
	}
	pb, err := os.ReadFile(pf)
	if err != nil {
		return nil, err
	}
	fields := strings.Fields(string(pb))
	want := make([]float64, len(fields))
	for i, f := range fields {
		if want[i], err = strconv.ParseFloat(f, 64); err != nil {
			return nil, fmt.Errorf("%s: prediction %d: %w", pf, i+1, err)
		}
	}
	return want, nil
}
