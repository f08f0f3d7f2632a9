package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/progress"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/train"
)

var cmdModels = &Command{
	Name:      "models",
	UsageLine: "info [--models DIR] [--json] | eval [--models DIR] [--json] [--held-out] [--workers N] PATH...",
	Short:     "show the predictors' model cards, or measure the models on game records",
	Long: `
"models info" prints the card of each model (the opponent predictors, the
rank model, the discard policy, the rollout's discard model and the
decision models): what it predicts, its feature schema, the corpus it was
trained on, its xgboost parameters and its held-out metrics beside their
baselines. A model that does not load (corrupt, missing, doubled, of
another schema) is named on standard error after the cards of the others,
and the exit status is 1.

"models eval" replays the usable games under PATH (4-player, ordinary
lobbies, with a final result) and measures the models on them: tenpai AUC,
log-loss and calibration (ECE, with a reliability table); wait AUC over
every (tenpai sample, tile kind) pair and how often a winning kind is among
the 5 rated most likely; value MAE in points; final-rank log-loss, accuracy
and ECE — each beside a baseline on the same samples (tenpai: riichi, else
the tenpai rate by turn and open melds; wait: a genbutsu/suji/visible-count
danger score; value: the mean; rank: the final-rank frequencies given the
current score order). The baselines' tables were fitted on the training
games and are read from the model cards, never fitted on the games
evaluated. Every "se" is the standard error of model − baseline over
bootstrap resamples of the games; "beats" says whether the model is better
by more than 2 se. A metric gets no verdict when its samples come from
fewer than 30 games (the figures are still printed: "too few games"), and
an evaluation without a single usable game is an error (exit status 1).
--held-out keeps only the games the training held out (FNV-1a of the log id
mod 10 = 0), as the cards' figures do. PATH - reads a record from standard
input. Folder walks read regular files with a record ending; files and
folders that cannot be read are counted in the skipped lines.

Both use the models embedded in the binary, or those in --models DIR (as
"mjrank train" writes them; the rank model may sit in the same folder).
--players 3 takes the three-player models ("mjrank train --players 3"):
info lists the predictors (tenpai3, wait3, value3, rank3) and the
policy's (discard3, rollout3, riichi3, call3, kan3, kyuushu3, kita3,
rollriichi3, rollcall3; in --models DIR those it holds), and eval
measures the predictors on the 3-player games.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o modelsOptions
		fs.StringVar(&o.dir, "models", "", "`folder` of models (default: the embedded ones)")
		fs.BoolVar(&o.asJSON, "json", false, "print JSON")
		fs.IntVar(&o.workers, "workers", 0, "eval: files replayed at once (default: one per CPU)")
		fs.BoolVar(&o.heldOut, "held-out", false, "eval: only the games training holds out")
		fs.IntVar(&o.players, "players", 4, "the predictors and games of 4 players, or of 3")
		return func(env *Env, args []string) error {
			if err := o.check(fs, args); err != nil {
				return err
			}
			if args[0] == "info" && o.players == 3 {
				return o.info3(env)
			}
			if args[0] == "info" {
				return o.info(env)
			}
			opp, rk, err := loadModelsFor(o.dir, o.players)
			if err != nil {
				return err
			}
			return o.eval(env, args[1:], opp, rk)
		}
	},
}

// modelsOptions are the models command's flags.
type modelsOptions struct {
	dir             string
	asJSON, heldOut bool
	workers         int
	players         int
}

// check checks the flags, then the subcommand with its arguments and the
// flags it takes, before any work.
func (o *modelsOptions) check(fs *flag.FlagSet, args []string) error {
	if err := firstErr(inputPath("models", o.dir, true), workersFlag(o.workers)); err != nil {
		return err
	}
	if o.players != 3 && o.players != 4 {
		return usageErrorf("--players %d: 3 or 4", o.players)
	}
	if len(args) == 0 {
		return usageErrorf("give a subcommand: info or eval")
	}
	switch args[0] {
	case "info":
		if len(args) > 1 {
			return usageErrorf("models info takes no arguments")
		}
		for _, f := range []string{"held-out", "workers"} {
			if explicit(fs, f) {
				return usageErrorf("--%s is a flag of models eval, not of models info", f)
			}
		}
	case "eval":
		if len(args) < 2 {
			return usageErrorf("give at least one file or folder to evaluate on (- for standard input)")
		}
		if n := len(slices.DeleteFunc(slices.Clone(args[1:]), func(a string) bool { return a != train.Stdin })); n > 1 {
			return usageErrorf("standard input (-) can be read only once")
		}
	default:
		return usageErrorf("unknown subcommand %q (want info or eval)", args[0])
	}
	return nil
}

// info prints the cards of every model: the opponent, rank, discard,
// rollout and decision models. A model that does not load is named on
// stderr after the cards of the others, and the command fails: the engine
// and the arena would refuse the folder.
func (o *modelsOptions) info(env *Env) error {
	cards, bad := modelCards(o.dir)
	var err error
	if o.asJSON {
		err = writeJSON(env.Stdout, cards)
	} else {
		err = printCards(env.Stdout, cards)
	}
	if err != nil || len(bad) == 0 {
		return err
	}
	for _, e := range bad {
		fmt.Fprintf(env.Stderr, "mjrank models: %v\n", e)
	}
	where := "the embedded models"
	if o.dir != "" {
		where = "--models " + o.dir
	}
	return fmt.Errorf("%s: %s failed to load", where, plural(len(bad), "model set"))
}

// modelCards loads the models of dir (the embedded ones for "") set by
// set and returns the cards of those that load and why the others do not.
func modelCards(dir string) ([]xgbmodel.Card, []error) {
	var cards []xgbmodel.Card
	var bad []error
	loaded := func(err error) bool {
		if err != nil {
			bad = append(bad, err)
		}
		return err == nil
	}
	if opp, err := loadOpponent(dir); loaded(err) {
		cards = append(cards, opp.Cards...)
	}
	if rk, err := loadRank(dir); loaded(err) {
		cards = append(cards, rk.Card)
	}
	if pol, err := loadPolicy(dir); loaded(err) {
		cards = append(cards, pol.Card)
	}
	// The rollout's model is optional: a folder without one plays the
	// embedded rollout.
	if roll, err := loadRollout(dir); loaded(err) && roll != nil {
		cards = append(cards, roll.Card)
	}
	if dec, err := loadDecisions(dir); loaded(err) {
		cards = append(cards, dec.Cards...)
	}
	return cards, bad
}

// eval evaluates the models on the games of files and prints the report.
func (o *modelsOptions) eval(env *Env, files []string, opp *opponent.Models, rk *rankmodel.Model) error {
	var bar *progress.Bar
	opt := train.EvalOptions{Workers: o.workers, Stdin: env.Stdin, Players: o.players, Progress: func(done, total int) {
		if bar == nil {
			bar = progress.New(env.Stderr, total, "eval")
		}
		bar.Add(1)
		if done == total {
			bar.Finish()
		}
	}}
	if o.heldOut {
		opt.Filter = func(g *dataset.GameRef) bool { return g.HeldOut }
		opt.FilterReason = "not held out (--held-out)"
	}
	rep, err := train.Evaluate(context.Background(), files, opp, rk, opt)
	if err != nil {
		return err
	}
	if o.asJSON {
		return writeJSON(env.Stdout, rep)
	}
	return printEval(env.Stdout, rep)
}

// loadPolicy loads the discard policy of dir, or the embedded one.
func loadPolicy(dir string) (*policy.Model, error) {
	if dir == "" {
		return policy.Default()
	}
	return policy.LoadDir(dir)
}

// loadDecisions loads the riichi, call, kan, kyuushu and rollout riichi models of dir
// (those present), or the embedded ones.
func loadDecisions(dir string) (*policy.Decisions, error) {
	if dir == "" {
		return policy.DefaultDecisions()
	}
	return policy.LoadDecisionsDir(dir)
}

// loadRollout loads the rollout's discard model of dir (nil when dir has
// none), or the embedded one.
func loadRollout(dir string) (*policy.Model, error) {
	if dir == "" {
		return policy.DefaultRollout()
	}
	return policy.LoadRollout(os.DirFS(dir), ".")
}

func loadOpponent(dir string) (*opponent.Models, error) {
	if dir == "" {
		return opponent.Default()
	}
	return opponent.LoadDir(dir)
}

func loadRank(dir string) (*rankmodel.Model, error) {
	if dir == "" {
		return rankmodel.Default()
	}
	return rankmodel.LoadDir(dir)
}

// loadModelsFor loads the predictors of a number of players from dir, or
// the embedded ones.
func loadModelsFor(dir string, players int) (*opponent.Models, *rankmodel.Model, error) {
	if players == 4 {
		return loadModels(dir)
	}
	if dir == "" {
		opp, err := opponent.DefaultFor(players)
		if err != nil {
			return nil, nil, err
		}
		rk, err := rankmodel.DefaultFor(players)
		return opp, rk, err
	}
	opp, err := opponent.LoadDirFor(dir, players)
	if err != nil {
		return nil, nil, err
	}
	rk, err := rankmodel.LoadDirFor(dir, players)
	return opp, rk, err
}

// info3 prints the cards of the three-player models: the predictors and
// the policy's (discard3, rollout3 and the decision models, kita3 among
// them), embedded or in --models DIR (the policy's only those there).
func (o *modelsOptions) info3(env *Env) error {
	opp, rk, err := loadModelsFor(o.dir, 3)
	if err != nil {
		return err
	}
	cards := append(slices.Clone(opp.Cards), rk.Card)
	pol, err := policyCards3(o.dir)
	if err != nil {
		return err
	}
	cards = append(cards, pol...)
	if o.asJSON {
		return writeJSON(env.Stdout, cards)
	}
	return printCards(env.Stdout, cards)
}

// policyCards3 loads the three-player policy models, embedded or those
// in dir, and returns their cards.
func policyCards3(dir string) ([]xgbmodel.Card, error) {
	var (
		pol, roll *policy.Model
		dec       *policy.Decisions
		err       error
	)
	if dir == "" {
		if pol, err = policy.DefaultFor(3); err == nil {
			if roll, err = policy.DefaultRolloutFor(3); err == nil {
				dec, err = policy.DefaultDecisionsFor(3)
			}
		}
	} else {
		fsys := os.DirFS(dir)
		if found, _ := fs.Glob(fsys, policy.NameFor(policy.ModelName, 3)+"-*.json"); len(found) > 0 {
			pol, err = policy.LoadFor(fsys, ".", 3)
		}
		if err == nil {
			if roll, err = policy.LoadRolloutFor(fsys, ".", 3); err == nil {
				dec, err = policy.LoadDecisionsFor(fsys, ".", 3)
			}
		}
	}
	if err != nil {
		return nil, err
	}
	var cards []xgbmodel.Card
	for _, m := range []*policy.Model{pol, roll} {
		if m != nil {
			cards = append(cards, m.Card)
		}
	}
	return append(cards, dec.Cards...), nil
}

func loadModels(dir string) (*opponent.Models, *rankmodel.Model, error) {
	opp, err := loadOpponent(dir)
	if err != nil {
		return nil, nil, err
	}
	rk, err := loadRank(dir)
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
		fmt.Fprintf(w, ", %s, schema %d, xgboost %s\n", plural(len(c.Features), "feature"), c.Schema, c.XGBoost)
		var ps []string
		for k, v := range c.Params {
			if k != "objective" && k != "num_class" {
				ps = append(ps, k+"="+v)
			}
		}
		sortStrings(ps)
		fmt.Fprintf(w, "  params     %s\n", strings.Join(ps, " "))
		fmt.Fprintf(w, "  corpus     %s, %s (%d held out), digest %.12s\n", plural(c.Corpus.Files, "file"), plural(c.Corpus.Games, "game"), c.Corpus.HeldOutGames, c.Corpus.Digest)
		fmt.Fprintf(w, "  samples    %d train, %d held out; trained in %.1fs\n", c.Samples.Train, c.Samples.HeldOut, c.Seconds)
		fmt.Fprintf(w, "  loader     %s, max |leaves − xgboost| %.1e\n", plural(c.Loader.Rows, "held-out row"), c.Loader.MaxAbsDiff)
		if cal := c.Calibration; cal != nil {
			fmt.Fprintf(w, "  calibrated %s map, %s, fitted on out-of-fold predictions of %s of %s\n", cal.Method, plural(len(cal.X), "knot"), plural(cal.Samples, "row"), plural(cal.Games, "training game"))
		}
		// The decision models count their held-out decisions per metric.
		counted := slices.ContainsFunc(c.Metrics, func(m xgbmodel.Metric) bool { return m.N > 0 })
		head := []string{"held-out metric", "model", "baseline", "se", "beats"}
		if counted {
			head = append(head, "n")
		}
		t := newTable(w, head...)
		for _, m := range c.Metrics {
			se := ""
			if m.SE > 0 {
				se = fmt.Sprintf("%.4f", m.SE)
			}
			row := []string{m.Name, fmt.Sprintf("%.4f", m.Model), fmt.Sprintf("%.4f", m.Baseline), se, verdict(m.Beats, m.NoVerdict)}
			if counted {
				row = append(row, fmt.Sprint(m.N))
			}
			if err := t.Append(row); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	return nil
}

// verdict is the "beats" column: yes, no, or why there is no verdict.
func verdict(beats bool, noVerdict string) string {
	switch {
	case noVerdict != "":
		return "- " + noVerdict
	case beats:
		return "yes"
	}
	return "no"
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func printEval(w io.Writer, rep *train.EvalReport) error {
	fmt.Fprintf(w, "%s, %s, %s\n", plural(rep.Files, "file"), plural(rep.Games, "game"), plural(rep.Rounds, "round"))
	for _, s := range rep.Skipped {
		fmt.Fprintf(w, "  skipped %s\n", s)
	}
	fmt.Fprintf(w, "baselines fitted on the training games (model cards); se: of model − baseline, %d bootstrap resamples of the games; a verdict needs %d games\n\n",
		rep.Bootstrap, train.MinVerdictGames)
	t := newTable(w, "model", "metric", "model", "baseline", "se", "beats", "samples")
	f4 := func(v float64) string { return fmt.Sprintf("%.4f", v) }
	f0 := func(v float64) string { return fmt.Sprintf("%.0f", v) }
	row := func(model, metric string, c train.Comparison, f func(float64) string, samples string) []string {
		if c.NoVerdict == "no samples" {
			return []string{model, metric, "-", "-", "", "-", samples}
		}
		se := ""
		if c.DiffSE > 0 {
			se = f(c.DiffSE)
			if f(c.DiffSE) == f(0) {
				se = fmt.Sprintf("%.1e", c.DiffSE)
			}
		}
		return []string{model, metric, f(c.Model), f(c.Baseline), se, verdict(c.Beats, c.NoVerdict), samples}
	}
	tp, wt, v, r := rep.Tenpai, rep.Wait, rep.Value, rep.Rank
	rows := [][]string{
		row("tenpai", "AUC", tp.AUC, f4, fmt.Sprint(tp.Samples)),
		row("tenpai", "log-loss", tp.LogLoss, f4, ""),
		row("tenpai", "ECE", tp.ECE, f4, ""),
		row("wait", "AUC", wt.AUC, f4, plural(wt.Pairs, "pair")),
		row("wait", "top-5 hit", wt.Top5, f4, fmt.Sprint(wt.WithWin)),
		row("value", "MAE (points)", v.MAE, f0, fmt.Sprint(v.Samples)),
		row("rank", "log-loss", r.LogLoss, f4, fmt.Sprint(r.Samples)),
		row("rank", "accuracy", r.Accuracy, f4, ""),
		row("rank", "ECE", r.ECE, f4, ""),
	}
	for _, row := range rows {
		if err := t.Append(row); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nECE floor (a perfectly calibrated predictor's ECE on these samples, from sampling alone): tenpai %.4f model, %.4f baseline; rank %.4f model, %.4f baseline\n",
		tp.ECEFloor.Model, tp.ECEFloor.Baseline, r.ECEFloor.Model, r.ECEFloor.Baseline)
	if len(tp.Reliability) == 0 {
		return nil
	}
	fmt.Fprintln(w, "\ntenpai reliability:")
	rt := newTable(w, "predicted", "samples", "mean predicted", "observed")
	for _, b := range tp.Reliability {
		if err := rt.Append([]string{fmt.Sprintf("%.1f-%.1f", b.Lo, b.Hi), fmt.Sprint(b.Count), f4(b.MeanPred), f4(b.Observed)}); err != nil {
			return err
		}
	}
	return rt.Render()
}
