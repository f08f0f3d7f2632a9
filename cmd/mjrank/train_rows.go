package main

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/cluster"
	"github.com/mjrank/mjrank/internal/shard"
	"github.com/mjrank/mjrank/train"
)

// rowsOptions are the flags of train's two rows modes: --extract-only
// --shard i/N --rows DIR writes one shard's rows; --from-rows DIR --dask
// ADDR trains the predictors on them with xgboost.dask.
type rowsOptions struct {
	extractOnly, decisions, discard     bool
	shard, rows, fromRows, dask, python string
	shardI, shards                      int
	// With --cluster the extraction's shards run on a Dask cluster.
	cl clusterFlags
	fs *flag.FlagSet
}

// rowsMode reports whether a rows flag is given.
func (o *trainOptions) rowsMode() bool {
	return o.extractOnly || o.decisions || o.discard || o.shard != "" || o.rows != "" || o.fromRows != "" || o.dask != "" || o.python != "" ||
		slices.ContainsFunc(clusterFlagNames, func(f string) bool { return slices.Contains(o.set, f) })
}

// checkRows checks the rows modes' flags: what each needs, and none of
// the flags it does not take.
func (o *trainOptions) checkRows() error {
	if o.extractOnly {
		if o.cl.addr != "" {
			return o.checkExtractCluster()
		}
		if o.shard == "" || o.rows == "" || o.corpus == "" {
			return usageErrorf("--extract-only needs --corpus, --shard i/N and --rows DIR")
		}
		if err := o.refuseExtract(); err != nil {
			return err
		}
		si, sn, err := shard.Parse(o.shard)
		if err != nil {
			return usageErrorf("--shard %q: %v", quoteShort(o.shard), err)
		}
		o.shardI, o.shards = si, sn
		return outputDir("rows", o.rows)
	}
	if o.decisions || o.discard {
		return usageErrorf("--decisions and --discard go with --extract-only (--from-rows reads the kind of its rows)")
	}
	if o.fromRows == "" || o.cl.addr != "" || slices.ContainsFunc(clusterFlagNames, func(f string) bool { return slices.Contains(o.set, f) }) {
		return usageErrorf("--shard, --rows and --cluster go with --extract-only; --dask and --python with --from-rows")
	}
	if o.dask == "" || o.corpus == "" || o.out == "" {
		return usageErrorf("--from-rows needs --corpus (the corpus the rows came from), --out and --dask")
	}
	if err := o.refuse("--from-rows", "shard", "rows", "policy-out", "xgboost", "cv", "only", "memory-budget",
		"policy-rate", "tenpai-rate", "wait-rate", "value-rate"); err != nil {
		return err
	}
	return firstErr(inputPath("from-rows", o.fromRows, true), daskFlag(o.dask))
}

// checkExtractCluster checks --extract-only --cluster: --rows and
// --corpus given (the workers read them, from a file system they share),
// and no --shard (the job picks each shard's).
func (o *trainOptions) checkExtractCluster() error {
	set := map[string]bool{}
	for _, f := range o.set {
		set[f] = true
	}
	if err := o.cl.check(set, "shard"); err != nil {
		return err
	}
	if o.rows == "" || o.corpus == "" {
		return usageErrorf("--extract-only --cluster needs --corpus and --rows DIR (on a file system the workers share)")
	}
	if err := o.refuseExtract(); err != nil {
		return err
	}
	// The paths go to the shards as given: relative ones are read in
	// this working folder (clusterJob.paths), so that the rows name the
	// corpus as a local extraction of the same command does.
	return outputDir("rows", o.rows)
}

// refuseExtract refuses the flags --extract-only does not take: --out
// only with --decisions, naming the opponent models the features read.
func (o *trainOptions) refuseExtract() error {
	if o.decisions && o.discard {
		return usageErrorf("--decisions and --discard: one kind of rows at a time")
	}
	refused := []string{"rank-out", "policy-out", "work", "xgboost", "threads", "seed", "rounds",
		"calib-folds", "cv", "only", "memory-budget", "from-rows", "dask", "python"}
	if o.decisions || o.discard {
		refused = append(refused, "tenpai-rate", "wait-rate", "value-rate")
	} else {
		refused = append(refused, "out")
	}
	if !o.discard {
		refused = append(refused, "policy-rate")
	}
	return o.refuse("--extract-only", refused...)
}

