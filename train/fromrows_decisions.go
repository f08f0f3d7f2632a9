package train

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
)

// ExtractDecisionShard writes the decision models' rows of shard i of n
// of cfg's corpus, their features computed with the opponent models opp,
// into ShardDir(rows, i, n), as [ExtractShard] writes the predictors':
// the rows TrainDecisions writes for those games, in its order, and each
// held-out decision's group line.
func ExtractDecisionShard(ctx context.Context, cfg Config, opp *opponent.Models, rows string, i, n int) (*RowsManifest, error) {
	return extractShard(ctx, cfg, decisionRowsFamily(opp), rows, i, n)
}

// kind is the kind of the set's rows (the same in every shard: it is
// among the options shard.Check compares).
func (set *rowsSet) kind() string { return set.shards[0].man.Kind }

// trainDecisions trains the decision models that have rows on both
// sides through Dask (TrainDecisions leaves the others untrained too),
// scores them on the held-out decisions and saves them into cfg's policy
// folder.
func (set *rowsSet) trainDecisions(ctx context.Context, cfg *Config, d Dask, work string, corpus xgbmodel.Corpus, res *Result) error {
	all := func(RowsGame) bool { return true }
	var jobs []daskJob
	var idx []int
	for i, s := range decisionSpecs(cfg.Seed, cfg.Threads, cfg.Rounds) {
		tr, te := set.parts(i, false, all), set.parts(i, true, all)
		if partRows(tr) == 0 || partRows(te) == 0 {
			cfg.logf("%s: not trained: %d training and %d held-out rows", s.name, partRows(tr), partRows(te))
			continue
		}
		jobs = append(jobs, daskJob{Name: s.name, Params: s.params, Train: tr, Test: te,
			Model: filepath.Join(work, s.name+".model"), Pred: filepath.Join(work, s.name+".pred.npy")})
		idx = append(idx, i)
	}
	done, err := runDask(ctx, d, work, jobs)
	if err != nil {
		return err
	}
	sp := decisionSpecs(cfg.Seed, cfg.Threads, cfg.Rounds)
	for k, job := range jobs {
		c, b, err := set.card(cfg, sp[idx[k]], job, done[k], corpus, res)
		if err == nil {
			c.Metrics, err = set.scoreDecisions(b, job, work, idx[k])
		}
		if err == nil {
			err = cfg.saveModel(cfg.policyOut(), &c, b)
		}
		if err != nil {
			return err
		}
		res.Cards = append(res.Cards, c)
	}
	return nil
}

// scoreDecisions predicts decision model i's held-out rows with the Go
// loader and scores them against the shards' group lines.
func (set *rowsSet) scoreDecisions(model []byte, job daskJob, work string, i int) ([]xgbmodel.Metric, error) {
	m, err := xgbmodel.Load(model)
	if err != nil {
		return nil, err
	}
	var p []float64
	err = eachRow(job.Test, nil, func(x []float64, _ float32) error {
		v, err := m.PredictOne(x)
		p = append(p, v)
		return err
	})
	if err != nil {
		return nil, err
	}
	groups := filepath.Join(work, job.Name+".groups")
	if err := set.mergeGroups(job.Name, groups); err != nil {
		return nil, err
	}
	return scoreDecisions(p, groups, job.Name, i)
}

// mergeGroups writes the group lines of model name of every shard into
// path, each game numbered among the held-out games kept (as one process
// numbers them), the lines of games dropped as duplicates left out.
func (set *rowsSet) mergeGroups(name, path string) error {
	var b strings.Builder
	next := 0
	for _, s := range set.shards {
		var number []int // a shard's held-out game → its number, -1 dropped
		for g, rg := range s.games {
			if rg.Held {
				number = append(number, -1)
				if !s.drop[g] {
					number[len(number)-1] = next
					next++
				}
			}
		}
		if err := renumber(filepath.Join(s.dir, name+".groups"), number, &b); err != nil {
			return err
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// renumber copies the group lines of file to b with their game numbers
// changed by number (a line of a game numbered -1 left out).
func renumber(file string, number []int, b *strings.Builder) error {
	f, err := os.Open(file)
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		g, rest, ok := strings.Cut(sc.Text(), " ")
		k, err := strconv.Atoi(g)
		if !ok || err != nil || k < 0 || k >= len(number) {
			return fmt.Errorf("train: %s: bad line %q (%d held-out games)", file, sc.Text(), len(number))
		}
		if number[k] >= 0 {
			fmt.Fprintf(b, "%d %s\n", number[k], rest)
		}
	}
	return errors.Join(sc.Err())
}
