package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/mjrank/mjrank/internal/progress"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/train"
)

var cmdTrain = &Command{
	Name:      "train",
	UsageLine: "--corpus DIR --out DIR [--rank-out DIR] [--work DIR] [flags] | --only MODELS --corpus DIR [--out DIR] [--policy-out DIR] [flags] | --extract-only [--decisions | --discard] (--shard i/N | --cluster tcp://HOST:PORT [--shards N]) --rows DIR --corpus DIR [flags] | --from-rows DIR --dask ADDR --corpus DIR --out DIR [flags]",
	Short:     "train the opponent predictors and the final-rank model with xgboost",
	Long: `
Train replays every usable game under --corpus with full information
(4-player games of the ordinary lobbies with a final result; a game found
twice, by log id or wall seed, once), extracts the samples of the four
models, splits them by game (FNV-1a of the log id or seed, a tenth held
out), writes LibSVM files, runs the
xgboost command-line tool (Debian's xgboost 1.7, apt-get install xgboost),
checks that the Go loader predicts exactly as "xgboost task=pred" on the
held-out rows, measures the models on the held-out games beside their
baselines, and keeps each model (NAME-HASH.bin) with its card
(NAME-HASH.json) for the end of the run: tenpai, wait and value for --out,
rank for --rank-out (default --out). Then, with the opponent models just trained, it
trains the discard policy (the Monte Carlo engine's prior move: for each
kind a player could discard, was it the one a Houou player discarded?),
reports its held-out agreement beside the tile-efficiency discard, and
writes it into --policy-out (default --out), then the decision models
(riichi or dama; chi, pon, daiminkan or pass; ankan and kakan; kyuushu
kyuuhai; and rollriichi and rollcall, riichi or dama and chi, pon or pass
as the Monte Carlo rollout decides them for the seat on the features its
simulated round keeps) with their
held-out agreements beside today's rules, into the same folder. A complete game that the engine does not replay
exactly as recorded stops the run: its labels would be wrong. xgboost runs
with a fixed thread count (--threads) so that the models are the same on
every machine.

With --only (a comma-separated list of tenpai, wait, value and rank),
train trains only those predictors: the others are read from --out and
--rank-out, where they must be, for the held-out measurement, and left as
they are; the discard policy and the decision models, whose features read
the opponent models, are not trained. A model trained alone is byte for
byte the one the whole run trains (its rows and xgboost parameters do not
depend on the other models); its card differs only in its seconds.

With --cv, train instead runs a 10-fold cross-validation by game: each
tenth of the games (FNV-1a of the log id mod 10; fold 0 is the held-out
tenth above) is held out once and measured by models and baselines trained
on the other nine tenths; the report pools the held-out predictions of all
folds, with standard errors from bootstrap resamples of all the games.
Nothing is written, so --out, --rank-out and --policy-out are not taken;
the discard policy is left out.

--only MODELS (discard, rollout, riichi, call, kan, kyuushu, rollriichi, rollcall or,
with --players 3, kita: set a North aside now or not; or several joined by commas)
trains those models and nothing else (discard: the discard
policy and, on its rows, the rollout's discard model; eight and a half minutes on the
whole corpus; rollout: the rollout's discard model alone, on the same rows): their features are
computed with the opponent models of --out (as a whole run wrote them
there; without --out, the embedded ones), and they are written into
--policy-out (default --out). Each is the same model, byte for byte, as
the whole run writes with those opponent models and the same --corpus,
--seed, --threads and --rounds: a quick way to retrain one decision model
after changing its features (--only riichi on the whole corpus: about a
minute). --cv, --rank-out, the opponent models' rates and --calib-folds
are not taken with it.

Memory: the samples go to LibSVM files in the work folder as the games
are read (files in parallel, rows in file order whatever --workers), and
mjrank keeps only counts and tables for the whole corpus. An xgboost run
whose rows would take more than --memory-budget in memory (an estimate
from their count: 16 bytes a value, measured on xgboost 1.7) reads them
from external memory, a cache on disk in the work folder: some four
times slower, the same model byte for byte. On the whole corpus (12,000 games) the wait
model and the rollout's discard model go to external memory (docs/MODELS.md,
"Training at scale", gives the time, memory and disk each step takes). The
discard policy's ranking objective cannot (xgboost 1.7's external memory
loses its query groups): it keeps 7 % of the turn decisions
(--policy-rate), which fit the default budget, and a run whose policy rows
would not fit stops before xgboost with that reason.

--extract-only --shard i/N --rows DIR writes only the predictors' rows
(tenpai, wait, value, rank) of shard i of N of the corpus's files
(consecutive slices, internal/shard's split, so N machines agree) into
DIR/shard-I-of-N: NumPy .npy files (float32 features, NaN where a feature
is missing, labels) and a manifest (the shard, the corpus's identity, the
rates, the extractor); with --decisions, the decision models' rows instead
(riichi, call, kan, kyuushu, rollriichi, rollcall, their features on the
opponent models of --out, default the embedded ones), with each held-out
decision's line; with --discard, the discard policy's (--policy-rate of
the turn decisions, on the same opponent models), with each row's
decision. With --cluster tcp://HOST:PORT instead of --shard, the shards
run on the workers of that Dask scheduler (--shards N of them,
--cluster-dir keeping the finished ones so that the same command resumes;
docs/CLUSTER.md), which must see --corpus and --rows at the same paths (a
shared file system); the folder is then checked whole. --from-rows DIR
--dask ADDR then trains the models of the rows (the four predictors and
the tenpai calibration's inner models, the decision models that have rows
on both sides, or the discard policy and, on its rows without the
look-ahead figures, the rollout's discard model) on all the shards of DIR
with xgboost.dask (Debian's python3-xgboost 1.7 and python3-distributed,
run by /usr/bin/python3 or --python), with the parameters the xgboost tool
gets, on the Dask scheduler at ADDR (tcp://HOST:PORT; local: a
LocalCluster of two one-thread workers; local:N of N), then checks the Go
loader, measures the models on the held-out games of --corpus (the corpus
the rows came from) and writes them into --out as a whole run does. It
refuses a set of shards with one missing, repeated or of another
extraction, naming it; a game found in two shards is kept once, as one
process keeps it. On a cluster the workers read the rows by their paths:
DIR must be on a file system they share. docs/MODELS.md, "Training on a
cluster".

At the end train prints the cards, then a table of every step: rows, memory
mode, seconds and the peak resident size of its xgboost processes, with
mjrank's own. A terminal shows progress bars (files replayed, boosting
rounds).

Every flag is checked before any work: the rates are shares above 0 and at
most 1, --calib-folds is 0 or 2 to 10, --threads 1 to 1024, a flag given
empty is refused, and --out, --rank-out, --policy-out and --work must be
folders this user can write in (or create), made absolute at once; --work
may not be the corpus or inside it, nor one of the model folders, and no
model folder may lie inside the corpus.

The models go into their folders together at the very end of the run:
each is written into a hidden staging folder inside its model folder
(.mjrank-new-*), and when every model of the run is trained the older
files of the same models (NAME-*.bin and NAME-*.json) are moved aside and
the new ones renamed in, in all the folders, undone if a rename fails.
So a run that stops earlier (an error, a full disk, a signal) leaves
--out, --rank-out and --policy-out as they were, and one that ends leaves
the whole new set; only a kill -9 or a power cut during those renames (a
few milliseconds) could leave a mixture (and a run killed outright leaves
its staging folders behind, to be removed). Other files of the folders are
left alone; a symbolic link at a model's name is replaced as an entry
(its target untouched), and a folder, FIFO or device there is refused.

SIGINT, SIGTERM or SIGHUP (a closed terminal or ssh session) stops a run:
xgboost's process group is killed, the work folder removed (one given by
--work is kept), no model is written, and the exit status is 130, 143 or
129. SIGQUIT does the same after writing every goroutine's stack to
stderr (Go's use of it), with exit status 131. A second signal kills
mjrank at once; on Linux the kernel then kills xgboost with it.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		def := train.DefaultConfig()
		o := trainOptions{budget: memSize{byteSize(train.DefaultMemoryBudget)}}
		fs.StringVar(&o.corpus, "corpus", "", "`folder` (or file) of game records")
		fs.StringVar(&o.out, "out", "", "`folder` for the opponent models")
		fs.StringVar(&o.rankOut, "rank-out", "", "`folder` for the rank model (default: --out)")
		fs.StringVar(&o.policyOut, "policy-out", "", "`folder` for the discard policy (default: --out)")
		fs.StringVar(&o.work, "work", "", "keep LibSVM files, xgboost configs and logs in this `folder` (default: a temporary one)")
		fs.StringVar(&o.xgb, "xgboost", "xgboost", "the xgboost command-line tool")
		fs.IntVar(&o.threads, "threads", train.DefaultThreads, "xgboost threads (fixed, not one per CPU, so that a run gives the same models on any machine)")
		fs.IntVar(&o.workers, "workers", 0, "files replayed at once (default: one per CPU)")
		fs.IntVar(&o.seed, "seed", def.Seed, "xgboost seed")
		fs.IntVar(&o.players, "players", 4, "seats of the games trained on: 4, or 3 for the three-player models from the 3-player games alone: the predictors (tenpai3, wait3, value3, rank3), or with --only the policy's (discard3, riichi3 …, kita3)")
		fs.IntVar(&o.maxFiles, "max-files", 0, "use only the corpus's first N files (0: all)")
		fs.IntVar(&o.rounds, "rounds", 0, "boosting rounds of every model (0: the defaults)")
		fs.Float64Var(&o.tenpaiRate, "tenpai-rate", def.TenpaiRate, "share of discard samples kept for the tenpai model (above 0, at most 1)")
		fs.Float64Var(&o.waitRate, "wait-rate", def.WaitRate, "share of tenpai samples kept (34 rows each) for the wait model")
		fs.Float64Var(&o.valueRate, "value-rate", def.ValueRate, "share of winning-hand samples kept for the value model")
		fs.Float64Var(&o.policyRate, "policy-rate", def.PolicyRate, "share of turn decisions kept for the discard policy (its rows must fit --memory-budget)")
		fs.IntVar(&o.calib, "calib-folds", def.CalibFolds, "inner folds of the training games over which the tenpai trees are cross-fitted to fit their calibration map (2 to 10; 0: no calibration)")
		fs.BoolVar(&o.cv, "cv", false, "10-fold cross-validation by game instead of training the shipped models")
		fs.StringVar(&o.only, "only", "", "train only these `models`, comma-separated: predictors ("+strings.Join(train.Predictors, ", ")+"; the others read from --out and --rank-out) or the policy's models ("+strings.Join(onlyPolicyNames(), ", ")+"; on the opponent models of --out, default the embedded ones), not both")
		fs.BoolVar(&o.extractOnly, "extract-only", false, "write only the predictors' rows of --shard into --rows, as .npy files")
		fs.BoolVar(&o.discard, "discard", false, "with --extract-only: the discard policy's rows (--policy-rate of the turn decisions, on the opponent models of --out, default the embedded ones), not the predictors'")
		fs.BoolVar(&o.decisions, "decisions", false, "with --extract-only: the decision models' rows (on the opponent models of --out, default the embedded ones), not the predictors'")
		fs.StringVar(&o.shard, "shard", "", "with --extract-only: the shard `i/N` of the corpus's files")
		fs.StringVar(&o.rows, "rows", "", "with --extract-only: the `folder` of the rows' shards")
		fs.StringVar(&o.fromRows, "from-rows", "", "train the predictors with xgboost.dask on the shards of this `folder`")
		fs.StringVar(&o.dask, "dask", "", "with --from-rows: the Dask scheduler `tcp://HOST:PORT`, local (two workers) or local:N")
		fs.StringVar(&o.python, "python", "", "with --from-rows: the `python` to run xgboost.dask with (default "+train.DefaultPython+")")
		o.cl.register(fs)
		o.fs = fs
		fs.Var(&o.budget, "memory-budget", "memory an xgboost run may take holding its rows before it reads them from external memory (bytes, or with GiB, MiB, GB, MB)")
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", args[0])
			}
			fs.Visit(func(f *flag.Flag) { o.set = append(o.set, f.Name) })
			if err := o.check(); err != nil {
				return err
			}
			return o.run(env)
		}
	},
}

