package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/progress"
	"github.com/mjrank/mjrank/internal/shard"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/mceval"
)

// measureSims is measure's default budget: the engine's analysis of
// every decision measured, the discards included.
const measureSims = 2000

var cmdMeasure = &Command{
	Name:      "measure",
	UsageLine: "--corpus DIR [--players 3|4] [--fold F] [--games N] [--every K] [--sims N] [--bots A,B] [--oracle] [--mc-ablation PARTS] [--workers N] [--seed S] [--shard i/N] [--json] [--cluster tcp://HOST:PORT [--shards N] [--cluster-dir DIR]] | merge [--json] FILE...",
	Short:     "measure the engine on held-out real games: agreement with the players and fidelity of its predictions",
	Long: `
Measure runs the Monte Carlo engine on the decisions of the held-out tenth
of the games under --corpus (the games no shipped model was trained on:
FNV-1a of the log id or seed mod 10 = 0), every --every-th decision of each
kind, and reports:

  agreement  how often its choice equals the recorded Houou player's: the
             discarded tile at turn decisions, riichi or not where riichi
             is legal, the call (or pass) where a chi, pon or kan is
             legal; beside the --bots on the same positions
  fidelity   at the turn decisions, its P(win), P(deal-in) and
             P(exhaustive draw) this round and its expected points change
             for the move actually played (simulated alone with the
             whole --sims, not with the share the halving left it),
             against what happened: mean prediction and observed rate, log-loss, Brier score and
             expected calibration error (10 bins), the points change's mean
             absolute error and bias; beside a baseline of frequencies by
             (the seat's discards so far, its shanten) fitted on the
             training games, and with --oracle beside the engine told the
             opponents' true hands
  calls      at the call decisions, by the move the player made (pass,
             chi, pon, daiminkan; a chi or pon with the player's
             follow-up discard), the engine's mean P(win), P(deal-in),
             P(draw) and points change for that move beside what
             happened: where the engine's choice between calling and
             passing is made
  opponents  after those decisions, how the deciding seat's opponents went
             on in the real rounds and in the engine's rollouts of the move
             played: by an opponent's discards so far, its discards a
             decision and the share of them after which it was tenpai, in
             riichi, open; its calls a decision; how the rounds ended
             for them (an opponent's tsumo, its ron on another
             opponent) and what their wins were worth; the deciding
             seat's deal-ins by its state after the discard and its wins
             by its hand (riichi, closed without riichi, open; ron and
             tsumo)

--players 3 measures Tenhou's 3-player games of the corpus instead (the
same held-out tenth; the engine and the bots on their 3-player models, the
baseline fitted on the 3-player training games): the agreement adds, at
the turn decisions where a North could be set aside, how often the North
was set aside or kept as the player did ("kitas agreed"); a turn where the
player set it aside is no discard decision.

--fold 1 to 9 measures a tenth of the training games instead (FNV-1a mod
10 = the fold), to tune the rollout's fitted rates on without touching the
held-out games; the baseline is then fitted on the games of neither.

Games run in parallel (the engine on one goroutine each); the report is the
same for any --workers. A corpus without a held-out game is an error (exit
status 1), and so is a run that measures no decision (an --every larger
than the games' decisions); --sims goes from 1 to 10,000,000, --fold from
0 to 9.

--shard i/N measures the i-th of N slices of the games measured (in the
order of their keys, after --games): N consecutive slices of as many games
as can be, so that N machines given the same corpus agree. Every shard
reads the whole corpus (the baseline is fitted on it and the games are
chosen from it); the engine's work is what is split. With more shards than
games some shards are empty, which is no error. With --json a shard prints
every sample it measured under a header that names the run (the options,
the corpus's files by name and size, the build and its models, i and N),
and "mjrank measure merge FILE..." joins the outputs of all N shards, in
any order, into exactly the report one process prints (its JSON with
--json; "seconds" is the shards' sum, the work rather than the wall time):
the means, log-losses and calibration tables are computed from the
samples, not from the shards' figures. Without --json a shard prints the
report of its own games. That nothing was measured is judged on the
merge. Merge refuses outputs of different runs, a shard
missing or given twice, naming the files, and the flags of a run.

--cluster tcp://HOST:PORT runs the shards on the Dask cluster of that
scheduler (docs/CLUSTER.md): --shards N of them (default: 4 per thread of
its workers), each the same mjrank binary on a worker, reading the same corpus, merged into
exactly what the command prints without --cluster. With a relative path
the shards run in this working folder, which the workers must then see
(a shared file system). Finished shards are kept in --cluster-dir until
the job is done, so after a lost scheduler, a failed shard or Ctrl-C the
same command runs only the others.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o measureOptions
		fs.StringVar(&o.corpus, "corpus", "", "folder of game records")
		fs.IntVar(&o.players, "players", 4, "4, or 3 for Tenhou's 3-player games")
		fs.IntVar(&o.games, "games", 0, "held-out games used, in key order (0: all)")
		fs.IntVar(&o.fold, "fold", 0, "games measured: 0 the held-out tenth, 1 to 9 a tenth of the training games")
		fs.IntVar(&o.every, "every", 4, "analyse every K-th decision of each kind")
		fs.IntVar(&o.sims, "sims", measureSims, "simulations per decision")
		fs.StringVar(&o.bots, "bots", "policy,efficiency,thesis", "baseline bots for agreement (comma-separated; empty: none)")
		fs.BoolVar(&o.oracle, "oracle", false, "also run the engine with the opponents' true hands")
		fs.IntVar(&o.workers, "workers", 0, "games at once (default: one per CPU)")
		fs.Uint64Var(&o.seed, "seed", 1, "seed of the simulations")
		fs.BoolVar(&o.asJSON, "json", false, "print the report as JSON")
		fs.StringVar(&o.ablate, "mc-ablation", "", "measure the engine without a part of it, as arena's --mc-ablation")
		fs.StringVar(&o.shard, "shard", "", "measure shard i of N of the games (i/N, 1-based)")
		var cl clusterFlags
		cl.register(fs)
		return func(env *Env, args []string) error {
			set := explicitSet(fs)
			if len(args) > 0 && args[0] == "merge" {
				if err := refuseMergeFlags("measure", set, append(measureRunFlags, clusterFlagNames...)); err != nil {
					return err
				}
				outs, err := readShardOutputs(args[1:])
				if err != nil {
					return err
				}
				return measureMerge(env, outs, o.asJSON)
			}
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", args[0])
			}
			cfg, err := o.check()
			if err != nil {
				return err
			}
			if err := cl.check(set, "shard"); err != nil {
				return err
			}
			if cl.addr != "" {
				return o.onCluster(env, fs, cl)
			}
			cfg.Progress = progress.Callback(env.Stderr, "measure")
			if o.shards > 0 {
				return o.runShard(env, cfg)
			}
			rep, err := mceval.Run(context.Background(), *cfg)
			if err != nil {
				return err
			}
			return measureReport(env, rep, o.every, o.asJSON)
		}
	},
}

// measureRunFlags are the flags of a run, which measure merge refuses.
var measureRunFlags = []string{"bots", "corpus", "every", "fold", "games", "mc-ablation", "oracle", "players", "seed", "shard", "sims", "workers"}

// measureReport prints the report and returns the command's error: a run
// that measured no decision fails.
func measureReport(env *Env, rep *mceval.Report, every int, asJSON bool) error {
	if rep.Decisions == 0 {
		return fmt.Errorf("nothing measured: --every %d (every %dth decision of each kind) selects no decision of %s", every, every, measuredGames(rep))
	}
	if asJSON {
		return writeJSON(env.Stdout, rep)
	}
	return printMeasure(env.Stdout, rep)
}

// runShard measures the games of shard o.shardI of o.shards and prints
// them: with --json every sample under the run's header (the input of
// measure merge), else the report of the shard's games alone.
// onCluster measures the games in shards on the cluster of cl (the flags
// of fs given, each shard's --shard i/N --json) and prints their merge as
// one process prints its report. The games are counted by the shards:
// without --games, a shard may find none, which merges as nothing.
func (o *measureOptions) onCluster(env *Env, fs *flag.FlagSet, cl clusterFlags) error {
	units := o.games
	if units == 0 {
		units = maxClusterUnits
	}
	job := clusterJob{name: "measure", fs: fs, skip: []string{"json"}, paths: []string{o.corpus}, units: units,
		shard: jsonShard}
	ctx, stop := signalContext(context.Background())
	defer stop()
	return runOnCluster(ctx, env, cl, job, func(outs [][]byte) error {
		return measureMerge(env, shardOutputs(outs), o.asJSON)
	})
}

func (o *measureOptions) runShard(env *Env, cfg *mceval.Config) error {
	files, _, err := dataset.Files(cfg.Corpus)
	if err != nil {
		return err
	}
	h, err := shardHeader("measure", o.shardI, o.shards, "games", o.runOptions(cfg), true)
	if err != nil {
		return err
	}
	h.Inputs = shard.Identify(cfg.Corpus, files)
	cfg.Shard, cfg.Shards = o.shardI, o.shards
	part, err := mceval.Measure(context.Background(), *cfg)
	if err != nil {
		return err
	}
	h.Total, h.From, h.To = part.Planned, part.From, part.To
	if o.asJSON {
		return writeJSON(env.Stdout, shard.Output[*mceval.Part]{Shard: *h, Result: part})
	}
	// The shard's games alone, as the run of those games.
	alone := *part
	alone.Planned, alone.From, alone.To = len(part.Games), 0, len(part.Games)
	rep, err := mceval.Summarize([]*mceval.Part{&alone})
	if err != nil {
		return err
	}
	shardLine(env.Stdout, h)
	return printMeasure(env.Stdout, rep)
}

// runOptions are the options that make a measurement, for a shard's
// header: every flag but --workers, --json and --shard, as the run reads
// them.
func (o *measureOptions) runOptions(cfg *mceval.Config) map[string]string {
	var parts []string
	for _, p := range strings.Split(o.ablate, ",") {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	opts := map[string]string{
		"fold": fmt.Sprint(cfg.Fold), "games": fmt.Sprint(cfg.MaxGames), "every": fmt.Sprint(cfg.Every),
		"sims": fmt.Sprint(cfg.Sims), "bots": strings.Join(cfg.Bots, ","), "oracle": fmt.Sprint(cfg.Oracle),
		"seed": fmt.Sprint(cfg.Seed), "mc-ablation": strings.Join(parts, ","),
	}
	if cfg.Players == 3 {
		opts["players"] = "3" // absent for four, as the headers were before
	}
	return opts
}

// mergeMeasure joins the outputs of the N shards of one measure run
// (measure --shard i/N --json) into the report of the whole, exactly the
// report of one process but for its time (mceval.Summarize), and returns
// it with the header of the run (its options, corpus and build).
func mergeMeasure(outs []shardOutput) (*mceval.Report, *shard.Header, error) {
	parts, h, err := decodeShards(outs, "measure", measureFits)
	if err != nil {
		return nil, nil, err
	}
	rep, err := mceval.Summarize(parts)
	if err != nil {
		return nil, nil, fmt.Errorf("merge: %w", err)
	}
	return rep, h, nil
}

// measureFits checks a shard's measurement against its header: the games
// it holds, its budget, fold and players.
func measureFits(h *shard.Header, p *mceval.Part) error {
	if p == nil {
		return errors.New("no measurement")
	}
	want := "mc"
	if bots := h.Options["bots"]; bots != "" {
		want += "," + bots
	}
	if got := strings.Join(p.Players, ","); got != want {
		return fmt.Errorf("players %s, but the header's are %s", got, want)
	}
	switch {
	case p.Planned != h.Total || p.From != h.From || p.To != h.To || len(p.Games) != p.To-p.From:
		return fmt.Errorf("games %d..%d of %d (%d given), but the header's are %d..%d of %d", p.From, p.To, p.Planned, len(p.Games), h.From, h.To, h.Total)
	case fmt.Sprint(p.Sims) != h.Options["sims"] || fmt.Sprint(p.Fold) != h.Options["fold"]:
		return fmt.Errorf("--sims %d, --fold %d, but the header's are %s and %s", p.Sims, p.Fold, h.Options["sims"], h.Options["fold"])
	case (p.Seats == 3) != (h.Options["players"] == "3"):
		seats := 4
		if p.Seats == 3 {
			seats = 3
		}
		return fmt.Errorf("games of %d players, but the header's --players is %q", seats, h.Options["players"])
	}
	return nil
}

// measureMerge is measure merge on outputs in memory: it prints the
// report of the whole run as "mjrank measure [--json] ..." does and
// returns the error whose exit status is measure's (1 when nothing was
// measured; 1 too for outputs that do not merge).
func measureMerge(env *Env, outs []shardOutput, asJSON bool) error {
	rep, h, err := mergeMeasure(outs)
	if err != nil {
		return err
	}
	every, err := strconv.Atoi(h.Options["every"])
	if err != nil {
		return fmt.Errorf("merge: the shards' --every %q: %w", h.Options["every"], err)
	}
	return measureReport(env, rep, every, asJSON)
}

// measureOptions are the measure command's flags.
type measureOptions struct {
	corpus, bots, ablate, shard string
	shardI, shards              int
	games, every, sims, workers int
	fold, players               int
	seed                        uint64
	oracle, asJSON              bool
}

// check reads and checks every flag before any work and returns the
// measurement they describe.
func (o *measureOptions) check() (*mceval.Config, error) {
	if o.corpus == "" {
		return nil, usageErrorf("--corpus is required")
	}
	if err := firstErr(
		inputPath("corpus", o.corpus, false),
		atLeast("games", o.games, 0),
		atLeast("every", o.every, 1),
		intIn("fold", o.fold, 0, 9),
		intIn("players", o.players, 3, 4),
		intIn("sims", o.sims, 1, mc.MaxSims),
		workersFlag(o.workers),
		shardFlag(o.shard, &o.shardI, &o.shards),
	); err != nil {
		return nil, err
	}
	cfg := &mceval.Config{Corpus: []string{o.corpus}, MaxGames: o.games, Every: o.every, Sims: o.sims,
		Workers: o.workers, Seed: o.seed, Oracle: o.oracle, Fold: o.fold, Players: o.players}
	if err := ablationFlag(o.ablate, &cfg.Lab); err != nil {
		return nil, err
	}
	if cfg.Lab.Oracle != mc.OracleNone {
		return nil, usageErrorf("--mc-ablation %s: an arena switch; measure reads the true hands with --oracle", quoteShort(o.ablate))
	}
	for _, b := range strings.Split(o.bots, ",") {
		if b = strings.TrimSpace(b); b == "" {
			continue
		}
		if !bot.Valid(b) || b == "mc" {
			return nil, usageErrorf("--bots: unknown baseline bot %q (want %s)", b, orList(slices.DeleteFunc(bot.Names(), func(n string) bool { return n == "mc" })))
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	return cfg, nil
}

// measuredGames says how many games were measured, and which.
func measuredGames(r *mceval.Report) string {
	kind := ""
	if r.Players == 3 {
		kind = "3-player "
	}
	if r.Fold != 0 {
		return fmt.Sprintf("%s of training fold %d", plural(r.Games, kind+"game"), r.Fold)
	}
	return plural(r.Games, "held-out "+kind+"game")
}

func printMeasure(w io.Writer, r *mceval.Report) error {
	fmt.Fprintf(w, "%s, %s, %s per decision, %.0fs\n\n", measuredGames(r), plural(r.Decisions, "decision"), plural(r.Sims, "simulation"), r.Seconds)
	head := []string{"player", "discards agreed", "riichi agreed", "calls agreed"}
	if r.Players == 3 {
		head = append(head, "kitas agreed")
	}
	t := newTable(w, head...)
	frac := func(a, n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%% (%d/%d)", 100*float64(a)/float64(n), a, n)
	}
	for _, a := range r.Agreement {
		row := []string{a.Player, frac(a.DiscardsAgreed, a.Discards), frac(a.RiichiAgreed, a.Riichi), frac(a.CallsAgreed, a.Calls)}
		if r.Players == 3 {
			row = append(row, frac(a.KitaAgreed, a.Kita))
		}
		if err := t.Append(row); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	t = newTable(w, "predictor", "event", "samples", "observed", "predicted", "log-loss", "Brier", "ECE")
	for _, f := range r.Fidelity {
		for _, ev := range []struct {
			name string
			b    *mceval.Binary
		}{{"win", &f.Win}, {"deal-in", &f.DealIn}, {"draw", &f.Draw}} {
			if err := t.Append([]string{f.Predictor, ev.name, fmt.Sprint(ev.b.Samples), fmt.Sprintf("%.4f", ev.b.Rate),
				fmt.Sprintf("%.4f", ev.b.MeanPred), fmt.Sprintf("%.4f", ev.b.LogLoss), fmt.Sprintf("%.4f", ev.b.Brier), fmt.Sprintf("%.4f", ev.b.ECE)}); err != nil {
				return err
			}
		}
		if err := t.Append([]string{f.Predictor, "points change", "", "", "", fmt.Sprintf("MAE %.0f", f.ScoreMAE), fmt.Sprintf("bias %+.0f", f.ScoreBias), ""}); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if err := printStages(w, r.Stages); err != nil {
		return err
	}
	if err := printCalls(w, r.Calls); err != nil {
		return err
	}
	return printOpponents(w, &r.Opponents)
}

// printCalls prints the engine's predictions at the call decisions beside
// the outcomes, by the move the player made.
func printCalls(w io.Writer, cs []mceval.CallFidelity) error {
	if len(cs) == 0 {
		return nil
	}
	fmt.Fprintf(w, "\nthe engine at the call decisions, by the move played (observed : predicted)\n")
	t := newTable(w, "played", "decisions", "win", "deal-in", "draw", "points change")
	for _, c := range cs {
		if c.Samples == 0 {
			continue
		}
		row := []string{c.Played, fmt.Sprint(c.Samples)}
		for e := range 3 {
			row = append(row, fmt.Sprintf("%.3f : %.3f", c.Observed[e], c.Predicted[e]))
		}
		row = append(row, fmt.Sprintf("%+.0f : %+.0f", c.PointsObserved, c.PointsPredicted))
		if err := t.Append(row); err != nil {
			return err
		}
	}
	return t.Render()
}

// printStages prints the engine's predictions beside the outcomes by the
// tiles left in the live wall at the decision.
func printStages(w io.Writer, st []mceval.Stage) error {
	if len(st) == 0 {
		return nil
	}
	fmt.Fprintf(w, "\nthe engine by the tiles left in the live wall at the decision (observed : predicted)\n")
	t := newTable(w, "tiles left", "decisions", "win", "deal-in", "draw")
	for _, x := range st {
		rng := fmt.Sprintf("%d-%d", x.From, x.To+1)
		if x.To == 0 {
			rng = fmt.Sprintf("%d-0", x.From)
		}
		row := []string{rng, fmt.Sprint(x.Samples)}
		for e := range 3 {
			row = append(row, fmt.Sprintf("%.3f : %.3f", x.Observed[e], x.Predicted[e]))
		}
		if err := t.Append(row); err != nil {
			return err
		}
	}
	return t.Render()
}

// opponentBuckets are the turn buckets of the opponents table: an
// opponent's discards so far, from lo to hi.
var opponentBuckets = [][2]int{{1, 3}, {4, 6}, {7, 9}, {10, 12}, {13, 15}, {16, mc.TallyTurns}}

// printOpponents prints the opponents' play after the measured turn
// decisions, in the rollouts ("sim") and in the real rounds ("real"): by
// an opponent's discards so far, its discards per decision and the share
// of them after which it is tenpai, in riichi, open; then its calls.
func printOpponents(w io.Writer, o *mceval.Opponents) error {
	if o.Real.Rounds == 0 {
		return nil
	}
	fmt.Fprintf(w, "\nopponents after the %.0f turn decisions, by their discards so far (real rounds : the engine's rollouts of the move played)\n", o.Real.Rounds)
	t := newTable(w, "discards", "discards a decision", "tenpai after", "riichi after", "open after")
	share := func(x *[mc.TallyTurns]float64, tl *mc.OpponentTally, lo, hi int) string {
		var a, n float64
		for i := lo - 1; i < hi; i++ {
			a += x[i]
			n += tl.Discards[i]
		}
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%.3f", a/n)
	}
	per := func(tl *mc.OpponentTally, lo, hi int) string {
		var n float64
		for i := lo - 1; i < hi; i++ {
			n += tl.Discards[i]
		}
		return fmt.Sprintf("%.2f", n/tl.Rounds)
	}
	for _, b := range opponentBuckets {
		lo, hi := b[0], b[1]
		name := fmt.Sprintf("%d-%d", lo, hi)
		if hi == mc.TallyTurns {
			name = fmt.Sprintf("%d+", lo)
		}
		e, r := &o.Engine, &o.Real
		if err := t.Append([]string{name, per(r, lo, hi) + " : " + per(e, lo, hi),
			share(&r.Tenpai, r, lo, hi) + " : " + share(&e.Tenpai, e, lo, hi),
			share(&r.Riichi, r, lo, hi) + " : " + share(&e.Riichi, e, lo, hi),
			share(&r.Open, r, lo, hi) + " : " + share(&e.Open, e, lo, hi)}); err != nil {
			return err
		}
	}
	if err := t.Append([]string{"calls", fmt.Sprintf("%.2f : %.2f a decision", o.Real.Calls/o.Real.Rounds, o.Engine.Calls/max(o.Engine.Rounds, 1)), "", "", ""}); err != nil {
		return err
	}
	if err := t.Render(); err != nil {
		return err
	}
	e, r := &o.Engine, &o.Real
	rate := func(x, n float64) string { return fmt.Sprintf("%.3f", x/max(n, 1)) }
	fmt.Fprintf(w, "rounds ended by an opponent's tsumo %s : %s, by an opponent's ron on another %s : %s; opponents' wins a decision %s : %s, worth %.0f : %.0f points\n",
		rate(r.Tsumo, r.Rounds), rate(e.Tsumo, e.Rounds), rate(r.RonOpponent, r.Rounds), rate(e.RonOpponent, e.Rounds),
		rate(r.Wins, r.Rounds), rate(e.Wins, e.Rounds), r.WinPoints/max(r.Wins, 1), e.WinPoints/max(e.Wins, 1))
	dealIns := make([]string, len(dealInStates))
	for i, name := range dealInStates {
		dealIns[i] = fmt.Sprintf("%s %s : %s", name, rate(r.DealIn[i], r.Rounds), rate(e.DealIn[i], e.Rounds))
	}
	wins := make([]string, len(winStates))
	for i, name := range winStates {
		wins[i] = fmt.Sprintf("%s %s, %s : %s, %s", name, rate(r.SeatWin[i][0], r.Rounds), rate(r.SeatWin[i][1], r.Rounds),
			rate(e.SeatWin[i][0], e.Rounds), rate(e.SeatWin[i][1], e.Rounds))
	}
	fmt.Fprintf(w, "the seat's deal-ins a decision, by its state after the discard: %s\n", strings.Join(dealIns, ", "))
	fmt.Fprintf(w, "the seat's wins a decision, by its hand (ron, tsumo): %s\n", strings.Join(wins, ", "))
	return nil
}

// winStates name OpponentTally.SeatWin's states, by index.
var winStates = [mc.NumWinStates]string{mc.WinRiichi: "riichi", mc.WinDama: "closed without riichi", mc.WinOpen: "open"}

// dealInStates name OpponentTally.DealIn's states, by index.
var dealInStates = [mc.NumDealInStates]string{
	mc.DealInRiichi: "in riichi", mc.DealInDama: "tenpai without riichi",
	mc.DealInNotenRiichi: "not tenpai against a riichi", mc.DealInNoten: "not tenpai otherwise",
}
