package arena

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
)

// Config is one arena run.
type Config struct {
	// Players is the number of seats: 4 (or 0) plays Tenhou's 4-player
	// rules (game.Tenhou), 3 its 3-player ones (game.TenhouSanma).
	Players int
	// Seats names the bot of each entry; entry i sits in seat i unless
	// Rotate moves it. With three players Seats[3] stays empty.
	Seats [game.NumSeats]string
	// Games is the number of games of the whole arena (all shards). With
	// Rotate it must be a multiple of the players: Games/Players walls,
	// each played once in every seating.
	Games int
	// Seed fixes every wall and every bot's seed.
	Seed uint64
	// Rotate plays every wall once per seat, entry i in seat (i+r) mod
	// Players in rotation r, so that every entry meets the same tiles in
	// every seat (duplicate play).
	Rotate bool
	// Length is hanchan or tonpuusen.
	Length game.Length
	// Shard and Shards: this run plays shard Shard (1-based) of Shards,
	// a contiguous range of units (walls). Zero values play everything.
	Shard, Shards int
	// Workers is the number of games played at once; 0 means one per CPU.
	// Results do not depend on it.
	Workers int
	// Bots holds the options of the bots that take some (the mc bot's
	// simulation budget and ablation switches); their Rules are the game's.
	Bots bot.Options
	// Records, when not empty, is a folder where every game is written as
	// tenhou.net/6 JSON (one file per game).
	Records string
	// Progress, when not nil, is called after every game with the games
	// done and the games of this run; calls are serialised.
	Progress func(done, total int)
	// NewTable, when not nil, seats every game's players in place of
	// bot.NewWith (mjrank match: seats behind the mjai protocol). Seats
	// then names what NewTable knows, which checks the names itself.
	NewTable func(s *TableSpec) (Table, error)
	// RecordsFormat is the records' format: "tenhou6" (the default) or
	// "mjai".
	RecordsFormat string
	// hooks, when not nil, are the built-in bots' table's hooks (tests
	// check every game's invariants in them); they run on the workers'
	// goroutines at once.
	hooks *game.Hooks
}

// TableSpec is what a Table is told of the game it seats.
type TableSpec struct {
	Rules game.Rules
	Names [game.NumSeats]string // by seat: the entry's name
	Seeds [game.NumSeats]uint64 // by seat: the seed the arena gives the entry's bot
	ID    string                // the game's name (unit and rotation)
}

// A Table seats one game's players and watches the game through hooks
// that the play loop calls before the arena's own.
type Table interface {
	Players() *[game.NumSeats]game.Player
	Hooks() *game.Hooks
	// Close ends the game: g is the finished game, or nil when err stopped
	// it. It returns the game's error (err, or what closing found).
	Close(g *game.Game, err error) error
	// Illegal returns the replies of each seat that were judged illegal or
	// late and replaced.
	Illegal() [game.NumSeats]int
	// Replaced returns, for each seat, the decisions the table played in
	// the seat's place and whether it dropped the seat's player for the
	// rest of the game.
	Replaced() (moves [game.NumSeats]int, dropped [game.NumSeats]bool)
}

// ErrConfig wraps every error about a Config.
var ErrConfig = errors.New("arena: bad configuration")

// perUnit is the number of games in one unit: a duplicate set of one
// game per seating with Rotate, else one game.
func (c *Config) perUnit() int {
	if c.Rotate {
		return c.players()
	}
	return 1
}

// players returns the number of seats, Players with 0 read as 4.
func (c *Config) players() int {
	if c.Players == 0 {
		return game.NumSeats
	}
	return c.Players
}

// rules returns the rules of every game of the arena.
func (c *Config) rules() game.Rules {
	if c.players() == 3 {
		return game.TenhouSanma(c.Length)
	}
	return game.Tenhou(c.Length)
}

// units returns the number of units of the whole arena.
func (c *Config) units() int { return c.Games / c.perUnit() }

// shardRange returns the units [from, to) this run plays.
func (c *Config) shardRange() (from, to int) {
	u := c.units()
	if c.Shards <= 1 {
		return 0, u
	}
	i := c.Shard - 1
	return mulDiv(i, u, c.Shards), mulDiv(i+1, u, c.Shards)
}

