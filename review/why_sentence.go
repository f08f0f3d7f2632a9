package review

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// The sentence's rule: each difference between the two moves has a size
// in probability: P(win), P(deal-in) (or the predicted deal-in risk of
// the tile let go, whichever moves more), the chance of the final rank
// that moves most; P(draw) and P(another player wins) count half (what is
// left of the round when the seat neither wins nor deals in, which moves
// its points little); points this round weigh PointsScale points to 1,
// so 1,000 points count as 10 percentage points, about what 10 % more
// wins is worth. The sentence says the largest, and after it at most two
// more of at least MinDifference and a quarter of the largest. The hand
// each move leaves is said with the win rate, the risk of the tile each
// lets go with the deal-in rate.
const (
	MinDifference = 0.01
	PointsScale   = 10000.0
	maxFacts      = 3
)

// fact is one difference the sentence may say.
type fact struct {
	size   float64
	behind string // the facts behind it, said first ("" for none)
	text   string // "win 36 % against 3 %"
}

// sentence builds w's sentence from its figures: the better move first
// (the lower expected rank; the pick on a tie), its figures before the
// other's.
func sentence(w *Why) string {
	a, b := &w.Versus, &w.Played
	if w.Played.ExpectedRank < w.Versus.ExpectedRank {
		a, b = b, a
	}
	la, lb := labels(a, b)
	if w.VersusIs == "none" {
		return la + " is the only move"
	}
	facts := differences(a, b, la, lb, w.Opponents)
	slices.SortStableFunc(facts, func(x, y fact) int { return cmp.Compare(y.size, x.size) })
	if facts[0].size < MinDifference {
		return fmt.Sprintf("%s and %s play out alike (every figure within %s): win %s against %s, deal-in %s against %s",
			la, lb, whyPct(MinDifference), whyPct(a.PWin), whyPct(b.PWin), whyPct(a.PDealIn), whyPct(b.PDealIn))
	}
	keep := facts[:1]
	for _, f := range facts[1:] {
		if len(keep) == maxFacts || f.size < MinDifference || f.size < facts[0].size/4 {
			break
		}
		keep = append(keep, f)
	}
	parts := make([]string, len(keep))
	for i, f := range keep {
		switch {
		case f.behind != "":
			parts[i] = f.behind + ": " + f.text
		case i == 0:
			parts[i] = la + " against " + lb + ": " + f.text
		default:
			parts[i] = f.text
		}
	}
	return strings.Join(parts, "; ")
}

// differences lists the differences between a and b, named la and lb.
func differences(a, b *MoveWhy, la, lb string, opps []OpponentWhy) []fact {
	against := func(what, x, y string) string { return what + " " + x + " against " + y }
	// the rank whose chance moves most; last, then top, on a tie
	best := 3
	for _, i := range [...]int{0, 1, 2} {
		if math.Abs(a.RankDist[i]-b.RankDist[i]) > math.Abs(a.RankDist[best]-b.RankDist[best]) {
			best = i
		}
	}
	win := fact{size: math.Abs(a.PWin - b.PWin), text: against("win", whyPct(a.PWin), whyPct(b.PWin))}
	if shapeDiffers(a, b) {
		win.behind = la + " " + shapePhrase(a) + ", where " + lb + " " + shapePhrase(b)
	}
	dealIn := fact{size: max(math.Abs(a.PDealIn-b.PDealIn), math.Abs(a.TileDealIn-b.TileDealIn)),
		text: against("deal-in", whyPct(a.PDealIn), whyPct(b.PDealIn))}
	if (a.Discard != "" || b.Discard != "") && math.Abs(a.TileDealIn-b.TileDealIn) >= MinDifference {
		dealIn.behind = la + " " + riskPhrase(a, opps) + ", where " + lb + " " + riskPhrase(b, opps)
	}
	return []fact{win, dealIn,
		{size: math.Abs(a.Points-b.Points) / PointsScale, text: against("points this round", whyPoints(a.Points), whyPoints(b.Points))},
		{size: math.Abs(a.PDraw-b.PDraw) / 2, text: against("draw", whyPct(a.PDraw), whyPct(b.PDraw))},
		{size: math.Abs(a.POtherWin-b.POtherWin) / 2, text: against("another player wins", whyPct(a.POtherWin), whyPct(b.POtherWin))},
		{size: math.Abs(a.RankDist[best] - b.RankDist[best]), text: against([...]string{"top", "2nd", "3rd", "last"}[best],
			whyPct(a.RankDist[best]), whyPct(b.RankDist[best]))},
	}
}

// labels names the two moves as a player says them, told apart.
func labels(a, b *MoveWhy) (string, string) {
	la, lb := a.label, b.label
	switch {
	case la == lb:
		return a.Move, b.Move
	case strings.HasPrefix(la, "riichi ") && la[len("riichi "):] == lb:
		return la, "dama " + lb
	case strings.HasPrefix(lb, "riichi ") && lb[len("riichi "):] == la:
		return "dama " + la, lb
	}
	return la, lb
}

// moveLabel names c's move as a player says it: 9s, riichi 9s, pon 7z,
// chi 345m, kan 1m, pass.
func moveLabel(c *mc.Candidate) string {
	a := c.Action
	switch a.Type {
	case game.Discard:
		return a.Tile.String()
	case game.Riichi:
		return "riichi " + a.Tile.String()
	case game.Pon:
		return "pon " + a.Meld.Tiles[0].Kind().String()
	case game.Chi:
		ts := slices.Clone(a.Meld.TilesSlice())
		slices.Sort(ts)
		return "chi " + strings.ReplaceAll(tile.Format(ts), "0", "5")
	case game.Daiminkan, game.Ankan, game.Kakan:
		k := a.Tile.Kind()
		if a.Type == game.Daiminkan {
			k = a.Meld.Tiles[0].Kind()
		}
		return "kan " + k.String()
	case game.KyuushuKyuuhai:
		return "the nine-terminal abort"
	}
	return a.Type.String()
}

