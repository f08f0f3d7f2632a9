package bot

import (
	"context"

	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// DefaultMCSims is the mc bot's default simulation budget of a decision
// beyond the discard (its discards alone are its prior's, unsimulated),
// kept near the time a decision that issue 21 (item 5) allows, so that
// arenas of many games stay affordable (mc's DefaultSims is for analysis;
// docs/ENGINE.md, "The mc bot's budget", has its timings).
const DefaultMCSims = 5000

// Options tune the bots that take options (mc).
type Options struct {
	// MCSims is the mc bot's simulation budget per decision (0:
	// DefaultMCSims).
	MCSims int
	// MCWorkers is the number of goroutines of each decision (0: 1, as
	// arenas already play games in parallel). Decisions do not depend on it.
	MCWorkers int
	// MCSimulateDiscards has the mc bot simulate the choice of the tile
	// too, as it did before 2026-11-28; by default the tile is its
	// prior's (mc.Options.PriorDiscards: unsimulated where it is the only
	// choice, one candidate of each kind of move elsewhere) and it spends
	// MCSims on the decisions with a riichi, a call, a kan, a win or
	// kyuushu among the moves.
	MCSimulateDiscards bool
	// Rules are the game's rules (nil: Tenhou's hanchan).
	Rules *game.Rules
	// MCLab holds the engine's measurement and ablation switches, for
	// arenas that measure a part of the engine (the zero Lab plays); the
	// rollout bot reads its rollout switches too.
	MCLab mc.Lab
}

// MC plays the move the Monte Carlo engine (package mc) ranks best:
// the best expected final rank. Where the only choice is which tile to
// discard it plays its prior's discard unsimulated, unless
// Options.MCSimulateDiscards. Decision n of a game draws from the
// stream (seed, n), so a game replays identically.
type MC struct {
	eng      *mc.Engine
	opt      mc.Options
	lab      mc.Lab
	decision uint64
	follow   tile.Tile   // the discard chosen with the last chi or pon
	truth    *game.Round // the round revealed to an oracle (Reveal)
}

// Reveal shows the bot the whole round before its next decision, for an
// oracle bot (mc.Lab.Oracle set): the arena's experiment that
// measures what the hidden tiles are worth to the engine. A bot that is
// not an oracle ignores it; never reveal a round to a bot that plays.
func (b *MC) Reveal(r *game.Round) { b.truth = r }

// NewMC returns an mc bot on engine eng (nil: the embedded models), for
// the number of players of o.Rules ([Plays]; with three players the
// engine's stand-ins for three-player models, mc.Predictors).
func NewMC(eng *mc.Engine, seed uint64, o Options) (*MC, error) {
	if o.Rules != nil {
		if err := Plays("mc", o.Rules.Players()); err != nil {
			return nil, err
		}
	}
	if eng == nil {
		var err error
		if eng, err = mc.Default(); err != nil {
			return nil, err
		}
	}
	opt := mc.Options{Sims: o.MCSims, Workers: o.MCWorkers, Seed: seed, Rules: o.Rules, PriorDiscards: !o.MCSimulateDiscards}
	if opt.Sims <= 0 {
		opt.Sims = DefaultMCSims
	}
	if opt.Workers <= 0 {
		opt.Workers = 1
	}
	return &MC{eng: eng, opt: opt, lab: o.MCLab, follow: tile.NoTile}, nil
}

// Act implements game.Player.
func (b *MC) Act(v game.View, legal []game.Action) game.Action {
	if b.follow != tile.NoTile {
		f := b.follow
		b.follow = tile.NoTile
		for _, a := range legal {
			if a.Type == game.Discard && a.Tile == f {
				return a
			}
		}
	}
	if len(legal) == 1 {
		return legal[0]
	}
	b.decision++
	o := b.opt
	o.Decision = b.decision
	lab := b.lab
	lab.Truth = b.truth // read only as lab.Oracle says (none: not at all)
	an, err := b.eng.AnalyzeLab(context.Background(), v, legal, o, lab)
	if err != nil {
		return legal[0] // cannot happen with legal actions; never stall a game
	}
	best := an.Best()
	if best.Discard != tile.NoTile {
		b.follow = best.Discard
	}
	return best.Action
}