// trainOptions are the train command's flags.
type trainOptions struct {
	corpus, out, rankOut, policyOut, work, xgb, only string
	threads, workers, seed, maxFiles, rounds, calib  int
	players                                          int
	tenpaiRate, waitRate, valueRate, policyRate      float64
	cv                                               bool
	budget                                           memSize
	set                                              []string // the flags given
	rowsOptions
}

// check checks every flag before any work, in the order the help lists
// them: the folders, then the numbers.
func (o *trainOptions) check() error {
	// A flag given empty is a mistake, not the flag left out: --only ''
	// would train everything, --work '' use a temporary folder.
	for _, f := range []struct{ name, v string }{{"corpus", o.corpus}, {"out", o.out}, {"rank-out", o.rankOut},
		{"policy-out", o.policyOut}, {"work", o.work}, {"xgboost", o.xgb}, {"only", o.only},
		{"shard", o.shard}, {"rows", o.rows}, {"from-rows", o.fromRows}, {"dask", o.dask}, {"python", o.python}} {
		if f.v == "" && slices.Contains(o.set, f.name) {
			return usageErrorf("--%s '': empty", f.name)
		}
	}
	decisions := o.onlyDecisions()
	if o.rowsMode() {
		if err := o.checkRows(); err != nil {
			return err
		}
	} else if decisions {
		if err := o.checkOnly(); err != nil {
			return err
		}
	} else if o.corpus == "" || (o.out == "" && !o.cv) {
		return usageErrorf("--corpus and --out are required")
	}
	var calibErr, cvErr error
	if o.calib != 0 && (o.calib < 2 || o.calib > 10) {
		calibErr = usageErrorf("--calib-folds %d: must be 0 (no calibration) or from 2 to 10", o.calib)
	}
	if o.cv && (o.out != "" || o.rankOut != "" || o.policyOut != "") {
		cvErr = usageErrorf("--cv writes no models: leave out --out, --rank-out and --policy-out")
	}
	var playersErr error
	switch {
	case o.players != 3 && o.players != 4:
		playersErr = usageErrorf("--players %d: 3 or 4", o.players)
	case o.players == 3 && (o.rowsMode() || o.cv):
		playersErr = usageErrorf("--players 3 trains the three-player models from the corpus: not with --extract-only, --from-rows or --cv")
	}
	var onlyErr error
	if o.only != "" && !decisions {
		if o.cv {
			onlyErr = usageErrorf("--only trains models to write: not with --cv")
		}
		for _, name := range strings.Split(o.only, ",") {
			if !slices.Contains(train.Predictors, name) && onlyErr == nil {
				onlyErr = usageErrorf("--only %s: %q is not a predictor (%s); predictors and decision models are trained apart", o.only, name, strings.Join(train.Predictors, ", "))
			}
		}
	}
	if err := firstErr(
		inputPath("corpus", o.corpus, false),
		outputDir("out", o.out),
		outputDir("rank-out", o.rankOut),
		outputDir("policy-out", o.policyOut),
		outputDir("work", o.work),
		intIn("threads", o.threads, 1, 1024),
		workersFlag(o.workers),
		atLeast("seed", o.seed, 0),
		atLeast("max-files", o.maxFiles, 0),
		atLeast("rounds", o.rounds, 0),
		floatAbove("tenpai-rate", o.tenpaiRate, 0, 1),
		floatAbove("wait-rate", o.waitRate, 0, 1),
		floatAbove("value-rate", o.valueRate, 0, 1),
		floatAbove("policy-rate", o.policyRate, 0, 1),
		calibErr,
		cvErr,
		playersErr,
		onlyErr,
	); err != nil {
		return err
	}
	return o.resolvePaths()
}

