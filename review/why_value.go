package review

import (
	"slices"
	"strings"

	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// afterHand returns the seat's concealed tiles and melds after c: a
// discard or riichi, a chi or pon with its discard, or a pass; ok is
// false for other moves, and for tiles the hand does not hold.
func afterHand(v game.View, c *mc.Candidate) (ts []tile.Tile, melds []score.Meld, ok bool) {
	ts = slices.Clone(v.Hand())
	melds = slices.Clone(v.Melds(v.Seat()))
	take := func(t tile.Tile) bool {
		i := slices.Index(ts, t)
		if i < 0 {
			return false
		}
		ts = slices.Delete(ts, i, i+1)
		return true
	}
	a := c.Action
	switch a.Type {
	case game.Pass:
		return ts, melds, true
	case game.Discard, game.Riichi:
		return ts, melds, take(a.Tile)
	case game.Chi, game.Pon:
		for _, t := range a.Meld.TilesSlice()[1:] {
			if !take(t) {
				return nil, nil, false
			}
		}
		return ts, append(melds, a.Meld), c.Discard != tile.NoTile && take(c.Discard)
	}
	return nil, nil, false
}

// ronValue scores a ron on each kind of live, the tenpai hand ts with
// melds can win on, with riichi declared or not, no honba or sticks: the
// best result, and ok false when no kind wins with a yaku.
func ronValue(v game.View, rules *score.Rules, ts []tile.Tile, melds []score.Meld, live tile.KindSet, riichi bool) (best score.Result, ok bool) {
	seat := v.Seat()
	w := score.Win{Seat: uint8(seat), Dealer: uint8(v.Dealer()), From: uint8((seat + 1) % v.Players()),
		Round: v.RoundWind(), Riichi: riichi, Kita: uint8(v.Kita(seat))}
	for _, m := range melds {
		if w.AddMeld(m) != nil {
			return best, false
		}
	}
	for _, d := range v.DoraIndicators() {
		if w.AddDora(d) != nil {
			return best, false
		}
	}
	for k := range live.Kinds {
		t, free := freeCopy(k, ts, melds)
		if !free || w.SetHand(append(slices.Clip(ts), t)) != nil {
			continue
		}
		w.WinTile = t
		res, err := score.Score(&w, rules)
		if err == nil && (!ok || res.Points > best.Points) {
			best, ok = res, true
		}
	}
	return best, ok
}

// freeCopy returns a copy of kind k in neither ts nor melds, a plain one
// before the red five.
func freeCopy(k tile.Kind, ts []tile.Tile, melds []score.Meld) (tile.Tile, bool) {
	for _, c := range [...]tile.Tile{1, 2, 3, 0} {
		t := tile.Tile(k)*4 + c
		used := slices.Contains(ts, t)
		for _, m := range melds {
			used = used || slices.Contains(m.TilesSlice(), t)
		}
		if !used {
			return t, true
		}
	}
	return tile.NoTile, false
}

// yakuNames lists a result's yaku without the dora: "Riichi, Pinfu".
func yakuNames(res *score.Result) string {
	var names []string
	for _, y := range res.YakuList() {
		if !y.Yaku.IsDora() {
			names = append(names, y.Yaku.String())
		}
	}
	return strings.Join(names, ", ")
}
