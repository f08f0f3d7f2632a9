package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"slices"
	"strings"
	"time"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/internal/progress"
	"github.com/mjrank/mjrank/referee"
	"github.com/mjrank/mjrank/sim/game"
)

// seatList is a repeatable --seat flag.
type seatList []string

func (s *seatList) String() string     { return strings.Join(*s, " | ") }
func (s *seatList) Set(v string) error { *s = append(*s, v); return nil }

var cmdMatch = &Command{
	Name:      "match",
	UsageLine: "--seat S --seat S --seat S --seat S [--games N] [--seed S] [--rotate] [--length hanchan|tonpuusen] [--time-limit D] [--on-illegal stop|tsumogiri] [--stderr DIR] [--sims N] [--records DIR] [--records-format tenhou6|mjai] [--listen ADDR [--wait D]] [--shard i/n] [--workers N] [--json] | merge [--json] FILE...",
	Short:     "referee mjai bots (external programs or built-in bots) on the duplicate arena",
	Long: `
Match is an mjai referee. It plays games as mjrank arena does (the same
walls for a seed, --rotate for duplicate play, shards and "match merge",
the same statistics) between four seats, each given by a --seat flag in
seat order:

  NAME          a built-in bot (` + strings.Join(bot.Names(), ", ") + `), played directly
  mjai:NAME     a built-in bot played through the mjai protocol in this process
  cmd:COMMAND   a program speaking mjai on its standard input and output
                (one event a line in, one reaction a line out, as Mortal
                and "mjrank mjai" do), started by /bin/sh for every game
  tcp           a client of the classic mjai server that --listen opens
                (hello, join, then the game; one connection per game, in
                seat order; games are then played one at a time)

Every speaking seat is sent what its seat may see (other hands and draws
as "?"), one event at a time, and answers each with one line (mjai's
lockstep). The engine judges every reply: a move must be legal at that
point, a reply to an event that asked nothing must be "none", and it must
come within --time-limit. A rejected reply is reported with the seat, the
event and the reply; --on-illegal stop (the default) ends the match with
status 1, --on-illegal tsumogiri plays the tsumogiri (or a pass) instead
and goes on, a late or dead program being replaced for the rest of its
game. The report counts the rejected replies per entry.

start_game carries "mjrank_seed", the seed the arena gives that seat's
bot, so "cmd:mjrank mjai --bot NAME" plays exactly the games of the direct
arena (the same result hash); other programs ignore the field.

Programs are closed at the end of each game (their input closed, killed
if they linger 2 s) and always reaped. Their standard error is kept: its
end appears in an error, and with --stderr DIR all of it is written to
DIR/GAME-seatS.stderr. --records DIR writes every game (tenhou.net/6 JSON,
or mjai with --records-format mjai).
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var seats seatList
		fs.Var(&seats, "seat", "a seat (four, in seat order): NAME, mjai:NAME or cmd:COMMAND")
		games := fs.Int("games", 4, "games to play (all shards together)")
		seed := fs.Uint64("seed", 1, "seed of the walls and the bots")
		rotate := fs.Bool("rotate", false, "play every wall four times with the seats rotated")
		length := fs.String("length", "hanchan", "hanchan or tonpuusen")
		limit := fs.Duration("time-limit", referee.DefaultTimeLimit, "the longest a reply may take")
		onIllegal := fs.String("on-illegal", "stop", "what a rejected reply does: stop, or tsumogiri (its move is replaced)")
		stderr := fs.String("stderr", "", "keep every program's standard error in this folder")
		records := fs.String("records", "", "write every game into this folder")
		format := fs.String("records-format", "tenhou6", "the records' format: tenhou6 or mjai")
		shard := fs.String("shard", "", "play shard i of n (i/n, 1-based)")
		workers := fs.Int("workers", 0, fmt.Sprintf("games played at once, up to %d (default: one per CPU)", arena.MaxWorkers))
		asJSON := fs.Bool("json", false, "print the result as JSON (the input of match merge)")
		sims := fs.Int("sims", bot.DefaultMCSims, "the built-in mc bot's simulations per decision")
		listen := fs.String("listen", "", "serve mjai on this TCP address for tcp seats (e.g. 127.0.0.1:11600)")
		wait := fs.Duration("wait", time.Minute, "how long to wait for a tcp seat's player to connect")
		return func(env *Env, args []string) error {
			if len(args) > 0 && args[0] == "merge" {
				bad := ""
				fs.Visit(func(f *flag.Flag) {
					if f.Name != "json" && bad == "" {
						bad = f.Name
					}
				})
				if bad != "" {
					return usageErrorf("--%s: match merge takes only --json (the shards' files hold the match)", bad)
				}
				res, err := mergeShards(args[1:])
				if err != nil {
					return err
				}
				return printMatch(env, res, *asJSON)
			}
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", quoteShort(args[0]))
			}
			m := referee.Match{TimeLimit: *limit, Stderr: *stderr}
			m.Arena = arena.Config{Games: *games, Seed: *seed, Rotate: *rotate, Records: *records, Workers: *workers, RecordsFormat: *format}
			m.Arena.Bots.MCSims = *sims
			var err error
			m.Arena.Length, err = lengthFlag(*length)
			err = firstErr(err,
				atLeast("games", *games, 1),
				recordsFlag(*records),
				shardFlag(*shard, &m.Arena.Shard, &m.Arena.Shards),
				intIn("sims", *sims, 1, arena.MaxMCSims),
				workersFlag(*workers),
				atMostWorkers(*workers),
				matchSeats(seats, &m.Arena.Seats),
				onIllegalFlag(*onIllegal, &m.OnIllegal),
			)
			if err != nil {
				return err
			}
			if *limit <= 0 || *limit > time.Hour {
				return usageErrorf("--time-limit %v: must be above 0 and at most 1h", *limit)
			}
			if *format != "tenhou6" && *format != "mjai" {
				return usageErrorf("--records-format %q: tenhou6 or mjai", quoteShort(*format))
			}
			if slices.Contains(m.Arena.Seats[:], "tcp") != (*listen != "") {
				return usageErrorf("--listen and tcp seats go together")
			}
			if *wait <= 0 {
				return usageErrorf("--wait %v: must be above 0", *wait)
			}
			m.Wait = *wait
			if *listen != "" {
				ln, err := net.Listen("tcp", *listen)
				if err != nil {
					return err
				}
				defer ln.Close()
				fmt.Fprintf(env.Stderr, "match: serving mjai on %v for the tcp seats\n", ln.Addr())
				m.Listener = ln
			}
			if *rotate && *games%game.NumSeats != 0 {
				return usageErrorf("--games %d: with --rotate, must be a multiple of 4 (every wall is played in four seatings)", *games)
			}
			if m.OnIllegal == referee.Replace {
				// Under stop, the first rejected reply is the command's error.
				m.Report = func(e *referee.ReplyError) { fmt.Fprintf(env.Stderr, "\nmatch: replaced: %v\n", e) }
			}
			m.Warn = func(err error) { fmt.Fprintf(env.Stderr, "\nmatch: warning: %v\n", err) }
			m.Arena.Progress = progress.Callback(env.Stderr, "match")
			ctx, stop := signalContext(context.Background())
			defer stop()
			res, err := m.Run(ctx)
			if res == nil {
				return err
			}
			if rerr := printMatch(env, res, *asJSON); rerr != nil {
				return rerr
			}
			return partialError(err, res)
		}
	},
}

// matchSeats checks the four --seat flags.
func matchSeats(seats seatList, out *[game.NumSeats]string) error {
	if len(seats) != game.NumSeats {
		return usageErrorf("--seat: four seats are needed, got %d", len(seats))
	}
	for i, s := range seats {
		if err := referee.ParseSeat(s); err != nil {
			return usageErrorf("--seat (seat %d): %v", i, err)
		}
		out[i] = s
	}
	return nil
}

func onIllegalFlag(v string, o *referee.OnIllegal) error {
	switch v {
	case "stop":
		*o = referee.Stop
	case "tsumogiri":
		*o = referee.Replace
	default:
		return usageErrorf("--on-illegal %q: stop or tsumogiri", quoteShort(v))
	}
	return nil
}

// printMatch prints the arena's report and the referee's count.
func printMatch(env *Env, res *arena.Result, asJSON bool) error {
	if asJSON {
		return writeJSON(env.Stdout, res)
	}
	if err := printArena(env.Stdout, res); err != nil {
		return err
	}
	var parts []string
	for e, c := range res.Entries {
		parts = append(parts, fmt.Sprintf("%s %d", res.Seats[e], c.Illegal))
	}
	_, err := fmt.Fprintf(env.Stdout, "\nrejected replies: %s\n", strings.Join(parts, ", "))
	return err
}
