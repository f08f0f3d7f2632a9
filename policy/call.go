package policy

import (
	"slices"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// CallFeatureNames names the call model's features for one chi, pon or
// daiminkan on a discard: the situation, what is called (the kind's
// value to the hand), the hand before and after the call (shanten and the
// live tiles that lower it, after the best discard the call allows,
// kuikae barred), and the yaku the hand can still make once open — a call
// without a yaku cannot win, so yakuhai, tanyao, honitsu and toitoi are
// spelt out.
var CallFeatureNames = append(slices.Clone(situationNames),
	"call_type", "called_honor", "called_yakuhai", "called_dora", "called_number",
	"shanten_before", "ukeire_before", "chiitoi_before", "shanten_after", "ukeire_after",
	"shanten_gain", "yakuhai_melds_after", "yakuhai_pairs_after", "tanyao_open", "yaochu_after",
	"offsuit_after", "pon_only", "pairs_after", "yaku_path", "dora_after",
	"called_from_left", "chi_shape", "pairs_before",
)

// NumCallFeatures is len(CallFeatureNames).
const NumCallFeatures = numSituation + 23

// CallKey identifies a call up to the faces of its tiles (which red five
// goes into the meld): the decisions the call model tells apart.
func CallKey(a game.Action) (game.ActionType, tile.Kind) { return a.Type, a.Meld.Kind() }

// CallFeatures writes the NumCallFeatures features of a, a Chi, Pon or
// Daiminkan action of v's seat on the discard being answered, into x; s is
// the seat's situation, reset for v.
func (s *Situation) CallFeatures(v game.View, a game.Action, x []float64) {
	_ = x[NumCallFeatures-1]
	copy(x, s.x[:])
	h := callHandOf(v)
	var hf [numHandCall]float64
	h.features(a.Meld, &hf)
	c := h.Counts
	vis := v.Visible()
	seen := vis
	for k := range seen {
		seen[k] -= c[k]
	}
	_, _, uk0 := hand.Ukeire(&c, &vis)
	after := c
	for _, t := range a.Meld.TilesSlice()[1:] {
		after[t.Kind()]--
	}
	_, uk1 := shantenAfterCall(&after, &seen, a)
	// The rollout's features in the call model's order, with the ukeire
	// before the call after shanten_before and after it after
	// shanten_after.
	n := numSituation
	copy(x[n:n+6], hf[:6])
	x[n+6], x[n+7], x[n+8], x[n+9] = float64(uk0), hf[6], hf[7], float64(uk1)
	copy(x[n+10:], hf[8:])
}

// chiShape tells which shape a chi completes: 1 a closed wait (kanchan,
// the called tile in the middle), 2 an edge wait (penchan), 0 an open
// one (ryanmen); -1 for a pon or kan. Players chi the poor shapes first
// and keep the good ones for a draw.
func chiShape(m score.Meld) float64 {
	if m.Type != score.Chi {
		return -1
	}
	lo, called := m.Kind(), m.Tiles[0].Kind()
	switch {
	case called == lo+1:
		return 1
	case called == lo+2 && lo.Number() == 1, called == lo && lo.Number() == 7:
		return 2
	}
	return 0
}

func b2f32(b bool) int {
	if b {
		return 1
	}
	return 0
}

// shantenAfterCall returns the shanten and live accepting tiles of the
// hand after call a: for a chi or pon, after the best discard it may then
// make (kuikae barred); for a daiminkan, of the remaining tiles as they
// are (a replacement tile comes before the discard).
func shantenAfterCall(after, seen *tile.Counts, a game.Action) (int, int) {
	if a.Type == game.Daiminkan {
		vis := *seen
		for k, n := range after {
			vis[k] += n
		}
		sh, _, n := hand.Ukeire(after, &vis)
		return int(sh), n
	}
	ban := game.KuikaeBan(a.Meld)
	var buf [14]hand.Discard
	for _, d := range hand.Discards(after, seen, buf[:0]) {
		if !ban.Has(d.Kind) {
			return int(d.Shanten), d.Count
		}
	}
	return 8, 0 // every kind barred: Tenhou forbids such a call
}

// yakuhaiKinds returns the seat's yakuhai: dragons, its wind, the round
// wind.
func yakuhaiKinds(v game.View, seat int) tile.KindSet {
	var ks tile.KindSet
	for k := tile.Haku; k < tile.NumKinds; k++ {
		ks = ks.Add(k)
	}
	return ks.Add(v.SeatWind(seat)).Add(v.RoundWind())
}

// doraOf returns the dora value of kind k (indicators pointing at it).
func doraOf(v game.View, k tile.Kind) int {
	n := 0
	for _, d := range v.DoraIndicators() {
		if d.Kind().DoraFrom() == k {
			n++
		}
	}
	return n
}

// openYaku describes the yaku an open hand can still reach.
type openYaku struct {
	yakuhaiMelds, yakuhaiPairs int
	tanyao                     bool // every meld of simples
	yaochu                     int  // terminals and honours in the concealed hand
	offsuit                    int  // tiles outside the main suit and the honours (honitsu needs 0)
	ponOnly                    bool // every meld a triplet or kan (toitoi)
	pairs                      int  // pairs or better in the concealed hand
}

// path reports whether some yaku is within reach: a yakuhai triplet, a
// yakuhai pair to pon, tanyao with at most two terminals or honours to
// shed, honitsu with at most two tiles off the suit, toitoi with pairs
// enough. A rough test, but the one a player makes before calling.
func (y openYaku) path() bool {
	return y.yakuhaiMelds > 0 || y.yakuhaiPairs > 0 || y.tanyao && y.yaochu <= 2 ||
		y.offsuit <= 2 || y.ponOnly && y.pairs >= 3
}

// openYakuOf describes the hand c with melds (the call included).
// yak holds the seat's yakuhai kinds.
func openYakuOf(yak tile.KindSet, c *tile.Counts, melds []score.Meld) openYaku {
	y := openYaku{tanyao: true, ponOnly: true}
	var suits [4]int
	for _, m := range melds {
		k := m.Kind()
		if m.Type != score.Chi && yak.Has(k) {
			y.yakuhaiMelds++
		}
		y.ponOnly = y.ponOnly && m.Type != score.Chi
		for _, t := range m.TilesSlice() {
			y.tanyao = y.tanyao && t.Kind().IsSimple()
			suits[t.Kind().Suit()]++
		}
	}
	for k, n := range c {
		kk := tile.Kind(k)
		if n >= 2 {
			y.pairs++
			if yak.Has(kk) {
				y.yakuhaiPairs++
			}
		}
		if kk.IsTerminalOrHonor() {
			y.yaochu += int(n)
		}
		suits[kk.Suit()] += int(n)
	}
	main := max(suits[0], suits[1], suits[2])
	y.offsuit = suits[0] + suits[1] + suits[2] - main
	return y
}
