package train

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
)

// ExtractPolicyShard writes the discard policy's rows of shard i of n of
// cfg's corpus (cfg.PolicyRate of the turn decisions), their features
// computed with the opponent models opp, into ShardDir(rows, i, n), as
// [ExtractShard] writes the predictors': the rows TrainPolicy writes for
// those games, in its order, with each row's decision (query group).
func ExtractPolicyShard(ctx context.Context, cfg Config, opp *opponent.Models, rows string, i, n int) (*RowsManifest, error) {
	return extractShard(ctx, cfg, policyRowsFamily(opp), rows, i, n)
}

// trainPolicy trains the discard policy and, on the same rows without
// its look-ahead figures, the rollout's discard model through Dask,
// scores them on the held-out decisions as TrainPolicy does and saves
// them into cfg's policy folder.
func (set *rowsSet) trainPolicy(ctx context.Context, cfg *Config, d Dask, work string, corpus xgbmodel.Corpus, res *Result) error {
	all := func(RowsGame) bool { return true }
	tr, te := set.parts(0, false, all), set.parts(0, true, all)
	if partRows(tr) == 0 || partRows(te) == 0 {
		return fmt.Errorf("train: no discard decisions in the training or held-out games (%d/%d rows): corpus too small", partRows(tr), partRows(te))
	}
	sp := []spec{policySpec(cfg.Seed, cfg.Threads, cfg.Rounds), rolloutSpec(cfg.Seed, cfg.Threads, cfg.Rounds)}
	var jobs []daskJob
	for _, s := range sp {
		nan, err := omitColumns(s)
		if err != nil {
			return err
		}
		jobs = append(jobs, daskJob{Name: s.name, Params: s.params, Train: tr, Test: te, NaN: nan,
			Model: filepath.Join(work, s.name+".model"), Pred: filepath.Join(work, s.name+".pred.npy")})
	}
	done, err := runDask(ctx, d, work, jobs)
	if err != nil {
		return err
	}
	held, err := set.heldSizes()
	if err != nil {
		return err
	}
	for k, s := range sp {
		pr, b, err := set.policyResult(cfg, s, jobs[k], done[k], corpus, held, res)
		if err == nil {
			err = cfg.saveModel(cfg.policyOut(), &pr.Card, b)
		}
		if err != nil {
			return err
		}
		res.Cards = append(res.Cards, pr.Card)
		if k == 0 {
			res.Policy = pr
		}
	}
	return nil
}

// policyResult makes a policy model's card and scores it on the
// held-out decisions (held: each held-out game's decisions' rows).
func (set *rowsSet) policyResult(cfg *Config, s spec, job daskJob, dn daskDone, corpus xgbmodel.Corpus, held [][]uint8, res *Result) (*PolicyResult, []byte, error) {
	c, b, err := set.card(cfg, s, job, dn, corpus, res)
	if err != nil {
		return nil, nil, err
	}
	m, err := xgbmodel.Load(b)
	if err != nil {
		return nil, nil, err
	}
	pr := &PolicyResult{Card: c, Run: res.Runs[len(res.Runs)-1]}
	per, err := policyTalliesOf(m, s.name+"'s held-out rows", held, func(row func(float64, []float64) error) error {
		return eachRow(job.Test, job.NaN, func(x []float64, label float32) error { return row(float64(label), x) })
	})
	if err != nil {
		return nil, nil, fmt.Errorf("train: %s: %w", s.name, err)
	}
	pr.score(per)
	cfg.logf("%s: held-out agreement %.4f (tile efficiency %.4f) on %d decisions", s.name, pr.Agreement, pr.Baseline, pr.Decisions)
	return pr, b, nil
}

// omitColumns returns the columns of the features s.omit names.
func omitColumns(s spec) ([]int, error) {
	var cols []int
	for _, n := range s.omit {
		i := slices.Index(s.features, n)
		if i < 0 {
			return nil, fmt.Errorf("train: %s: no feature %q to omit", s.name, n)
		}
		cols = append(cols, i)
	}
	return cols, nil
}

// heldSizes returns each held-out game's decisions' rows (kinds), games
// dropped as duplicates left out, in order: what TrainPolicy's
// measurement reads beside the rows.
func (set *rowsSet) heldSizes() ([][]uint8, error) {
	var held [][]uint8
	for _, s := range set.shards {
		q, _, _, err := readNPY(filepath.Join(s.dir, rowsFile(s.man.Models[0].Name, "test", "q")))
		if err != nil {
			return nil, err
		}
		at := 0
		for g, rg := range s.games {
			if !rg.Held {
				continue
			}
			n := rg.Rows[0]
			if at+n > len(q) {
				return nil, fmt.Errorf("train: %s: %d held-out rows, the games say more", s.dir, len(q))
			}
			if !s.drop[g] {
				held = append(held, runLengths(q[at:at+n]))
			}
			at += n
		}
	}
	return held, nil
}

// runLengths returns the lengths of the runs of equal values of q.
func runLengths(q []float32) []uint8 {
	var out []uint8
	for i := 0; i < len(q); {
		j := i
		for j < len(q) && q[j] == q[i] {
			j++
		}
		out = append(out, uint8(j-i))
		i = j
	}
	return out
}