// shapeDiffers says whether the two hands differ in shanten, live ukeire,
// waits or what a ron on them pays.
func shapeDiffers(a, b *MoveWhy) bool {
	return a.Known && b.Known && (a.Shanten != b.Shanten || a.Ukeire != b.Ukeire || a.Waits != b.Waits || a.Furiten != b.Furiten ||
		a.RonPoints != b.RonPoints || a.NoYaku != b.NoYaku)
}

// shapePhrase says the hand a move leaves: "keeps tenpai on 1-4p, 6 tiles
// live", "goes back to 2-shanten with 30 tiles".
func shapePhrase(m *MoveWhy) string {
	switch {
	case m.Shanten < 0:
		return "wins"
	case m.Shanten == 0:
		verb := "keeps tenpai"
		if m.ShantenBefore > 0 {
			verb = "reaches tenpai"
		}
		s := fmt.Sprintf("%s on %s, %s live", verb, waitsName(m.Waits), whyPlural(m.WaitsLive, "tile"))
		switch {
		case m.NoYaku:
			s += ", no yaku for a ron"
		case m.RonPoints > 0:
			s += ", ron up to " + strings.TrimPrefix(whyPoints(float64(m.RonPoints)), "+")
		}
		if m.Furiten {
			s += " but furiten"
		}
		return s
	case m.ShantenBefore == 0:
		return fmt.Sprintf("breaks tenpai (%d-shanten, %s)", m.Shanten, whyPlural(m.Ukeire, "tile"))
	case m.Shanten > m.ShantenBefore:
		return fmt.Sprintf("goes back to %d-shanten with %s", m.Shanten, whyPlural(m.Ukeire, "tile"))
	case m.Shanten < m.ShantenBefore:
		return fmt.Sprintf("moves to %d-shanten with %s", m.Shanten, whyPlural(m.Ukeire, "tile"))
	}
	return fmt.Sprintf("keeps %d-shanten with %s", m.Shanten, whyPlural(m.Ukeire, "tile"))
}

// waitsName writes waits ("14p7z") as a player says them: 1-4p 7z.
func waitsName(w string) string {
	var parts []string
	digits := ""
	for _, c := range w {
		if c >= '1' && c <= '9' {
			digits += string(c)
			continue
		}
		parts = append(parts, strings.Join(strings.Split(digits, ""), "-")+string(c))
		digits = ""
	}
	return strings.Join(parts, " ")
}

// riskPhrase says the risk of the tile a move lets go: "is safe against
// West (riichi)", "deals in 12 % to East (riichi)", "is safe against West
// (riichi) but deals in 1 % to North and South".
func riskPhrase(m *MoveWhy, opps []OpponentWhy) string {
	if m.Discard == "" {
		return "lets no tile go"
	}
	var safe []string
	for _, r := range m.DealIn {
		if o := opponentOf(opps, r.Seat); o.Threat && r.P == 0 {
			safe = append(safe, who(o))
		}
	}
	switch {
	case m.TileDealIn == 0 && len(safe) == 0:
		return "is safe"
	case m.TileDealIn == 0:
		return "is safe against " + andList(safe)
	}
	rs := slices.Clone(m.DealIn)
	slices.SortStableFunc(rs, func(x, y SeatRisk) int { return cmp.Compare(y.P, x.P) })
	// the seats that take at least a third of the largest share
	var to []string
	for _, r := range rs {
		if r.P > 0 && r.P >= rs[0].P/3 {
			to = append(to, who(opponentOf(opps, r.Seat)))
		}
	}
	if len(safe) > 0 {
		return "is safe against " + andList(safe) + " but deals in " + whyPct(m.TileDealIn) + " to " + andList(to)
	}
	return "deals in " + whyPct(m.TileDealIn) + " to " + andList(to)
}

// andList joins "a", "a and b", "a, b and c".
func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func opponentOf(opps []OpponentWhy, seat int) OpponentWhy {
	for _, o := range opps {
		if o.Seat == seat {
			return o
		}
	}
	return OpponentWhy{Seat: seat, Wind: "seat " + fmt.Sprint(seat)}
}

// who names an opponent by seat wind, with its riichi or its likely
// tenpai.
func who(o OpponentWhy) string {
	switch {
	case o.Riichi:
		return o.Wind + " (riichi)"
	case o.Threat:
		return o.Wind + " (tenpai " + whyPct(o.PTenpai) + ")"
	}
	return o.Wind
}

// whyPct writes a probability as a whole percentage, "<1 %" for a small
// one that is not 0.
func whyPct(p float64) string {
	if p > 0 && p < 0.005 {
		return "<1 %"
	}
	return fmt.Sprintf("%.0f %%", 100*p)
}

// whyPoints writes points to the hundred, signed, with a thousands comma.
func whyPoints(x float64) string {
	n := int(math.Round(x/100)) * 100
	sign := "+"
	if n < 0 {
		sign, n = "−", -n
	} else if n == 0 {
		sign = ""
	}
	s := fmt.Sprint(n)
	if n >= 1000 {
		s = fmt.Sprintf("%d,%03d", n/1000, n%1000)
	}
	return sign + s
}

func whyPlural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
