package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/mjrank/mjrank/internal/shard"
	"github.com/mjrank/mjrank/review"
)

// The shards of verify and measure (arena and match keep their own
// results, which carry their shard): a run with --shard i/N --json prints
// a shard.Output, {"shard": header, "result": ...}, and "CMD merge" joins
// the outputs of all N shards into exactly what one process prints. The
// merges work on outputs in memory (shardOutput), so that a runner that
// collects them from workers merges them as the merge command does.

// shardOutput is one shard's output (the standard output of "mjrank CMD
// --shard i/N --json") and the name errors give it: its file, or the
// worker's task.
type shardOutput struct {
	Name string
	Data []byte
}

// shardOutputs names outs, the outputs of shards 1 to n of a run in
// order (as a runner of shards collects them), for a merge's errors.
func shardOutputs(outs [][]byte) []shardOutput {
	named := make([]shardOutput, len(outs))
	for k, b := range outs {
		named[k] = shardOutput{fmt.Sprintf("the output of shard %d/%d", k+1, len(outs)), b}
	}
	return named
}

// maxShardOutput bounds a shard's file read by merge: measure's hold every
// sample measured (some MB for the whole held-out tenth).
const maxShardOutput = 1 << 30

// readShardOutputs reads the shards' files for a merge.
func readShardOutputs(files []string) ([]shardOutput, error) {
	if len(files) == 0 {
		return nil, usageErrorf("merge needs the shards' JSON files")
	}
	outs := make([]shardOutput, 0, len(files))
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(io.LimitReader(f, maxShardOutput+1))
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if len(b) > maxShardOutput {
			return nil, fmt.Errorf("%s: over %d MiB: not a shard's output", name, maxShardOutput>>20)
		}
		outs = append(outs, shardOutput{name, b})
	}
	return outs, nil
}

// decodeShards reads the outputs of command's shards, checks each result
// against its header with fits (a result that does not fit, as a file
// edited, is refused naming the output), and checks that they are the N
// shards of one run, each once (shard.Check). It returns their results in
// shard order and the header of the run.
func decodeShards[T any](outs []shardOutput, command string, fits func(h *shard.Header, r T) error) ([]T, *shard.Header, error) {
	if len(outs) == 0 {
		return nil, nil, fmt.Errorf("merge: no shard output")
	}
	hs := make([]shard.Header, len(outs))
	rs := make([]T, len(outs))
	names := make([]string, len(outs))
	for k, o := range outs {
		out, err := shard.Decode[T](o.Name, o.Data, command)
		if err == nil {
			if err = fits(&out.Shard, out.Result); err != nil {
				err = fmt.Errorf("%s: the result does not fit its header: %w", o.Name, err)
			}
		}
		if err != nil {
			return nil, nil, fmt.Errorf("merge: %w", err)
		}
		hs[k], rs[k], names[k] = out.Shard, out.Result, o.Name
	}
	order, err := shard.Check(hs, names)
	if err != nil {
		return nil, nil, fmt.Errorf("merge: %w", err)
	}
	sorted := make([]T, len(order))
	for j, k := range order {
		sorted[j] = rs[k]
	}
	h := hs[order[0]]
	return sorted, &h, nil
}

// refuseMergeFlags refuses the flags of a run given to "command merge"
// (set holds the flags given): the shards' outputs hold the run.
func refuseMergeFlags(command string, set map[string]bool, runFlags []string) error {
	for _, f := range runFlags {
		if set[f] {
			return usageErrorf("--%s: %s merge takes only --json (the shards' files hold the run)", f, command)
		}
	}
	return nil
}

// engineID names this binary and its embedded models, once a process
// (a build from a modified tree is named by its executable's digest).
var engineID = sync.OnceValues(review.DefaultEngineID)

// shardBuild names the binary in a shard's header and, with models, its
// embedded models too: the shards of one run must come from one build.
func shardBuild(models bool) (string, error) {
	id, err := engineID()
	if err != nil {
		return "", err
	}
	if !models {
		return id.Build, nil
	}
	return id.Build + "; models " + strings.Join(id.Models, ", "), nil
}

// shardHeader is the header of shard i of n of command's run.
func shardHeader(command string, i, n int, unit string, options map[string]string, models bool) (*shard.Header, error) {
	build, err := shardBuild(models)
	if err != nil {
		return nil, err
	}
	if options == nil {
		options = map[string]string{}
	}
	return &shard.Header{Format: shard.Format, Command: command, Options: options, Build: build, Shard: i, Shards: n, Unit: unit}, nil
}

// shardLine is the first line of a shard's text report.
func shardLine(w io.Writer, h *shard.Header) {
	if h.From == h.To {
		fmt.Fprintf(w, "shard %d/%d: no %s (of %d); merge the --json outputs of all shards for the whole report\n\n", h.Shard, h.Shards, strings.TrimSuffix(h.Unit, "s"), h.Total)
		return
	}
	fmt.Fprintf(w, "shard %d/%d: %s %d to %d of %d; merge the --json outputs of all shards for the whole report\n\n", h.Shard, h.Shards, h.Unit, h.From+1, h.To, h.Total)
}
