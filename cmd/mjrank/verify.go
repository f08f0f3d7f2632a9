package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/progress"
	"github.com/mjrank/mjrank/internal/shard"
)

var cmdVerify = &Command{
	Name:      "verify",
	UsageLine: "[--json] [--workers N] [--shard i/N] [--cluster tcp://HOST:PORT [--shards N] [--cluster-dir DIR]] PATH... | merge [--json] FILE...",
	Short:     "replay game records through the engine and compare every result",
	Long: `
Verify reads game records — mjlog XML (plain or gzip), tenhou.net/6 JSON
(whole games or single rounds) and mjai JSON lines, told apart by content —
from the files and folders given, and replays every game, 4- or 3-player
(Tenhou's sanma, kitas included), through mjrank's engine. Every recorded
action must pass the engine's own legality check; at each win the engine's
yaku, han, fu, points and payments must match the record's, at each draw
its payments and tenpai hands, at each round start the record's dealer,
honba, riichi sticks and scores, and at the end the final scores and
points.

PATH - is standard input. Folders are walked for regular files ending in
.xml, .xml_, .mjlog, .txt, .json, .jsonl, .mjson or .gz; a file there that
holds no game record is skipped, anything that is not a regular file (a
FIFO, a device) is skipped, and all are listed with their reason. A path
or folder that cannot be read is an error in the report, and the rest is
checked.

It prints a summary, then every mismatch (file, game, round, what differed)
and every error (file and position), and exits with status 1 if there is
any, or if no round was replayed at all (no game, or games without a
round). Files are replayed in parallel; the report is the same for any
number of workers.

--shard i/N replays the i-th of N slices of the files: the files as listed
(the paths in the order given, each folder's files sorted by path), cut
into N consecutive slices of as many files as can be (shard i gets files
⌊(i−1)·n/N⌋+1 to ⌊i·n/N⌋ of n), so that N machines given the same paths
agree; the first shard also reports what the listing skipped or could not
read. With more shards than files some shards are empty, which is no
error. With --json a shard prints its report under a header that names the
run (the paths, the files' names and sizes, the build, i and N), and
"mjrank verify merge FILE..." joins the outputs of all N shards, in any
order, into exactly the report "mjrank verify PATH..." prints (its JSON
with --json; "seconds" is the shards' sum, the work rather than the wall
time), with the same exit status; without --json a shard prints the
report of its own files. A shard's exit status says whether it ran, not
what it found: 0 once its report is printed, mismatches or not (a runner
of shards tells a failed shard from a finished one by it); the verdict,
mismatches, errors or no round replayed, is the merge's. Merge refuses
outputs of different runs, a shard missing or given twice, naming the
files, and the flags of a run. A path named merge is given as ./merge.
Standard input cannot be split.

--cluster tcp://HOST:PORT runs the shards on the Dask cluster of that
scheduler (docs/CLUSTER.md): --shards N of them (default: 4 per thread of
its workers), each the same mjrank binary on a worker, reading the same paths, merged into
exactly what the command prints without --cluster. With a relative path
the shards run in this working folder, which the workers must then see
(a shared file system). Finished shards are kept in --cluster-dir until
the job is done, so after a lost scheduler, a failed shard or Ctrl-C the
same command runs only the others.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o verifyOptions
		fs.BoolVar(&o.asJSON, "json", false, "print the report as JSON (with --shard, the input of verify merge)")
		fs.IntVar(&o.workers, "workers", 0, "files replayed at once (default: one per CPU)")
		fs.StringVar(&o.shard, "shard", "", "replay shard i of N of the files (i/N, 1-based)")
		var cl clusterFlags
		cl.register(fs)
		return func(env *Env, args []string) error {
			set := explicitSet(fs)
			if len(args) > 0 && args[0] == "merge" {
				if err := refuseMergeFlags("verify", set, append(verifyRunFlags, clusterFlagNames...)); err != nil {
					return err
				}
				outs, err := readShardOutputs(args[1:])
				if err != nil {
					return err
				}
				return verifyMerge(env, outs, o.asJSON)
			}
			if len(args) == 0 {
				return usageErrorf("give at least one file or folder")
			}
			if err := firstErr(o.check(args), cl.check(set, "shard")); err != nil {
				return err
			}
			if cl.addr != "" {
				return o.onCluster(env, fs, cl, args)
			}
			return o.run(env, args)
		}
	},
}

// verifyOptions are the verify command's flags.
type verifyOptions struct {
	asJSON         bool
	workers        int
	shard          string
	shardI, shards int
}

// verifyRunFlags are the flags of a run, which verify merge refuses.
var verifyRunFlags = []string{"shard", "workers"}

// check checks every flag before any work (paths: the paths given).
func (o *verifyOptions) check(paths []string) error {
	if err := firstErr(workersFlag(o.workers), shardFlag(o.shard, &o.shardI, &o.shards)); err != nil {
		return err
	}
	if o.shards > 0 && slices.Contains(paths, records.StdinPath) {
		return usageErrorf("--shard: standard input (-) cannot be split into shards; give files or folders")
	}
	return nil
}

// run verifies the records of paths (its shard's, with --shard) and
// prints the report; a record that fails makes the command fail.
func (o *verifyOptions) run(env *Env, paths []string) error {
	opt := records.VerifyOptions{Workers: o.workers, Stdin: env.Stdin}
	opt.Progress = progress.Callback(env.Stderr, "verify")
	var h *shard.Header
	if o.shards > 0 {
		var err error
		if h, err = shardHeader("verify", o.shardI, o.shards, "files", nil, false); err != nil {
			return err
		}
		opt.SkipListing = o.shardI > 1
		opt.Select = func(files []string) []string {
			h.Inputs = shard.Identify(paths, files)
			h.Total = len(files)
			h.From, h.To = shard.Range(h.Shard, h.Shards, len(files))
			return files[h.From:h.To]
		}
	}
	rep, err := records.Verify(context.Background(), paths, opt)
	if err != nil {
		return err
	}
	if h != nil {
		return o.reportShard(env, h, rep)
	}
	return o.report(env, rep, paths)
}

// onCluster replays the files of paths in shards on the cluster of cl
// (the flags of fs given, each shard's --shard i/N --json) and prints
// their merge as one process prints its report, with its exit status.
func (o *verifyOptions) onCluster(env *Env, fs *flag.FlagSet, cl clusterFlags, paths []string) error {
	if slices.Contains(paths, records.StdinPath) {
		return usageErrorf("--cluster: standard input (-) cannot be split into shards; give files or folders")
	}
	files, _, _, _ := records.RecordFiles(paths)
	job := clusterJob{name: "verify", fs: fs, skip: []string{"json"}, pos: paths, paths: paths, units: max(1, len(files)),
		shard: jsonShard}
	ctx, stop := signalContext(context.Background())
	defer stop()
	return runOnCluster(ctx, env, cl, job, func(outs [][]byte) error {
		return verifyMerge(env, shardOutputs(outs), o.asJSON)
	})
}

// report prints the report of the records under paths and returns the
// command's error: a mismatch, an error or nothing checked fails.
func (o *verifyOptions) report(env *Env, rep *records.VerifyReport, paths []string) error {
	if o.asJSON {
		if err := writeJSON(env.Stdout, rep); err != nil {
			return err
		}
	} else if err := printVerify(env.Stdout, rep); err != nil {
		return err
	}
	if err := nothingChecked(rep, paths); err != nil {
		return err
	}
	if !rep.OK() {
		return errSilent
	}
	return nil
}

// reportShard prints a shard's report (under its header with --json). A
// shard that printed its report succeeded, whatever the report holds: the
// verdict (a mismatch, an error, nothing checked) is the merge's, so that
// a runner of shards tells a shard that failed from one that finished.
func (o *verifyOptions) reportShard(env *Env, h *shard.Header, rep *records.VerifyReport) error {
	if o.asJSON {
		return writeJSON(env.Stdout, shard.Output[*records.VerifyReport]{Shard: *h, Result: rep})
	}
	shardLine(env.Stdout, h)
	return printVerify(env.Stdout, rep)
}

// mergeVerify joins the outputs of the N shards of one verify run
// (verify --shard i/N --json) into the report of the whole, exactly the
// report of one process but for its timing (records.MergeReports), and
// returns it with the header of the run (its paths, files and build).
func mergeVerify(outs []shardOutput) (*records.VerifyReport, *shard.Header, error) {
	parts, h, err := decodeShards(outs, "verify", verifyFits)
	if err != nil {
		return nil, nil, err
	}
	return records.MergeReports(parts), h, nil
}

// verifyFits checks a shard's report against its header: no more record
// files read than the shard holds.
func verifyFits(h *shard.Header, rep *records.VerifyReport) error {
	switch {
	case rep == nil:
		return errors.New("no report")
	case rep.Files > h.To-h.From:
		return fmt.Errorf("%d record files read of the %d the shard holds", rep.Files, h.To-h.From)
	}
	return nil
}

// verifyMerge is verify merge on outputs in memory: it prints the report
// of the whole run as "mjrank verify [--json] PATH..." does and returns
// the error whose exit status is verify's (1 for a mismatch, an error or
// nothing checked; 1 too for outputs that do not merge).
func verifyMerge(env *Env, outs []shardOutput, asJSON bool) error {
	rep, h, err := mergeVerify(outs)
	if err != nil {
		return err
	}
	return (&verifyOptions{asJSON: asJSON}).report(env, rep, h.Inputs.Paths)
}

// nothingChecked is the error of a run that replayed no round: a verify
// that checked nothing must not pass, and a game without a round (a
// start and an end, millions of them) holds nothing to check.
func nothingChecked(rep *records.VerifyReport, paths []string) error {
	switch {
	case rep.Rounds > 0:
		return nil
	case rep.Games+rep.Partial > 0:
		return fmt.Errorf("nothing checked: %s replayed, but no round in any", plural(rep.Games+rep.Partial, "game"))
	case rep.Files == 0 && len(rep.Skipped) == 0 && len(rep.Errors) == 0:
		return fmt.Errorf("nothing checked: no record file in %s", strings.Join(paths, " "))
	}
	return errors.New("nothing checked: no game was replayed")
}

func printVerify(w io.Writer, rep *records.VerifyReport) error {
	t := newTable(w, "checked", "count")
	rows := [][2]any{
		{"files", rep.Files},
		{"games replayed", rep.Games},
		{"  3-player", rep.Games3},
		{"  complete (final result checked)", rep.Complete},
		{"cut records (whole rounds replayed)", rep.Partial},
		{"rounds", rep.Rounds},
		{"wins checked", rep.Wins},
		{"draws checked", rep.Draws},
		{"kitas accepted", rep.Kitas},
		{"actions accepted", rep.Actions},
		{"skipped", len(rep.Skipped)},
		{"checks not made", len(rep.Unchecked)},
		{"mismatches", len(rep.Mismatches)},
		{"errors", len(rep.Errors)},
		{"games/s", fmt.Sprintf("%.0f", rep.GamesPerSecond)},
	}
	for _, r := range rows {
		if err := t.Append([]string{fmt.Sprint(r[0]), fmt.Sprint(r[1])}); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	reasons := map[string]int{}
	var order []string
	for _, s := range append(rep.Skipped, rep.Unchecked...) {
		if reasons[s.Reason] == 0 {
			order = append(order, s.Reason)
		}
		reasons[s.Reason]++
	}
	if len(order) > 0 {
		fmt.Fprintln(w, "\nskipped or not checked:")
		for _, r := range order {
			fmt.Fprintf(w, "  %d × %s\n", reasons[r], r)
		}
	}
	section := func(title string, ps []records.VerifyProblem) {
		if len(ps) == 0 {
			return
		}
		fmt.Fprintf(w, "\n%s:\n", title)
		for _, p := range ps {
			fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(p.String(), "\n", "\n    "))
		}
	}
	section("mismatches", rep.Mismatches)
	section("errors", rep.Errors)
	return nil
}