// resolvePaths makes the folder flags absolute and checks how they lie
// (train.Config.ResolvePaths), so that a relative --work, or one inside
// the corpus, is settled before any work rather than at the xgboost step.
func (o *trainOptions) resolvePaths() error {
	cfg := train.Config{Corpus: []string{o.corpus}, Out: o.out, RankOut: o.rankOut, PolicyOut: o.policyOut, Work: o.work}
	if err := cfg.ResolvePaths(); err != nil {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "train: "))
	}
	o.out, o.rankOut, o.policyOut, o.work = cfg.Out, cfg.RankOut, cfg.PolicyOut, cfg.Work
	return nil
}

// onlyList is --only's names, nil for all.
func (o *trainOptions) onlyList() []string {
	if o.only == "" {
		return nil
	}
	return strings.Split(o.only, ",")
}

// onlyDecisions reports whether --only names decision models (its first
// name decides; a mixed list is refused by check).
func (o *trainOptions) onlyDecisions() bool {
	first, _, _ := strings.Cut(o.only, ",")
	return o.only != "" && slices.Contains(onlyPolicyNames(), first)
}

// onlyPolicyNames are the models --only trains on the opponent models:
// the discard policy and the decision models.
func onlyPolicyNames() []string {
	return append([]string{policy.ModelName, policy.RolloutModelName}, train.DecisionNames()...)
}

