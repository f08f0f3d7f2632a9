package main

import (
	"context"
	"errors"
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
	UsageLine: "[--players 3|4] --seat S --seat S --seat S [--seat S] [--games N] [--seed S] [--rotate] [--length hanchan|tonpuusen] [--time-limit D] [--on-illegal stop|tsumogiri] [--stderr DIR] [--sims N] [--simulate-discards] [--records DIR] [--records-format tenhou6|mjai] [--listen ADDR [--wait D]] [--shard i/n] [--workers N] [--json] | merge [--json] FILE...",
	Short:     "referee mjai bots (external programs or built-in bots) on the duplicate arena",
	Long: `
Match is an mjai referee. It plays games as mjrank arena does (the same
walls for a seed, --rotate for duplicate play, shards and "match merge",
the same statistics) between four seats, or three with --players 3
(Tenhou's 3-player game, as arena --players 3 plays it), each given by a
--seat flag in seat order:

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
status 1 (the report, marked PARTIAL, then covers the games finished
before; so it does when a tcp seat's client does not join, or a signal
stops the match), --on-illegal tsumogiri plays the tsumogiri (or a pass)
instead and goes on, a late or dead program being replaced for the rest of
its game. The report counts the rejected replies per entry and, when there
are any, the decisions the referee played for it (the tsumogiri or pass of
a rejected move, and every decision of a dropped program's seat) and the
games in which it dropped the program: the results count those moves.

A 3-player game speaks mjai as the 3-player forks of Mortal do (and
"mjrank mjai" reads it): start_game has three names, start_kyoku three
scores and three tehais, every deltas and scores array three elements, and
a North set aside is {"type":"nukidora","actor":A,"pai":"N"} before its
replacement draw ("kita" is read as its other name); a player answers its
own draw of a North with that event, another seat's with a hora (robbing
the North) or none, and never with a chi.

start_game carries "mjrank_seed", the seed the arena gives that seat's
bot, so "cmd:mjrank mjai --bot NAME" plays exactly the games of the direct
arena (the same result hash); other programs ignore the field.

Programs are closed at the end of each game (their input closed, killed if
they linger 2 s) and always reaped. On Linux each runs under a supervisor
(this binary, a child subreaper) that keeps every process the program
starts, setsid or not: what a program leaves running after its game is
killed with a warning, and if the referee dies, even by SIGKILL, the
supervisor kills the program and all it started. Elsewhere a program runs
in a process group of its own, killed whole. A program's standard error is
kept: its end appears in an error, and with --stderr DIR all of it is
written to DIR/GAME-seatS.stderr. --records DIR writes every game
(tenhou.net/6 JSON, or mjai with --records-format mjai).
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o matchOptions
		fs.Var(&o.seats, "seat", "a seat (four, or three with --players 3, in seat order): NAME, mjai:NAME, cmd:COMMAND or tcp")
		fs.IntVar(&o.players, "players", 4, "4, or 3 for Tenhou's 3-player game (sanma)")
		fs.IntVar(&o.games, "games", 4, "games to play (all shards together)")
		fs.Uint64Var(&o.seed, "seed", 1, "seed of the walls and the bots")
		fs.BoolVar(&o.rotate, "rotate", false, "play every wall once in every seating (four times, three with --players 3)")
		fs.StringVar(&o.length, "length", "hanchan", "hanchan or tonpuusen")
		fs.DurationVar(&o.limit, "time-limit", referee.DefaultTimeLimit, "the longest a reply may take")
		fs.StringVar(&o.onIllegal, "on-illegal", "stop", "what a rejected reply does: stop, or tsumogiri (its move is replaced)")
		fs.StringVar(&o.stderr, "stderr", "", "keep every program's standard error in this folder")
		fs.StringVar(&o.records, "records", "", "write every game into this folder")
		fs.StringVar(&o.format, "records-format", "tenhou6", "the records' format: tenhou6 or mjai")
		fs.StringVar(&o.shard, "shard", "", "play shard i of n (i/n, 1-based)")
		fs.IntVar(&o.workers, "workers", 0, fmt.Sprintf("games played at once, up to %d (default: one per CPU)", arena.MaxWorkers))
		fs.BoolVar(&o.asJSON, "json", false, "print the result as JSON (the input of match merge)")
		fs.IntVar(&o.sims, "sims", bot.DefaultMCSims, "the built-in mc bot's simulations per decision that offers more than a discard")
		fs.BoolVar(&o.simDiscards, "simulate-discards", false, "the built-in mc bot simulates the choice of the tile too (default: the tile is its prior's, and the simulations choose between kinds of move: riichi or not, call or pass, kan, win, kyuushu)")
		fs.StringVar(&o.listen, "listen", "", "serve mjai on this TCP address for tcp seats (e.g. 127.0.0.1:11600)")
		fs.DurationVar(&o.wait, "wait", time.Minute, "how long to wait for a tcp seat's player to connect")
		return func(env *Env, args []string) error {
			if len(args) > 0 && args[0] == "merge" {
				return o.merge(env, fs, args[1:])
			}
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", quoteShort(args[0]))
			}
			m, err := o.check()
			if err != nil {
				return err
			}
			return o.run(env, m)
		}
	},
}

// matchOptions are the match command's flags.
type matchOptions struct {
	seats                                                     seatList
	games, workers, sims, players                             int
	seed                                                      uint64
	rotate, asJSON, simDiscards                               bool
	length, onIllegal, stderr, records, format, shard, listen string
	limit, wait                                               time.Duration
}

// merge runs match merge, which takes only --json: the shards' files hold
// the match.
func (o *matchOptions) merge(env *Env, fs *flag.FlagSet, files []string) error {
	bad := ""
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "json" && bad == "" {
			bad = f.Name
		}
	})
	if bad != "" {
		return usageErrorf("--%s: match merge takes only --json (the shards' files hold the match)", bad)
	}
	res, err := mergeShards(files)
	if err != nil {
		return err
	}
	return printMatch(env, res, o.asJSON)
}

// check reads and checks every flag, then the flags together, before any
// work, and returns the match they describe (without its listener and
// callbacks).
func (o *matchOptions) check() (*referee.Match, error) {
	m := &referee.Match{TimeLimit: o.limit, Stderr: o.stderr}
	m.Arena = arena.Config{Games: o.games, Seed: o.seed, Rotate: o.rotate, Records: o.records, Workers: o.workers, RecordsFormat: o.format}
	if o.players == 3 {
		m.Arena.Players = 3
	}
	m.Arena.Bots.MCSims, m.Arena.Bots.MCSimulateDiscards = o.sims, o.simDiscards
	var err error
	m.Arena.Length, err = lengthFlag(o.length)
	err = firstErr(err,
		atLeast("games", o.games, 1),
		intIn("players", o.players, 3, 4),
		recordsFlag(o.records),
		shardFlag(o.shard, &m.Arena.Shard, &m.Arena.Shards),
		intIn("sims", o.sims, 1, arena.MaxMCSims),
		workersFlag(o.workers),
		atMostWorkers(o.workers),
		matchSeats(o.seats, o.players, &m.Arena.Seats),
		onIllegalFlag(o.onIllegal, &m.OnIllegal),
	)
	if err != nil {
		return nil, err
	}
	if o.limit <= 0 || o.limit > time.Hour {
		return nil, usageErrorf("--time-limit %v: must be above 0 and at most 1h", o.limit)
	}
	if o.format != "tenhou6" && o.format != "mjai" {
		return nil, usageErrorf("--records-format %q: tenhou6 or mjai", quoteShort(o.format))
	}
	if slices.Contains(m.Arena.Seats[:], "tcp") != (o.listen != "") {
		return nil, usageErrorf("--listen and tcp seats go together")
	}
	if o.wait <= 0 {
		return nil, usageErrorf("--wait %v: must be above 0", o.wait)
	}
	m.Wait = o.wait
	if o.rotate && o.games%o.players != 0 {
		return nil, usageErrorf("--games %d: with --rotate, must be a multiple of %d (every wall is played in %s seatings)", o.games, o.players, numberWord(o.players))
	}
	return m, nil
}

// run opens the listener for the tcp seats, plays the match and prints it.
func (o *matchOptions) run(env *Env, m *referee.Match) error {
	if o.listen != "" {
		ln, err := net.Listen("tcp", o.listen)
		if err != nil {
			return err
		}
		defer ln.Close()
		fmt.Fprintf(env.Stderr, "match: serving mjai on %v for the tcp seats\n", ln.Addr())
		m.Listener = ln
	}
	if m.OnIllegal == referee.Replace {
		// Under stop, the first rejected reply is the command's error.
		m.Report = func(e *referee.ReplyError) {
			what := "replaced"
			if errors.Is(e, referee.ErrLate) || errors.Is(e, referee.ErrGone) {
				what = "dropped (the referee plays the seat to the end of the game)"
			}
			fmt.Fprintf(env.Stderr, "\nmatch: %s: %v\n", what, e)
		}
	}
	m.Warn = func(err error) { fmt.Fprintf(env.Stderr, "\nmatch: warning: %v\n", err) }
	m.Arena.Progress = progress.Callback(env.Stderr, "match")
	ctx, stop := signalContext(context.Background())
	defer stop()
	res, err := m.Run(ctx)
	// A match stopped by an error reports the games finished before it, as
	// one stopped by a signal does; with none finished, the error says all.
	if res == nil || (res.Played == 0 && err != nil && !errors.Is(err, context.Canceled)) {
		return err
	}
	if rerr := printMatch(env, res, o.asJSON); rerr != nil {
		return rerr
	}
	return partialError(err, res)
}

// matchSeats checks the --seat flags: four, or three with --players 3
// (another number is --players' error).
func matchSeats(seats seatList, players int, out *[game.NumSeats]string) error {
	if players != 3 {
		players = game.NumSeats
	}
	if len(seats) != players {
		return usageErrorf("--seat: %s seats are needed, got %d", numberWord(players), len(seats))
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
	var parts, played []string
	replaced := false
	np := res.Players
	if np == 0 {
		np = game.NumSeats // a 4-player result leaves it out
	}
	for e, c := range res.Entries[:np] {
		parts = append(parts, fmt.Sprintf("%s %d", res.Seats[e], c.Illegal))
		p := fmt.Sprintf("%s %d", res.Seats[e], c.Replaced)
		if c.Dropped > 0 {
			p += fmt.Sprintf(" (dropped in %d of %d %s)", c.Dropped, c.Games, pluralNoun(c.Games, "game", "games"))
		}
		played = append(played, p)
		replaced = replaced || c.Replaced > 0
	}
	if _, err := fmt.Fprintf(env.Stdout, "\nrejected replies: %s\n", strings.Join(parts, ", ")); err != nil || !replaced {
		return err
	}
	// A rejected move, and every decision of a dropped program's seat to
	// the end of its game, was the referee's tsumogiri or pass.
	_, err := fmt.Fprintf(env.Stdout, "decisions played by the referee (tsumogiri or pass): %s\n"+
		"(the results above count them: those entries' results are not their programs' alone)\n", strings.Join(played, ", "))
	return err
}
