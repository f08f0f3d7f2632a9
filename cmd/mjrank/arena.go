package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/mattn/go-isatty"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/internal/progress"
	"github.com/mjrank/mjrank/internal/shard"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
)

var cmdArena = &Command{
	Name:      "arena",
	UsageLine: "[--players 3|4] [--seats A,B,C,D] [--games N] [--seed S] [--rotate] [--length hanchan|tonpuusen] [--sims N] [--simulate-discards] [--mc-ablation PARTS] [--records DIR] [--reference DIR] [--shard i/n] [--workers N] [--json] [--cluster tcp://HOST:PORT [--shards N] [--cluster-dir DIR]] | merge [--json] FILE... | compare [--bot NAME[,NAME]] [--json] DIR_A DIR_B",
	Short:     "play bots (the mc engine and the baselines) against each other and report their statistics",
	Long: `
Arena plays N games between four bots (` + strings.Join(bot.Names(), ", ") + `)
with walls from a seed and reports, per entry of --seats: games, average rank
with its 95 % confidence interval, the rank distribution, average final
points (uma included) with its interval, win, deal-in, riichi and call rates
(per round), the average value of a win and of a deal-in, and Tenhou's
stable dan ((5·n1 + 2·n2)/n4 − 2).

The mc bot is the Monte Carlo engine (see mjrank analyze) with --sims
simulations for each decision that offers more than a discard (a riichi,
a call, a kan, a win, kyuushu); where the only choice is which tile to
discard it plays its prior's (the policy bot's) discard unsimulated, as
the simulations' gain over the prior is in the other decisions
(docs/STRENGTH.md); --simulate-discards simulates those too. It is
deterministic under that budget.
--mc-ablation plays it without a part, to measure what the part is worth.
policy and mc may take another set of models: policy@DIR and mc@DIR play
on the models in folder DIR (as mjrank train writes them with --out,
--rank-out and --policy-out all DIR), so two model sets meet on the same
walls (--seats mc,mc@old,mc@old,mc@old).

--rotate plays every wall four times with the seating rotated, so that every
entry meets the same tiles in every seat (duplicate play); --games must then
be a multiple of 4, and the confidence intervals are computed over the
duplicate sets. Games run in parallel; the result is the same for any number
of workers.

--players 3 plays Tenhou's 3-player game (sanma: 108 tiles, no chi, the
Norths set aside as dora, 35,000 points to start) between the three bots of
--seats (default three efficiency bots): ranks 1 to 3, every wall three
times with --rotate (--games a multiple of 3). Every bot plays it, those on
learned models (policy, rollout, mc) on their 3-player models.

--reference DIR prints, after the table, the Houou players' rates over the
game records under DIR (every seat of every usable game, as mjrank verify
replays them), the line the bots' rates are read against. They are read
first: a DIR without a usable game is an error before any game is played.

--records DIR writes every game as tenhou.net/6 JSON (one file per game,
named SEED-UNIT-ROTATION.json). --shard i/n plays the i-th of n slices of
the walls; "mjrank arena merge FILE..." joins the --json results of all
shards into the report of the whole arena, exactly as one run would give.

--cluster tcp://HOST:PORT plays the shards on the Dask cluster of that
scheduler (docs/CLUSTER.md): --shards N of them (default: 4 per thread of
its workers), each the same mjrank binary on a worker, merged into
exactly what the arena prints without --cluster. Finished shards are kept
in --cluster-dir until the arena is done, so after a lost scheduler, a
failed shard or Ctrl-C the same command plays only the others.

"mjrank arena compare DIR_A DIR_B" compares one bot (--bot, default mc;
NAME_A,NAME_B when it has another name in B) in the --records of two
arenas played on the same walls (the same seed, both rotated or neither,
the same number of players), as an engine against a variant of it: each
arena's average rank over the games both hold, and B − A with its 95 %
interval over the walls, paired — the interval of the difference, which
the two arenas' own intervals do not give. The games that ended alike
(the same final scores) add nothing to its spread; but two games that
part are as good as independent from there on, so unless most games end
alike the paired interval is about as wide as either arena's. So it also
gives the parting figure: B − A of the bot's expected final rank just
after the round where the two games part (the rank model's, from the next
round's start; the exact rank when the game ended there; 0 for games
alike) — what the first difference was worth, without the noise of the
rounds after it. For an engine and a variant that play alike most of the
time its interval is less than half as wide (±0.026 against ±0.068 over
400 hanchans, 247 of them alike: docs/STRENGTH.md); it counts only each
game's first parting, so for bots that differ from the first turn it
measures their first round alone. The parting figure is split by the kind
of the B bot's first move that differs in that round (discard; riichi
when B declared it and A did not, dama the other way; call when B called
and A did not, pass the other way; kan, win, kyuushu, kita; or other when
it made none), the parts adding up to the whole. With three players the
rank model is the one of three places. A bot may sit in every seat of one
arena (its prior at a table of itself, --seats policy,policy,policy): in
each game it is compared in the seat of the other arena's bot, the same
entry of --seats.

The arena's memory does not grow with --games. Ctrl-C (SIGINT) or SIGTERM
stops it: the games under way are dropped and it prints the report of the
games finished before the first unfinished one, marked PARTIAL (in JSON,
"partial": true, which merge refuses) — exactly the report of a shorter
arena of the same seed — and exits with status 130 (SIGINT) or 143
(SIGTERM), as a shell reports a process the signal killed. A second signal
kills it at once. Bad flags exit with status 2, a failed run with 1.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o arenaOptions
		fs.StringVar(&o.seats, "seats", "efficiency,efficiency,efficiency,efficiency", "the four bots (three with --players 3), comma-separated")
		fs.IntVar(&o.players, "players", 4, "4, or 3 for Tenhou's 3-player game (sanma)")
		fs.IntVar(&o.games, "games", 100, "games to play (all shards together)")
		fs.Uint64Var(&o.seed, "seed", 1, "seed of the walls and the bots")
		fs.BoolVar(&o.rotate, "rotate", false, "play every wall four times with the seats rotated")
		fs.StringVar(&o.length, "length", "hanchan", "hanchan or tonpuusen")
		fs.StringVar(&o.records, "records", "", "write every game as tenhou.net/6 JSON into this folder")
		fs.StringVar(&o.shard, "shard", "", "play shard i of n (i/n, 1-based)")
		fs.IntVar(&o.workers, "workers", 0, fmt.Sprintf("games played at once, up to %d (default: one per CPU)", arena.MaxWorkers))
		fs.BoolVar(&o.asJSON, "json", false, "print the result as JSON (the input of arena merge)")
		fs.IntVar(&o.sims, "sims", bot.DefaultMCSims, fmt.Sprintf("the mc bot's simulations per decision that offers more than a discard, up to %d", arena.MaxMCSims))
		fs.BoolVar(&o.simDiscards, "simulate-discards", false, "the mc bot simulates the choice of the tile too (default: the tile is its prior's, and the simulations choose between kinds of move: riichi or not, call or pass, kan, win, kyuushu)")
		fs.StringVar(&o.bot, "bot", "mc", "arena compare: the bot compared, NAME in both folders or NAME_A,NAME_B")
		fs.StringVar(&o.reference, "reference", "", "after the table, the Houou players' rates from the game records under this folder (text report only)")
		fs.StringVar(&o.ablate, "mc-ablation", "", "play the mc bot without a part of it (comma-separated): "+arena.AblationHelp())
		var cl clusterFlags
		cl.register(fs)
		return func(env *Env, args []string) error {
			set := explicitSet(fs)
			if len(args) > 0 && args[0] == "merge" {
				return o.merge(env, set, args[1:])
			}
			if len(args) > 0 && args[0] == "compare" {
				return o.compare(env, set, args[1:])
			}
			if set["bot"] {
				return usageErrorf("--bot: only arena compare takes it")
			}
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", quoteShort(args[0]))
			}
			cfg, err := o.check(set)
			if err != nil {
				return err
			}
			if err := cl.check(set, "records", "shard"); err != nil {
				return err
			}
			cfg.Progress = progress.Callback(env.Stderr, "arena")
			ctx, stop := signalContext(context.Background())
			defer stop()
			// The reference first: a folder without a usable game fails
			// before the games are played.
			var ref *reference
			if o.reference != "" {
				if ref, err = readReference(ctx, o.reference, o.workers); err != nil {
					return err
				}
			}
			if cl.addr != "" {
				return o.onCluster(ctx, env, fs, cl, cfg, ref)
			}
			if err := runArena(ctx, env, *cfg, o.asJSON); err != nil || ref == nil {
				return err
			}
			return ref.print(env)
		}
	},
}

// arenaOptions are the arena command's flags.
type arenaOptions struct {
	seats, length, records, shard, ablate string
	reference, bot                        string
	games, workers, sims, players         int
	seed                                  uint64
	rotate, asJSON, simDiscards           bool
}

// arenaRunFlags are the flags of a run, which arena merge and arena
// compare refuse: the shards' files and the records hold the arenas.
var arenaRunFlags = []string{"games", "length", "mc-ablation", "players", "records", "reference", "rotate", "seats", "seed", "shard", "simulate-discards", "sims", "workers"}

// merge runs arena merge, which takes only --json (set holds the flags
// given): the shards' files hold the arena.
func (o *arenaOptions) merge(env *Env, set map[string]bool, files []string) error {
	for _, f := range append([]string{"bot"}, arenaRunFlags...) {
		if set[f] {
			return usageErrorf("--%s: arena merge takes only --json (the shards' files hold the arena)", f)
		}
	}
	return arenaMerge(env, files, o.asJSON)
}

// check reads and checks every flag, then the flags together (set holds
// the flags given), before any work, and returns the arena they describe.
func (o *arenaOptions) check(set map[string]bool) (*arena.Config, error) {
	cfg := &arena.Config{Games: o.games, Seed: o.seed, Rotate: o.rotate, Records: o.records, Workers: o.workers}
	cfg.Bots.MCSims, cfg.Bots.MCSimulateDiscards = o.sims, o.simDiscards
	if o.players == 3 {
		cfg.Players = 3
		if !set["seats"] {
			o.seats = "efficiency,efficiency,efficiency"
		}
	}
	var err error
	cfg.Length, err = lengthFlag(o.length)
	err = firstErr(
		atLeast("games", o.games, 1),
		err,
		intIn("players", o.players, 3, 4),
		ablationFlag(o.ablate, &cfg.Bots.MCLab),
		recordsFlag(o.records),
		inputPath("reference", o.reference, true),
		seatsFlag(o.seats, o.players, &cfg.Seats),
		shardFlag(o.shard, &cfg.Shard, &cfg.Shards),
		intIn("sims", o.sims, 1, arena.MaxMCSims),
		workersFlag(o.workers),
		atMostWorkers(o.workers),
	)
	if err != nil {
		return nil, err
	}
	// The flags together.
	if o.rotate && o.games%o.players != 0 {
		return nil, usageErrorf("--games %d: with --rotate, must be a multiple of %d (every wall is played in %s seatings)", o.games, o.players, numberWord(o.players))
	}
	units, unit := o.games, "games"
	if o.rotate {
		units, unit = o.games/o.players, "walls (--rotate)"
	}
	if cfg.Shards > units {
		return nil, usageErrorf("--shard %s: %d shards for %d %s: each shard needs at least one", o.shard, cfg.Shards, units, unit)
	}
	if o.reference != "" && o.asJSON {
		return nil, usageErrorf("--reference: the Houou players' line is in the text report only (drop --json)")
	}
	// The rollout bot plays the rollout --mc-ablation selects (no-seat-calls, always-riichi).
	plays := func(names ...string) bool {
		return slices.ContainsFunc(cfg.Seats[:], func(s string) bool { return slices.Contains(names, bot.Base(s)) })
	}
	if set["sims"] && !plays("mc") {
		return nil, usageErrorf("--sims: no seat plays the mc bot (--seats %s)", strings.Join(cfg.Seats[:], ","))
	}
	if set["simulate-discards"] && !plays("mc") {
		return nil, usageErrorf("--simulate-discards: no seat plays the mc bot (--seats %s)", strings.Join(cfg.Seats[:], ","))
	}
	if set["mc-ablation"] && !plays("mc", "rollout") {
		return nil, usageErrorf("--mc-ablation: no seat plays the mc or rollout bot (--seats %s)", strings.Join(cfg.Seats[:], ","))
	}
	if err := cfg.Check(); err != nil {
		return nil, usageErrorf("%s", strings.TrimPrefix(err.Error(), arena.ErrConfig.Error()+": "))
	}
	return cfg, nil
}

// onCluster plays cfg's shards on the cluster of cl (the flags of fs
// given, each shard's --shard i/n --json) and prints their merge as
// runArena prints one process's arena, then ref's line.
func (o *arenaOptions) onCluster(ctx context.Context, env *Env, fs *flag.FlagSet, cl clusterFlags, cfg *arena.Config, ref *reference) error {
	units := cfg.Games
	if cfg.Rotate {
		units /= o.players
	}
	job := clusterJob{name: "arena", fs: fs, skip: []string{"json", "reference"}, units: units,
		shard: jsonShard}
	return runOnCluster(ctx, env, cl, job, func(outs [][]byte) error {
		parts, names := make([]*arena.Result, len(outs)), make([]string, len(outs))
		for i, b := range outs {
			names[i] = fmt.Sprintf("shard %d/%d", i+1, len(outs))
			if err := json.Unmarshal(b, &parts[i]); err != nil {
				return fmt.Errorf("%s: not an arena --json result: %w", names[i], err)
			}
		}
		res, err := arena.MergeNamed(parts, names)
		if err != nil {
			return fmt.Errorf("merge: %s", strings.TrimPrefix(err.Error(), arena.ErrConfig.Error()+": "))
		}
		if o.asJSON {
			return writeJSON(env.Stdout, res)
		}
		if err := printArena(env.Stdout, res); err != nil || ref == nil {
			return err
		}
		return ref.print(env)
	})
}

// reference is the Houou players' line of --reference: their rates over
// the game records under dir.
type reference struct {
	dir string
	s   arena.Summary
	c   arena.Counters
}

// readReference reads the records under dir; a folder without a usable
// game is an error, not a line of zeros.
func readReference(ctx context.Context, dir string, workers int) (*reference, error) {
	s, c, err := arena.Reference(ctx, []string{dir}, false, workers)
	if err != nil {
		return nil, err
	}
	if c.Games == 0 {
		return nil, fmt.Errorf("--reference %s: no usable game (a 4-player game of an ordinary lobby, with its final result) in the records there", dir)
	}
	return &reference{dir: dir, s: s, c: c}, nil
}

// print prints the line the bots' rates are read against.
func (r *reference) print(env *Env) error {
	s := r.s
	_, err := fmt.Fprintf(env.Stdout, "\nhouou players, %s of the records under %s: win %.1f%%, deal-in %.1f%%, riichi %.1f%%, call %.1f%% of rounds; avg win %.0f, avg deal-in %.0f\n",
		plural(r.c.Games/game.NumSeats, "game"), r.dir, s.WinPct, s.DealInPct, s.RiichiPct, s.CallPct, s.AvgWin, s.AvgDealIn)
	return err
}

// runArena plays cfg and prints its report. When ctx ends first (a
// signal), it prints the partial report of the games finished and returns
// an error whose exit status is 128 + the signal's number (130 for
// SIGINT, 143 for SIGTERM), or 1 for any other end of ctx.
func runArena(ctx context.Context, env *Env, cfg arena.Config, asJSON bool) error {
	res, err := arena.Run(ctx, cfg)
	if res == nil {
		return err
	}
	if err != nil {
		// Off the progress bar's line.
		if f, ok := env.Stderr.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
			fmt.Fprintln(f)
		}
	}
	if asJSON {
		if werr := writeJSON(env.Stdout, res); werr != nil {
			return werr
		}
	} else if werr := printArena(env.Stdout, res); werr != nil {
		return werr
	}
	return partialError(err, res)
}

// partialError is the command's error for an arena or a match that ended
// early with the partial result res: nil for none, else err saying what
// the report covers, with the signal's exit status for an interruption.
func partialError(err error, res *arena.Result) error {
	if err == nil {
		return nil
	}
	msg := fmt.Errorf("%w: the report, marked PARTIAL, covers only the first %d of %d %s", err, res.Played, res.Planned(), pluralNoun(res.Planned(), "game", "games"))
	var ie interrupted
	if errors.As(err, &ie) {
		return exitError{ie.ExitCode(), msg}
	}
	return msg
}

// interrupted is the cause of an arena's end by a signal.
type interrupted struct{ sig os.Signal }

func (e interrupted) Error() string { return "interrupted by " + signalName(e.sig) }

// signalName is a stop signal's usual name.
func signalName(s os.Signal) string {
	switch s {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	}
	return s.String()
}

// Is makes an interruption a cancellation.
func (e interrupted) Is(target error) bool { return target == context.Canceled }

// ExitCode is the shell's status for a process killed by the signal.
func (e interrupted) ExitCode() int {
	if s, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}

// arenaSignals are the signals that stop an arena with its partial report.
var arenaSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// signalContext returns a context cancelled, with an interrupted cause,
// by the first of arenaSignals; a second signal has its default effect
// (it kills the process), so that a stuck arena can still be stopped.
func signalContext(parent context.Context) (context.Context, func()) {
	return signalsContext(parent, arenaSignals, nil)
}

// signalsContext is signalContext for the signals sigs, calling first
// (when not nil) with the first signal before the context is cancelled.
func signalsContext(parent context.Context, sigs []os.Signal, first func(os.Signal)) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			if first != nil {
				first(s)
			}
			cancel(interrupted{s})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(nil)
	}
}

// lengthFlag parses --length.
func lengthFlag(v string) (game.Length, error) {
	switch v {
	case "hanchan":
		return game.Hanchan, nil
	case "tonpuusen":
		return game.Tonpuusen, nil
	}
	return 0, usageErrorf("--length %q: must be hanchan or tonpuusen", quoteShort(v))
}

// seatsFlag parses --seats, the bots of players seats (3 or 4; another
// number is --players' error), into seats.
func seatsFlag(v string, players int, seats *[game.NumSeats]string) error {
	if players != 3 {
		players = game.NumSeats
	}
	names := strings.Split(v, ",")
	if len(names) != players {
		return usageErrorf("--seats %q: needs %s bots, comma-separated, got %d", quoteShort(v), numberWord(players), len(names))
	}
	for i, n := range names {
		n = strings.TrimSpace(n)
		if !bot.Valid(n) {
			return usageErrorf("--seats: unknown bot %q in seat %d (known: %s; policy@DIR and mc@DIR play on the models in folder DIR)", quoteShort(n), i+1, strings.Join(bot.Names(), ", "))
		}
		if err := bot.Plays(n, players); err != nil {
			return usageErrorf("--seats: seat %d, --players %d: %s", i+1, players, strings.TrimPrefix(err.Error(), "bot: "))
		}
		seats[i] = n
	}
	return nil
}

// numberWord spells the numbers of seats.
func numberWord(n int) string {
	if n == 3 {
		return "three"
	}
	return "four"
}

// shardFlag parses --shard i/n ("" leaves shard and shards at 0); every
// command's --shard reads it.
func shardFlag(v string, shardI, shards *int) error {
	if v == "" {
		return nil
	}
	si, sn, err := shard.Parse(v)
	if err != nil {
		return usageErrorf("--shard %q: %v", quoteShort(v), err)
	}
	*shardI, *shards = si, sn
	return nil
}

// ablationFlag parses --mc-ablation into o.
func ablationFlag(v string, o *mc.Lab) error {
	var set []*arena.Ablation
	for _, part := range strings.Split(v, ",") {
		name := strings.TrimSpace(part)
		if name == "" {
			continue
		}
		i := slices.IndexFunc(arena.Ablations, func(a arena.Ablation) bool { return a.Name == name })
		if i < 0 {
			return usageErrorf("--mc-ablation: unknown part %q (known: %s)", quoteShort(name), arena.AblationNames())
		}
		a := &arena.Ablations[i]
		for _, b := range set {
			if b != a && arena.Alternatives(b, a) {
				return usageErrorf("--mc-ablation: %s and %s are alternatives; give one", b.Name, a.Name)
			}
		}
		set = append(set, a)
		a.Set(o)
	}
	return nil
}

// recordsFlag checks --records: a folder, or a path where one can be made.
func recordsFlag(v string) error {
	if v == "" {
		return nil
	}
	if fi, err := os.Stat(v); err == nil && !fi.IsDir() {
		return usageErrorf("--records %q: not a folder", quoteShort(v))
	}
	return nil
}

// atMostWorkers bounds --workers (arena.MaxWorkers).
func atMostWorkers(v int) error {
	if v > arena.MaxWorkers {
		return usageErrorf("--workers %d: must be at most %d", v, arena.MaxWorkers)
	}
	return nil
}

// quoteShort cuts a value quoted in a message to 60 bytes.
func quoteShort(s string) string {
	const max = 60
	if len(s) <= max {
		return s
	}
	return strings.ToValidUTF8(s[:max], "") + "…"
}

// pluralNoun returns one when n is 1, else many (the noun alone; plural adds the count).
func pluralNoun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// maxShardFile bounds the size of a shard's JSON file (a few KB).
const maxShardFile = 1 << 20

func arenaMerge(env *Env, files []string, asJSON bool) error {
	res, err := mergeShards(files)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(env.Stdout, res)
	}
	return printArena(env.Stdout, res)
}

// mergeShards reads the shards' JSON results and merges them.
func mergeShards(files []string) (*arena.Result, error) {
	if len(files) == 0 {
		return nil, usageErrorf("merge needs the shards' JSON files")
	}
	var parts []*arena.Result
	for _, name := range files {
		r, err := readShard(name)
		if err != nil {
			return nil, err
		}
		parts = append(parts, r)
	}
	res, err := arena.MergeNamed(parts, files)
	if err != nil {
		return nil, fmt.Errorf("merge: %s", strings.TrimPrefix(err.Error(), arena.ErrConfig.Error()+": "))
	}
	return res, nil
}

// readShard reads one shard's JSON result, at most maxShardFile bytes.
func readShard(name string) (*arena.Result, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxShardFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(b) > maxShardFile {
		return nil, fmt.Errorf("%s: over %d KiB: not an arena --json result", name, maxShardFile>>10)
	}
	var r arena.Result
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: not an arena --json result: %w", name, err)
	}
	return &r, nil
}

func printArena(w io.Writer, r *arena.Result) error {
	np := game.NumSeats
	if r.Players == 3 {
		np = 3
	}
	fmt.Fprintf(w, "arena  %s\n", strings.Join(r.Seats[:np], ","))
	kind := r.Length
	if np == 3 {
		kind += " 3-player"
	}
	shape := fmt.Sprintf("%d %s %s, seed %d", r.Played, kind, pluralNoun(r.Played, "game", "games"), r.Seed)
	if r.Partial {
		shape = fmt.Sprintf("PARTIAL (interrupted): %d of %d %s %s, seed %d", r.Played, r.Planned(), kind, pluralNoun(r.Planned(), "game", "games"), r.Seed)
	}
	if r.Rotate {
		shape += fmt.Sprintf(", rotated (%d %s × %d seatings)", r.Units, pluralNoun(r.Units, "wall", "walls"), np)
	}
	if r.Shard > 0 {
		shape += fmt.Sprintf(", shard %d/%d of %d %s", r.Shard, r.Shards, r.Games, pluralNoun(r.Games, "game", "games"))
	}
	if r.MCSims > 0 {
		shape += fmt.Sprintf(", mc %d sims/decision", r.MCSims)
		if r.MCSimulateDiscards {
			shape += " (discards too)"
		}
		if r.MCVariant != "" {
			shape += " (ablation: " + r.MCVariant + ")"
		}
	}
	fmt.Fprintf(w, "games  %s\nhash   %s\n\n", shape, r.Hash)
	if r.Played == 0 {
		_, err := fmt.Fprintln(w, "no game finished")
		return err
	}
	// The intervals are over units (games, or walls with --rotate): one
	// unit gives no estimate of the spread.
	pm := func(format string, half float64) string {
		if r.Units < 2 {
			return "± n/a"
		}
		return fmt.Sprintf("± "+format, half)
	}
	// With three players: no 4th place, and no stable dan (a 4-player
	// formula).
	head := []string{"bot", "games", "avg rank (95% CI)", "1st", "2nd", "3rd", "4th", "avg points (95% CI)", "win%", "deal-in%", "riichi%", "call%", "avg win", "avg deal-in", "stable dan"}
	if np == 3 {
		head = slices.Delete(slices.Delete(head, 14, 15), 6, 7)
	}
	t := newTable(w, head...)
	for _, s := range r.Summary {
		dan := "-"
		if s.StableDan != nil {
			dan = fmt.Sprintf("%.2f", *s.StableDan)
		}
		row := []string{
			s.Bot, strconv.Itoa(s.Games),
			fmt.Sprintf("%.3f %s", s.AvgRank.Mean, pm("%.3f", (s.AvgRank.High-s.AvgRank.Low)/2)),
			fmt.Sprintf("%.1f%%", s.RankPct[0]), fmt.Sprintf("%.1f%%", s.RankPct[1]), fmt.Sprintf("%.1f%%", s.RankPct[2]), fmt.Sprintf("%.1f%%", s.RankPct[3]),
			fmt.Sprintf("%+.1f %s", s.AvgPoints.Mean, pm("%.1f", (s.AvgPoints.High-s.AvgPoints.Low)/2)),
			fmt.Sprintf("%.1f", s.WinPct), fmt.Sprintf("%.1f", s.DealInPct), fmt.Sprintf("%.1f", s.RiichiPct), fmt.Sprintf("%.1f", s.CallPct),
			fmt.Sprintf("%.0f", s.AvgWin), fmt.Sprintf("%.0f", s.AvgDealIn), dan,
		}
		if np == 3 {
			row = slices.Delete(slices.Delete(row, 14, 15), 6, 7)
		}
		if err := t.Append(row); err != nil {
			return err
		}
	}
	return t.Render()
}