// refuse refuses the flags given among names, which mode does not take.
func (o *trainOptions) refuse(mode string, names ...string) error {
	for _, n := range names {
		if slices.Contains(o.set, n) {
			return usageErrorf("--%s is not taken with %s", n, mode)
		}
	}
	return nil
}

// daskFlag checks --dask: local, local:N (N workers, 1 to 64) or a
// scheduler's tcp://HOST:PORT.
func daskFlag(v string) error {
	if n, ok := strings.CutPrefix(v, "local:"); ok {
		if k, err := strconv.Atoi(n); err != nil || k < 1 || k > 64 {
			return usageErrorf("--dask %q: local:N takes 1 to 64 workers", v)
		}
		return nil
	}
	if v == "local" {
		return nil
	}
	if err := cluster.CheckAddress(v); err != nil {
		return usageErrorf("--dask %v, local or local:N", err)
	}
	return nil
}

// runRows runs the rows mode the flags name.
func (o *trainOptions) runRows(ctx context.Context, env *Env, cfg train.Config) error {
	if o.extractOnly && o.cl.addr != "" {
		return o.extractOnCluster(ctx, env, cfg)
	}
	if o.extractOnly {
		m, err := o.extractShard(ctx, cfg)
		if err != nil {
			return o.stopped(ctx, err)
		}
		h := m.Shard
		fmt.Fprintf(env.Stdout, "shard %d/%d: files %d to %d of %d, %s (%d held out) into %s\n",
			h.Shard, h.Shards, h.From+1, h.To, h.Total, plural(m.Games, "game"), m.HeldOut, train.ShardDir(o.rows, h.Shard, h.Shards))
		for _, rm := range m.Models {
			fmt.Fprintf(env.Stdout, "  %-7s %d training rows, %d held-out rows\n", rm.Name, rm.Train, rm.Test)
		}
		return nil
	}
	res, err := train.TrainFromRows(ctx, cfg, o.fromRows, train.Dask{Scheduler: o.dask, Python: o.python})
	if err != nil {
		return o.stopped(ctx, err)
	}
	return o.printResult(ctx, env, res)
}

// extractOnCluster runs the extraction's shards on the cluster (each
// `train --extract-only --shard i/N` with the flags given, one shard at
// most per corpus file), prints their lines in order, then checks that
// --rows holds the whole set.
func (o *trainOptions) extractOnCluster(ctx context.Context, env *Env, cfg train.Config) error {
	files, err := cfg.Files()
	if err != nil {
		return err
	}
	// The path flags as given: a relative one runs the shards in this
	// working folder.
	var paths []string
	o.fs.Visit(func(f *flag.Flag) {
		if slices.Contains([]string{"corpus", "rows", "out", "rank-out", "policy-out", "work"}, f.Name) {
			paths = append(paths, f.Value.String())
		}
	})
	job := clusterJob{name: "train", fs: o.fs, units: max(len(files), 1), paths: paths,
		shard: func(i, n int) []string { return []string{"--shard", fmt.Sprintf("%d/%d", i, n)} }}
	return runOnCluster(ctx, env, o.cl, job, func(outs [][]byte) error {
		for _, b := range outs {
			env.Stdout.Write(b)
		}
		n, err := train.CheckRows(o.rows)
		if err == nil {
			fmt.Fprintf(env.Stdout, "%s of %s, checked: train with --from-rows %s --dask ADDR\n", plural(n, "shard"), o.rows, o.rows)
		}
		return err
	})
}

// extractShard writes --shard's rows: the predictors', or with
// --decisions the decision models' and with --discard the discard
// policy's, on the opponent models of --out (the embedded ones without
// it).
func (o *trainOptions) extractShard(ctx context.Context, cfg train.Config) (*train.RowsManifest, error) {
	if !o.decisions && !o.discard {
		return train.ExtractShard(ctx, cfg, o.rows, o.shardI, o.shards)
	}
	opp, err := o.opponentModels()
	if err != nil {
		return nil, err
	}
	if o.discard {
		return train.ExtractPolicyShard(ctx, cfg, opp, o.rows, o.shardI, o.shards)
	}
	return train.ExtractDecisionShard(ctx, cfg, opp, o.rows, o.shardI, o.shards)
}
