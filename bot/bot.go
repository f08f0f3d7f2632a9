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
// may play a whole game, but not two seats at once. A bot that cannot play
// the number of seats of o.Rules is an error ([Plays]).
func NewWith(name string, seed uint64, o Options) (game.Player, error) {
	if o.Rules != nil {
		if err := Plays(name, o.Rules.Players()); err != nil {
			return nil, err
		}
	}
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

// Plays returns nil when bot name can play a game of players seats (4 or
// 3), else an error saying why not. Every bot plays both; the bots on
// learned models (policy, rollout, mc) read a 3-player round with the
// 4-player models where no 3-player ones exist (mc.Predictors says how).
func Plays(name string, players int) error {
	if players != 3 && players != 4 {
		return fmt.Errorf("bot: %d players: a game has 3 or 4", players)
	}
	return nil
}

// Baselines lists the bots of [Names] that need no learned models, which
// play 3-player games as well as 4-player ones.
func Baselines() []string {
	var out []string
	for _, n := range Names() {
		if !learned(n) {
			out = append(out, n)
		}
	}
	return out
}

// learned reports whether bot base plays on learned models.
func learned(base string) bool { return base == "policy" || base == "rollout" || base == "mc" }
