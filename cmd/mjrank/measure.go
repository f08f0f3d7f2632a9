package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/internal/progress"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/mceval"
)

var cmdMeasure = &Command{
	Name:      "measure",
	UsageLine: "--corpus DIR [--games N] [--every K] [--sims N] [--bots A,B] [--oracle] [--workers N] [--seed S] [--json]",
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
             for the move actually played, against what happened: mean
             prediction and observed rate, log-loss, Brier score and
             expected calibration error (10 bins), the points change's mean
             absolute error and bias; beside a baseline of frequencies by
             (the seat's discards so far, its shanten) fitted on the
             training games, and with --oracle beside the engine told the
             opponents' true hands

Games run in parallel (the engine on one goroutine each); the report is the
same for any --workers. A corpus without a held-out game is an error (exit
status 1); --sims goes from 1 to 10,000,000.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		corpus := fs.String("corpus", "", "folder of game records")
		games := fs.Int("games", 0, "held-out games used, in key order (0: all)")
		every := fs.Int("every", 4, "analyse every K-th decision of each kind")
		sims := fs.Int("sims", bot.DefaultMCSims, "simulations per decision")
		bots := fs.String("bots", "policy,efficiency,thesis", "baseline bots for agreement (comma-separated; empty: none)")
		oracle := fs.Bool("oracle", false, "also run the engine with the opponents' true hands")
		workers := fs.Int("workers", 0, "games at once (default: one per CPU)")
		seed := fs.Uint64("seed", 1, "seed of the simulations")
		asJSON := fs.Bool("json", false, "print the report as JSON")
		ablate := fs.String("mc-ablation", "", "measure the engine without a part of it, as arena's --mc-ablation")
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", args[0])
			}
			if *corpus == "" {
				return usageErrorf("--corpus is required")
			}
			if err := firstErr(
				inputPath("corpus", *corpus, false),
				atLeast("games", *games, 0),
				atLeast("every", *every, 1),
				intIn("sims", *sims, 1, mc.MaxSims),
				workersFlag(*workers),
			); err != nil {
				return err
			}
			cfg := mceval.Config{Corpus: []string{*corpus}, MaxGames: *games, Every: *every, Sims: *sims,
				Workers: *workers, Seed: *seed, Oracle: *oracle}
			if err := ablationFlag(*ablate, &cfg.MC); err != nil {
				return err
			}
			for _, b := range strings.Split(*bots, ",") {
				if b = strings.TrimSpace(b); b == "" {
					continue
				}
				if !bot.Valid(b) || b == "mc" {
					return usageErrorf("--bots: unknown baseline bot %q (want %s)", b, orList(slices.DeleteFunc(bot.Names(), func(n string) bool { return n == "mc" })))
				}
				cfg.Bots = append(cfg.Bots, b)
			}
			cfg.Progress = progress.Callback(env.Stderr, "measure")
			rep, err := mceval.Run(context.Background(), cfg)
			if err != nil {
				return err
			}
			if *asJSON {
				return writeJSON(env.Stdout, rep)
			}
			return printMeasure(env.Stdout, rep)
		}
	},
}

func printMeasure(w io.Writer, r *mceval.Report) error {
	fmt.Fprintf(w, "%s, %s, %s per decision, %.0fs\n\n", plural(r.Games, "held-out game"), plural(r.Decisions, "decision"), plural(r.Sims, "simulation"), r.Seconds)
	t := newTable(w, "player", "discards agreed", "riichi agreed", "calls agreed")
	frac := func(a, n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%% (%d/%d)", 100*float64(a)/float64(n), a, n)
	}
	for _, a := range r.Agreement {
		if err := t.Append([]string{a.Player, frac(a.DiscardsAgreed, a.Discards), frac(a.RiichiAgreed, a.Riichi), frac(a.CallsAgreed, a.Calls)}); err != nil {
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
	return t.Render()
}
