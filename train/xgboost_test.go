package train

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
)

// TestRunReproducible trains every model twice on a slice of the corpus,
// with one extraction worker and with four, and each time from external
// memory (a budget of one byte), then once more in memory: the model
// files, the calibration map and the row counts are the same byte for
// byte. The order of the rows does not depend on the workers, the
// xgboost threads are pinned, and xgboost 1.7's hist method builds the
// same trees from its external-memory cache as from memory. The discard
// policy, whose ranking objective trains only in memory
// (TestRankingRefusesExternal), is left out of the external runs.
func TestRunReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("trains with xgboost")
	}
	corpus := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands")
	needXGBoost(t)
	run := func(workers int, budget int64, out string, only ...string) *Result {
		cfg := DefaultConfig()
		cfg.Corpus, cfg.Out, cfg.Only = []string{corpus}, out, only
		cfg.MaxFiles, cfg.Rounds, cfg.WaitRate, cfg.CalibFolds = 40, 3, 0.2, 2
		cfg.Workers, cfg.MemoryBudget, cfg.NoPolicy = workers, budget, budget == 1
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d workers, budget %d, only %q: %.1fs", workers, budget, only, res.TotalSeconds)
		return res
	}
	ext1, ext4 := run(1, 1, t.TempDir()), run(4, 1, t.TempDir())
	memOut := t.TempDir()
	mem := run(2, 0, memOut)
	testOnlyWait(t, memOut, mem, func(out string) *Result { return run(2, 0, out, opponent.WaitModel) })
	for i, want := range mem.Cards {
		for _, got := range []*Result{ext1, ext4} {
			if i >= len(got.Cards) {
				continue // the policy's models: not trained from external memory
			}
			c := got.Cards[i]
			if c.SHA256 != want.SHA256 || c.Samples != want.Samples {
				t.Errorf("%s: %s, %+v rows; in memory with 2 workers %s, %+v", c.Name, c.SHA256, c.Samples, want.SHA256, want.Samples)
			}
			if cal := c.Calibration; cal != nil && cal.SHA256 != want.Calibration.SHA256 {
				t.Errorf("%s: calibration %s, in memory %s", c.Name, cal.SHA256, want.Calibration.SHA256)
			}
		}
	}
	for _, r := range ext1.Runs {
		if !r.External || r.Rows == 0 || r.Seconds <= 0 {
			t.Errorf("budget of 1 byte: %+v", r)
		}
	}
	var names []string
	for _, r := range mem.Runs {
		names = append(names, r.Name)
		if r.External || r.PeakRSS <= 0 {
			t.Errorf("default budget: %+v", r)
		}
	}
	if got, want := strings.Join(names, " "), "tenpai tenpai-cal0 tenpai-cal1 wait value rank discard rollout riichi call kan rollriichi rollcall"; got != want {
		t.Errorf("runs %s, want %s", got, want)
	}
	if mem.PeakRSS <= 0 || mem.ChildPeakRSS <= 0 || mem.TotalSeconds < mem.TrainSeconds {
		t.Errorf("peak RSS %d / %d, %.1fs in all, %.1fs of xgboost", mem.PeakRSS, mem.ChildPeakRSS, mem.TotalSeconds, mem.TrainSeconds)
	}
}

