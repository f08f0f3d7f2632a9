package train

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
)

// TestTrainDecisionsSlice trains the decision models on a slice of the
// corpus with the shipped opponent models: every model that has rows gets
// a card with its held-out agreements.
func TestTrainDecisionsSlice(t *testing.T) {
	if testing.Short() {
		t.Skip("trains with xgboost")
	}
	if _, err := exec.LookPath("xgboost"); err != nil {
		t.Skip("skipping: xgboost not installed (apt-get install xgboost)")
	}
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Corpus = []string{shareddata.Dir(t, "tenhou", "somiona-mahjong579")}
	cfg.Out = t.TempDir()
	cfg.MaxFiles = 60
	cfg.Rounds = 10
	res, err := TrainDecisions(context.Background(), cfg, opp)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, c := range res.Cards {
		names[c.Name] = true
		if c.Loader.MaxAbsDiff > 1e-5 || len(c.Metrics) == 0 || c.Metrics[0].N == 0 || c.Schema != policy.DecisionSchema {
			t.Errorf("%s: card %+v", c.Name, c)
		}
		t.Logf("%s: %d train rows, metrics %+v", c.Name, c.Samples.Train, c.Metrics)
	}
	if !names[policy.RiichiModel] || !names[policy.CallModel] {
		t.Fatalf("cards %v: the riichi and call models are missing", names)
	}
	d, err := policy.LoadDecisionsDir(cfg.Out)
	if err != nil || d.Riichi == nil || d.Call == nil {
		t.Fatalf("loading the models: %v", err)
	}
}

// TestDecisionsTrial trains the decision models on the whole corpus with
// the shipped opponent models and prints their held-out agreements
// (MJRANK_TRIALS=1; MJRANK_DECISIONS_OUT keeps the models,
// MJRANK_DECISIONS_FILES limits the files).
func TestDecisionsTrial(t *testing.T) {
	if os.Getenv("MJRANK_TRIALS") == "" {
		t.Skip("a trial: MJRANK_TRIALS=1 runs it")
	}
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Corpus = []string{shareddata.Dir(t, "tenhou")}
	cfg.Out = os.Getenv("MJRANK_DECISIONS_OUT")
	if cfg.Out == "" {
		cfg.Out = t.TempDir()
	}
	cfg.Work = os.Getenv("MJRANK_DECISIONS_WORK")
	if n, err := strconv.Atoi(os.Getenv("MJRANK_DECISIONS_FILES")); err == nil {
		cfg.MaxFiles = n
	}
	cfg.Progress = os.Stderr
	res, err := TrainDecisions(context.Background(), cfg, opp)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Cards {
		t.Logf("%s: rows %+v, games %d (%d held out)", c.Name, c.Samples, c.Corpus.Games, c.Corpus.HeldOutGames)
		for _, m := range c.Metrics {
			t.Logf("  %s: %.4f (SE %.4f), today's rule %.4f (SE diff %.4f), %d decisions", m.Name, m.Model, m.ModelSE, m.Baseline, m.SE, m.N)
		}
	}
	t.Logf("%.0fs", res.Seconds)
}
