package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/mjrank/mjrank/analysis"
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/outfile"
	"github.com/mjrank/mjrank/internal/progress"
	"github.com/mjrank/mjrank/internal/shard"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/review"
)

var cmdReview = &Command{
	Name:      "review",
	UsageLine: "[--seat N | --name NAME] [--rounds LIST] [--game G] [--sims N] [--workers N] [--seed S] [--cache DIR] [--log-server URL] [--shard i/N] [--json] [--html FILE|DIR] [--progress] [--cluster tcp://HOST:PORT [--shards N] [--cluster-dir DIR]] PATH... | merge [--json] [--html FILE|DIR] FILE...",
	Short:     "review every decision of one player of game records with the Monte Carlo engine",
	Long: `
Review runs every decision one player made in game records through the
Monte Carlo engine, as mjrank analyze does for one: the turn decisions
(discard, riichi) and the answers to discards the player could call. For
each it gives the move played beside the engine's best, the loss (the
played move's expected final rank minus the best's, and the Houou rank
points it gives up; negative when the played move simulated better than
the engine's choice, which keeps its prior move unless another beats it by
two standard errors), the top candidates with their final-rank
distribution, P(win) and P(deal-in) this round.

Each PATH is a record file (mjlog plain or gzipped, tenhou.net/6 JSON or
mjai, told apart by content; - reads standard input), a folder (walked for
record files as verify walks it), or a Tenhou log id or URL
(2022010115gm-00a9-0000-dcf9e89c, https://tenhou.net/0/?log=ID&tw=2),
fetched from --log-server as tenhou.net/6 JSON. Every game of a file is
reviewed, or only game --game G of each.

The player is --seat N (0 is the first dealer) or --name NAME (the seat of
that name in each game); without either, the seat a log URL names (tw=),
else seat 0. --rounds E1,E4-1,S3 reviews only those rounds (a round name
without honba is every honba of it). Decision i of the player is analysed
with seed (--seed, i), so a report depends neither on --workers nor on the
other games of the batch.

One game: the summary prints per round the agreement rate (played == best)
and the total and worst losses, then the costliest decisions first, and
under them a sentence for each saying why one move is better (built from
the figures of its "why" in the JSON); --json prints the full report;
--html FILE writes it as one self-contained HTML
page: checked before the review (a folder, a folder that cannot be written,
or the record itself are refused), written whole to a temporary file
renamed onto FILE, through a symbolic link to its target, or directly into
a FIFO or a device (/dev/stdout). A game that cannot be reviewed (no player
of that name, a name two seats share, a damaged record) is an error. A
3-player record (Tenhou's sanma) is reviewed as one of four: its three
seats, kitas among the decisions; its figures are compared with the Houou
players' of held-out 3-player games, and it has no rank points (Tenhou's
3-player rank-point table is not known).

Several games (several PATHs, a folder, a file of several games): the
decisions of every game are analysed in one pool of --workers, with one
progress bar over games and decisions on a terminal. The summary prints a
line per game, the player's figures over the games reviewed, then the
games skipped (no player of that name or two of it, none of the rounds
asked, a folder's file that is no record, a game the batch already holds
in another file or format) and those that failed (a path,
log or record that cannot be read, a damaged record), each
named by file and game number in the file; --json prints {"games": [each
game's report with its file or log_id, game_in_file, status (ok, skipped
or failed), reason, cached], "player": {...}, "batch": {...}}. --html DIR
writes into the folder DIR (made if missing, its parent must exist;
refused if DIR is a file) a self-contained page per game reviewed, named
from its record file and game number (FILE-gN.html, made unique), and
index.html: the player's figures beside the Houou players', a chart of
the games and a link to each game's page. A page is replaced whole (a
temporary file renamed), and written after the summary; a game read
from the cache has its page as one reviewed now, whatever its source
(a file, standard input, a log). The exit status is 1 when some game
failed, else 0.

The player's figures, for one game and over a batch, are given by kind of
decision (discard; riichi or dama; call or pass; kan; kyuushu; kita, with
three players): decisions,
agreement (the verdict best, better or as good), rank loss per decision
and per game, Houou rank points lost per game, bad moves (judged worse
than the engine's pick by at least 0.05 in expected rank) and a 0-100
score, 100·exp(−judged rank loss per decision / 0.0045); under each, the
Houou players' figures in held-out games of as many players (median
[10th–90th percentile] of one game); a batch of both 3- and 4-player
games is compared with neither, each of its games with its own.
docs/REVIEW.md defines them. In the JSON: "figures" in each
game's report, and "player".

--cache DIR keeps each game's review in DIR, keyed by the game's content,
the seat, the rounds, --sims, --seed, the engine's build and the digests of
its models: a game reviewed before under the same key is read back, not
reviewed again, so an interrupted batch resumes where it stopped. Entries
are written whole (a temporary file renamed); one that cannot be read is
reviewed again, with a warning. The Tenhou logs fetched are kept there
too, and not fetched again.

--shard i/N reviews the i-th of N slices of the batch, so that N
processes, on N machines, share it: the batch's entries as listed (the
PATHs in the order given, each folder's files sorted by path, each file's
games in order; a log id is one entry) cut into N consecutive slices of
as many entries as can be (shard i gets entries ⌊(i−1)·n/N⌋+1 to ⌊i·n/N⌋
of n). Every shard reads every record file to count its games, but
fetches, replays and reviews only its own entries; given the same PATHs
(the same names, relative to the same folder) and flags, the N shards
agree. With more shards than entries some shards are empty, which is no
error. With --json a shard prints its entries, each reviewed game's
record, and a header naming the run (the flags that make the result, the
PATHs, the record files' names and sizes, the build and its models, i and
N). "mjrank review merge [--json] [--html FILE|DIR] FILE..." joins the
outputs of all N shards, in any order, into exactly what one process
prints for the whole batch (its JSON with --json, but for "seconds":
each game's as its shard timed it, the batch's the shards' sum), writes
the same pages, and exits with the same status; a game the batch holds
twice is found across shards too. A shard that printed its part exits
with status 0, though a game of its slice failed (the part names it, and
the merge exits with status 1). Merge refuses, naming the files, outputs
of different runs, a shard missing or given twice, and the flags of a run.
A path named merge is given as ./merge. Standard input cannot be split.

--cluster tcp://HOST:PORT runs the shards on the Dask cluster of that
scheduler (docs/CLUSTER.md): --shards N of them (default: 4 per thread of
its workers), each the same mjrank binary on a worker, reading the same records (a log id is fetched by its shard's worker), merged into
exactly what the command prints without --cluster. With a relative path
the shards run in this working folder, which the workers must then see
(a shared file system). Finished shards are kept in --cluster-dir until
the job is done, so after a lost scheduler, a failed shard or Ctrl-C the
same command runs only the others.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o reviewOptions
		fs.IntVar(&o.seat, "seat", 0, "the player's seat (0..3) in every game")
		fs.StringVar(&o.name, "name", "", "the player's name (instead of --seat): the seat of that name in each game")
		fs.StringVar(&o.rounds, "rounds", "", "review only these rounds: a comma-separated `LIST` like E1,E4-1,S3 (default: all)")
		fs.IntVar(&o.gameN, "game", 0, "only this game (1-based) of each file (default: every game)")
		fs.IntVar(&o.sims, "sims", review.DefaultSims, fmt.Sprintf("simulation budget of each decision (1 to %d)", mc.MaxSims))
		fs.IntVar(&o.workers, "workers", 0, "decisions analysed at once, over all games (default: one per CPU; the result does not depend on it)")
		fs.Uint64Var(&o.seed, "seed", 1, "seed of the simulations")
		fs.StringVar(&o.cacheDir, "cache", "", "keep each game's review in `DIR` and reuse it")
		fs.StringVar(&o.logServer, "log-server", review.DefaultLogServer, "the `URL` Tenhou log ids are fetched from")
		fs.BoolVar(&o.asJSON, "json", false, "print the full report as JSON")
		fs.StringVar(&o.htmlFile, "html", "", "also write one game's report as the self-contained HTML page FILE, or a batch's as a page per game and index.html in the folder DIR (`FILE|DIR`)")
		fs.BoolVar(&o.progress, "progress", false, "print progress on stderr, also when it is not a terminal")
		fs.StringVar(&o.shard, "shard", "", "review shard i of N of the batch's games (i/N, 1-based; with --json, the input of review merge)")
		var cl clusterFlags
		cl.register(fs)
		return func(env *Env, args []string) error {
			if len(args) > 0 && args[0] == "merge" {
				if err := refuseMergeFlags("review", explicitSet(fs), clusterFlagNames); err != nil {
					return err
				}
				return o.merge(env, fs, args[1:])
			}
			if len(args) == 0 {
				return usageErrorf("give at least one record file, folder or Tenhou log id")
			}
			if err := cl.check(explicitSet(fs), "shard"); err != nil {
				return err
			}
			page, err := o.check(fs, args)
			if err != nil {
				return err
			}
			if page != nil {
				defer page.Abort()
			}
			if cl.addr != "" {
				return o.onCluster(env, fs, cl, args, page)
			}
			return o.run(env, args, page)
		}
	},
}

// reviewOptions are the review command's flags.
type reviewOptions struct {
	seat, gameN, sims, workers                  int
	name, htmlFile, rounds, cacheDir, logServer string
	seed                                        uint64
	asJSON, progress                            bool
	shard                                       string
	shardI, shards                              int

	picked  review.Rounds
	seatSet bool // --seat given: it overrides a log URL's tw=
}

// check checks every flag, then the flags together, before any work. With
// --html it returns the page, open to be written: a review of minutes must
// not be lost to a path it cannot be written to, nor write over its own
// record (a file of args).
func (o *reviewOptions) check(fs *flag.FlagSet, args []string) (*outfile.File, error) {
	if err := firstErr(
		intIn("seat", o.seat, 0, 3),
		atLeast("game", o.gameN, 0),
		intIn("sims", o.sims, 1, mc.MaxSims),
		workersFlag(o.workers),
		shardFlag(o.shard, &o.shardI, &o.shards),
	); err != nil {
		return nil, err
	}
	if o.shards > 0 && slices.Contains(args, records.StdinPath) {
		return nil, usageErrorf("--shard: standard input (-) cannot be split into shards; give files, folders or log ids")
	}
	if o.shards > 0 && o.htmlFile != "" {
		return nil, usageErrorf("--html: a shard writes no pages; give --html to review merge")
	}
	if explicit(fs, "game") && o.gameN == 0 {
		return nil, usageErrorf("--game 0: games are numbered from 1")
	}
	if explicit(fs, "name") && o.name == "" {
		return nil, usageErrorf("--name: empty; give a player's name, or --seat")
	}
	if explicit(fs, "name") && explicit(fs, "seat") {
		return nil, usageErrorf("give --seat or --name, not both")
	}
	o.seatSet = explicit(fs, "seat")
	if explicit(fs, "rounds") {
		rs, err := review.ParseRounds(o.rounds)
		if err != nil {
			return nil, usageErrorf("--rounds %s", err)
		}
		o.picked = rs
	}
	if u, err := url.Parse(o.logServer); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, usageErrorf("--log-server %q: want an http or https URL, like %s", o.logServer, review.DefaultLogServer)
	}
	if o.htmlFile == "" || isDir(o.htmlFile) {
		// A folder is for a batch's pages (refused for one game once
		// the games are known, by outfile's check).
		return nil, nil
	}
	page, err := outfile.Create(o.htmlFile, args...)
	if err != nil {
		return nil, usageErrorf("--html %v", err)
	}
	return page, nil
}

// run reviews the games of args and prints the report (one game's as
// before, or the batch's, or with --shard the shard's), and writes the
// pages if asked.
func (o *reviewOptions) run(env *Env, args []string, page *outfile.File) error {
	bo, err := o.batchOptions(env)
	if err != nil {
		return err
	}
	bo.Shard, bo.Shards = o.shardI, o.shards
	done := o.showProgress(env, &bo)
	defer done()
	ctx := context.Background()
	plan := review.NewPlan(ctx, args, bo)
	entries := plan.Entries()
	_, _, total := plan.ShardRange()
	single := total == 1 && len(args) == 1 && !isDir(args[0])
	switch {
	case total == 0:
		return fmt.Errorf("no record file in %s", strings.Join(args, " "))
	case single && o.shards == 0 && (entries[0].Status == review.StatusSkipped || entries[0].Status == review.StatusFailed):
		return errors.New(singleProblem(&entries[0]))
	}
	pagesDir := ""
	if o.htmlFile != "" {
		if pagesDir, page, err = o.pageTarget(single, page, args); err != nil {
			return err
		}
		if page != nil {
			defer page.Abort()
		}
	}
	rep, err := plan.Run(ctx)
	done()
	if err != nil {
		return err
	}
	if o.shards > 0 {
		return o.reportShard(env, plan, rep, single, args)
	}
	return o.report(env, rep, single, page, pagesDir, args)
}

// report prints the review of a batch, or of its one game (single), and
// writes its pages: page for one game, into pagesDir for a batch
// (inputs are the files the pages must not overwrite). Its error gives
// review's exit status: 1 when some game failed.
func (o *reviewOptions) report(env *Env, rep *review.BatchReport, single bool, page *outfile.File, pagesDir string, inputs []string) error {
	if single {
		return o.printOne(env, &rep.Games[0], page)
	}
	var err error
	if o.asJSON {
		err = writeJSON(env.Stdout, rep)
	} else {
		err = printBatch(env.Stdout, rep)
	}
	if err == nil && pagesDir != "" {
		err = writePages(env, pagesDir, o.name, rep, inputs)
	}
	if err == nil && !rep.OK() {
		err = errSilent
	}
	return err
}

// pageTarget settles what --html names once the games are known: for one
// game the page check made (a folder is refused here, as outfile refuses
// it), for a batch the folder of its pages, made if missing.
func (o *reviewOptions) pageTarget(single bool, page *outfile.File, args []string) (string, *outfile.File, error) {
	if single {
		if page != nil {
			return "", page, nil
		}
		p, err := outfile.Create(o.htmlFile, args...)
		if err != nil {
			return "", nil, usageErrorf("--html %v", err)
		}
		return "", p, nil
	}
	if page != nil {
		page.Abort() // the temporary file check made for one page
	}
	info, err := os.Stat(o.htmlFile)
	switch {
	case err == nil && !info.IsDir():
		return "", nil, usageErrorf("--html %s: not a folder; a batch of games writes its pages into a folder", o.htmlFile)
	case errors.Is(err, os.ErrNotExist):
		if err := os.Mkdir(o.htmlFile, 0o777); err != nil {
			return "", nil, usageErrorf("--html: cannot make the folder of the pages: %v", err)
		}
	case err != nil:
		return "", nil, usageErrorf("--html %v", err)
	}
	return o.htmlFile, nil, nil
}

// writePages writes a page per game reviewed into dir and the index
// linking them, from the record each report holds (a batch's reports hold
// theirs, from the cache too; a merge's, from the shards' results). A
// game whose record is not at hand gets no page, with a warning.
func writePages(env *Env, dir, name string, rep *review.BatchReport, args []string) error {
	names := review.PageNames(rep.Games)
	sums := make([]review.GameSummary, len(rep.Games))
	for i := range rep.Games {
		e := &rep.Games[i]
		sums[i].GameEntry = *e
		if names[i] == "" {
			continue
		}
		g := e.Report.Record()
		if g == nil { // a merged shard's game no record format gave back unchanged
			fmt.Fprintf(env.Stderr, "mjrank review: warning: %s: no page: its record is not at hand\n", e.Where())
			continue
		}
		sums[i].Place = review.FinalPlace(g, e.Seat)
		err := writeFile(filepath.Join(dir, names[i]), args, func(w io.Writer) error {
			return review.WriteGameHTML(w, e.Where(), g, e.Report)
		})
		if err != nil {
			return err
		}
		sums[i].Page = names[i]
	}
	title := fmt.Sprintf("mjrank review: %s", plural(len(rep.Games), "game"))
	if name != "" {
		title += " of " + name
	}
	return writeFile(filepath.Join(dir, review.IndexPage), args, func(w io.Writer) error {
		return review.WriteIndex(w, title, rep.Player, sums)
	})
}

// reportShard prints a shard's part of the batch: with --json its result
// under a header naming the run (a shard.Output, the input of review
// merge), else which entries it holds and its games as a batch's. A game
// that failed does not fail the shard: it is in the part, and the merge's
// exit status says so, so that a runner tells a shard that did its part
// (status 0) from one that could not.
func (o *reviewOptions) reportShard(env *Env, plan *review.Plan, rep *review.BatchReport, single bool, args []string) error {
	from, to, total := plan.ShardRange()
	id, err := review.DefaultEngineID()
	if err != nil {
		return err
	}
	h := shard.Header{Format: shard.Format, Command: review.ShardCommand, Options: o.shardOptions(),
		Inputs: shard.Identify(args, plan.Files()), Build: id.Build + "; models " + strings.Join(id.Models, ", "),
		Shard: o.shardI, Shards: o.shards, Unit: review.ShardUnit, Total: total, From: from, To: to}
	if o.asJSON {
		res, err := plan.ShardResult(rep, single)
		if err == nil {
			err = writeJSON(env.Stdout, shard.Output[*review.ShardResult]{Shard: h, Result: res})
		}
		if err != nil {
			return err
		}
	} else {
		fmt.Fprintf(env.Stdout, "%s\n\n", review.ShardLine(&h))
		if err := printBatch(env.Stdout, rep); err != nil {
			return err
		}
	}
	return nil
}

// shardOptions are the flags that make a review's result, as a shard's
// header names them: the shards of one batch must agree on them.
func (o *reviewOptions) shardOptions() map[string]string {
	m := map[string]string{"sims": fmt.Sprint(o.sims), "seed": fmt.Sprint(o.seed), "log-server": o.logServer}
	if o.seatSet {
		m["seat"] = fmt.Sprint(o.seat)
	}
	if o.name != "" {
		m["name"] = o.name
	}
	if o.rounds != "" {
		m["rounds"] = o.rounds
	}
	if o.gameN > 0 {
		m["game"] = fmt.Sprint(o.gameN)
	}
	return m
}

// reviewRunFlags are the flags of a review run, which review merge
// refuses: the shards' outputs hold the run.
var reviewRunFlags = []string{"cache", "game", "log-server", "name", "progress", "rounds", "seat", "seed", "shard", "sims", "workers"}

// maxReviewShard bounds a shard's output read by merge: a game's report
// is some hundred KB.
const maxReviewShard = 1 << 32

// merge runs review merge: the outputs of a batch's N shards (review
// --shard i/N --json), in any order, joined into the report one process
// gives for the whole batch, printed and written as review prints and
// writes it (--json, --html), with the same exit status.
func (o *reviewOptions) merge(env *Env, fs *flag.FlagSet, files []string) error {
	for _, f := range reviewRunFlags {
		if explicit(fs, f) {
			return usageErrorf("--%s: review merge takes only --json and --html (the shards' files hold the run)", f)
		}
	}
	if len(files) == 0 {
		return usageErrorf("merge needs the shards' JSON files (the outputs of review --shard i/N --json)")
	}
	outputs := make([][]byte, len(files))
	for k, name := range files {
		b, err := readCapped(name, maxReviewShard)
		if err != nil {
			return err
		}
		outputs[k] = b
	}
	return o.mergeOutputs(env, files, outputs)
}

// onCluster reviews the games of args in shards on the cluster of cl (the
// flags of fs given, each shard's --shard i/N --json) and prints and
// writes their merge as one process does. The games are counted by the
// shards (reading the records), so some shards may come out empty.
func (o *reviewOptions) onCluster(env *Env, fs *flag.FlagSet, cl clusterFlags, args []string, page *outfile.File) error {
	if slices.Contains(args, records.StdinPath) {
		return usageErrorf("--cluster: standard input (-) cannot be split into shards; give files, folders or log ids")
	}
	if page != nil {
		page.Abort() // the merge writes it, as review merge --html does
	}
	var paths []string
	if o.cacheDir != "" {
		paths = append(paths, o.cacheDir)
	}
	for _, a := range args {
		if _, err := os.Stat(a); err == nil {
			paths = append(paths, a) // a log id is no path
		}
	}
	job := clusterJob{name: "review", fs: fs, skip: []string{"json", "html", "progress"}, pos: args, paths: paths,
		units: maxClusterUnits, shard: jsonShard}
	ctx, stop := signalContext(context.Background())
	defer stop()
	return runOnCluster(ctx, env, cl, job, func(outs [][]byte) error {
		named := shardOutputs(outs)
		names := make([]string, len(named))
		for k := range named {
			names[k] = named[k].Name
		}
		return o.mergeOutputs(env, names, outs)
	})
}

// mergeOutputs is review merge on outputs in memory (outputs[k] named
// names[k] in errors: its file, or a runner's shard): it prints the
// batch's report and writes its pages (--json, --html of o) as one
// process does, and returns the error whose exit status is review's.
// The pages must not overwrite the names.
func (o *reviewOptions) mergeOutputs(env *Env, names []string, outputs [][]byte) error {
	m, err := review.MergeShardOutputs(names, outputs)
	if err != nil {
		return err
	}
	o.name = m.Header.Options["name"]
	var page *outfile.File
	pagesDir := ""
	if o.htmlFile != "" {
		if pagesDir, page, err = o.pageTarget(m.OneGame, nil, names); err != nil {
			return err
		}
		if page != nil {
			defer page.Abort()
		}
	}
	return o.report(env, m.Report, m.OneGame, page, pagesDir, names)
}

// readCapped reads the file name, refusing one over limit bytes.
func readCapped(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: over %d GiB: not a review shard's output", name, limit>>30)
	}
	return b, nil
}

// writeFile writes a page through outfile: whole, or not at all.
func writeFile(path string, inputs []string, write func(io.Writer) error) error {
	f, err := outfile.Create(path, inputs...)
	if err != nil {
		return fmt.Errorf("--html %v", err)
	}
	defer f.Abort()
	if err := write(f); err != nil {
		return fmt.Errorf("--html %s: %w", path, err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("--html %s: %w", path, err)
	}
	return nil
}

// batchOptions are the review's options from the flags, with the cache
// opened.
func (o *reviewOptions) batchOptions(env *Env) (review.BatchOptions, error) {
	w := o.workers
	if w == 0 {
		w = runtime.GOMAXPROCS(0)
	}
	bo := review.BatchOptions{
		Options: review.Options{Sims: o.sims, Workers: w, Seed: o.seed, Rounds: o.picked},
		Seat:    o.seat, Name: o.name, Game: o.gameN, LogServer: o.logServer, Stdin: env.Stdin,
		Warn: func(msg string) { fmt.Fprintf(env.Stderr, "mjrank review: warning: %s\n", msg) },
	}
	if !o.seatSet {
		bo.Seat = -1
	}
	if o.cacheDir != "" {
		id, err := review.DefaultEngineID()
		if err != nil {
			return bo, err
		}
		if bo.Cache, err = review.OpenCache(o.cacheDir, id); err != nil {
			return bo, usageErrorf("--cache %v", err)
		}
	}
	return bo, nil
}

// singleProblem is the error of a lone game that cannot be reviewed: its
// file or log and the reason, as one game's review has always said it.
func singleProblem(e *review.GameEntry) string {
	src := e.File
	if src == "" {
		src = e.LogID
	}
	if strings.HasPrefix(e.Reason, src+":") {
		return e.Reason
	}
	return src + ": " + e.Reason
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// showProgress sets bo's progress: plain lines with --progress, else a bar
// when stderr is a terminal. The function it returns ends the display.
func (o *reviewOptions) showProgress(env *Env, bo *review.BatchOptions) func() {
	if o.progress {
		shown := false
		bo.OnProgress = func(p review.BatchProgress) {
			shown = true
			fmt.Fprintf(env.Stderr, "\rreview: %d/%d games, %d/%d decisions", p.GamesDone, p.Games, p.DecisionsDone, p.Decisions)
		}
		return func() {
			if shown {
				fmt.Fprintln(env.Stderr)
				shown = false
			}
		}
	}
	var bar *progress.Bar
	bo.OnProgress = func(p review.BatchProgress) {
		if bar == nil {
			bar = progress.New(env.Stderr, p.Decisions, "review")
		}
		bar.Describe(fmt.Sprintf("review: game %d/%d", min(p.GamesDone+1, p.Games), p.Games))
		bar.Add(1)
		if p.DecisionsDone == p.Decisions {
			bar.Finish()
		}
	}
	return func() {}
}

// printOne prints a lone game's review as review always has, and writes
// its page.
func (o *reviewOptions) printOne(env *Env, e *review.GameEntry, page *outfile.File) error {
	if e.Status != review.StatusOK {
		return errors.New(singleProblem(e))
	}
	src := e.File
	if src == "" {
		src = e.LogID
	}
	var err error
	// The report first, so that a failing page loses nothing.
	if o.asJSON {
		err = writeJSON(env.Stdout, e.Report)
	} else {
		err = printReview(env.Stdout, src, e.Report)
	}
	if err == nil && page != nil {
		err = writePage(page, src, e.Report)
	}
	return err
}

// printBatch prints a line per game reviewed, the player's figures and
// the batch's counts, then the games skipped and failed with why.
func printBatch(w io.Writer, rep *review.BatchReport) error {
	t := newTable(w, "game", "seat", "player", "decisions", "agree%", "rank loss", "loss/decision", "rank pt loss", "bad moves", "score", "")
	for i := range rep.Games {
		e := &rep.Games[i]
		if e.Status != review.StatusOK {
			continue
		}
		g := &e.Report.Game
		note := ""
		if e.Cached {
			note = "cached"
		}
		perDec := "-"
		if g.Decisions > 0 {
			perDec = fmt.Sprintf("%.4f", g.RankLoss/float64(g.Decisions))
		}
		bad, score := "-", "-"
		if f := e.Report.Figures; f != nil {
			bad, score = fmt.Sprint(f.BadMoves), fmt.Sprintf("%.0f", f.Score)
		}
		pts := fmt.Sprintf("%.1f", g.PointsLoss)
		if e.Report.Players == 3 {
			pts = "-" // no rank points: review.NoRankPoints
		}
		if err := t.Append([]string{e.Where(), fmt.Sprint(e.Seat), e.Player, fmt.Sprint(g.Decisions), pct(g.Agreement),
			fmt.Sprintf("%.3f", g.RankLoss), perDec, pts, bad, score, note}); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	p, b := &rep.Player, &rep.Batch
	who := "the player"
	if p.Name != "" {
		who = p.Name
	}
	pts := fmt.Sprintf(", rank points lost %.1f per game", p.PointsLossPerGame)
	switch {
	case p.ThreePlayerGames > 0 && p.ThreePlayerGames == p.Games:
		pts = "" // review.NoRankPoints, said under the figures
	case p.ThreePlayerGames > 0:
		pts = fmt.Sprintf(", rank points lost %.1f per 4-player game", p.PointsLossPerGame)
	}
	fmt.Fprintf(w, "\n%s over %s: %s, agreement %s%%, rank loss %.4f per decision and %.3f per game%s, %s, score %.0f\n",
		who, plural(p.Games, "game"), plural(p.Decisions, "decision"), pct(p.Agreement), p.RankLossPerDecision, p.RankLossPerGame, pts,
		plural(p.BadMoves, "bad move"), p.Score)
	if err := printFigures(w, p); err != nil {
		return err
	}
	fmt.Fprintf(w, "batch: %d entries: %d reviewed, %d from the cache, %d skipped, %d failed; %s analysed in %.1f s\n",
		b.Games, b.Reviewed, b.Cached, b.Skipped, b.Failed, plural(b.DecisionsAnalysed, "decision"), b.Seconds)
	for _, status := range []string{review.StatusSkipped, review.StatusFailed} {
		first := true
		for i := range rep.Games {
			e := &rep.Games[i]
			if e.Status != status {
				continue
			}
			if first {
				fmt.Fprintf(w, "\n%s:\n", status)
				first = false
			}
			fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(e.Problem(), "\n", "\n    "))
		}
	}
	return nil
}

// printFigures prints f by kind of decision, each row with the Houou
// players' figures under it (median and 10th to 90th percentile of one
// game), and the definitions of a bad move and of the score.
func printFigures(w io.Writer, f *review.Figures) error {
	houou := "the Houou players of held-out games, median [10th–90th percentile] of one game"
	switch {
	case f.HououNote != "":
		houou = f.HououNote
	case f.Houou != nil && f.ThreePlayerGames > 0:
		houou = "the Houou players of held-out 3-player games, median [10th–90th percentile] of one game"
	}
	fmt.Fprintf(w, "\nby kind of decision, per game (houou: %s):\n", houou)
	noPoints := f.Games > 0 && f.ThreePlayerGames == f.Games // review.NoRankPoints
	t := newTable(w, dropPoints([]string{"kind", "decisions", "agree%", "best%", "rank loss/decision", "rank loss", "rank pt loss", "bad moves", "bad%", "score"}, 6, noPoints)...)
	row := func(name string, f *review.Figures) error {
		if err := t.Append(dropPoints([]string{name, fmt.Sprintf("%.1f", f.DecisionsPerGame), pct(f.Agreement), pct(f.Match), fmt.Sprintf("%.4f", f.RankLossPerDecision),
			fmt.Sprintf("%.3f", f.RankLossPerGame), fmt.Sprintf("%.1f", f.PointsLossPerGame), fmt.Sprintf("%.1f", f.BadMovesPerGame),
			pct(f.BadMoveRate), fmt.Sprintf("%.0f", f.Score)}, 6, noPoints)); err != nil {
			return err
		}
		h := f.Houou
		if h == nil {
			return nil
		}
		band := func(b review.Band, format string, scale float64) string {
			return fmt.Sprintf(format+" ["+format+"–"+format+"]", scale*b.Median, scale*b.P10, scale*b.P90)
		}
		pts := "-"
		if h.PointsLossPerGame != nil {
			pts = band(*h.PointsLossPerGame, "%.0f", 1)
		}
		return t.Append(dropPoints([]string{"  houou", band(h.DecisionsPerGame, "%.0f", 1), band(h.Agreement, "%.1f", 100), band(h.Match, "%.0f", 100),
			band(h.RankLossPerDecision, "%.4f", 1), band(h.RankLossPerGame, "%.2f", 1), pts,
			band(h.BadMovesPerGame, "%.0f", 1), band(h.BadMoveRate, "%.1f", 100), band(h.Score, "%.0f", 1)}, 6, noPoints))
	}
	if err := row("all", f); err != nil {
		return err
	}
	for _, k := range review.Kinds {
		if kf := f.ByKind[k]; kf != nil {
			if err := row(string(k), kf); err != nil {
				return err
			}
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if f.RankPointsNote != "" {
		fmt.Fprintf(w, "%s\n", f.RankPointsNote)
	}
	fmt.Fprintf(w, "bad move: judged worse than the engine's pick by at least %.2f in expected rank; score: 100·exp(−judged rank loss per decision / %.4f)\n",
		review.BadMoveLoss, review.ScoreScale)
	return nil
}

// dropPoints returns row without its cell i, the rank points, when the
// figures have none (3-player games: review.NoRankPoints), else row.
func dropPoints(row []string, i int, none bool) []string {
	if !none {
		return row
	}
	return slices.Delete(slices.Clone(row), i, i+1)
}

// readGame reads game gameN (1-based) of a record file in any format.
func readGame(file string, gameN int) (*data.Game, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return analysis.ReadGame(f, file, gameN)
}

// costliestShown is how many decisions the text summary lists.
const costliestShown = 10

func printReview(w io.Writer, file string, rep *review.Report) error {
	fmt.Fprintf(w, "%s  seat %d (%s): %s, %d simulations each, seed %d\n\n", file, rep.Seat, rep.Player,
		plural(rep.Game.Decisions, "decision"), rep.Sims, rep.Seed)
	three := rep.Players == 3 // no rank points: review.NoRankPoints
	t := newTable(w, dropPoints([]string{"round", "decisions", "agreed", "agree%", "rank loss", "rank pt loss", "worst"}, 5, three)...)
	for _, s := range append(append([]review.Summary(nil), rep.Rounds...), rep.Game) {
		worst := "-"
		if s.Worst >= 0 {
			worst = fmt.Sprintf("%.3f (#%d)", s.WorstLoss, s.Worst)
		}
		if err := t.Append(dropPoints([]string{s.Name, fmt.Sprint(s.Decisions), fmt.Sprint(s.Agreed), pct(s.Agreement),
			fmt.Sprintf("%.3f", s.RankLoss), fmt.Sprintf("%.1f", s.PointsLoss), worst}, 5, three)); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if rep.Figures != nil {
		if err := printFigures(w, rep.Figures); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "\ncostliest decisions (rank loss = E[rank] played − E[rank] best):\n")
	t = newTable(w, dropPoints([]string{"#", "round", "event", "hand", "played", "best", "rank loss", "rank pt loss", "win% played/best", "deal-in% played/best"}, 7, three)...)
	var shown []*review.Decision
	for i, d := range rep.Costliest() {
		if i == costliestShown || d.RankLoss <= 0 {
			break
		}
		shown = append(shown, d)
		b := d.Top[0]
		hand := d.Hand
		if d.Melds != "" {
			hand += " " + d.Melds
		}
		if err := t.Append(dropPoints([]string{fmt.Sprint(d.Index), d.Round, fmt.Sprint(d.Event), hand, d.Played, d.Best,
			fmt.Sprintf("%.3f", d.RankLoss), fmt.Sprintf("%.1f", d.PointsLoss),
			pct(d.PlayedC.PWin) + "/" + pct(b.PWin), pct(d.PlayedC.PDealIn) + "/" + pct(b.PDealIn)}, 7, three)); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	return printWhy(w, shown)
}

// printWhy writes the why of each decision shown, in the table's order.
func printWhy(w io.Writer, decs []*review.Decision) error {
	header := false
	for _, d := range decs {
		if d.Why == nil {
			continue // a report decoded from an older JSON
		}
		if !header {
			header = true
			if _, err := fmt.Fprintf(w, "\nwhy:\n"); err != nil {
				return err
			}
		}
		if _, err := fmt.Fprintf(w, " #%d %s: %s\n", d.Index, d.Round, d.Why.Sentence); err != nil {
			return err
		}
	}
	return nil
}

// writePage writes the report as --html's page, made by check before the
// review, and puts it in place.
func writePage(page *outfile.File, file string, rep *review.Report) error {
	err := review.WriteHTML(page, file, rep)
	if err == nil {
		err = page.Commit()
	}
	if err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	return nil
}
