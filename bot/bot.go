package bot

import (
	"fmt"
	"strings"

	"github.com/mjrank/mjrank/sim/game"
)

// Names lists the bots New knows, in the order help texts show them.
func Names() []string {
	return []string{"tsumogiri", "efficiency", "thesis", "rulebot", "policy", "rollout", "mc"}
}

// New returns a fresh bot by name with default options (see [NewWith]).
func New(name string, seed uint64) (game.Player, error) { return NewWith(name, seed, Options{}) }

// NewWith returns a fresh bot by name: one of [Names], and policy or mc
// may end in "@DIR" to play on the models of folder DIR (see
// bot/models.go). seed feeds the bot's randomness (the
// thesis bot's last-resort defensive discard, the mc bot's simulations);
// the same name, seed and options always give the same decisions. One value
// may play a whole game, but not two seats at once.
func NewWith(name string, seed uint64, o Options) (game.Player, error) {
	if base, dir := splitModels(name); dir != "" {
		return newOnModels(base, dir, seed, o)
	}
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
	case "rollout":
		return NewRolloutWith(o.MCLab)
	}
	return nil, fmt.Errorf("bot: unknown bot %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Valid reports whether name is a bot New knows (for NAME@DIR, that NAME
// takes a models folder; the folder is read when a bot is made).
func Valid(name string) bool {
	if base, dir := splitModels(name); dir != "" {
		return takesModels(base)
	}
	for _, n := range Names() {
		if n == name {
			return true
		}
	}
	return false
}
