package train

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
)

// DaskEnv names the variable that runs TestDaskMatchesCLI: the number
// of record files it trains on.
const DaskEnv = "MJRANK_DASK_TRAIN"

// TestDaskMatchesCLI trains the four predictors on the corpus of
// $MJRANK_DASK_TRAIN (daskCorpus) twice: with the xgboost
// command-line tool (Run), and from rows extracted in two shards through
// xgboost.dask on a two-worker LocalCluster, twice. The held-out figures
// of the Dask models must equal the CLI's within 0.001 of AUC; the test
// logs every figure's difference, the times, and whether the two Dask
// runs gave the same bytes.
func TestDaskMatchesCLI(t *testing.T) {
	corpus, files := daskCorpus(t)
	needDask(t)
	ctx := context.Background()
	cfg := DefaultConfig()
	cfg.Corpus, cfg.MaxFiles, cfg.NoPolicy, cfg.Workers = []string{corpus}, files, true, 2
	cfg.Out = t.TempDir()
	t0 := time.Now()
	cli, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("CLI: %d games, %.1fs (extraction %.1fs, xgboost %.1fs, evaluation %.1fs)",
		cli.Cards[0].Corpus.Games, time.Since(t0).Seconds(), cli.ExtractSeconds, cli.TrainSeconds, cli.EvalSeconds)
	rows := t.TempDir()
	t0 = time.Now()
	for i := 1; i <= 2; i++ {
		if _, err := ExtractShard(ctx, cfg, rows, i, 2); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("extraction in 2 shards, one after the other: %.1fs", time.Since(t0).Seconds())
	// On one worker xgboost.dask builds the CLI's trees: the model is the
	// CLI's byte for byte but for the eval metric the CLI records.
	checkDaskRuns(t, cfg, rows, cli.Cards)
}

// checkDaskRuns trains on rows through xgboost.dask on one worker, whose
// models must be the CLI's (cfg.Out, cards cli) byte for byte but for the
// eval metric the CLI records, then twice on two workers, whose held-out
// figures compareFigures bounds; it logs whether the two runs' models are
// the same bytes.
func checkDaskRuns(t *testing.T, cfg Config, rows string, cli []xgbmodel.Card) {
	t.Helper()
	one := daskRun(t, cfg, rows, "local:1")
	for _, c := range cli {
		a, b := modelBytes(t, cfg.Out, c.Name), modelBytes(t, one.out, c.Name)
		if a = dropEvalMetrics(t, a); !bytes.Equal(a, b) {
			t.Errorf("%s: xgboost.dask on one worker gave another model (%d bytes) than the CLI (%d, its eval metric left out)", c.Name, len(b), len(a))
		}
	}
	runs := [2]daskResult{daskRun(t, cfg, rows, "local"), daskRun(t, cfg, rows, "local")}
	compareFigures(t, cli, runs[0].res.Cards)
	for _, c := range cli {
		a, b := modelBytes(t, runs[0].out, c.Name), modelBytes(t, runs[1].out, c.Name)
		t.Logf("%s: the two 2-worker Dask runs' models are the same bytes: %v (%d, %d bytes)", c.Name, bytes.Equal(a, b), len(a), len(b))
	}
}

// daskResult is one TrainFromRows run and its model folder.
type daskResult struct {
	res *Result
	out string
}

// daskRun trains cfg's predictors from rows on the scheduler, into a
// temporary folder, and logs the time.
func daskRun(t *testing.T, cfg Config, rows, scheduler string) daskResult {
	t.Helper()
	cfg.Out = t.TempDir()
	t0 := time.Now()
	res, err := TrainFromRows(context.Background(), cfg, rows, Dask{Scheduler: scheduler})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Dask (%s): %.1fs (xgboost.dask %.1fs, evaluation %.1fs)", scheduler, time.Since(t0).Seconds(), res.TrainSeconds, res.EvalSeconds)
	return daskResult{res, cfg.Out}
}

// TestDaskDecisionsMatchCLI is TestDaskMatchesCLI for the decision
// models, on the embedded opponent models: TrainDecisions with the
// xgboost tool, then from rows in two shards through xgboost.dask on one
// worker (the same trees) and on two, twice (agreements within 0.1
// point, the bytes of the two runs compared).
func TestDaskDecisionsMatchCLI(t *testing.T) {
	corpus, files := daskCorpus(t)
	needDask(t)
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cfg := DefaultConfig()
	cfg.Corpus, cfg.MaxFiles, cfg.Workers, cfg.Out = []string{corpus}, files, 2, t.TempDir()
	t0 := time.Now()
	cli, err := TrainDecisions(ctx, cfg, opp)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("CLI: %.1fs (extraction %.1fs)", time.Since(t0).Seconds(), cli.ExtractSeconds)
	rows := t.TempDir()
	t0 = time.Now()
	for i := 1; i <= 2; i++ {
		if _, err := ExtractDecisionShard(ctx, cfg, opp, rows, i, 2); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("extraction in 2 shards, one after the other: %.1fs", time.Since(t0).Seconds())
	checkDaskRuns(t, cfg, rows, cli.Cards)
}

// TestDaskPolicyMatchesCLI is TestDaskMatchesCLI for the discard
// policy and the rollout's discard model (on its rows without the
// look-ahead figures), on the embedded opponent models: TrainPolicy with
// the xgboost tool, then from rows in two shards through xgboost.dask on
// one worker (the same trees) and on two, twice.
func TestDaskPolicyMatchesCLI(t *testing.T) {
	corpus, files := daskCorpus(t)
	needDask(t)
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cfg := DefaultConfig()
	cfg.Corpus, cfg.MaxFiles, cfg.Workers, cfg.Out = []string{corpus}, files, 2, t.TempDir()
	t0 := time.Now()
	pol, err := TrainPolicy(ctx, cfg, opp)
	if err != nil {
		t.Fatal(err)
	}
	cli := []xgbmodel.Card{pol.Card, pol.Rollout.Card}
	t.Logf("CLI: %.1fs (extraction %.1fs)", time.Since(t0).Seconds(), pol.ExtractSeconds)
	rows := t.TempDir()
	t0 = time.Now()
	for i := 1; i <= 2; i++ {
		if _, err := ExtractPolicyShard(ctx, cfg, opp, rows, i, 2); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("extraction in 2 shards, one after the other: %.1fs", time.Since(t0).Seconds())
	checkDaskRuns(t, cfg, rows, cli)
}

// daskCorpus is the corpus and the number of files $MJRANK_DASK_TRAIN
// asks for: N, the first N files of thewaxmango-mahjong-hands; "all",
// the whole of ../shared/data/tenhou. Unset, the test skips.
func daskCorpus(t *testing.T) (string, int) {
	v := os.Getenv(DaskEnv)
	if v == "all" {
		return shareddata.Dir(t, "tenhou"), 0
	}
	files, err := strconv.Atoi(v)
	if err != nil || files <= 0 {
		t.Skipf("skipping: set %s=N (files) or all to train with the CLI and with xgboost.dask", DaskEnv)
	}
	return shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands"), files
}

// needDask skips (or fails under MJRANK_REQUIRE_SHARED=1) without the
// xgboost tool or Debian's Python with xgboost.dask.
func needDask(t *testing.T) {
	t.Helper()
	_, err := exec.LookPath("xgboost")
	if err == nil {
		err = exec.Command(DefaultPython, "-c", "import xgboost.dask, distributed").Run()
	}
	if err != nil {
		if os.Getenv(shareddata.RequireEnv) == "1" {
			t.Fatalf("xgboost or python3-xgboost/python3-distributed missing: %v", err)
		}
		t.Skipf("skipping: xgboost or python3-xgboost/python3-distributed missing: %v", err)
	}
}

// compareFigures logs each held-out figure of the CLI's and the Dask
// models and fails an AUC or an agreement (the whole one: its breakdowns
// hold too few decisions for the bound) more than 0.001 apart.
func compareFigures(t *testing.T, cli, dask []xgbmodel.Card) {
	t.Helper()
	if len(cli) != len(dask) {
		t.Fatalf("%d cards from the CLI, %d from Dask", len(cli), len(dask))
	}
	for k, c := range cli {
		d := dask[k]
		if d.Name != c.Name || len(d.Metrics) != len(c.Metrics) || d.Samples != c.Samples || d.Corpus.Games != c.Corpus.Games {
			t.Errorf("card %d: %s %+v %d games, Dask %s %+v %d games", k, c.Name, c.Samples, c.Corpus.Games, d.Name, d.Samples, d.Corpus.Games)
			continue
		}
		for j, m := range c.Metrics {
			diff := d.Metrics[j].Model - m.Model
			t.Logf("%s %s: CLI %.5f, Dask %.5f, difference %+.5f (baseline %.5f, %.5f; %d decisions)", c.Name, m.Name, m.Model, d.Metrics[j].Model, diff, m.Baseline, d.Metrics[j].Baseline, m.N)
			if (m.Name == "auc" || m.Name == "agreement") && math.Abs(diff) > 0.001 {
				t.Errorf("%s: %s %.5f from Dask, %.5f from the CLI: more than 0.001 apart", c.Name, m.Name, d.Metrics[j].Model, m.Model)
			}
			if m.Baseline != d.Metrics[j].Baseline {
				t.Errorf("%s %s: baseline %v from Dask, %v from the CLI: the same rows must fit the same baseline", c.Name, m.Name, d.Metrics[j].Baseline, m.Baseline)
			}
		}
	}
}

// dropEvalMetrics returns the CLI's binary model b without the names of
// its eval metric, which the CLI records (xgboost's Configure sets the
// header's contain_eval_metrics and saves a "metrics" attribute, "auc;")
// and the Python API's binary save does not: the header flag cleared,
// the attribute and one from the attributes' count taken out. The trees
// and everything else are left as they are.
func dropEvalMetrics(t *testing.T, b []byte) []byte {
	t.Helper()
	const flag = 4 + 16 // after "binf": base_score, num_feature, num_class, contain_extra_attrs
	key := binary.LittleEndian.AppendUint64(nil, uint64(len("metrics")))
	key = append(key, "metrics"...)
	if len(b) < flag+4 {
		t.Fatalf("a model of %d bytes", len(b))
	}
	i := bytes.Index(b, key)
	if binary.LittleEndian.Uint32(b[flag:]) == 0 && i < 0 {
		return b // no eval metric recorded
	}
	if i < 8 || binary.LittleEndian.Uint32(b[flag:]) != 1 {
		t.Fatalf("the CLI's model records its eval metric halfway (flag %d, attribute at %d)", binary.LittleEndian.Uint32(b[flag:]), i)
	}
	n := binary.LittleEndian.Uint64(b[i+len(key):])
	end := i + len(key) + 8 + int(n)
	out := slices.Concat(b[:i], b[end:])
	binary.LittleEndian.PutUint32(out[flag:], 0)
	count := binary.LittleEndian.Uint64(out[i-8:])
	binary.LittleEndian.PutUint64(out[i-8:], count-1)
	return out
}