// checkOnly checks what --only with decision models needs beside the
// other flags: decision models' names (not predictors), a corpus and a
// folder to write into, and none of the flags of the models it does not
// train.
func (o *trainOptions) checkOnly() error {
	names := strings.Split(o.only, ",")
	for i, n := range names {
		if !slices.Contains(onlyPolicyNames(), n) {
			return usageErrorf("--only %q: %q is not the discard policy or a decision model (want %s); predictors and these are trained apart", o.only, n, strings.Join(onlyPolicyNames(), ", "))
		}
		if slices.Contains(names[:i], n) {
			return usageErrorf("--only %q: %s named twice", o.only, n)
		}
		if o.players != 3 && slices.ContainsFunc(policy.DecisionSpecs, func(d policy.DecisionSpec) bool { return d.Name == n && d.ThreeOnly }) {
			return usageErrorf("--only %q: %s is a three-player model: with --players 3", o.only, n)
		}
	}
	for _, f := range []string{"cv", "rank-out", "tenpai-rate", "wait-rate", "value-rate", "calib-folds"} {
		if slices.Contains(o.set, f) {
			return usageErrorf("--%s is not taken with --only, which trains decision models only", f)
		}
	}
	if o.corpus == "" || o.out == "" && o.policyOut == "" {
		return usageErrorf("--only needs --corpus, and --out or --policy-out")
	}
	return nil
}

