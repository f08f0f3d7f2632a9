package policy

import (
	"slices"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// The rollout's call model: whether the seat chis or pons a discard in
// the Monte Carlo rollout (issue 21, item 1), from what its simulated
// round keeps. Its features are the call model's without the two counts
// of accepting tiles (ukeire before and after the call), which cost a
// shanten for every draw of every discard: the rest is a few shanten,
// affordable on every call chance of every simulation. Computed by the
// same code from a view (training, the rollout bot) or from the rollout's
// state.

// RolloutCallFeatureNames names the rollout's call model's features.
var RolloutCallFeatureNames = append(slices.Clone(situationNames),
	"call_type", "called_honor", "called_yakuhai", "called_dora", "called_number",
	"shanten_before", "chiitoi_before", "shanten_after", "shanten_gain", "yakuhai_melds_after",
	"yakuhai_pairs_after", "tanyao_open", "yaochu_after", "offsuit_after", "pon_only",
	"pairs_after", "yaku_path", "dora_after", "called_from_left", "chi_shape",
	"pairs_before",
)

// NumRolloutCallFeatures is len(RolloutCallFeatureNames).
const NumRolloutCallFeatures = numSituation + numHandCall

// numHandCall is the number of features CallHand.features writes.
const numHandCall = 21

// CallHand is what the rollout's call features read of the seat's hand.
type CallHand struct {
	Counts  tile.Counts  // the concealed hand before the call, 3n+1 tiles
	Hand    []tile.Tile  // the same tiles (for their red fives)
	Melds   []score.Meld // the seat's melds before the call
	Dora    []tile.Tile  // the dora indicators shown
	Yakuhai tile.KindSet // the seat's yakuhai kinds
	Left    bool         // the discard comes from the seat on the left
}

// features writes the features of call m (a chi, pon or daiminkan,
// Tiles[0] the called tile) into x: the call model's (CallFeatures) but
// the two ukeire counts, which CallFeatures adds.
func (h *CallHand) features(m score.Meld, x *[numHandCall]float64) {
	c := h.Counts
	called := m.Tiles[0].Kind()
	after := c
	for _, t := range m.TilesSlice()[1:] {
		after[t.Kind()]--
	}
	forms := hand.ShantenForms(&c) // Shanten and ShantenChiitoitsu at once
	sh0 := forms.Min()
	var sh1 int
	if m.Type == score.Daiminkan {
		sh1 = hand.Shanten(&after) // a replacement tile comes before the discard
	} else {
		sh1 = shantenAfterMeld(&after, game.KuikaeBan(m))
	}
	var buf [score.MaxMelds + 1]score.Meld
	melds := append(buf[:0], h.Melds...)
	melds = append(melds, m)
	y := openYakuOf(h.Yakuhai, &after, melds)
	dora, calledDora := 0, 0
	for _, d := range h.Dora {
		dk := d.Kind().DoraFrom()
		dora += int(after[dk])
		calledDora += b2f32(dk == called)
		for _, mm := range melds {
			for _, t := range mm.TilesSlice() {
				dora += b2f32(t.Kind() == dk)
			}
		}
	}
	for _, t := range h.Hand {
		dora += b2f32(t.Red())
	}
	dora += b2f32(m.Tiles[0].Red())
	num := 0
	if !called.IsHonor() {
		num = called.Number()
	}
	pairs := 0
	for _, n := range c {
		pairs += b2f32(n >= 2)
	}
	typ := 0.0 // chi
	switch m.Type {
	case score.Pon:
		typ = 1
	case score.Daiminkan:
		typ = 2
	}
	*x = [numHandCall]float64{
		typ, b2f(called.IsHonor()), b2f(h.Yakuhai.Has(called)), float64(calledDora), float64(num),
		float64(sh0), float64(forms.Chiitoitsu), float64(sh1), float64(sh0 - sh1), float64(y.yakuhaiMelds),
		float64(y.yakuhaiPairs), b2f(y.tanyao), float64(y.yaochu), float64(y.offsuit), b2f(y.ponOnly),
		float64(y.pairs), b2f(y.path()), float64(dora), b2f(h.Left), chiShape(m),
		float64(pairs),
	}
}

// shantenAfterMeld is the lowest shanten of the hand after a chi or pon
// (3n+2 tiles) over the discards ban allows: 8 when it allows none (Tenhou
// refuses such a call), as shantenAfterCall.
//
// A tile more never raises a shanten, so no discard goes below the 3n+2
// hand's own shanten, nor below tenpai: the search stops at the first
// discard that reaches that floor, trying first the lone tiles likeliest
// to reach it. The result is the full search's.
func shantenAfterMeld(after *tile.Counts, ban tile.KindSet) int {
	floor := max(hand.Shanten(after), 0)
	best := 8
	tried := ban
	try := func(k int) bool {
		tried = tried.Add(tile.Kind(k))
		after[k]--
		best = min(best, hand.Shanten(after))
		after[k]++
		return best == floor
	}
	for k, n := range after {
		if n == 1 && !tried.Has(tile.Kind(k)) && lone(after, tile.Kind(k)) && try(k) {
			return best
		}
	}
	for k, n := range after {
		if n > 0 && !tried.Has(tile.Kind(k)) && try(k) {
			return best
		}
	}
	return best
}

// lone reports whether c holds no other tile within two of kind k's
// (an honour: none other of its kind), the tile a hand likeliest spares.
func lone(c *tile.Counts, k tile.Kind) bool {
	if k.IsHonor() {
		return c[k] == 1
	}
	n := k.Number()
	for d := -2; d <= 2; d++ {
		if m := n + d; d != 0 && m >= 1 && m <= 9 && c[int(k)+d] > 0 {
			return false
		}
	}
	return c[k] == 1
}

// RolloutCallFeatures writes the NumRolloutCallFeatures features of call m
// into x, from the table tb and the hand h: what the Monte Carlo rollout
// keeps of its simulated round.
func RolloutCallFeatures(tb *Table, h *CallHand, m score.Meld, x []float64) {
	_ = x[NumRolloutCallFeatures-1]
	tb.put(x)
	var hf [numHandCall]float64
	h.features(m, &hf)
	copy(x[numSituation:], hf[:])
}

// RolloutCallFeatures writes the rollout's call model's features of a, a
// chi or pon of v's seat on the discard being answered, into x; s is the
// seat's situation, reset for v. They equal RolloutCallFeatures' from the
// same position.
func (s *Situation) RolloutCallFeatures(v game.View, a game.Action, x []float64) {
	_ = x[NumRolloutCallFeatures-1]
	copy(x, s.x[:])
	h := callHandOf(v)
	var hf [numHandCall]float64
	h.features(a.Meld, &hf)
	copy(x[numSituation:], hf[:])
}

// callHandOf reads v's seat's CallHand on the discard being answered.
func callHandOf(v game.View) CallHand {
	seat := v.Seat()
	return CallHand{Counts: v.Counts(), Hand: v.Hand(), Melds: v.Melds(seat), Dora: v.DoraIndicators(),
		Yakuhai: yakuhaiKinds(v, seat), Left: v.Players() == 4 && v.Current() == (seat+3)%game.NumSeats}
}
