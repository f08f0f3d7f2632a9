//go:build experiments

package train_test

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/train"
)

// TestDecisionsTrial trains the decision models on the whole corpus with
// the shipped opponent models and prints their held-out agreements
// (MJRANK_TRIALS=1; MJRANK_DECISIONS_OUT keeps the models,
// MJRANK_DECISIONS_FILES limits the files, MJRANK_DECISIONS_WORK keeps
// the work folder).
//
//	MJRANK_TRIALS=1 go test -tags experiments ./experiments/train -run TestDecisionsTrial -v -timeout 0
func TestDecisionsTrial(t *testing.T) {
	requireTrials(t)
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := train.DefaultConfig()
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
	res, err := train.TrainDecisions(context.Background(), cfg, opp)
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
