package policy

import (
	"slices"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// SetsNorthAside is the kita rule of three-player games: the Monte Carlo
// rollout's, and the policy's where no kita model is loaded
// ([Decisions.Kita]): a seat holding hand c in its turn (its tiles, the
// drawn one included) sets a North aside whenever it holds one, unless
// the North is needed for the hand, that is, unless the hand without it
// is further from winning (a higher shanten) than the hand after its best
// discard. A North set aside is a dora and a free draw; one needed for a
// pair, a set or kokushi stays. In riichi the rules allow only the drawn
// North, which the waits never need: [KitaAction] sets it aside.
func SetsNorthAside(c *tile.Counts) bool {
	if c[tile.North] == 0 {
		return false
	}
	without := *c
	without[tile.North]--
	return hand.Shanten(&without) <= max(hand.Shanten(c), 0)
}

// KitaAction returns the legal kita that the rule SetsNorthAside plays
// at v, if any: in riichi the drawn North, else a North unless the hand
// needs it.
func KitaAction(v game.View, legal []game.Action) (game.Action, bool) {
	a, ok := game.FindAction(legal, game.Kita)
	if !ok {
		return game.Action{}, false
	}
	if v.InRiichi(v.Seat()) {
		return a, true
	}
	c := v.Counts()
	return a, SetsNorthAside(&c)
}

// KitaFeatureNames names the kita model's features for a seat that may
// set a North aside in its turn, outside riichi: the situation, the
// Norths (in hand, just drawn, set aside by the seat and by the others,
// seen elsewhere, dora by the indicators), the hand keeping the North
// (its best discard's shanten and ukeire, whether that discard is the
// North) against the hand after the kita (shanten in each form, ukeire),
// the North's danger and safety as a tile to discard later, and what the
// rule [SetsNorthAside] says.
var KitaFeatureNames = append(slices.Clone(situationNames),
	"north_in_hand", "north_drawn", "kita_own", "kita_others", "north_seen", "north_dora",
	"shanten_keep", "ukeire_keep", "north_best_discard",
	"shanten_aside", "ukeire_aside", "chiitoi_shanten_aside", "kokushi_shanten_aside",
	"north_danger", "north_safe", "rule_kita",
)

// NumKitaFeatures is len(KitaFeatureNames).
const NumKitaFeatures = numSituation + 16

// KitaFeatures writes the NumKitaFeatures features of v's seat setting a
// North aside into x; s is the seat's situation, reset for v with the
// opponent models m (the North's danger reads them).
func (s *Situation) KitaFeatures(v game.View, m *opponent.Models, x []float64) {
	_ = x[NumKitaFeatures-1]
	copy(x, s.x[:])
	seat := v.Seat()
	c := v.Counts()
	vis := v.Visible()
	seen := vis
	for j := range seen {
		seen[j] -= c[j]
	}
	others := 0
	for o := range v.Players() {
		if o != seat {
			others += v.Kita(o)
		}
	}
	keep, keepUk, northBest := 8, 0, false
	var buf [14]hand.Discard
	if ds := hand.Discards(&c, &seen, buf[:0]); len(ds) > 0 {
		keep, keepUk, northBest = int(ds[0].Shanten), ds[0].Count, ds[0].Kind == tile.North
	}
	aside, asideUk, forms := 8, 0, hand.Forms{Normal: 8, Chiitoitsu: 8, Kokushi: 8}
	if c[tile.North] > 0 {
		without := c
		without[tile.North]--
		sh, _, uk := hand.Ukeire(&without, &vis)
		if sh != hand.NoShanten {
			aside, asideUk = int(sh), uk
		}
		forms = hand.ShantenForms(&without)
	}
	danger, safe := s.danger(v, m, tile.North)
	drawn := v.Drawn()
	n := numSituation
	x[n+0], x[n+1], x[n+2], x[n+3] = float64(c[tile.North]), b2f(drawn != tile.NoTile && drawn.Kind() == tile.North), float64(v.Kita(seat)), float64(others)
	x[n+4], x[n+5] = float64(seen[tile.North]), float64(doraOf(v, tile.North))
	x[n+6], x[n+7], x[n+8] = float64(keep), float64(keepUk), b2f(northBest)
	x[n+9], x[n+10], x[n+11], x[n+12] = float64(aside), float64(asideUk), float64(forms.Chiitoitsu), float64(forms.Kokushi)
	x[n+13], x[n+14], x[n+15] = danger, b2f(safe), b2f(SetsNorthAside(&c))
}

// KitaScore returns P(a Houou player sets a North aside now) for v's
// seat, which may, outside riichi (s reset for v with the opponent
// models m).
func (d *Decisions) KitaScore(s *Situation, v game.View, m *opponent.Models) (float64, error) {
	if d.Kita == nil {
		return 0, errNoModel
	}
	var x [NumKitaFeatures]float64
	s.KitaFeatures(v, m, x[:])
	return predict(d.Kita, x[:]), nil
}

// kita returns the legal kita the player makes at v, if any: in riichi
// the drawn North; else the kita model's choice (a score of one half or
// more), or the rule's [KitaAction] without a kita model.
func (p *Player) kita(v game.View, legal []game.Action) (game.Action, bool) {
	if p.dec.Kita == nil || v.InRiichi(v.Seat()) {
		return KitaAction(v, legal)
	}
	a, ok := game.FindAction(legal, game.Kita)
	if !ok {
		return a, false
	}
	s, _ := p.dec.KitaScore(p.situation(v), v, p.opp)
	return a, s >= 0.5
}