// run trains the models (or cross-validates with --cv) and prints what it
// made and what it cost.
func (o *trainOptions) run(env *Env) error {
	cfg := train.Config{
		Corpus: []string{o.corpus}, Out: o.out, RankOut: o.rankOut, PolicyOut: o.policyOut, Work: o.work, XGBoost: o.xgb,
		Workers: o.workers, Threads: o.threads, Seed: o.seed, MaxFiles: o.maxFiles, Rounds: o.rounds, Players: o.players,
		TenpaiRate: o.tenpaiRate, WaitRate: o.waitRate, ValueRate: o.valueRate, PolicyRate: o.policyRate,
		CalibFolds: o.calib, MemoryBudget: int64(o.budget.byteSize), Progress: env.Stderr,
		Only: o.onlyList(),
		Bar: func(w io.Writer, total int, desc string) interface {
			Add(int)
			Finish()
		} {
			return progress.New(w, total, desc)
		},
	}
	// SIGINT, SIGTERM or SIGHUP stops xgboost and the extraction, and the
	// work folder is removed on the way out.
	ctx, stop := trainSignalContext(context.Background(), env.Stderr)
	defer stop()
	if o.rowsMode() {
		return o.runRows(ctx, env, cfg)
	}
	if o.onlyDecisions() {
		return o.runOnly(ctx, env, cfg)
	}
	if o.cv {
		res, err := train.CrossValidate(ctx, cfg)
		if err != nil {
			return o.stopped(ctx, err)
		}
		fmt.Fprintf(env.Stdout, "10-fold cross-validation by game in %.0fs\n", res.TotalSeconds)
		for f, r := range res.Folds {
			fmt.Fprintf(env.Stdout, "fold %d: %s held out, trained in %.0fs (xgboost %.0fs)\n", f, plural(r.Eval.Games, "game"), r.TotalSeconds, r.TrainSeconds)
		}
		fmt.Fprintln(env.Stdout)
		return printEval(env.Stdout, res.Eval)
	}
	res, err := train.Run(ctx, cfg)
	if err != nil {
		return o.stopped(ctx, err)
	}
	return o.printResult(ctx, env, res)
}

