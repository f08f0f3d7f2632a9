package main

import (
	"context"
	"flag"
	"strings"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/mjaibot"
)

var cmdMjai = &Command{
	Name:      "mjai",
	UsageLine: "[--bot NAME] [--sims N] [--workers N] [--seed S] [--length hanchan|tonpuusen] [--connect HOST:PORT [--name NAME] [--room ROOM] [--idle D]]",
	Short:     "play a bot as an mjai player, on stdin/stdout or as a TCP client",
	Long: `
Mjai plays a bot (` + strings.Join(bot.Names(), ", ") + `) as an mjai player.

On standard input it reads one event per line and writes one reaction per
line ({"type":"none"} when the event asks nothing of its seat), as Mortal
does; a line holding a JSON array of events (a batch, as mjai.app sends)
gets one line: the reaction to its last event. It keeps its seat's view of
the game from the events (other hands and draws are "?"), asks the bot at
every decision and answers only legal moves: after "reach" it waits for its
own reach event and then sends the riichi discard.

With --connect it joins a classic mjai server over TCP (as akochan's client
does): the server's hello is answered by join (--name, --room), then every
line by one reaction, until the server closes the connection after
end_game.

The bot's seed is --seed when given, else the "mjrank_seed" of start_game
(mjrank match sends the seed its arena would give that seat, so that a
match through this command plays the arena's exact games), else 1.

Malformed JSON, an impossible event (a tile the seat cannot have, an event
out of order) or an input that ends inside a game stop it with status 1 and
a message naming the line.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		name := fs.String("bot", "mc", "the bot")
		sims := fs.Int("sims", bot.DefaultMCSims, "the mc bot's simulations per decision")
		workers := fs.Int("workers", 1, "the mc bot's goroutines per decision (its moves do not depend on it)")
		seed := fs.Uint64("seed", 1, "the bot's seed (default: start_game's mjrank_seed, else 1)")
		length := fs.String("length", "hanchan", "the game's length when start_game does not say it")
		connect := fs.String("connect", "", "join the mjai server at HOST:PORT instead of reading stdin")
		player := fs.String("name", "mjrank", "the name to join with (--connect)")
		room := fs.String("room", "default", "the room to join (--connect)")
		idle := fs.Duration("idle", 0, "give up when the server is silent this long (--connect; 0: wait)")
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", quoteShort(args[0]))
			}
			set := map[string]bool{}
			fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
			cfg := mjaibot.Config{Bot: *name, Seed: *seed, SeedSet: set["seed"]}
			cfg.Options.MCSims, cfg.Options.MCWorkers = *sims, *workers
			var err error
			cfg.Length, err = lengthFlag(*length)
			if err == nil && !bot.Valid(*name) {
				err = usageErrorf("--bot: unknown bot %q (known: %s)", quoteShort(*name), strings.Join(bot.Names(), ", "))
			}
			if err = firstErr(err, intIn("sims", *sims, 1, arena.MaxMCSims), intIn("workers", *workers, 1, 256)); err != nil {
				return err
			}
			if *connect == "" {
				for _, f := range []string{"name", "room", "idle"} {
					if set[f] {
						return usageErrorf("--%s: only with --connect", f)
					}
				}
			}
			if *idle < 0 {
				return usageErrorf("--idle %v: must not be negative", *idle)
			}
			c, err := mjaibot.NewClient(cfg)
			if err != nil {
				return err
			}
			if *connect != "" {
				ctx, stop := signalContext(context.Background())
				defer stop()
				return c.Dial(ctx, *connect, *player, *room, *idle)
			}
			return c.Serve(env.Stdin, env.Stdout)
		}
	},
}
