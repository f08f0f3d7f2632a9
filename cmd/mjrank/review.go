package main

import (
	"context"
	"flag"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/review"
	"github.com/mjrank/mjrank/sim/mc"
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
the full report; --html FILE writes it as one self-contained HTML page.

The player is --seat N (0 is the first dealer) or --name NAME (a player
name of the record; the first seat of that name); seat 0 by default. Decision i of the player is
analysed with seed (--seed, i), so the report does not depend on --workers.
3-player records are refused.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		seat := fs.Int("seat", 0, "the player's seat (0..3)")
		name := fs.String("name", "", "the player's name (instead of --seat)")
		gameN := fs.Int("game", 1, "the game of the file (1-based), for files that hold several")
		sims := fs.Int("sims", review.DefaultSims, fmt.Sprintf("simulation budget of each decision (1 to %d)", mc.MaxSims))
		workers := fs.Int("workers", 0, "decisions analysed at once (default: one per CPU; the result does not depend on it)")
		seed := fs.Uint64("seed", 1, "seed of the simulations")
		asJSON := fs.Bool("json", false, "print the full report as JSON")
		htmlFile := fs.String("html", "", "also write the report as one self-contained HTML file")
		progress := fs.Bool("progress", false, "print progress on stderr")
		return func(env *Env, args []string) error {
			if len(args) != 1 {
				return usageErrorf("want one game record")
			}
			if err := firstErr(
				intIn("seat", *seat, 0, 3),
				atLeast("game", *gameN, 1),
				intIn("sims", *sims, 1, mc.MaxSims),
				workersFlag(*workers),
			); err != nil {
				return err
			}
			if *htmlFile != "" {
				if info, err := os.Stat(filepath.Dir(*htmlFile)); err != nil || !info.IsDir() {
					return usageErrorf("--html %s: no folder %s to write into", *htmlFile, filepath.Dir(*htmlFile))
				}
			}
			if *name != "" && explicit(fs, "seat") {
				return usageErrorf("give --seat or --name, not both")
			}
			g, err := readGame(args[0], *gameN)
			if err != nil {
				return err
			}
			if g.Players != 4 {
				return fmt.Errorf("%s: a %d-player game: the engine plays 4-player games", args[0], g.Players)
			}
			s := *seat
			if *name != "" {
				s = -1
				for i, n := range g.Names {
					if n == *name && s < 0 {
						s = i
					}
				}
				if s < 0 {
					return fmt.Errorf("%s: no player named %q (the players: %s)", args[0], *name, strings.Join(g.Names[:], ", "))
				}
			}
			w := *workers
			if w == 0 {
				w = runtime.GOMAXPROCS(0)
			}
			o := review.Options{Sims: *sims, Workers: w, Seed: *seed}
			if *progress {
				o.Progress = func(done, total int) { fmt.Fprintf(env.Stderr, "\rreview: %d/%d decisions", done, total) }
			}
			rep, err := review.Run(context.Background(), g, s, o)
			if *progress {
				fmt.Fprintln(env.Stderr)
			}
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if *htmlFile != "" {
				f, err := os.Create(*htmlFile)
				if err != nil {
					return err
				}
				if err := writeReviewHTML(f, args[0], rep); err != nil {
					f.Close()
					return err
				}
				if err := f.Close(); err != nil {
					return err
				}
			}
			if *asJSON {
				return writeJSON(env.Stdout, rep)
			}
			return printReview(env.Stdout, args[0], rep)
		}
	},
}

// readGame reads game gameN (1-based) of a record file in any format.
func readGame(file string, gameN int) (*data.Game, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, _, err := records.NewReader(f, file)
	if err != nil {
		return nil, err
	}
	var g *data.Game
	n := 0
	for n < gameN && r.Next() {
		g, n = r.Game(), n+1
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if n < gameN {
		return nil, fmt.Errorf("%s: no game %d: the file holds %s", file, gameN, plural(n, "game"))
	}
	return g, nil
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

const reviewCSS = `body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}th{background:#eee}td.l{text-align:left}
.tile{display:inline-block;border:1px solid #888;border-radius:3px;padding:0 .15em;margin:0 1px;background:#fffdf5;font-family:monospace}
.m{color:#b00}.p{color:#06c}.s{color:#080}.z{color:#000}.dec{border-top:2px solid #444;margin-top:1.5em}.bad{color:#b00}.red{background:#fdd;font-weight:bold}`

// tilesHTML draws a hand ("123m406p11z") as tiles.
func tilesHTML(s string) string {
	var b strings.Builder
	var digits []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits = append(digits, c)
		case c == 'm' || c == 'p' || c == 's' || c == 'z':
			for _, d := range digits {
				if d == '0' { // a red five
					fmt.Fprintf(&b, `<span class="tile %c red" title="red 5%c">5%c</span>`, c, c, c)
					continue
				}
				fmt.Fprintf(&b, `<span class="tile %c">%c%c</span>`, c, d, c)
			}
			digits = digits[:0]
		default:
			b.WriteString(html.EscapeString(string(digits)))
			digits = digits[:0]
			b.WriteString(html.EscapeString(string(c)))
		}
	}
	b.WriteString(html.EscapeString(string(digits)))
	return b.String()
}