// mulDiv returns a·b/d without overflow, for 0 <= a <= d and b >= 0.
func mulDiv(a, b, d int) int {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	q, _ := bits.Div64(hi, lo, uint64(d))
	return int(q)
}

// Check validates c.
func (c *Config) Check() error {
	if err := c.checkSeats(); err != nil {
		return err
	}
	if c.NewTable != nil && c.Bots.MCLab.Oracle != mc.OracleNone {
		return fmt.Errorf("%w: an oracle mc bot (%s) needs the arena's own table of built-in bots", ErrConfig, MCVariant(&c.Bots.MCLab))
	}
	if c.Games <= 0 {
		return fmt.Errorf("%w: games must be positive", ErrConfig)
	}
	if c.Rotate && c.Games%c.players() != 0 {
		return fmt.Errorf("%w: with rotation, games must be a multiple of %d, the players (got %d)", ErrConfig, c.players(), c.Games)
	}
	if c.Length != game.Hanchan && c.Length != game.Tonpuusen {
		return fmt.Errorf("%w: length %v is neither hanchan nor tonpuusen", ErrConfig, c.Length)
	}
	if c.Shards < 0 || (c.Shards == 0 && c.Shard != 0) || (c.Shards > 0 && (c.Shard < 1 || c.Shard > c.Shards)) {
		return fmt.Errorf("%w: shard %d/%d", ErrConfig, c.Shard, c.Shards)
	}
	if c.Shards > c.units() {
		return fmt.Errorf("%w: %d shards for %d units (%s)", ErrConfig, c.Shards, c.units(), c.unitName())
	}
	if c.Workers < 0 || c.Workers > MaxWorkers {
		return fmt.Errorf("%w: workers %d: must be from 0 (one per CPU) to %d", ErrConfig, c.Workers, MaxWorkers)
	}
	if c.RecordsFormat != "" && c.RecordsFormat != "tenhou6" && c.RecordsFormat != "mjai" {
		return fmt.Errorf("%w: records format %q: tenhou6 or mjai", ErrConfig, c.RecordsFormat)
	}
	if c.Bots.MCSims < 0 || c.Bots.MCSims > MaxMCSims {
		return fmt.Errorf("%w: mc sims %d: must be from 0 (the default, %d) to %d", ErrConfig, c.Bots.MCSims, bot.DefaultMCSims, MaxMCSims)
	}
	return nil
}

// checkSeats checks the number of players and the bot of every seat.
func (c *Config) checkSeats() error {
	np := c.players()
	if np != 3 && np != 4 {
		return fmt.Errorf("%w: players %d: 3 or 4", ErrConfig, c.Players)
	}
	for i, s := range c.Seats {
		switch {
		case i >= np && s != "":
			return fmt.Errorf("%w: seat %d: a %d-player arena seats %d bots, not %q", ErrConfig, i+1, np, np, s)
		case i >= np:
		case c.NewTable != nil:
		case !bot.Valid(s):
			return fmt.Errorf("%w: seat %d: unknown bot %q", ErrConfig, i+1, s)
		default:
			if err := bot.Plays(s, np); err != nil {
				return fmt.Errorf("%w: seat %d: %v", ErrConfig, i+1, strings.TrimPrefix(err.Error(), "bot: "))
			}
		}
	}
	return nil
}

// unitName says what a unit is.
func (c *Config) unitName() string {
	if c.Rotate {
		return fmt.Sprintf("walls of %d games", c.players())
	}
	return "games"
}

// MaxWorkers bounds Config.Workers: every worker holds a game and its four
// bots, and more workers than cores only cost memory.
const MaxWorkers = 1024

// MaxMCSims bounds the mc bot's budget (Config.Bots.MCSims): the engine's
// memory grows with it, and 1,000 simulations already cost about 2 CPU
// seconds a hanchan.
const MaxMCSims = 1_000_000

// WallSeed returns the wall seed of unit u of an arena with seed seed:
// every game of the unit plays the walls game.NewWall(WallSeed, round,
// honba), that is game.Stream(WallSeed, round, honba). It is two
// SplitMix64 steps, kept as they were when the results in
// docs/STRENGTH.md were measured so that their commands still reproduce
// them.
func WallSeed(seed uint64, u int) uint64 {
	h := uint64(0x6d6a72616e6b) // "mjrank"
	for _, x := range [2]uint64{seed, uint64(u)} {
		h ^= x
		h += 0x9e3779b97f4a7c15
		z := h
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		h = z ^ z>>31
	}
	return h
}

