package policy

import (
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// SetsNorthAside is the kita rule of three-player games, the policy's and
// the Monte Carlo rollout's until a kita model is trained on the
// 3-player records: a seat holding hand c in its turn (its tiles, the
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
