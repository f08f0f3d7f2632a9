package review

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/tile"
)

//go:embed page.css
var pageCSS string

//go:embed page.js
var pageJS string

// rankChart is an inline SVG line chart of the played moves' expected
// rank, decision by decision.
func rankChart(rep *Report) string {
	const W, H, pad = 600.0, 160.0, 30.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f">`, W, H, W, H)
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

// WriteHTML writes a report [Run] made as one self-contained HTML page
// (see [WriteGameHTML]); a report without its game (one decoded from
// JSON) is an error: write it with WriteGameHTML.
func WriteHTML(w io.Writer, file string, rep *Report) error {
	if rep.game == nil {
		return errors.New("review: the report holds no game record (one read back from JSON): write its page with WriteGameHTML")
	}
	return WriteGameHTML(w, file, rep.game, rep)
}

// WriteGameHTML writes rep, a review of a seat of g, as one
// self-contained HTML page (inline CSS, script and SVG; nothing fetched);
// file names the record in its title. Each round opens with every seat's
// placement probabilities under the rank model and ends with its result;
// each reviewed decision shows the table as the seat saw it (rivers,
// melds, dora indicators, scores, sticks), its hand with the played and
// the best move's tiles marked, and the engine's candidates. The positions
// are replayed from g, so rep may be one read back from JSON; a decision
// of rep that g does not hold is an error.
func WriteGameHTML(w io.Writer, file string, g *data.Game, rep *Report) error {
	p, err := newPage(g, rep)
	if err != nil {
		return err
	}
	var b strings.Builder
	title := fmt.Sprintf("mjrank review: %s, seat %d (%s)", file, rep.Seat, rep.Player)
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>"+
		"<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"/><title>%s</title><style>%s</style></head><body>\n", esc(title), pageCSS)
	p.navHTML(&b)
	p.overviewHTML(&b, title)
	for ri := range g.Rounds {
		p.roundHTML(&b, ri)
	}
	// CDATA keeps the page well-formed XML too (the script compares with <).
	b.WriteString("</main>\n<script>//<![CDATA[\n" + pageJS + "//]]></script>\n</body></html>\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// page is what the page is written from.
type page struct {
	g       *data.Game
	rep     *Report
	me      int
	pos     map[int]*Decision // the replayed decisions (with their rounds) by Index
	byRound [][]*Decision     // the report's decisions by round index
	order   map[int]int       // a report decision's place in the report by Index
	rk      mc.RankPredictor
}

func newPage(g *data.Game, rep *Report) (*page, error) {
	if g == nil || rep == nil {
		return nil, errors.New("review: no game or no report to write")
	}
	decs, err := Collect(g, rep.Seat)
	if err != nil {
		return nil, fmt.Errorf("review: replaying the game for its page: %w", err)
	}
	rk, err := rankFor(g.Players)
	if err != nil {
		return nil, err
	}
	p := &page{g: g, rep: rep, me: rep.Seat, pos: map[int]*Decision{}, byRound: make([][]*Decision, len(g.Rounds)), order: map[int]int{}, rk: rk}
	for i := range decs {
		p.pos[decs[i].Index] = &decs[i]
	}
	for i := range rep.Decisions {
		d := &rep.Decisions[i]
		c := p.pos[d.Index]
		if c == nil || c.RoundIndex != d.RoundIndex || c.Event != d.Event || d.RoundIndex < 0 || d.RoundIndex >= len(g.Rounds) {
			return nil, fmt.Errorf("review: decision %d (%s event %d) is not one of seat %d's in the game: the report is of another record", d.Index, d.Round, d.Event, rep.Seat)
		}
		p.byRound[d.RoundIndex] = append(p.byRound[d.RoundIndex], d)
		p.order[d.Index] = i
	}
	return p, nil
}

// navHTML writes the sticky bar: a link per round (underlined red when a
// move in it loses), previous and next, the position and the one/all
// switch (the buttons work with script only).
func (p *page) navHTML(b *strings.Builder) {
	b.WriteString(`<nav><span class="rounds">`)
	for ri := range p.g.Rounds {
		cls := ""
		for _, d := range p.byRound[ri] {
			if loses(d) {
				cls = ` class="bad" title="a move worse than the engine's pick"`
				break
			}
		}
		fmt.Fprintf(b, `<a href="#r%d"%s>%s</a>`, ri, cls, esc(p.g.Rounds[ri].Name()))
	}
	b.WriteString(`</span><button id="prev" title="previous decision (←)">◀</button><span id="pos" class="pos"></span>` +
		`<button id="next" title="next decision (→)">▶</button><button id="all" title="one decision at a time, or all">all</button></nav>` + "\n")
}

// overviewHTML writes the title and the first stop: the game's figures,
// the chart, the rounds' figures, the costliest decisions and the key to
// the tiles.
func (p *page) overviewHTML(b *strings.Builder, title string) {
	rep := p.rep
	fmt.Fprintf(b, "<header><h1>%s</h1></header>\n<main>\n<section class=\"overview stop\" id=\"top\" data-pos=\"overview\">\n", esc(title))
	three := rep.Players == 3 // no rank points (NoRankPoints)
	points := fmt.Sprintf(", %.1f Houou rank points", rep.Game.PointsLoss)
	if three {
		points = "; " + NoRankPoints
	}
	fmt.Fprintf(b, "<p>%d decisions, %d simulations each, seed %d. Agreement %s%%, total loss %.3f in expected rank%s.</p>\n",
		rep.Game.Decisions, rep.Sims, rep.Seed, pct(rep.Game.Agreement), rep.Game.RankLoss, esc(points))
	fmt.Fprintf(b, "<h2>Expected rank of the moves played</h2>\n<div class=\"chart\">%s</div>\n", rankChart(rep))
	ptHead := "<th>rank pt loss</th>"
	if three {
		ptHead = ""
	}
	b.WriteString("<h2>Rounds</h2>\n<div class=\"scroll\"><table><tr><th class=\"l\">round</th><th>decisions</th><th>agree%</th><th>rank loss</th>" + ptHead + "<th>worst</th></tr>\n")
	for _, s := range append(append([]Summary(nil), rep.Rounds...), rep.Game) {
		name := esc(s.Name)
		if ri := p.roundNamed(s.Name); ri >= 0 {
			name = fmt.Sprintf(`<a href="#r%d">%s</a>`, ri, name)
		}
		worst := "-"
		if s.Worst >= 0 {
			worst = fmt.Sprintf(`<a href="#d%d">%.3f</a>`, s.Worst, s.WorstLoss)
		}
		pts := fmt.Sprintf("<td>%.1f</td>", s.PointsLoss)
		if three {
			pts = ""
		}
		fmt.Fprintf(b, "<tr><td class=\"l\">%s</td><td>%d</td><td>%s</td><td>%.3f</td>%s<td>%s</td></tr>\n",
			name, s.Decisions, pct(s.Agreement), s.RankLoss, pts, worst)
	}
	b.WriteString("</table></div>\n<h2>Costliest decisions</h2>\n<ol class=\"costly\">\n")
	for i, d := range rep.Costliest() {
		if i == 10 || d.RankLoss <= 0 {
			break
		}
		fmt.Fprintf(b, "<li><a href=\"#d%d\">#%d %s</a>: played %s, best %s, rank loss %.3f</li>\n", d.Index, d.Index, esc(d.Round), esc(d.Played), esc(d.Best), d.RankLoss)
	}
	b.WriteString("</ol>\n<h2>Reading the table</h2>\n<p class=\"key\">")
	for _, k := range []struct{ tile, cls, what string }{
		{"3p", "", "discarded from the hand,"}, {"3p", " g", "the tile just drawn (tsumogiri),"}, {"3p", " k", "riichi,"},
		{"3p", " c", "called away,"}, {"0p", "", "red five,"}, {"3p", " of", "the discard answered. In the hand"},
		{"7s", " pl", "played,"}, {"7s", " be", "the engine's best,"}, {"7s", " pl be", "both."},
	} {
		tileHTML(b, tile.MustParseTile(k.tile), k.cls)
		b.WriteString(" " + esc(k.what) + " ")
	}
	b.WriteString("Keys ← → move between decisions; each round opens with every seat's chances of each final place at its start (the rank model) and ends with its result.</p>\n</section>\n")
}

// roundNamed returns the index of the first round named name, or -1.
func (p *page) roundNamed(name string) int {
	for ri := range p.g.Rounds {
		if p.g.Rounds[ri].Name() == name {
			return ri
		}
	}
	return -1
}

// roundHTML writes a round: its start with the placement probabilities,
// the seat's decisions in it, its result (and after the last round the
// game's).
func (p *page) roundHTML(b *strings.Builder, ri int) {
	rd := &p.g.Rounds[ri]
	t := table{Wind: rd.Wind(), Hand: rd.Number%4 + 1}
	fmt.Fprintf(b, "<section class=\"round\" id=\"r%d\"><h2>%s, %d honba (%s) · dealer %s</h2>\n", ri, t.RoundTitle(), rd.Honba, esc(rd.Name()), seatLabel(p.g, rd.Dealer, rd.Dealer, p.me))
	p.startHTML(b, rd)
	if len(p.byRound[ri]) == 0 {
		fmt.Fprintf(b, "<p class=\"nodec stop\" id=\"n%d\" data-pos=\"no decision\">No reviewed decision of %s in this round.</p>\n", ri, esc(p.rep.Player))
	}
	for _, d := range p.byRound[ri] {
		p.decisionHTML(b, d)
	}
	b.WriteString("<div class=\"end\"><h3>Result</h3>\n")
	outcomeHTML(b, p.g, rd, p.me)
	b.WriteString("</div>\n")
	if ri == len(p.g.Rounds)-1 {
		b.WriteString("<div class=\"end\"><h3>Final result</h3>\n")
		finalHTML(b, p.g, p.me)
		b.WriteString("</div>\n")
	}
	b.WriteString("</section>\n")
}

// startHTML writes the scores at the round's start and every seat's
// chances of each final place under the rank model.
func (p *page) startHTML(b *strings.Builder, rd *data.Round) {
	dist, n := placement(p.g, rd, p.rk), p.g.Players
	places := "<th>1st</th><th>2nd</th><th>3rd</th><th>4th</th>"
	if n == 3 {
		places = "<th>1st</th><th>2nd</th><th>3rd</th>"
	}
	fmt.Fprintf(b, "<div class=\"start\"><h3>At the start: %d riichi stick%s; final place chances in %% (rank model)</h3><div class=\"scroll\"><table>"+
		"<tr><th class=\"l\">seat</th><th>points</th>%s<th>E[rank]</th></tr>\n", rd.Sticks, plural(rd.Sticks), places)
	for s := range dist[:n] {
		cls := ""
		if s == p.me {
			cls = ` class="me"`
		}
		fmt.Fprintf(b, `<tr%s><td class="l">%s</td><td>%s</td>`, cls, seatLabel(p.g, rd.Dealer, s, -1), points(rd.Scores[s]))
		for _, q := range dist[s][:n] {
			fmt.Fprintf(b, `<td class="p" style="background:rgba(25,163,74,%.2f)">%s</td>`, 0.55*q, pct(q))
		}
		fmt.Fprintf(b, "<td>%.2f</td></tr>\n", rankmodel.ExpectedRank(dist[s]))
	}
	b.WriteString("</table></div></div>\n")
}

// decisionHTML writes one decision: the table as the seat saw it, its
// hand with the played and best tiles marked, and the engine's figures.
func (p *page) decisionHTML(b *strings.Builder, d *Decision) {
	c := p.pos[d.Index]
	t := tableOf(c.round, p.me, p.g.Names)
	mk := markTiles(t, c.playedTile(), moveTile(d.Best))
	what := "turn"
	if !d.Turn && t.Offer >= 0 {
		what = "answer to " + esc(p.g.Names[t.Offer]) + "'s " + t.OfferTile.String()
	}
	verdict := verdictHTML(d, p.g.Players)
	fmt.Fprintf(b, "<article class=\"dec stop\" id=\"d%d\" data-pos=\"%d / %d\"><h3>#%d %s event %d · %s · %s</h3>\n<div class=\"cols\"><div class=\"tcol\">",
		d.Index, p.order[d.Index]+1, len(p.rep.Decisions), d.Index, esc(d.Round), d.Event, what, verdict)
	tableHTML(b, t)
	handHTML(b, t, mk)
	fmt.Fprintf(b, "</div><div class=\"icol moves\"><p>played <b class=\"plw\">%s</b></p><p>best <b class=\"bew\">%s</b></p>\n", esc(d.Played), esc(d.Best))
	if d.Why != nil && d.Why.Sentence != "" { // nil in a report decoded from an older JSON
		fmt.Fprintf(b, "<p class=\"why\">%s</p>\n", esc(d.Why.Sentence))
	}
	candidatesHTML(b, d, p.g.Players)
	b.WriteString(`<p class="key">grey: tsumogiri · sideways: riichi · faded: called · blue: answered · orange: played · green: best</p>`)
	b.WriteString("</div></div></article>\n")
}

// verdictHTML says how the played move stands against the engine's pick:
// the verdict with the loss and its standard error when the review judged
// it, else by the losses alone (red for a move that loses on both counts:
// the engine picks by expected rank points, so a move may rank better).
// A game of n players has rank points with four (NoRankPoints).
func verdictHTML(d *Decision, n int) string {
	loss := fmt.Sprintf("rank loss %.3f", d.RankLoss)
	if d.RankLossSE != nil {
		loss += fmt.Sprintf(" ± %.3f", *d.RankLossSE)
	}
	if n != 3 {
		loss += fmt.Sprintf(", %.1f rank points", d.PointsLoss)
	}
	switch d.Verdict {
	case VerdictBest:
		return `<span class="agree">the engine's pick</span>`
	case VerdictBetter:
		return `<span class="agree">better than the engine's pick: ` + loss + `</span>`
	case VerdictAsGood:
		return `<span class="agree">as good as the engine's pick: ` + loss + `</span>`
	case VerdictWorse:
		return `<span class="lose">worse than the engine's pick: ` + loss + `</span>`
	}
	switch {
	case d.Agrees:
		return `<span class="agree">agrees with the engine</span>`
	case loses(d):
		return `<span class="lose">` + loss + `</span>`
	}
	return `<span class="differ">` + loss + `</span>`
}

// loses reports whether the played move is worse than the engine's pick:
// by the verdict, or without one by both losses.
func loses(d *Decision) bool {
	switch d.Verdict {
	case VerdictBest, VerdictBetter, VerdictAsGood:
		return false
	case VerdictWorse:
		return true
	}
	return !d.Agrees && d.RankLoss > 0 && d.PointsLoss > 0
}

// candidatesHTML writes the engine's top candidates, and the played move
// if it is not among them; a game of n players has n places, and rank
// points with four (NoRankPoints).
func candidatesHTML(b *strings.Builder, d *Decision, n int) {
	b.WriteString("<div class=\"scroll\"><table><tr><th class=\"l\">move</th><th>E[rank]</th>")
	for _, place := range []string{"1st", "2nd", "3rd", "4th"}[:n] {
		fmt.Fprintf(b, "<th>%s</th>", place)
	}
	if n != 3 {
		b.WriteString("<th>rank pt</th>")
	}
	b.WriteString("<th>win%</th><th>deal-in%</th><th>sims</th></tr>\n")
	rows := d.Top
	if !inTop(d) {
		rows = append(append([]Candidate(nil), rows...), d.PlayedC)
	}
	for _, c := range rows {
		cls := ""
		if c.Move == d.Played {
			cls = ` class="played"`
		}
		fmt.Fprintf(b, "<tr%s><td class=\"l\">%s</td><td>%.3f</td>", cls, esc(c.Move), c.ExpectedRank)
		for _, q := range c.RankDist[:n] {
			fmt.Fprintf(b, "<td>%s</td>", pct(q))
		}
		if n != 3 {
			fmt.Fprintf(b, "<td>%+.1f</td>", c.RankPoints)
		}
		fmt.Fprintf(b, "<td>%s</td><td>%s</td><td>%d</td></tr>\n", pct(c.PWin), pct(c.PDealIn), c.Sims)
	}
	b.WriteString("</table></div>\n")
}

func inTop(d *Decision) bool {
	for _, c := range d.Top {
		if c.Move == d.Played {
			return true
		}
	}
	return false
}

func pct(p float64) string { return fmt.Sprintf("%.1f", 100*p) }