// BotSeed returns the seed of entry e's bot in rotation rot of the unit
// whose wall seed is wallSeed: the first number of
// game.Stream(wallSeed, rot, e).
func BotSeed(wallSeed uint64, rot, e int) uint64 {
	s := game.Stream(wallSeed, uint64(rot), uint64(e))
	return s.Uint64()
}

// Seating returns the seat of each entry in rotation r (0..3) of a
// 4-player arena.
func Seating(r int) [game.NumSeats]int { return SeatingOf(game.NumSeats, r) }

// SeatingOf returns the seat of each entry in rotation r (0..players-1)
// of an arena of players seats: entry e in seat (e+r) mod players. With
// three players entry 3, which no bot plays, stays in the empty seat 3.
func SeatingOf(players, r int) [game.NumSeats]int {
	var s [game.NumSeats]int
	for e := range s {
		s[e] = e
		if e < players {
			s[e] = (e + r) % players
		}
	}
	return s
}

// gameOut is what one game adds to the result.
type gameOut struct {
	entries [game.NumSeats]Counters // by entry
	hash    uint64
	err     error
	done    bool // the slot holds a finished game
}

// reorderDepth bounds the games Run keeps between a game's end and its
// turn to be added: at most reorderDepth games a worker are played ahead
// of the oldest unfinished one.
const reorderDepth = 8

