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
	Place     int    // the player's final place, 1 to 4, or 3 (0: unknown)
}

// FinalPlace returns seat's final place in g, 1 to the number of players,
// from the record's final scores (ties to the earlier seat, as Tenhou
// ranks); 0 when the record has no final result or seat is not in play.
func FinalPlace(g *data.Game, seat int) int {
	if g == nil || g.Owari == nil || seat < 0 || seat >= g.Players || g.Players > game.NumSeats {
		return 0
	}
	return game.RankOf(g.Owari.Scores, g.Players)[seat]
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
	playerHTML(&b, &player)
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

// gamesHead are the games table's columns, each figure's cell labelled
// with its column (data-k) for the phone layout, where a row is a card.
var gamesHead = []string{"#", "game", "player", "place", "decisions", "agree%", "rank loss", "a decision", "rank pt loss", "worst"}

// gamesTable lists the games: each reviewed one with its figures and a
// link to its page, the others with why they were not reviewed. A game's
// name (its record's path, as long as the player's folders make it) and
// a reason wrap anywhere, so that the table fits its box, never scrolls
// in it; on a phone each game is a card of labelled figures.
func gamesTable(b *strings.Builder, games []GameSummary) {
	b.WriteString("<div class=\"scroll\"><table class=\"games\"><thead><tr>")
	for i, h := range gamesHead {
		class := ""
		if i == 1 || i == 2 {
			class = ` class="l"`
		}
		fmt.Fprintf(b, "<th%s>%s</th>", class, h)
	}
	b.WriteString("</tr></thead><tbody>\n")
	for i := range games {
		g := &games[i]
		name := esc(g.Where())
		if g.Page != "" {
			name = fmt.Sprintf(`<a href="%s">%s</a>`, esc(g.Page), name)
		}
		fmt.Fprintf(b, "<tr><td class=\"n\">%d</td><td class=\"l nm\" title=\"%s\">%s</td>", i+1, esc(g.Where()), name)
		if !g.reviewed() {
			fmt.Fprintf(b, "<td class=\"l why\" colspan=\"8\">%s: %s</td></tr>\n", esc(g.Status), esc(g.Reason))
			continue
		}
		place := "-"
		if g.Place > 0 {
			place = fmt.Sprint(g.Place)
		}
		s := g.Game
		pts := fmt.Sprintf("%.1f", s.PointsLoss)
		if g.Players == 3 {
			pts = "-" // no rank points (NoRankPoints)
		}
		cells := []string{fmt.Sprintf("%s (seat %d)", esc(g.Player), g.Seat), place, fmt.Sprint(s.Decisions), pct(s.Agreement),
			fmt.Sprintf("%.3f", s.RankLoss), fmt.Sprintf("%.4f", g.perDecision()), pts, fmt.Sprintf("%.3f", s.WorstLoss)}
		for j, c := range cells {
			class := ""
			if j == 0 {
				class = ` class="l pl"`
			}
			fmt.Fprintf(b, "<td%s data-k=\"%s\">%s</td>", class, gamesHead[j+2], c)
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table></div>\n")
}

// hououLabel names the players f is compared with: Houou players of
// games of f's players.
func hououLabel(f *Figures) string {
	if f.Houou != nil && f.ThreePlayerGames > 0 {
		return "3-player Houou players"
	}
	return "Houou players"
}

// playerHTML writes the player's figures, each beside the Houou players'
// (median [10th–90th percentile] of one game) when there is a reference,
// then the same by kind of decision.
func playerHTML(b *strings.Builder, p *Player) {
	h := p.Houou
	band := func(get func(*Bands) Band, format string, scale float64) string {
		if h == nil {
			return ""
		}
		bd := get(h)
		return fmt.Sprintf(format+" ["+format+"–"+format+"]", scale*bd.Median, scale*bd.P10, scale*bd.P90)
	}
	fmt.Fprintf(b, "<h2>The player</h2>\n<div class=\"scroll\"><table><tr><th class=\"l\"></th><th>the player</th><th>%s</th></tr>", hououLabel(p))
	rows := [][3]string{
		{"games reviewed", fmt.Sprint(p.Games), ""},
		{"decisions", fmt.Sprint(p.Decisions), ""},
		{"decisions per game", fmt.Sprintf("%.1f", p.DecisionsPerGame), band(func(h *Bands) Band { return h.DecisionsPerGame }, "%.0f", 1)},
		{"score (0–100)", fmt.Sprintf("%.0f", p.Score), band(func(h *Bands) Band { return h.Score }, "%.0f", 1)},
		{"bad moves", fmt.Sprint(p.BadMoves), ""},
		{"bad moves per game", fmt.Sprintf("%.1f", p.BadMovesPerGame), band(func(h *Bands) Band { return h.BadMovesPerGame }, "%.1f", 1)},
		{"agreement with the engine", pct(p.Agreement) + "%", band(func(h *Bands) Band { return h.Agreement }, "%.1f", 100)},
		{"rank loss per decision", fmt.Sprintf("%.4f", p.RankLossPerDecision), band(func(h *Bands) Band { return h.RankLossPerDecision }, "%.4f", 1)},
		{"rank loss per game", fmt.Sprintf("%.3f", p.RankLossPerGame), band(func(h *Bands) Band { return h.RankLossPerGame }, "%.2f", 1)},
	}
	if p.ThreePlayerGames < p.Games || p.Games == 0 { // a 3-player game has no rank points
		pts := ""
		if h != nil && h.PointsLossPerGame != nil {
			pts = band(func(h *Bands) Band { return *h.PointsLossPerGame }, "%.0f", 1)
		}
		rows = append(rows, [3]string{"Houou rank points lost per game", fmt.Sprintf("%.1f", p.PointsLossPerGame), pts})
	}
	for _, row := range rows {
		fmt.Fprintf(b, "<tr><th class=\"l\">%s</th><td>%s</td><td>%s</td></tr>", row[0], row[1], row[2])
	}
	b.WriteString("</table></div>\n")
	if p.RankPointsNote != "" {
		fmt.Fprintf(b, "<p class=\"houou-note\">%s.</p>\n", esc(p.RankPointsNote))
	}
	if p.HououNote != "" {
		fmt.Fprintf(b, "<p class=\"houou-note\">Houou players: %s.</p>\n", esc(p.HououNote))
	}
	if len(p.ByKind) == 0 {
		return
	}
	b.WriteString("<h3>By kind of decision, per game</h3>\n<div class=\"scroll\"><table><tr><th class=\"l\">kind</th><th>decisions</th><th>agree%</th>" +
		"<th>rank loss/decision</th><th>bad moves</th><th>bad%</th><th>score</th></tr>\n")
	for _, k := range Kinds {
		f := p.ByKind[k]
		if f == nil {
			continue
		}
		fmt.Fprintf(b, "<tr><td class=\"l\">%s</td><td>%.1f</td><td>%s</td><td>%.4f</td><td>%.1f</td><td>%s</td><td>%.0f</td></tr>\n",
			esc(string(k)), f.DecisionsPerGame, pct(f.Agreement), f.RankLossPerDecision, f.BadMovesPerGame, pct(f.BadMoveRate), f.Score)
		if kh := f.Houou; kh != nil {
			bd := func(x Band, format string, scale float64) string {
				return fmt.Sprintf(format+" ["+format+"–"+format+"]", scale*x.Median, scale*x.P10, scale*x.P90)
			}
			fmt.Fprintf(b, "<tr class=\"houou\"><td class=\"l\">&#160;&#160;houou</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
				bd(kh.DecisionsPerGame, "%.0f", 1), bd(kh.Agreement, "%.1f", 100), bd(kh.RankLossPerDecision, "%.4f", 1),
				bd(kh.BadMovesPerGame, "%.0f", 1), bd(kh.BadMoveRate, "%.1f", 100), bd(kh.Score, "%.0f", 1))
		}
	}
	b.WriteString("</table></div>\n")
}
