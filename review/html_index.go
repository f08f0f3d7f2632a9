package review

import (
	"fmt"
	"io"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/sim/game"
)

// GameSummary is one game of a batch as its index page lists it.
type GameSummary struct {
	GameEntry        // where it came from, its status, reason and report
	Page      string // the game's page, relative to the index ("": none)
	Place     int    // the player's final place, 1 to 4 (0: unknown)
}

// FinalPlace returns seat's final place in g, 1 to 4, from the record's
// final scores (ties to the earlier seat, as Tenhou ranks); 0 when the
// record has no final result.
func FinalPlace(g *data.Game, seat int) int {
	if g == nil || g.Owari == nil || seat < 0 || seat >= game.NumSeats {
		return 0
	}
	return game.Rank(g.Owari.Scores)[seat]
}

// WriteIndex writes a batch's index as one self-contained HTML page: the
// player's figures over the games reviewed, a chart of every reviewed
// game's rank loss per decision and agreement in the order given, and a
// table of the games with links to their pages (skipped and failed ones
// with the reason). The links are the only references out of the page.
func WriteIndex(w io.Writer, title string, player Player, games []GameSummary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>"+
		"<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"/><title>%s</title><style>%s</style></head><body>\n", esc(title), pageCSS)
	fmt.Fprintf(&b, "<header><h1>%s</h1></header>\n<main>\n", esc(title))
	b.WriteString("<h2>The player</h2>\n<div class=\"scroll\"><table>")
	for _, row := range [][2]string{
		{"games reviewed", fmt.Sprint(player.Games)},
		{"decisions", fmt.Sprint(player.Decisions)},
		{"agreement with the engine", pct(player.Agreement) + "%"},
		{"rank loss per decision", fmt.Sprintf("%.4f", player.RankLossPerDecision)},
		{"rank loss per game", fmt.Sprintf("%.3f", player.RankLossPerGame)},
		{"Houou rank points lost per game", fmt.Sprintf("%.1f", player.PointsLossPerGame)},
	} {
		fmt.Fprintf(&b, "<tr><th class=\"l\">%s</th><td>%s</td></tr>", row[0], row[1])
	}
	b.WriteString("</table></div>\n")
	fmt.Fprintf(&b, "<h2>Game by game</h2>\n<div class=\"chart\">%s</div>\n", gamesChart(games))
	gamesTable(&b, games)
	b.WriteString("</main>\n</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// reviewed reports whether the entry has a report to show.
func (s *GameSummary) reviewed() bool { return s.Status == StatusOK && s.Report != nil }

// perDecision is the game's rank loss per decision.
func (s *GameSummary) perDecision() float64 {
	if s.Game.Decisions == 0 {
		return 0
	}
	return s.Game.RankLoss / float64(s.Game.Decisions)
}

// gamesChart draws every reviewed game as a bar, its rank loss per
// decision (a bar below the axis for a negative loss), linked to its
// page, with its agreement as a line on the right-hand scale.
func gamesChart(games []GameSummary) string {
	var shown []*GameSummary
	top := 0.01
	for i := range games {
		if g := &games[i]; g.reviewed() {
			shown = append(shown, g)
			top = max(top, g.perDecision(), -g.perDecision())
		}
	}
	const W, H, padL, padR, padT, padB = 640.0, 220.0, 44.0, 36.0, 12.0, 24.0
	plotW, plotH := W-padL-padR, H-padT-padB
	zero := padT + plotH/2
	y := func(loss float64) float64 { return zero - loss/top*plotH/2 }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="img" aria-label="rank loss per decision and agreement, game by game">`, W, H, W, H)
	for _, f := range []float64{-1, -0.5, 0, 0.5, 1} {
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f" stroke="#ddd"/><text x="2" y="%.1f" font-size="10">%.3f</text>`,
			padL, y(f*top), W-padR, y(f*top), y(f*top)+3, f*top)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" font-size="10" fill="#0b5cad">%.0f%%</text>`, W-padR+4, y(f*top)+3, 50+50*f)
	}
	n := len(shown)
	if n == 0 {
		b.WriteString(`<text x="50%" y="50%" text-anchor="middle" font-size="12">no game reviewed</text></svg>`)
		return b.String()
	}
	step := plotW / float64(n)
	var line []string
	for i, g := range shown {
		x := padL + step*float64(i)
		loss := g.perDecision()
		y0, y1 := min(y(loss), zero), max(y(loss), zero)
		colour := "#b00"
		if loss <= 0 {
			colour = "#137a2a"
		}
		bar := fmt.Sprintf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s: rank loss %.4f a decision, agreement %s%%</title></rect>`,
			x+step*0.15, y0, step*0.7, max(y1-y0, 0.5), colour, esc(g.Where()), loss, pct(g.Game.Agreement))
		if g.Page != "" {
			bar = fmt.Sprintf(`<a href="%s">%s</a>`, esc(g.Page), bar)
		}
		b.WriteString(bar)
		line = append(line, fmt.Sprintf("%.1f,%.1f", x+step/2, padT+plotH*(1-g.Game.Agreement)))
	}
	fmt.Fprintf(&b, `<polyline fill="none" stroke="#0b5cad" stroke-width="1.5" points="%s"/>`, strings.Join(line, " "))
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="10">games in order → (bars: rank loss a decision; line: agreement)</text></svg>`, padL, H-6)
	return b.String()
}

// gamesTable lists the games: each reviewed one with its figures and a
// link to its page, the others with why they were not reviewed.
func gamesTable(b *strings.Builder, games []GameSummary) {
	b.WriteString("<div class=\"scroll\"><table><tr><th>#</th><th class=\"l\">game</th><th class=\"l\">player</th><th>place</th><th>decisions</th>" +
		"<th>agree%</th><th>rank loss</th><th>a decision</th><th>rank pt loss</th><th>worst</th></tr>\n")
	for i := range games {
		g := &games[i]
		name := esc(g.Where())
		if g.Page != "" {
			name = fmt.Sprintf(`<a href="%s">%s</a>`, esc(g.Page), name)
		}
		if !g.reviewed() {
			fmt.Fprintf(b, "<tr><td>%d</td><td class=\"l\">%s</td><td class=\"l\" colspan=\"8\">%s: %s</td></tr>\n", i+1, name, esc(g.Status), esc(g.Reason))
			continue
		}
		place := "-"
		if g.Place > 0 {
			place = fmt.Sprint(g.Place)
		}
		s := g.Game
		fmt.Fprintf(b, "<tr><td>%d</td><td class=\"l\">%s</td><td class=\"l\">%s (seat %d)</td><td>%s</td><td>%d</td><td>%s</td><td>%.3f</td><td>%.4f</td><td>%.1f</td><td>%.3f</td></tr>\n",
			i+1, name, esc(g.Player), g.Seat, place, s.Decisions, pct(s.Agreement), s.RankLoss, g.perDecision(), s.PointsLoss, s.WorstLoss)
	}
	b.WriteString("</table></div>\n")
}
