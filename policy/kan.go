package policy

import (
	"slices"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// KanFeatureNames names the kan model's features for one ankan or kakan
// at the seat's turn: the situation, the kind (a new dora indicator
// helps the hand that holds it, and every kan helps the opponents too),
// and the hand before and after (shanten, waits, riichi).
var KanFeatureNames = append(slices.Clone(situationNames),
	"kakan", "in_riichi", "kan_honor", "kan_yakuhai", "kan_dora",
	"shanten_before", "shanten_after", "ukeire_after", "waits_after", "dora_in_hand",
	"kans_on_table", "kan_tile_drawn",
)

// NumKanFeatures is len(KanFeatureNames).
const NumKanFeatures = numSituation + 12

// KanFeatures writes the NumKanFeatures features of a, an Ankan or Kakan
// action of v's seat, into x; s is the seat's situation, reset for v.
func (s *Situation) KanFeatures(v game.View, a game.Action, x []float64) {
	_ = x[NumKanFeatures-1]
	copy(x, s.x[:])
	seat := v.Seat()
	c := v.Counts()
	k := a.Tile.Kind()
	vis := v.Visible()
	seen := vis
	for j := range seen {
		seen[j] -= c[j]
	}
	var buf [14]hand.Discard
	before := 8
	if ds := hand.Discards(&c, &seen, buf[:0]); len(ds) > 0 {
		before = int(ds[0].Shanten)
	}
	if a.Type == game.Ankan {
		c[k] = 0
	} else {
		c[k]--
	}
	after, _, uk := hand.Ukeire(&c, &vis)
	waits := 0
	if after == 0 {
		waits = hand.Waits(&c).Len()
	}
	dora := 0
	for _, d := range v.DoraIndicators() {
		dora += int(v.Counts()[d.Kind().DoraFrom()])
	}
	kans := 0
	for o := range game.NumSeats {
		for _, m := range v.Melds(o) {
			kans += b2f32(m.Type.IsKan())
		}
	}
	n := numSituation
	x[n+0], x[n+1], x[n+2], x[n+3], x[n+4] = b2f(a.Type == game.Kakan), b2f(v.InRiichi(seat)), b2f(k.IsHonor()), b2f(yakuhaiKinds(v, seat).Has(k)), float64(doraOf(v, k))
	x[n+5], x[n+6], x[n+7], x[n+8], x[n+9] = float64(before), float64(after), float64(uk), float64(waits), float64(dora)
	// A fourth tile held since an earlier turn was not kanned then: that
	// player keeps it (or waits), one who just drew it mostly kans.
	x[n+10], x[n+11] = float64(kans), b2f(v.Drawn() != tile.NoTile && v.Drawn().Kind() == k)
}

// KyuushuFeatureNames names the kyuushu kyuuhai model's features: the
// situation (a player far ahead wants the round over, one far behind a
// hand), the terminal and honour kinds held (thirteen make kokushi), and
// the hand's shanten in each form.
var KyuushuFeatureNames = append(slices.Clone(situationNames),
	"yaochu_kinds", "yaochu_pairs", "kokushi_shanten", "normal_shanten", "chiitoi_shanten",
)

// NumKyuushuFeatures is len(KyuushuFeatureNames).
const NumKyuushuFeatures = numSituation + 5

// KyuushuFeatures writes the NumKyuushuFeatures features of v's seat's
// first-turn hand, which may abort the round, into x; s is the seat's
// situation, reset for v.
func (s *Situation) KyuushuFeatures(v game.View, x []float64) {
	_ = x[NumKyuushuFeatures-1]
	copy(x, s.x[:])
	c := v.Counts()
	kinds, pairs := 0, 0
	for k, n := range c {
		if tile.Kind(k).IsTerminalOrHonor() && n > 0 {
			kinds++
			pairs += b2f32(n >= 2)
		}
	}
	// The 14-tile forms: the best discard's shanten.
	best := [3]int{8, 8, 8}
	for k, n := range c {
		if n == 0 {
			continue
		}
		c[k]--
		f := hand.ShantenForms(&c)
		best = [3]int{min(best[0], int(f.Kokushi)), min(best[1], int(f.Normal)), min(best[2], int(f.Chiitoitsu))}
		c[k]++
	}
	n := numSituation
	x[n+0], x[n+1], x[n+2], x[n+3], x[n+4] = float64(kinds), float64(pairs), float64(best[0]), float64(best[1]), float64(best[2])
}
