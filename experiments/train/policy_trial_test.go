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

// TestPolicyTrial trains the discard policy on the whole corpus with the
// shipped opponent models and prints its held-out agreement
// (MJRANK_TRIALS=1; MJRANK_POLICY_OUT keeps the model; MJRANK_ROLLOUT_ONLY=1
// trains only the rollout's model, train.TrainRollout).
//
//	MJRANK_TRIALS=1 go test -tags experiments ./experiments/train -run TestPolicyTrial -v -timeout 0
func TestPolicyTrial(t *testing.T) {
	requireTrials(t)
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := train.DefaultConfig()
	cfg.Corpus = []string{shareddata.Dir(t, "tenhou")}
	cfg.Out = os.Getenv("MJRANK_POLICY_OUT")
	if cfg.Out == "" {
		cfg.Out = t.TempDir()
	}
	cfg.Work = os.Getenv("MJRANK_POLICY_WORK")
	if r, err := strconv.ParseFloat(os.Getenv("MJRANK_POLICY_RATE"), 64); err == nil {
		cfg.PolicyRate = r
	}
	if n, err := strconv.Atoi(os.Getenv("MJRANK_POLICY_FILES")); err == nil {
		cfg.MaxFiles = n
	}
	cfg.Progress = os.Stderr
	fit := train.TrainPolicy
	if os.Getenv("MJRANK_ROLLOUT_ONLY") != "" {
		fit = train.TrainRollout
	}
	res, err := fit(context.Background(), cfg, opp)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d held-out decisions: agreement %.4f, efficiency %.4f, SE %.4f; rows %+v; %.0fs",
		res.Decisions, res.Agreement, res.Baseline, res.SE, res.Card.Samples, res.Seconds)
}