// printResult prints a run's cards and steps. A signal that came while
// the models were put in place (too late to stop the run) still gives its
// exit status, with what was done.
func (o *trainOptions) printResult(ctx context.Context, env *Env, res *train.Result) error {
	if err := printCards(env.Stdout, res.Cards); err != nil {
		return err
	}
	fmt.Fprintln(env.Stdout)
	if err := printTrainSteps(env.Stdout, res); err != nil {
		return err
	}
	var ie interrupted
	if errors.As(context.Cause(ctx), &ie) {
		return exitError{ie.ExitCode(), fmt.Errorf("%s came as the models were put in place: the whole new set is written", signalName(ie.sig))}
	}
	return nil
}

// runOnly trains the decision models of --only on the opponent models of
// --out, or the embedded ones without --out.
func (o *trainOptions) runOnly(ctx context.Context, env *Env, cfg train.Config) error {
	opp, err := o.opponentModels()
	if err != nil {
		return err
	}
	res, err := train.RunDecisions(ctx, cfg, opp)
	if err != nil {
		return o.stopped(ctx, err)
	}
	return o.printResult(ctx, env, res)
}

// opponentModels are the opponent models the policy's and the decision
// models' features read: those of --out, or the embedded ones.
func (o *trainOptions) opponentModels() (*opponent.Models, error) {
	var opp *opponent.Models
	var err error
	if o.out != "" {
		opp, err = opponent.LoadDirFor(o.out, o.players)
	} else {
		opp, err = opponent.DefaultFor(o.players)
	}
	if err != nil {
		return nil, fmt.Errorf("the opponent models the decision models' features read: %w", err)
	}
	return opp, nil
}

// trainSignals stop a training run cleanly: xgboost's process group is
// killed, the work folder removed (unless --work named it), and the model
// folders keep their old models (train.Run puts the new set in place at
// its very end). SIGHUP is among them: a closed terminal or ssh session is
// the usual end of a long run. SIGQUIT too, after the goroutine dump that
// is its use in Go (left to Go, it would leave the work folder and the
// staged models).
var trainSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// trainSignalContext is signalContext for trainSignals: the first one
// cancels the context with an interrupted cause (SIGQUIT writes every
// goroutine's stack to stderr first); a second has its default effect, so
// that a stuck cleanup can still be stopped.
func trainSignalContext(parent context.Context, stderr io.Writer) (context.Context, func()) {
	return signalsContext(parent, trainSignals, func(s os.Signal) {
		if s == syscall.SIGQUIT {
			buf := make([]byte, 1<<20)
			stderr.Write(buf[:runtime.Stack(buf, true)])
		}
	})
}