// Run plays the arena c and returns its result. It checks ctx between
// games and between rounds.
//
// Games run in parallel, but their results are added in game order
// through a reorder buffer of reorderDepth games a worker, so Run keeps
// no per-game state: its memory does not grow with c.Games.
//
// When ctx is cancelled before every game is played, Run stops and
// returns the result of the games finished before the first unfinished
// one, with Partial set, together with context.Cause(ctx). Only whole
// units count, so a partial result is exactly the result of a shorter
// arena of the same seed (the first Units units of this run's range).
// Any other error stops the arena and comes back with a nil result.
func Run(ctx context.Context, c Config) (*Result, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	if c.Records != "" {
		if err := os.MkdirAll(c.Records, 0o755); err != nil {
			return nil, fmt.Errorf("arena: records: %w", err)
		}
	}
	from, to := c.shardRange()
	per := c.perUnit()
	n := (to - from) * per
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	window := min(n, workers*reorderDepth)

	// stop ends the dispatch of games: on ctx's end, or on a game's error.
	run, stop := context.WithCancel(ctx)
	defer stop()
	// credits holds one token per free slot of the reorder buffer: a game
	// is dispatched with a token, which comes back once it is added.
	credits := make(chan struct{}, window)
	for range window {
		credits <- struct{}{}
	}
	results := playGames(run, &c, from, n, workers, credits)

	res := newResult(&c)
	res.FirstUnit = from
	add := adder{res: res, per: per, players: c.players(), n: n, buf: make([]gameOut, window)}
	var firstErr error
	errAt, done := n, 0
	for f := range results {
		if f.out.err != nil {
			// A game cut short by the context is no error of its own.
			cut := run.Err() != nil && errors.Is(f.out.err, run.Err())
			if !cut && f.i < errAt {
				firstErr, errAt = f.out.err, f.i
			}
			stop()
			continue
		}
		done++
		if c.Progress != nil {
			c.Progress(done, n)
		}
		for range add.put(f.i, f.out) {
			credits <- struct{}{}
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	res.Played = res.Units * per
	res.Partial = add.next < n
	res.finish()
	if res.Partial {
		return res, context.Cause(ctx)
	}
	return res, nil
}

// finished is a game played (or failed) by a worker of playGames.
type finished struct {
	i   int // the game's index in the run's range
	out gameOut
}

// playGames plays the games 0..n-1 of the run's range (from is its first
// unit) on workers goroutines, a game dispatched for each token taken
// from credits, and sends each as it ends. The channel closes once every
// worker has stopped: after the last game, or soon after run ends (games
// then still dispatched come back with run's error).
func playGames(run context.Context, c *Config, from, n, workers int, credits <-chan struct{}) <-chan finished {
	per := c.perUnit()
	jobs := make(chan int)
	results := make(chan finished, workers)
	go func() {
		defer close(jobs)
		for i := range n {
			select {
			case <-credits:
			case <-run.Done():
				return
			}
			select {
			case jobs <- i:
			case <-run.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				var out gameOut
				if err := run.Err(); err != nil {
					out.err = err
				} else {
					out = playOne(run, c, from+i/per, i%per)
				}
				results <- finished{i, out}
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}

// adder adds finished games to a result in game order, a whole unit at a
// time, through a reorder buffer: game i waits in buf[i%len(buf)] until
// every game before it is added.
type adder struct {
	res      *Result
	per      int // games a unit
	players  int // entries that play
	n        int // games in the run's range
	buf      []gameOut
	next     int                     // games added
	unit     [game.NumSeats]Counters // the open unit
	unitHash uint64
}

// put takes game i and adds every game it lets through; it returns how
// many, the buffer slots freed.
func (a *adder) put(i int, out gameOut) (added int) {
	out.done = true
	a.buf[i%len(a.buf)] = out
	for a.next < a.n && a.buf[a.next%len(a.buf)].done {
		o := &a.buf[a.next%len(a.buf)]
		a.unitHash ^= o.hash
		for e := range a.unit {
			a.unit[e].add(&o.entries[e])
		}
		*o = gameOut{}
		a.next++
		added++
		if a.next%a.per == 0 {
			for e := range a.unit[:a.players] {
				a.unit[e].closeUnit()
				a.res.Entries[e].add(&a.unit[e])
			}
			a.res.hash ^= a.unitHash
			a.unit, a.unitHash = [game.NumSeats]Counters{}, 0
			a.res.Units++
		}
	}
	return added
}

// playOne plays rotation rot of unit u.
func playOne(ctx context.Context, c *Config, u, rot int) (out gameOut) {
	seed := WallSeed(c.Seed, u)
	np := c.players()
	seat := SeatingOf(np, rot)
	rules := c.rules()
	var names [game.NumSeats]string
	entryOf := [game.NumSeats]int{}
	st := TableSpec{Rules: rules, ID: fmt.Sprintf("mjrank-arena-%d-%d-%d", c.Seed, u, rot)}
	for e, name := range c.Seats {
		entryOf[seat[e]] = e
		if e < np {
			names[seat[e]] = name
			st.Seeds[seat[e]] = BotSeed(seed, rot, e)
		}
	}
	st.Names = names
	table, err := c.table(&st)
	if err != nil {
		out.err = err
		return out
	}
	var rec *recorder
	if c.Records != "" {
		rec = newRecorder(rules, st.ID, names)
	}
	g, err := play(ctx, rules, seed, table.Players(), table.Hooks(), rec, func(r *game.Round) {
		for s := range np {
			roundStats(r, s, &out.entries[entryOf[s]])
		}
	})
	if err != nil {
		g = nil
	}
	err = table.Close(g, err)
	moves, dropped := table.Replaced()
	for s, n := range table.Illegal() {
		e := &out.entries[entryOf[s]]
		e.Illegal += n
		e.Replaced += moves[s]
		if dropped[s] {
			e.Dropped++
		}
	}
	if err != nil {
		out.err = fmt.Errorf("arena: unit %d rotation %d: %w", u, rot, err)
		return out
	}
	scores, points, rank := g.Final()
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %d %v %v", u, rot, scores, points)
	out.hash = h.Sum64()
	for s := range np {
		e := &out.entries[entryOf[s]]
		e.Games++
		e.Ranks[rank[s]-1]++
		e.RankSum += int64(rank[s])
		e.PointsTenths += int64(math.Round(points[s] * 10))
		e.ScoreSum += int64(scores[s])
	}
	if rec != nil {
		if err := c.writeRecord(rec.finish(g), u, rot); err != nil {
			out.err = fmt.Errorf("arena: records: %w", err)
		}
	}
	return out
}

// table seats a game: c.NewTable's, or the built-in bots played directly.
func (c *Config) table(st *TableSpec) (Table, error) {
	if c.NewTable != nil {
		return c.NewTable(st)
	}
	t := &botTable{hooks: c.hooks}
	if c.Bots.MCLab.Oracle != mc.OracleNone {
		t.hooks = &game.Hooks{Decision: t.reveal}
	}
	for s, name := range st.Names[:st.Rules.Players()] {
		bo := c.Bots
		bo.Rules = &st.Rules
		p, err := bot.NewWith(name, st.Seeds[s], bo)
		if err != nil {
			return nil, err
		}
		t.players[s] = p
	}
	return t, nil
}

// botTable is the arena's own table: built-in bots, and for an oracle mc
// bot (Bots.MCLab.Oracle) the hook that reveals the round to it.
type botTable struct {
	players [game.NumSeats]game.Player
	hooks   *game.Hooks
}

// reveal shows the round to the seat about to decide, if it is an oracle.
func (t *botTable) reveal(r *game.Round, seat int, _ []game.Action) error {
	if o, ok := t.players[seat].(interface{ Reveal(*game.Round) }); ok {
		o.Reveal(r)
	}
	return nil
}

func (t *botTable) Players() *[game.NumSeats]game.Player { return &t.players }
func (t *botTable) Hooks() *game.Hooks                   { return t.hooks }
func (t *botTable) Close(_ *game.Game, err error) error  { return err }
func (t *botTable) Illegal() [game.NumSeats]int          { return [game.NumSeats]int{} }
func (t *botTable) Replaced() (moves [game.NumSeats]int, dropped [game.NumSeats]bool) {
	return moves, dropped
}

// writeRecord writes the game's record into c.Records.
func (c *Config) writeRecord(gr *data.Game, u, rot int) error {
	format := records.FormatTenhou6
	if c.RecordsFormat == "mjai" {
		format = records.FormatMjai
	}
	f, err := os.Create(filepath.Join(c.Records, fmt.Sprintf("%d-%06d-%d%s", c.Seed, u, rot, format.Exts()[0])))
	if err != nil {
		return err
	}
	err = records.NewWriter(f, format).Write(gr)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// roundStats adds seat's part of the ended round r to e.
func roundStats(r *game.Round, seat int, e *Counters) {
	e.Rounds++
	res := r.Result()
	for i := range res.Wins[:res.NumWins] {
		w := &res.Wins[i]
		if int(w.Seat) == seat {
			e.Wins++
			e.WinPoints += int64(w.Score.Points)
		}
		if !w.Tsumo && int(w.From) == seat {
			e.DealIns++
			e.DealInPoints += int64(w.Score.Points)
		}
	}
	if r.InRiichi(seat) {
		e.Riichi++
	}
	for _, m := range r.Melds(seat) {
		if m.Open() {
			e.Calls++
			break
		}
	}
}

// play plays one game from seed with game.PlayGameHooked, calling first
// the table's hooks (when not nil), recording it into rec when rec is not
// nil and calling ended (if not nil) with every round once it is over.
func play(ctx context.Context, rules game.Rules, seed uint64, players *[game.NumSeats]game.Player, table *game.Hooks, rec *recorder, ended func(*game.Round)) (*game.Game, error) {
	var h game.Hooks
	if rec != nil {
		h.Start = rec.startRound
		h.Applied = rec.applied
	}
	if ended != nil {
		h.End = func(r *game.Round) error { ended(r); return nil }
	}
	if table != nil {
		h = chain(*table, h)
	}
	return game.PlayGameHooked(ctx, rules, seed, players, &h)
}

// chain returns hooks that call a's, then b's.
func chain(a, b game.Hooks) game.Hooks {
	both := func(x, y func(*game.Round) error) func(*game.Round) error {
		switch {
		case x == nil:
			return y
		case y == nil:
			return x
		}
		return func(r *game.Round) error {
			if err := x(r); err != nil {
				return err
			}
			return y(r)
		}
	}
	h := game.Hooks{Start: both(a.Start, b.Start), End: both(a.End, b.End), Decision: a.Decision, Applied: a.Applied}
	if b.Decision != nil {
		h.Decision = b.Decision
		if a.Decision != nil {
			h.Decision = func(r *game.Round, seat int, legal []game.Action) error {
				if err := a.Decision(r, seat, legal); err != nil {
					return err
				}
				return b.Decision(r, seat, legal)
			}
		}
	}
	if b.Applied != nil {
		h.Applied = b.Applied
		if a.Applied != nil {
			h.Applied = func(r *game.Round, act game.Action) error {
				if err := a.Applied(r, act); err != nil {
					return err
				}
				return b.Applied(r, act)
			}
		}
	}
	return h
}