// testOnlyWait: with the whole run's models in out (from run full) less
// the wait model, --only wait trains the same wait model byte for byte,
// with the same card but its seconds, reads the others from out and
// leaves them as they were.
func testOnlyWait(t *testing.T, out string, full *Result, run func(out string) *Result) {
	t.Helper()
	files := func() map[string][]byte {
		m := map[string][]byte{}
		entries, err := os.ReadDir(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(out, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			m[e.Name()] = b
		}
		return m
	}
	before := files()
	var want xgbmodel.Card
	for _, c := range full.Cards {
		if c.Name == opponent.WaitModel {
			want = c
		}
	}
	card := strings.TrimSuffix(want.File, ".bin") + ".json"
	for _, f := range []string{want.File, card} {
		if err := os.Remove(filepath.Join(out, f)); err != nil {
			t.Fatal(err)
		}
	}
	only := run(out)
	if len(only.Cards) != 1 || len(only.Runs) != 1 || only.Runs[0].Name != opponent.WaitModel || only.Policy != nil {
		t.Fatalf("--only wait: %d cards, runs %+v, policy %v", len(only.Cards), only.Runs, only.Policy != nil)
	}
	got := only.Cards[0]
	got.Seconds, want.Seconds = 0, 0
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if !bytes.Equal(gj, wj) {
		t.Errorf("--only wait card:\n%s\nthe whole run's:\n%s", gj, wj)
	}
	after := files()
	if len(after) != len(before) {
		t.Errorf("%d files after --only wait, %d before", len(after), len(before))
	}
	for name, b := range before {
		if name != card && !bytes.Equal(after[name], b) {
			t.Errorf("%s: not the same bytes after --only wait", name)
		}
	}
}

// TestRoundCounter counts xgboost's round lines however its output is cut.
func TestRoundCounter(t *testing.T) {
	out := "[21:55:05] INFO: loading\n[21:55:05] [0]\theldout-auc:0.8\n[21:55:06] [1]\theldout-auc:0.81\n" +
		"[21:55:07] [12]\theldout-auc:0.82\ttrain-auc:0.9\nnot a [3]\tround\n[21:55:08] [13]\theldout-auc:0.83\n"
	for _, size := range []int{1, 3, 7, len(out)} {
		var n countBar
		rc := &roundCounter{bar: &n}
		for i := 0; i < len(out); i += size {
			if w, err := rc.Write([]byte(out[i:min(i+size, len(out))])); err != nil || w != min(size, len(out)-i) {
				t.Fatalf("write: %d, %v", w, err)
			}
		}
		if n != 4 {
			t.Errorf("written %d bytes at a time: %d rounds, want 4", size, n)
		}
	}
}

type countBar int

func (c *countBar) Add(n int) { *c += countBar(n) }

func TestFormatBytes(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{{0, "?"}, {1 << 20, "1 MiB"}, {812 << 20, "812 MiB"}, {1<<30 - 1, "1024 MiB"}, {3 << 30, "3.0 GiB"}, {3<<30 + 400<<20, "3.4 GiB"}} {
		if got := FormatBytes(c.n); got != c.want {
			t.Errorf("FormatBytes(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

// TestXGBoostFailureQuotesItsLog: when xgboost fails, the error carries
// the end of its output (the work folder, and the log in it, are removed
// on the way out), and no temporary folder is left.
func TestXGBoostFailureQuotesItsLog(t *testing.T) {
	if testing.Short() {
		t.Skip("extracts samples from 40 files")
	}
	corpus := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands")
	dir := t.TempDir()
	fake := filepath.Join(dir, "xgboost")
	script := "#!/bin/sh\n[ \"$1\" = --version ] && { echo 1.7.4; exit 0; }\necho 'boom: out of something' >&2\nexit 3\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", dir)
	cfg := DefaultConfig()
	cfg.Corpus, cfg.Out, cfg.XGBoost = []string{corpus}, filepath.Join(dir, "models"), fake
	cfg.MaxFiles, cfg.Rounds, cfg.CalibFolds = 40, 3, 0
	_, err := Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "boom: out of something") || strings.Contains(err.Error(), "(log: ") {
		t.Errorf("error %v, want the end of xgboost's output", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "mjrank-train-*"))
	if len(left) > 0 {
		t.Errorf("work folders left: %v", left)
	}
}

// TestRankingRefusesExternal: a ranking objective whose rows exceed the
// memory budget is refused before xgboost runs, with the reason, since
// xgboost 1.7's external memory loses its query groups.
func TestRankingRefusesExternal(t *testing.T) {
	cfg := DefaultConfig()
	cfg.defaults()
	cfg.MemoryBudget = 1
	job := xgbJob{name: "discard", spc: policySpec(1, DefaultThreads, 0), train: []string{"discard.train"}, test: "discard.test", rows: 10, testRows: 2}
	_, _, err := cfg.runXGBoost(context.Background(), t.TempDir(), job)
	if err == nil || !strings.Contains(err.Error(), "ranking objective must hold them in memory") {
		t.Fatalf("error %v, want the ranking objective's refusal", err)
	}
	cfg.MemoryBudget = DefaultMemoryBudget
	if cfg.external(job.rows+job.testRows, len(job.spc.features)) {
		t.Fatal("12 rows are external under the default budget")
	}
}
