package review

import (
	"fmt"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// placement returns every seat's P(1st..4th) at the start of round rd of
// g under the rank model: the figures the engine values a round's end by
// (a 3-player game's seats 0-2, with the situation rk reads: see
// rankFor).
func placement(g *data.Game, rd *data.Round, rk mc.RankPredictor) [game.NumSeats][4]float64 {
	s := rankmodel.Situation{Index: rd.Number, Honba: rd.Honba, Sticks: rd.Sticks, Scores: rd.Scores,
		Dealer: rd.Dealer, Hanchan: g.EngineRules().Length == game.Hanchan}
	if m, ok := rk.(*rankmodel.Model); ok && m.Players() == 3 {
		s.Players = 3
	}
	var out [game.NumSeats][4]float64
	for seat := range g.Players {
		out[seat] = rk.Distribution(&s, seat)
	}
	return out
}

// rankFor returns the rank model of a game of players seats: a 3-player
// game's own model, or, while none is shipped, the 4-player one with the
// empty seat folded in as the engine reads it (mc.FoldedRank).
func rankFor(players int) (mc.RankPredictor, error) {
	if players == 3 {
		if m, err := rankmodel.DefaultFor(3); err == nil {
			return m, nil
		}
		four, err := rankmodel.Default()
		if err != nil {
			return nil, err
		}
		return mc.FoldedRank{Four: four}, nil
	}
	return rankmodel.Default()
}

// seatWind returns seat's wind letter in a round of n players dealt by
// dealer.
func seatWind(dealer, seat, n int) string { return string("ESWN"[(seat-dealer+n)%n]) }

// seatLabel names a seat for the page: its wind in the round and its
// name, the reviewed seat in bold.
func seatLabel(g *data.Game, dealer, seat, me int) string {
	name := g.Names[seat]
	if name == "" {
		name = fmt.Sprintf("seat %d", seat)
	}
	s := seatWind(dealer, seat, g.Players) + " " + esc(name)
	if seat == me {
		return "<b>" + s + "</b>"
	}
	return s
}

var limitNames = [...]string{"", "mangan", "haneman", "baiman", "sanbaiman", "yakuman"}

// winValue describes a win's value: han and fu or the limit, and the yaku.
func winValue(a *data.Agari) string {
	var parts []string
	for _, id := range a.Yakuman {
		if y, ok := score.YakuFromTenhouID(id); ok {
			parts = append(parts, y.String())
		} else {
			parts = append(parts, fmt.Sprintf("yakuman %d", id))
		}
	}
	for _, y := range a.Yaku {
		if y.Han == 0 {
			continue // Tenhou lists a riichi win's ura dora even at none
		}
		name := fmt.Sprintf("yaku %d", y.ID)
		if v, ok := score.YakuFromTenhouID(y.ID); ok {
			name = v.String()
		}
		parts = append(parts, fmt.Sprintf("%s %d", name, y.Han))
	}
	v := ""
	switch {
	case len(a.Yakuman) > 0:
		v = "yakuman"
	case a.Fu > 0:
		v = fmt.Sprintf("%d han %d fu", a.Han(), a.Fu)
	default:
		v = fmt.Sprintf("%d han", a.Han())
	}
	if a.Limit > 0 && a.Limit < len(limitNames) && len(a.Yakuman) == 0 {
		v += ", " + limitNames[a.Limit]
	}
	if len(parts) > 0 {
		v += ": " + strings.Join(parts, ", ")
	}
	return v
}

var drawNames = map[data.RyuukyokuType]string{
	data.Exhaustive:    "Exhaustive draw",
	data.NineTerminals: "Abortive draw: nine terminals (kyuushu kyuuhai)",
	data.FourRiichi:    "Abortive draw: four riichi",
	data.TripleRon:     "Abortive draw: triple ron",
	data.FourKans:      "Abortive draw: four kans",
	data.FourWinds:     "Abortive draw: four winds",
	data.NagashiMangan: "Draw with nagashi mangan",
}

// outcomeHTML writes how round rd ended: each win (who, from whom, the
// points, the hand), or the draw and who was tenpai, then every seat's
// score change.
func outcomeHTML(b *strings.Builder, g *data.Game, rd *data.Round, me int) {
	label := func(s int) string { return seatLabel(g, rd.Dealer, s, me) }
	var deltas [game.NumSeats]int
	n := g.Players
	switch {
	case len(rd.Agari) > 0:
		for i := range rd.Agari {
			a := &rd.Agari[i]
			how := "by tsumo"
			if !a.Tsumo() {
				how = "by ron from " + label(a.From)
			}
			fmt.Fprintf(b, "<p>%s wins %s points %s (%s).</p>\n", label(a.Who), points(a.Points), how, esc(winValue(a)))
			b.WriteString(`<div class="hand small">`)
			winHandHTML(b, a)
			b.WriteString("</div>\n")
			for s := range deltas {
				deltas[s] += a.Deltas[s]
			}
		}
	case rd.Ryuukyoku != nil:
		d := rd.Ryuukyoku
		name, ok := drawNames[d.Type]
		if !ok {
			name = "Draw (" + d.Type.String() + ")"
		}
		fmt.Fprintf(b, "<p>%s.", esc(name))
		if d.Type == data.Exhaustive || d.Type == data.NagashiMangan {
			var tenpai []string
			for s, h := range d.Hands {
				if h != nil {
					tenpai = append(tenpai, label(s))
				}
			}
			if len(tenpai) == 0 {
				tenpai = append(tenpai, "nobody")
			}
			fmt.Fprintf(b, " Tenpai: %s.", strings.Join(tenpai, ", "))
		}
		b.WriteString("</p>\n")
		deltas = d.Deltas
	default:
		b.WriteString("<p>The record ends before this round's result.</p>\n")
		return
	}
	b.WriteString(`<p class="deltas">`)
	for s := range deltas[:n] {
		cls := "z0"
		switch {
		case deltas[s] > 0:
			cls = "up"
		case deltas[s] < 0:
			cls = "dn"
		}
		fmt.Fprintf(b, `<span>%s <span class="%s">%s</span></span> `, label(s), cls, signed(deltas[s]))
	}
	b.WriteString("</p>\n")
}

// winHandHTML draws a winning hand: the concealed tiles sorted, the
// winning tile apart, then the melds.
func winHandHTML(b *strings.Builder, a *data.Agari) {
	hand := append([]tile.Tile(nil), a.Hand...)
	win := tile.NoTile
	for i, t := range hand {
		if t == a.WinTile {
			win = t
			hand = append(hand[:i], hand[i+1:]...)
			break
		}
	}
	sortTiles(hand)
	for _, t := range hand {
		tileHTML(b, t, "")
	}
	if win != tile.NoTile {
		b.WriteString(`<span class="gap"></span>`)
		tileHTML(b, win, " wt")
	}
	for i, m := range a.Melds {
		from := -1
		if i < len(a.MeldFrom) {
			from = a.MeldFrom[i]
		}
		meldHTML(b, m, a.Who, from)
	}
}

// finalHTML writes the game's final scores and points.
func finalHTML(b *strings.Builder, g *data.Game, me int) {
	if g.Owari == nil {
		b.WriteString("<p>The record has no final result.</p>\n")
		return
	}
	rank := game.RankOf(g.Owari.Scores, g.Players)
	b.WriteString(`<table class="final"><tr><th>rank</th><th class="l">player</th><th>points</th><th>result</th></tr>`)
	for place := 1; place <= g.Players; place++ {
		for s, r := range rank {
			if r != place {
				continue
			}
			name := esc(g.Names[s])
			if s == me {
				name = "<b>" + name + "</b>"
			}
			fmt.Fprintf(b, `<tr><td>%d</td><td class="l">%s</td><td>%s</td><td>%+.1f</td></tr>`, place, name, points(g.Owari.Scores[s]), g.Owari.RankPt[s])
		}
	}
	b.WriteString("</table>\n")
}

// points writes a score with a thousands separator: 25,000.
func points(p int) string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	s := fmt.Sprint(p)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return sign + s
}

// signed writes a score change: +8,000, −3,900 or 0.
func signed(p int) string {
	switch {
	case p > 0:
		return "+" + points(p)
	case p < 0:
		return "−" + points(-p)
	}
	return "0"
}
