package review

import (
	"fmt"
	"html"
	"io"
	"strings"
)

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
func rankChart(rep *Report) string {
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

// WriteHTML writes the report as one self-contained HTML page (inline CSS
// and SVG, no script, nothing fetched); file names the record in its title.
func WriteHTML(w io.Writer, file string, rep *Report) error {
	var b strings.Builder
	e := html.EscapeString
	title := fmt.Sprintf("mjrank review: %s, seat %d (%s)", file, rep.Seat, rep.Player)
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>%s</title><style>%s</style></head><body>\n", e(title), reviewCSS)
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p>%d decisions, %d simulations each, seed %d. Agreement %s%%, total loss %.3f in expected rank, %.1f Houou rank points.</p>\n",
		e(title), rep.Game.Decisions, rep.Sims, rep.Seed, pct(rep.Game.Agreement), rep.Game.RankLoss, rep.Game.PointsLoss)
	fmt.Fprintf(&b, "<h2>Expected rank of the moves played</h2>\n%s\n", rankChart(rep))
	b.WriteString("<h2>Rounds</h2>\n<table><tr><th>round</th><th>decisions</th><th>agree%</th><th>rank loss</th><th>rank pt loss</th><th>worst</th></tr>\n")
	for _, s := range append(append([]Summary(nil), rep.Rounds...), rep.Game) {
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
			rows = append(append([]Candidate(nil), rows...), d.PlayedC)
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

func inTop(d *Decision) bool {
	for _, c := range d.Top {
		if c.Move == d.Played {
			return true
		}
	}
	return false
}

func pct(p float64) string { return fmt.Sprintf("%.1f", 100*p) }
