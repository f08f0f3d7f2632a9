package bot

import (
	"fmt"
	"strings"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Names lists the bots New knows, in the order help texts show them.
func Names() []string {
	return []string{"tsumogiri", "efficiency", "thesis", "rulebot", "policy", "mc"}
}

// New returns a fresh bot by name with default options (see [NewWith]).
func New(name string, seed uint64) (game.Player, error) { return NewWith(name, seed, Options{}) }

// NewWith returns a fresh bot by name. seed feeds the bot's randomness (the
// thesis bot's last-resort defensive discard, the mc bot's simulations);
// the same name, seed and options always give the same decisions. One value
// may play a whole game, but not two seats at once.
func NewWith(name string, seed uint64, o Options) (game.Player, error) {
	switch name {
	case "mc":
		return NewMC(nil, seed, o)
	case "tsumogiri":
		return Tsumogiri{}, nil
	case "efficiency":
		return &Efficiency{}, nil
	case "thesis":
		return NewThesis(seed, 2), nil
	case "rulebot":
		return &RuleBot{}, nil
	case "policy":
		return NewPolicy()
	}
	return nil, fmt.Errorf("bot: unknown bot %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Valid reports whether name is a bot New knows.
func Valid(name string) bool {
	for _, n := range Names() {
		if n == name {
			return true
		}
	}
	return false
}

// find returns the first legal action of type t, and whether there is one.
func find(legal []game.Action, t game.ActionType) (game.Action, bool) {
	for _, a := range legal {
		if a.Type == t {
			return a, true
		}
	}
	return game.Action{}, false
}

// pass returns the Pass action of an answer phase, or legal[0].
func pass(legal []game.Action) game.Action {
	if a, ok := find(legal, game.Pass); ok {
		return a
	}
	return legal[0]
}

// discardOf returns the legal action of type t (Discard or Riichi) that
// gives up a tile of kind k: a plain tile before a red five, the drawn tile
// before another of the same face.
func discardOf(legal []game.Action, t game.ActionType, k tile.Kind, drawn tile.Tile) (game.Action, bool) {
	best, found := game.Action{}, false
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

// win returns the Tsumo or Ron action when one is legal: every bot wins
// whenever it can.
func win(legal []game.Action) (game.Action, bool) {
	if a, ok := find(legal, game.Tsumo); ok {
		return a, true
	}
	return find(legal, game.Ron)
}
