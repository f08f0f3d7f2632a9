package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/mjrank/mjrank/analysis"
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/outfile"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/review"
)

var cmdReview = &Command{
	Name:      "review",
	UsageLine: "LOG [--seat N | --name NAME] [--game G] [--sims N] [--workers N] [--seed S] [--json] [--html FILE] [--progress]",
	Short:     "review every decision of one player of a game record with the Monte Carlo engine",
	Long: `
Review runs every decision one player made in a game record (mjlog plain or
gzipped, tenhou.net/6 JSON or mjai) through the Monte Carlo engine, as
mjrank analyze does for one: the turn decisions (discard, riichi) and the
answers to discards the player could call. For each it gives the move
played beside the engine's best, the loss (the played move's expected final
rank minus the best's, and the Houou rank points it gives up; negative
when the played move simulated better than the engine's choice, which keeps
its prior move unless another beats it by two standard errors), the top
candidates with their final-rank distribution, P(win) and P(deal-in) this
round.

The summary prints per round the agreement rate (played == best) and the
total and worst losses, then the costliest decisions first. --json prints
the full report; --html FILE writes it as one self-contained HTML page:
checked before the review (a folder, a folder that cannot be written, or
the record itself are refused), written whole to a temporary file renamed
onto FILE, through a symbolic link to its target, or directly into a FIFO
or a device (/dev/stdout).

The player is --seat N (0 is the first dealer) or --name NAME (a player
name of the record; a name that two seats share is refused: give --seat);
seat 0 by default. Decision i of the player is
analysed with seed (--seed, i), so the report does not depend on --workers.
3-player records are refused.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o reviewOptions
		fs.IntVar(&o.seat, "seat", 0, "the player's seat (0..3)")
		fs.StringVar(&o.name, "name", "", "the player's name (instead of --seat)")
		fs.IntVar(&o.gameN, "game", 1, "the game of the file (1-based), for files that hold several")
		fs.IntVar(&o.sims, "sims", review.DefaultSims, fmt.Sprintf("simulation budget of each decision (1 to %d)", mc.MaxSims))
		fs.IntVar(&o.workers, "workers", 0, "decisions analysed at once (default: one per CPU; the result does not depend on it)")
		fs.Uint64Var(&o.seed, "seed", 1, "seed of the simulations")
		fs.BoolVar(&o.asJSON, "json", false, "print the full report as JSON")
		fs.StringVar(&o.htmlFile, "html", "", "also write the report as one self-contained HTML file")
		fs.BoolVar(&o.progress, "progress", false, "print progress on stderr")
		return func(env *Env, args []string) error {
			if len(args) != 1 {
				return usageErrorf("want one game record")
			}
			page, err := o.check(fs, args[0])
			if err != nil {
				return err
			}
			if page != nil {
				defer page.Abort()
			}
			return o.run(env, args[0], page)
		}
	},
}

// reviewOptions are the review command's flags.
type reviewOptions struct {
	seat, gameN, sims, workers int
	name, htmlFile             string
	seed                       uint64
	asJSON, progress           bool
}

// check checks every flag, then the flags together, before any work. With
// --html it returns the page, open to be written: a review of minutes must
// not be lost to a path it cannot be written to, nor write over its own
// record (file).
func (o *reviewOptions) check(fs *flag.FlagSet, file string) (*outfile.File, error) {
	if err := firstErr(
		intIn("seat", o.seat, 0, 3),
		atLeast("game", o.gameN, 1),
		intIn("sims", o.sims, 1, mc.MaxSims),
		workersFlag(o.workers),
	); err != nil {
		return nil, err
	}
	if explicit(fs, "name") && o.name == "" {
		return nil, usageErrorf("--name: empty; give a player's name, or --seat")
	}
	if explicit(fs, "name") && explicit(fs, "seat") {
		return nil, usageErrorf("give --seat or --name, not both")
	}
	if o.htmlFile == "" {
		return nil, nil
	}
	page, err := outfile.Create(o.htmlFile, file)
	if err != nil {
		return nil, usageErrorf("--html %v", err)
	}
	return page, nil
}

// run reviews the player of the game in file, prints the report and
// writes the page if there is one.
func (o *reviewOptions) run(env *Env, file string, page *outfile.File) error {
	g, err := readGame(file, o.gameN)
	if err != nil {
		return err
	}
	if g.Players != 4 {
		return fmt.Errorf("%s: a %d-player game: the engine plays 4-player games", file, g.Players)
	}
	s, err := o.player(file, g)
	if err != nil {
		return err
	}
	w := o.workers
	if w == 0 {
		w = runtime.GOMAXPROCS(0)
	}
	opt := review.Options{Sims: o.sims, Workers: w, Seed: o.seed}
	if o.progress {
		opt.Progress = func(done, total int) { fmt.Fprintf(env.Stderr, "\rreview: %d/%d decisions", done, total) }
	}
	rep, err := review.Run(context.Background(), g, s, opt)
	if o.progress {
		fmt.Fprintln(env.Stderr)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	// The report first, so that a failing page loses nothing.
	if o.asJSON {
		err = writeJSON(env.Stdout, rep)
	} else {
		err = printReview(env.Stdout, file, rep)
	}
	if err == nil && page != nil {
		err = writePage(page, file, rep)
	}
	return err
}

// player returns the seat reviewed: --seat, or the one seat named --name.
func (o *reviewOptions) player(file string, g *data.Game) (int, error) {
	if o.name == "" {
		return o.seat, nil
	}
	seats := g.SeatsNamed(o.name)
	switch len(seats) {
	case 0:
		return 0, fmt.Errorf("%s: no player named %q (the players: %s)", file, o.name, strings.Join(g.Names[:], ", "))
	case 1:
		return seats[0], nil
	}
	return 0, fmt.Errorf("%s: %d players are named %q (seats %s): give --seat", file, len(seats), o.name, data.SeatList(seats))
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
	t := newTable(w, "round", "decisions", "agreed", "agree%", "rank loss", "rank pt loss", "worst")
	for _, s := range append(append([]review.Summary(nil), rep.Rounds...), rep.Game) {
		worst := "-"
		if s.Worst >= 0 {
			worst = fmt.Sprintf("%.3f (#%d)", s.WorstLoss, s.Worst)
		}
		if err := t.Append([]string{s.Name, fmt.Sprint(s.Decisions), fmt.Sprint(s.Agreed), pct(s.Agreement),
			fmt.Sprintf("%.3f", s.RankLoss), fmt.Sprintf("%.1f", s.PointsLoss), worst}); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\ncostliest decisions (rank loss = E[rank] played − E[rank] best):\n")
	t = newTable(w, "#", "round", "event", "hand", "played", "best", "rank loss", "rank pt loss", "win% played/best", "deal-in% played/best")
	for i, d := range rep.Costliest() {
		if i == costliestShown || d.RankLoss <= 0 {
			break
		}
		b := d.Top[0]
		hand := d.Hand
		if d.Melds != "" {
			hand += " " + d.Melds
		}
		if err := t.Append([]string{fmt.Sprint(d.Index), d.Round, fmt.Sprint(d.Event), hand, d.Played, d.Best,
			fmt.Sprintf("%.3f", d.RankLoss), fmt.Sprintf("%.1f", d.PointsLoss),
			pct(d.PlayedC.PWin) + "/" + pct(b.PWin), pct(d.PlayedC.PDealIn) + "/" + pct(b.PDealIn)}); err != nil {
			return err
		}
	}
	return t.Render()
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