// stopped is a run's error: when a signal ended it, the signal's, with
// its exit status (129, 130, 143) and what it leaves: the model folders
// as they were (a run puts its models in place only at its end), the
// work folder removed, or kept when --work named it.
func (o *trainOptions) stopped(ctx context.Context, err error) error {
	var ie interrupted
	if !errors.As(context.Cause(ctx), &ie) {
		return err
	}
	work := "the work folder removed"
	if o.work != "" {
		work = "the work folder " + o.work + " kept"
	}
	what := "no model written"
	if !o.cv {
		what += ", the model folders as they were"
	}
	return exitError{ie.ExitCode(), fmt.Errorf("%v: training stopped, %s, %s", ie, what, work)}
}

// memSize is the --memory-budget value: a byteSize shown in GiB.
type memSize struct{ byteSize }

func (m *memSize) String() string {
	if n := int64(m.byteSize); n >= 1<<30 && n%(1<<30) == 0 {
		return fmt.Sprintf("%dGiB", n>>30)
	}
	return m.byteSize.String()
}

// printTrainSteps prints what every step of a training run cost: the
// samples, each xgboost model (rows, memory mode, seconds with the loader
// check, peak RSS of its xgboost processes), the held-out evaluation, the
// policy's samples, the decision models' samples, and the whole run with
// the peak RSS of mjrank and of its largest xgboost process.
func printTrainSteps(w io.Writer, res *train.Result) error {
	t := newTable(w, "step", "rows", "memory", "seconds", "peak RSS")
	secs := func(s float64) string { return fmt.Sprintf("%.0f", s) }
	var games string
	if len(res.Cards) > 0 {
		games = plural(res.Cards[0].Corpus.Games, "game")
	}
	var rows [][]string
	if res.Eval != nil {
		// A whole run (not --only): the predictors' samples first.
		rows = append(rows, []string{"samples", games, "", secs(res.ExtractSeconds), ""})
	}
	decisions := false
	for _, r := range res.Runs {
		switch {
		case r.Name == policy.ModelName || r.Name == policy.RolloutModelName && res.Policy == nil:
			if res.Eval != nil { // not with --only discard, which evaluates no predictor
				rows = append(rows, []string{"evaluation", "", "", secs(res.EvalSeconds), ""})
			}
			rows = append(rows, []string{"policy samples", games, "", secs(res.PolicyExtractSeconds), ""})
		case !decisions && slices.ContainsFunc(policy.DecisionSpecs, func(d policy.DecisionSpec) bool { return d.Name == r.Name }):
			decisions = true
			rows = append(rows, []string{"decision samples", games, "", secs(res.DecisionsExtractSeconds), ""})
		}
		rows = append(rows, []string{"xgboost " + r.Name, strconv.Itoa(r.Rows), r.Mode(), secs(r.Seconds), train.FormatBytes(r.PeakRSS)})
	}
	if res.Policy == nil && res.Eval != nil {
		rows = append(rows, []string{"evaluation", "", "", secs(res.EvalSeconds), ""})
	}
	rows = append(rows, []string{"total", "", "", secs(res.TotalSeconds),
		fmt.Sprintf("mjrank %s, xgboost %s", train.FormatBytes(res.PeakRSS), train.FormatBytes(res.ChildPeakRSS))})
	for _, r := range rows {
		if err := t.Append(r); err != nil {
			return err
		}
	}
	return t.Render()
}
