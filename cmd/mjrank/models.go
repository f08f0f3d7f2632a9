package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mjrank/mjrank/internal/progress"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/train"
)

var cmdModels = &Command{
	Name:      "models",
	UsageLine: "info [--models DIR] [--json] | eval [--models DIR] [--json] PATH...",
	Short:     "show the predictors' model cards, or measure the models on game records",
	Long: `
"models info" prints the card of each model: what it predicts, its feature
schema, the corpus it was trained on, its xgboost parameters and its
held-out metrics beside their baselines.

"models eval" replays the usable games under PATH (4-player, ordinary
lobbies, with a final result) and measures the models on them: tenpai AUC,
log-loss and calibration (ECE, with a reliability table); wait AUC over
every (tenpai sample, tile kind) pair and how often a winning kind is among
the 5 rated most likely; value MAE in points; final-rank log-loss, accuracy
and ECE — each beside a baseline on the same samples (tenpai: riichi, else
the tenpai rate by turn and open melds; wait: a genbutsu/suji/visible-count
danger score; value: the mean; rank: the final-rank frequencies given the
current score order). Baselines are fitted on the evaluated samples.

Both use the models embedded in the binary, or those in --models DIR (as
"mjrank train" writes them; the rank model may sit in the same folder).
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		dir := fs.String("models", "", "folder of models (default: the embedded ones)")
		asJSON := fs.Bool("json", false, "print JSON")
		workers := fs.Int("workers", 0, "files replayed at once (default: one per CPU)")
		return func(env *Env, args []string) error {
			if len(args) == 0 {
				return usageErrorf("give a subcommand: info or eval")
			}
			opp, rk, err := loadModels(*dir)
			if err != nil {
				return err
			}
			switch args[0] {
			case "info":
				if len(args) > 1 {
					return usageErrorf("models info takes no arguments")
				}
				cards := append(append([]xgbmodel.Card{}, opp.Cards...), rk.Card)
				if *asJSON {
					return writeJSON(env.Stdout, cards)
				}
				return printCards(env.Stdout, cards)
			case "eval":
				if len(args) < 2 {
					return usageErrorf("give at least one file or folder to evaluate on")
				}
				var bar *progress.Bar
				opt := train.EvalOptions{Workers: *workers, Progress: func(done, total int) {
					if bar == nil {
						bar = progress.New(env.Stderr, total, "eval")
					}
					bar.Add(1)
					if done == total {
						bar.Finish()
					}
				}}
				rep, err := train.Evaluate(context.Background(), args[1:], opp, rk, opt)
				if err != nil {
					return err
				}
				if *asJSON {
					return writeJSON(env.Stdout, rep)
				}
				return printEval(env.Stdout, rep)
			}
			return usageErrorf("unknown subcommand %q (want info or eval)", args[0])
		}
	},
}

func loadModels(dir string) (*opponent.Models, *rankmodel.Model, error) {
	if dir == "" {
		opp, err := opponent.Default()
		if err != nil {
			return nil, nil, err
		}
		rk, err := rankmodel.Default()
		return opp, rk, err
	}
	opp, err := opponent.LoadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	rk, err := rankmodel.LoadDir(dir)
	return opp, rk, err
}

func printCards(w io.Writer, cards []xgbmodel.Card) error {
	for i, c := range cards {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s  %s\n", c.Name, c.File)
		fmt.Fprintf(w, "  objective  %s", c.Objective)
		if c.NumClass > 0 {
			fmt.Fprintf(w, " (%d classes)", c.NumClass)
		}
		fmt.Fprintf(w, ", %d features, schema %d, xgboost %s\n", len(c.Features), c.Schema, c.XGBoost)
		var ps []string
		for k, v := range c.Params {
			if k != "objective" && k != "num_class" {
				ps = append(ps, k+"="+v)
			}
		}
		sortStrings(ps)
		fmt.Fprintf(w, "  params     %s\n", strings.Join(ps, " "))
		fmt.Fprintf(w, "  corpus     %d files, %d games (%d held out), digest %.12s\n", c.Corpus.Files, c.Corpus.Games, c.Corpus.HeldOutGames, c.Corpus.Digest)
		fmt.Fprintf(w, "  samples    %d train, %d held out; trained in %.1fs\n", c.Samples.Train, c.Samples.HeldOut, c.Seconds)
		fmt.Fprintf(w, "  loader     %d held-out rows, max |leaves − xgboost| %.1e\n", c.Loader.Rows, c.Loader.MaxAbsDiff)
		t := newTable(w, "held-out metric", "model", "baseline", "se")
		for _, m := range c.Metrics {
			se := ""
			if m.SE > 0 {
				se = fmt.Sprintf("%.4f", m.SE)
			}
			if err := t.Append([]string{m.Name, fmt.Sprintf("%.4f", m.Model), fmt.Sprintf("%.4f", m.Baseline), se}); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	return nil
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func printEval(w io.Writer, rep *train.EvalReport) error {
	fmt.Fprintf(w, "%d files, %d games, %d rounds\n", rep.Files, rep.Games, rep.Rounds)
	for _, s := range rep.Skipped {
		fmt.Fprintf(w, "  skipped %s\n", s)
	}
	fmt.Fprintln(w)
	t := newTable(w, "model", "metric", "model", "baseline", "se", "samples")
	f := func(v float64) string { return fmt.Sprintf("%.4f", v) }
	se := func(v float64) string {
		if v > 0 {
			return fmt.Sprintf("%.4f", v)
		}
		return ""
	}
	tp, wt, v, r := rep.Tenpai, rep.Wait, rep.Value, rep.Rank
	rows := [][]string{
		{"tenpai", "AUC", f(tp.AUC), f(tp.BaseAUC), se(tp.AUCSE), fmt.Sprint(tp.Samples)},
		{"tenpai", "log-loss", f(tp.LogLoss), f(tp.BaseLogLoss), se(tp.LogLossDiffSE), ""},
		{"tenpai", "ECE", f(tp.ECE), f(tp.BaseECE), "", ""},
		{"wait", "AUC", f(wt.AUC), f(wt.BaseAUC), se(wt.AUCSE), fmt.Sprint(wt.Pairs)},
		{"wait", "top-5 hit", f(wt.Top5), f(wt.BaseTop5), "", fmt.Sprint(wt.WithWin)},
		{"value", "MAE (points)", fmt.Sprintf("%.0f", v.MAE), fmt.Sprintf("%.0f", v.BaseMAE), se(v.MAEDiffSE), fmt.Sprint(v.Samples)},
		{"rank", "log-loss", f(r.LogLoss), f(r.BaseLogLoss), se(r.LogLossDiffSE), fmt.Sprint(r.Samples)},
		{"rank", "accuracy", f(r.Accuracy), f(r.BaseAccuracy), "", ""},
		{"rank", "ECE", f(r.ECE), f(r.BaseECE), "", ""},
	}
	for _, row := range rows {
		if err := t.Append(row); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\ntenpai reliability:")
	rt := newTable(w, "predicted", "samples", "mean predicted", "observed")
	for _, b := range tp.Reliability {
		if err := rt.Append([]string{fmt.Sprintf("%.1f-%.1f", b.Lo, b.Hi), fmt.Sprint(b.Count), f(b.MeanPred), f(b.Observed)}); err != nil {
			return err
		}
	}
	return rt.Render()
}
