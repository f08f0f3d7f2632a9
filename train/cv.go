package train

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// NumFolds is the number of folds of [CrossValidate]: the tenths of the
// games by FNV-1a(log id) mod 10, fold 0 being the shipped held-out tenth.
const NumFolds = 10

// CVResult is a cross-validation: every usable game evaluated once, by
// models and baselines trained without its fold.
type CVResult struct {
	Folds []*Result // one training run per fold, Folds[0] as the shipped run
	// Eval pools the held-out predictions of all folds; its standard
	// errors come from bootstrap resamples of all the games.
	Eval         *EvalReport
	TotalSeconds float64
}

// CrossValidate trains the four models NumFolds times as cfg says, each
// time holding out one tenth of the games (cfg.Fold is ignored; cfg.Out
// and cfg.RankOut are not written: each fold's models go to a temporary
// folder), and measures the pooled held-out predictions of all folds.
func CrossValidate(ctx context.Context, cfg Config) (*CVResult, error) {
	start := time.Now()
	tmp, err := os.MkdirTemp("", "mjrank-cv-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	cv := &CVResult{}
	all := &collector{}
	rep := &EvalReport{Bootstrap: DefaultBootstrap}
	for f := range NumFolds {
		c := cfg
		c.Fold = f
		c.Out = filepath.Join(tmp, fmt.Sprint(f))
		c.RankOut, c.PolicyOut = "", ""
		c.NoPolicy = true // the four predictors; the policy reports its own held-out agreement
		if cfg.Work != "" {
			c.Work = filepath.Join(cfg.Work, fmt.Sprintf("fold%d", f))
		}
		c.logf("fold %d of %d", f+1, NumFolds)
		res, err := Run(ctx, c)
		if err != nil {
			return nil, fmt.Errorf("fold %d: %w", f, err)
		}
		all.merge(res.col, int32(rep.Games))
		rep.Games += res.Eval.Games
		rep.Files = res.Eval.Files
		res.col = nil
		cv.Folds = append(cv.Folds, res)
	}
	rep.Rounds = all.rounds
	all.report(rep)
	cv.Eval = rep
	cv.TotalSeconds = time.Since(start).Seconds()
	return cv, nil
}
