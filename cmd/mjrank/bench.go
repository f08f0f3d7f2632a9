package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/mjrank/mjrank/bench"
)

var cmdBench = &Command{
	Name:      "bench",
	UsageLine: "[--json] [--workers N] [--corpus DIR] [--corpus-files N]",
	Short:     "time every layer and print the deterministic bench signature",
	Long: `
Bench runs a fixed workload through every layer and times it on one worker
and on all cores, with the parallel efficiency (speedup / workers):

  shanten    ns per 14-tile hand (normal, chiitoitsu and kokushi forms)
  score      ns per winning hand (wins taken from fixed-seed self-play)
  verify     real games replayed and checked per second (--corpus-files
             files spread evenly over --corpus; left out when the default
             folder is missing, an error when a --corpus given is)
  self-play  hanchans per second of four efficiency bots (and per second
             of CPU time, which other load on the machine disturbs less)
  engine     Monte Carlo simulations per second (one move played to the
             round's end in one sampled world) over 24 fixed positions, and
             the mean time of one decision at the default budget

It also prints a signature: a hash of a fixed-seed arena between all the
bots, of the work counted, of the predictors' outputs and of the engine's
choices on the fixed positions. It does not depend on time, machine or
goroutines and changes exactly when behaviour changes; commits that change
it end with "Bench: <signature>". JSON keys: workers, shanten_ns, score_ns,
verify_games_per_s, verify_games, selfplay_hanchan_per_s,
selfplay_hanchan_per_cpu_s, engine_sims_per_s, engine_decision_ms,
parallel_efficiency, signature,
signature_arena, seconds (pairs are {"one", "all"}).
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o benchOptions
		fs.BoolVar(&o.asJSON, "json", false, "print the report as JSON")
		fs.IntVar(&o.workers, "workers", 0, "workers for the all-cores runs (default: one per CPU)")
		fs.StringVar(&o.corpus, "corpus", filepath.Join("..", "shared", "data", "tenhou"), "folder of game records for the verify measurement")
		fs.IntVar(&o.files, "corpus-files", bench.DefaultCorpusFiles, "corpus files replayed (at least 1)")
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", args[0])
			}
			if err := o.check(fs); err != nil {
				return err
			}
			cfg := bench.Config{Workers: o.workers, Corpus: o.corpus, CorpusFiles: o.files}
			cfg.Log = func(stage string) { fmt.Fprintf(env.Stderr, "bench: %s\n", stage) }
			rep, err := bench.Run(context.Background(), cfg)
			if err != nil {
				return err
			}
			if o.asJSON {
				return writeJSON(env.Stdout, rep)
			}
			return printBench(env.Stdout, rep)
		}
	},
}

// benchOptions are the bench command's flags.
type benchOptions struct {
	asJSON         bool
	workers, files int
	corpus         string
}

// check checks every flag before any work. The default --corpus may be
// missing (the checkout without ../shared beside it): then there is no
// verify row, and check clears it.
func (o *benchOptions) check(fs *flag.FlagSet) error {
	corpusErr := inputPath("corpus", o.corpus, true)
	if corpusErr != nil && !explicit(fs, "corpus") {
		o.corpus, corpusErr = "", nil
	}
	return firstErr(workersFlag(o.workers), corpusErr, atLeast("corpus-files", o.files, 1))
}

func printBench(w io.Writer, r *bench.Report) error {
	t := newTable(w, "layer", "unit", "1 worker", plural(r.Workers, "worker"), "parallel efficiency")
	rows := [][]string{
		{"shanten", "ns/hand", fmt.Sprintf("%.1f", r.ShantenNs.One), fmt.Sprintf("%.1f", r.ShantenNs.All), fmt.Sprintf("%.2f", r.ParallelEfficiency.Shanten)},
		{"score", "ns/win", fmt.Sprintf("%.0f", r.ScoreNs.One), fmt.Sprintf("%.0f", r.ScoreNs.All), fmt.Sprintf("%.2f", r.ParallelEfficiency.Score)},
	}
	if r.VerifyGamesPerS != nil {
		rows = append(rows, []string{"verify", fmt.Sprintf("games/s (%s)", plural(r.VerifyGames, "game")), fmt.Sprintf("%.0f", r.VerifyGamesPerS.One), fmt.Sprintf("%.0f", r.VerifyGamesPerS.All), fmt.Sprintf("%.2f", *r.ParallelEfficiency.Verify)})
	} else {
		rows = append(rows, []string{"verify", "games/s", "-", "-", "- (no corpus)"})
	}
	rows = append(rows,
		[]string{"self-play", "hanchans/s", fmt.Sprintf("%.0f", r.SelfPlayHanchanPerS.One), fmt.Sprintf("%.0f", r.SelfPlayHanchanPerS.All), fmt.Sprintf("%.2f", r.ParallelEfficiency.SelfPlay)},
		[]string{"self-play", "hanchans/CPU-s", fmt.Sprintf("%.0f", r.SelfPlayHanchanPerCPUS.One), fmt.Sprintf("%.0f", r.SelfPlayHanchanPerCPUS.All), ""},
		[]string{"engine", "simulations/s", fmt.Sprintf("%.0f", r.EngineSimsPerS.One), fmt.Sprintf("%.0f", r.EngineSimsPerS.All), fmt.Sprintf("%.2f", r.ParallelEfficiency.Engine)},
		[]string{"engine", "ms/decision (default budget)", "", fmt.Sprintf("%.0f", r.EngineDecisionMs), ""},
	)
	for _, row := range rows {
		if err := t.Append(row); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nsignature  %s  (%s)\n", r.Signature, r.SignatureArena)
	return nil
}
