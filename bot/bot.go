package bot

import (
	"fmt"
	"strings"

	"github.com/mjrank/mjrank/sim/game"
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
