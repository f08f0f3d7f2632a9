package bot

import (
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Tsumogiri discards the tile it draws, never calls, never declares riichi
// and wins whenever it can; with three players it sets a drawn North aside
// (a kita) in place of discarding it, which leaves its hand as unchanged
// as a discard would. It is the floor every other bot must beat.
type Tsumogiri struct{}

// Act implements game.Player.
func (Tsumogiri) Act(v game.View, legal []game.Action) game.Action {
	if a, ok := game.WinAction(legal); ok {
		return a
	}
	if v.Phase() != game.PhaseTurn {
		return game.PassAction(legal)
	}
	d := v.Drawn()
	if a, ok := game.FindAction(legal, game.Kita); ok && a.Tile == d {
		return a
	}
	for _, a := range legal {
		if a.Type == game.Discard && a.Tile == d {
			return a
		}
	}
	// No drawn tile to discard (cannot happen without calls): the first
	// legal discard.
	if d != tile.NoTile {
		if a, ok := game.DiscardAction(legal, game.Discard, d.Kind(), d); ok {
			return a
		}
	}
	if a, ok := game.FindAction(legal, game.Discard); ok {
		return a
	}
	return legal[0]
}
