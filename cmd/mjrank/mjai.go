package main

import (
	"context"
	"flag"
	"strings"
	"time"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/mjaibot"
)

var cmdMjai = &Command{
	Name:      "mjai",
	UsageLine: "[--bot NAME] [--sims N] [--simulate-discards] [--workers N] [--seed S] [--length hanchan|tonpuusen] [--connect HOST:PORT [--name NAME] [--room ROOM] [--idle D]]",
	Short:     "play a bot as an mjai player, on stdin/stdout or as a TCP client",
	Long: `
Mjai plays a bot (` + strings.Join(bot.Names(), ", ") + `) as an mjai player.

On standard input it reads one event per line and writes one reaction per
line ({"type":"none"} when the event asks nothing of its seat), as Mortal
does; a line holding a JSON array of events (a batch, as mjai.app sends)
gets one line: the reaction to its last event (a kan's new dora after the
replacement draw, in Tenhou's order, comes into the move decided at that
draw). It keeps its seat's view of
the game from the events (other hands and draws are "?"), asks the bot at
every decision and answers only legal moves: after "reach" it waits for its
own reach event and then sends the riichi discard.

With --connect it joins a classic mjai server over TCP (as akochan's client
does): the server's hello is answered by join (--name, --room), then every
line by one reaction, until the server closes the connection after
end_game.

A start_game with three names (or a 3-player tenhou_type) begins Tenhou's
3-player game, as the 3-player forks of Mortal send it: start_kyoku has
three scores and three tehais, and a North set aside is
{"type":"nukidora","actor":A,"pai":"N"} ("kita" is read too), before its
replacement draw. The bot plays it under Tenhou's 3-player rules (on the
3-player models): its own draw may get a nukidora, another seat's nukidora
a hora (robbing the North) or none, and it never calls chi; a chi, a
nukidora of another tile, or an actor past seat 2 is an impossible event.

The bot's seed is --seed when given, else the "mjrank_seed" of start_game
(mjrank match sends the seed its arena would give that seat, so that a
match through this command plays the arena's exact games), else 1.

Malformed JSON, an impossible event (a tile the seat cannot have, an event
out of order) or an input that ends inside a game stop it with status 1 and
a message naming the line.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o mjaiOptions
		fs.StringVar(&o.name, "bot", "mc", "the bot")
		fs.IntVar(&o.sims, "sims", bot.DefaultMCSims, "the mc bot's simulations per decision that offers more than a discard")
		fs.BoolVar(&o.simDiscards, "simulate-discards", false, "the mc bot simulates the choice of the tile too (default: the tile is its prior's, and the simulations choose between kinds of move: riichi or not, call or pass, kan, win, kyuushu)")
		fs.IntVar(&o.workers, "workers", 1, "the mc bot's goroutines per decision (its moves do not depend on it)")
		fs.Uint64Var(&o.seed, "seed", 1, "the bot's seed (default: start_game's mjrank_seed, else 1)")
		fs.StringVar(&o.length, "length", "hanchan", "the game's length when start_game does not say it")
		fs.StringVar(&o.connect, "connect", "", "join the mjai server at HOST:PORT instead of reading stdin")
		fs.StringVar(&o.player, "name", "mjrank", "the name to join with (--connect)")
		fs.StringVar(&o.room, "room", "default", "the room to join (--connect)")
		fs.DurationVar(&o.idle, "idle", 0, "give up when the server is silent this long (--connect; 0: wait)")
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", quoteShort(args[0]))
			}
			cfg, err := o.check(fs)
			if err != nil {
				return err
			}
			c, err := mjaibot.NewClient(*cfg)
			if err != nil {
				return err
			}
			if o.connect != "" {
				ctx, stop := signalContext(context.Background())
				defer stop()
				return c.Dial(ctx, o.connect, o.player, o.room, o.idle)
			}
			return c.Serve(env.Stdin, env.Stdout)
		}
	},
}

// mjaiOptions are the mjai command's flags.
type mjaiOptions struct {
	name, length, connect, player, room string
	sims, workers                       int
	seed                                uint64
	idle                                time.Duration
	simDiscards                         bool
}

// check reads and checks every flag, then the flags together, before any
// work, and returns the bot's configuration.
func (o *mjaiOptions) check(fs *flag.FlagSet) (*mjaibot.Config, error) {
	set := explicitSet(fs)
	cfg := &mjaibot.Config{Bot: o.name, Seed: o.seed, SeedSet: set["seed"]}
	cfg.Options.MCSims, cfg.Options.MCWorkers, cfg.Options.MCSimulateDiscards = o.sims, o.workers, o.simDiscards
	var err error
	cfg.Length, err = lengthFlag(o.length)
	if err == nil && !bot.Valid(o.name) {
		err = usageErrorf("--bot: unknown bot %q (known: %s)", quoteShort(o.name), strings.Join(bot.Names(), ", "))
	}
	if err = firstErr(err, intIn("sims", o.sims, 1, arena.MaxMCSims), intIn("workers", o.workers, 1, 256)); err != nil {
		return nil, err
	}
	if o.connect == "" {
		for _, f := range []string{"name", "room", "idle"} {
			if set[f] {
				return nil, usageErrorf("--%s: only with --connect", f)
			}
		}
	}
	if o.idle < 0 {
		return nil, usageErrorf("--idle %v: must not be negative", o.idle)
	}
	return cfg, nil
}
