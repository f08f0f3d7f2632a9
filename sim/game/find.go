package game

import "github.com/mjrank/mjrank/sim/tile"

// Looking up a move among the legal ones: the bots and the learned policy
// name a move by its type and kind and take the legal action that plays it.

// FindAction returns the first action of type t in legal, and whether
// there is one.
func FindAction(legal []Action, t ActionType) (Action, bool) {
	for _, a := range legal {
		if a.Type == t {
			return a, true
		}
	}
	return Action{}, false
}

// WinAction returns the Tsumo or Ron action when one is legal.
func WinAction(legal []Action) (Action, bool) {
	if a, ok := FindAction(legal, Tsumo); ok {
		return a, true
	}
	return FindAction(legal, Ron)
}

// PassAction returns the Pass action of an answer phase, or legal[0].
func PassAction(legal []Action) Action {
	if a, ok := FindAction(legal, Pass); ok {
		return a
	}
	return legal[0]
}

// DiscardAction returns the legal action of type t (Discard or Riichi)
// that gives up a tile of kind k: a plain tile before a red five, the
// drawn tile before another of the same face.
func DiscardAction(legal []Action, t ActionType, k tile.Kind, drawn tile.Tile) (Action, bool) {
	best, found := Action{}, false
	for _, a := range legal {
		if a.Type != t || a.Tile.Kind() != k {
			continue
		}
		if !found || (best.Tile.Red() && !a.Tile.Red()) || (a.Tile == drawn && best.Tile.Red() == a.Tile.Red()) {
			best, found = a, true
		}
	}
	return best, found
}
