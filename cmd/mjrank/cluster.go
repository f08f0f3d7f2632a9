package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/mattn/go-isatty"

	"github.com/mjrank/mjrank/cluster"
	"github.com/mjrank/mjrank/internal/progress"
)

// A command whose work splits into shards (--shard i/n, with a merge of
// their outputs that gives exactly one process's result) runs them on a
// Dask cluster with --cluster: it registers clusterFlags, describes its
// shards as a clusterJob and hands runOnCluster a merge of their outputs
// (docs/CLUSTER.md).

// shardsPerThread is --shards' default per worker thread of the cluster:
// a few, so that a slow shard or a lost worker leaves the others busy.
const shardsPerThread = 4

// maxClusterUnits is a job's units when the client cannot count them
// without doing the work (measure's games without --games): its shards
// may then come out empty, which every merge takes.
const maxClusterUnits = 1 << 20

// clusterFlags are the flags that send a command's shards to a cluster.
type clusterFlags struct {
	addr, dir string
	shards    int
}

// clusterFlagNames are the flags register declares.
var clusterFlagNames = []string{"cluster", "cluster-dir", "shards"}

// register declares the cluster flags on fs.
func (c *clusterFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.addr, "cluster", "", "run the shards on the Dask scheduler at tcp://HOST:PORT, then merge them (docs/CLUSTER.md)")
	fs.StringVar(&c.dir, "cluster-dir", "", "with --cluster: the folder keeping the finished shards until the job is done, so that it resumes (default: mjrank/cluster in the user's cache folder)")
	fs.IntVar(&c.shards, "shards", 0, fmt.Sprintf("with --cluster: the number of shards (default: %d per thread of the cluster's workers; at most one per unit of work)", shardsPerThread))
}

// check checks the cluster flags (set holds the flags given); with
// --cluster, it refuses the flags of local (their work would stay on the
// workers, or they pick a shard themselves).
func (c *clusterFlags) check(set map[string]bool, local ...string) error {
	if c.addr == "" {
		for _, f := range []string{"cluster-dir", "shards"} {
			if set[f] {
				return usageErrorf("--%s: only with --cluster", f)
			}
		}
		return nil
	}
	if err := cluster.CheckAddress(c.addr); err != nil {
		return usageErrorf("--cluster %s", err)
	}
	if set["shards"] && c.shards < 1 {
		return usageErrorf("--shards %d: must be at least 1", c.shards)
	}
	for _, f := range local {
		if set[f] {
			return usageErrorf("--%s: not with --cluster (the shards run on the workers; see docs/CLUSTER.md)", f)
		}
	}
	return nil
}

// jsonShard is what shard i of n adds to a command's flags when its
// output is its JSON shard result (--shard i/n --json).
func jsonShard(i, n int) []string { return []string{"--shard", fmt.Sprintf("%d/%d", i, n), "--json"} }

// clusterJob is a command's work as shards on the cluster.
type clusterJob struct {
	name string        // the command the shards run
	fs   *flag.FlagSet // its flags: every one given goes to every shard, but the cluster's and skip
	skip []string
	pos  []string // its positional arguments, after every flag
	// units is the most shards the work splits into (games, walls, files).
	units int
	// shard is what shard i of n adds to the flags (--shard i/n --json).
	shard func(i, n int) []string
	// paths are the files and folders the shards read: when one is
	// relative, the shards run in this process's working folder, which
	// must then be on the workers too (docs/CLUSTER.md, "What runs where").
	paths []string
}

// workDir is the folder the job's shards run in: this process's when a
// path of theirs is relative, else none.
func (j clusterJob) workDir() (string, error) {
	for _, p := range j.paths {
		if !filepath.IsAbs(p) {
			return os.Getwd()
		}
	}
	return "", nil
}

// base is the job's arguments but the shard's own: they key its number
// of shards, kept for a resumed run.
func (j clusterJob) base() []string {
	args := []string{j.name}
	j.fs.Visit(func(f *flag.Flag) {
		if !slices.Contains(clusterFlagNames, f.Name) && !slices.Contains(j.skip, f.Name) {
			args = append(args, "--"+f.Name+"="+f.Value.String())
		}
	})
	return append(args, j.pos...)
}

// args returns the arguments of each of n shards.
func (j clusterJob) args(n int) [][]string {
	base := j.base()
	flags := base[:len(base)-len(j.pos)]
	shards := make([][]string, n)
	for i := range shards {
		a := slices.Concat(flags, j.shard(i+1, n))
		if len(j.pos) > 0 {
			a = slices.Concat(a, []string{"--"}, j.pos)
		}
		shards[i] = a
	}
	return shards
}

// runOnCluster runs job's shards on the cluster of c, with a progress bar
// on stderr (one step a shard), and hands their outputs, in order, to
// merge. Shards finished before a failure are kept in c's folder: the
// same command runs only the others.
func runOnCluster(ctx context.Context, env *Env, c clusterFlags, job clusterJob, merge func(outs [][]byte) error) error {
	if c.shards > job.units {
		return usageErrorf("--shards %d: the work splits into at most %d shards", c.shards, job.units)
	}
	wd, err := job.workDir()
	if err != nil {
		return err
	}
	cfg := cluster.Config{Scheduler: c.addr, Dir: c.dir, Log: env.Stderr, WorkDir: wd}
	base := job.base()
	n, err := cluster.Plan(ctx, cfg, base, c.shards, shardsPerThread, job.units)
	if err != nil {
		return clusterError(err)
	}
	// The bar shows from the start: a shard may take long to finish.
	bar := progress.New(env.Stderr, n, job.name+" on "+c.addr)
	bar.Add(0)
	outs, err := cluster.Run(ctx, cfg, job.args(n), func(done, total int) {
		bar.Add(1)
		if done == total {
			bar.Finish()
		}
	})
	if err != nil {
		// Off the progress bar's line.
		if f, ok := env.Stderr.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
			fmt.Fprintln(f)
		}
		return clusterError(err)
	}
	if err := merge(outs); err != nil {
		return err
	}
	return cluster.ForgetPlan(cfg, base)
}

// clusterError gives an interrupted job its signal's exit status.
func clusterError(err error) error {
	var ie interrupted
	if errors.As(err, &ie) {
		return exitError{ie.ExitCode(), err}
	}
	return err
}