// rankChart is an inline SVG line chart of the played moves' expected
// rank, decision by decision.
func rankChart(rep *review.Report) string {
	const W, H, pad = 600.0, 160.0, 30.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f">`, W, H, W, H)
	for r := 1; r <= 4; r++ {
		y := pad + (H-2*pad)*float64(r-1)/3
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f" stroke="#ddd"/><text x="5" y="%.1f" font-size="10">%d</text>`, pad, y, W-5, y, y+3, r)
	}
	n := len(rep.Decisions)
	if n > 0 {
		var pts []string
		for i, d := range rep.Decisions {
			x := pad
			if n > 1 {
				x += (W - pad - 5) * float64(i) / float64(n-1)
			}
			y := pad + (H-2*pad)*(d.PlayedC.ExpectedRank-1)/3
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="#06c" stroke-width="1.5" points="%s"/>`, strings.Join(pts, " "))
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="10">decision →</text></svg>`, W/2, H-5)
	return b.String()
}

func writeReviewHTML(w io.Writer, file string, rep *review.Report) error {
	var b strings.Builder
	e := html.EscapeString
	title := fmt.Sprintf("mjrank review: %s, seat %d (%s)", file, rep.Seat, rep.Player)
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>%s</title><style>%s</style></head><body>\n", e(title), reviewCSS)
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p>%d decisions, %d simulations each, seed %d. Agreement %s%%, total loss %.3f in expected rank, %.1f Houou rank points.</p>\n",
		e(title), rep.Game.Decisions, rep.Sims, rep.Seed, pct(rep.Game.Agreement), rep.Game.RankLoss, rep.Game.PointsLoss)
	fmt.Fprintf(&b, "<h2>Expected rank of the moves played</h2>\n%s\n", rankChart(rep))
	b.WriteString("<h2>Rounds</h2>\n<table><tr><th>round</th><th>decisions</th><th>agree%</th><th>rank loss</th><th>rank pt loss</th><th>worst</th></tr>\n")
	for _, s := range append(append([]review.Summary(nil), rep.Rounds...), rep.Game) {
		fmt.Fprintf(&b, "<tr><td class=\"l\">%s</td><td>%d</td><td>%s</td><td>%.3f</td><td>%.1f</td><td>%.3f</td></tr>\n",
			e(s.Name), s.Decisions, pct(s.Agreement), s.RankLoss, s.PointsLoss, s.WorstLoss)
	}
	b.WriteString("</table>\n<h2>Decisions, costliest first</h2>\n")
	for _, d := range rep.Costliest() {
		cls := ""
		if !d.Agrees {
			cls = ` class="bad"`
		}
		fmt.Fprintf(&b, "<div class=\"dec\"><h3>#%d %s event %d: rank loss %.3f, %.1f rank points</h3>\n", d.Index, e(d.Round), d.Event, d.RankLoss, d.PointsLoss)
		fmt.Fprintf(&b, "<p>hand %s %s</p>\n<p>played <b%s>%s</b>, best <b>%s</b></p>\n", tilesHTML(d.Hand), e(d.Melds), cls, e(d.Played), e(d.Best))
		b.WriteString("<table><tr><th>move</th><th>E[rank]</th><th>1st</th><th>2nd</th><th>3rd</th><th>4th</th><th>rank pt</th><th>win%</th><th>deal-in%</th><th>sims</th></tr>\n")
		rows := d.Top
		if !inTop(d) {
			rows = append(append([]review.Candidate(nil), rows...), d.PlayedC)
		}
		for _, c := range rows {
			mark := ""
			if c.Move == d.Played {
				mark = " (played)"
			}
			fmt.Fprintf(&b, "<tr><td class=\"l\">%s%s</td><td>%.3f</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%+.1f</td><td>%s</td><td>%s</td><td>%d</td></tr>\n",
				e(c.Move), mark, c.ExpectedRank, pct(c.RankDist[0]), pct(c.RankDist[1]), pct(c.RankDist[2]), pct(c.RankDist[3]), c.RankPoints, pct(c.PWin), pct(c.PDealIn), c.Sims)
		}
		b.WriteString("</table></div>\n")
	}
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func inTop(d *review.Decision) bool {
	for _, c := range d.Top {
		if c.Move == d.Played {
			return true
		}
	}
	return false
}
