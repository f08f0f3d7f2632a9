package review

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sourcegraph/conc/pool"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/shard"
)

// BatchOptions tune a batch review.
type BatchOptions struct {
	// Options review each game; their Progress is not called (see
	// OnProgress). Workers analyse the decisions of every game in one pool.
	Options
	Seat int    // the seat reviewed in every game; -1: a log URL's tw= seat, else 0
	Name string // if set, the seat of this name in each game (a game without it, or with two, is skipped)
	Game int    // if > 0, only this game (1-based) of each file
	// LogServer is the base URL Tenhou log ids are fetched from
	// (DefaultLogServer if ""), with Client (nil: one with FetchTimeout).
	LogServer string
	Client    *http.Client
	Stdin     io.Reader // what the path "-" reads; nil: none
	Cache     *Cache    // if set, reviews are read from and written to it
	// Warn, if set, is told what did not stop the batch but should be
	// known: a corrupt cache entry, a cache entry that could not be
	// written. It is called one call at a time.
	Warn func(msg string)
	// OnProgress, if set, is called as decisions and games finish (one call
	// at a time).
	OnProgress func(BatchProgress)
	// KeepPositions keeps each decision's position (Decision.Position)
	// in the batch's reports; without it a game's positions are dropped
	// once the game is summed up (a page replays them from the record).
	KeepPositions bool
	// Shard and Shards, if Shards > 0, make the plan shard Shard (1-based)
	// of Shards of the batch: its entries shard.Range(Shard, Shards, n) of
	// the n entries the whole batch lists (Plan.ShardRange). Only those
	// are fetched, replayed, looked up in the cache and reviewed.
	Shard, Shards int
}

// BatchProgress is how far a batch is: the games to review (cached ones
// left out) and their decisions.
type BatchProgress struct {
	Games, GamesDone         int
	Decisions, DecisionsDone int
}

// A Plan is a batch's games as read, each with its seat, its decisions
// counted and its cached review if there is one, before any simulation.
type Plan struct {
	items []*planItem
	o     BatchOptions
	// The plan's items are entries [from, to) of the total the batch
	// lists; files are the record files the batch lists.
	from, to, total int
	files           []string
}

// planItem is one game of a plan (or a file or log that gave none).
type planItem struct {
	GameEntry
	game      *data.Game // nil once reviewed, or if the entry has a status already
	log       *LogRef    // a log to fetch, until the plan settles the item
	urlSeat   int        // the seat a log URL names (tw=), else -1
	seat      int
	digest    string // RecordDigest of the game
	repeat    string // the digest and seat by which skipRepeats knows the game ("": not counted)
	key       *cacheKey
	decisions int
	analysed  atomic.Int64 // decisions analysed by this run
}

// input is one record file, log, or an entry decided as the arguments
// are read (a path that cannot be read, a bad log id).
type input struct {
	path     string
	explicit bool
	log      *LogRef
	entry    *GameEntry
}

// NewPlan reads the games of args: record files (any format the readers
// know, gzipped or not; records.StdinPath reads o.Stdin), folders (walked
// as records.RecordFiles does) and Tenhou log ids or URLs (ParseLogRef),
// fetched from o.LogServer. Nothing stops it: a path, a log or a record
// that cannot be read is a failed entry, a game it cannot review (no
// player of that name, not the rounds asked, a game it already holds) a
// skipped one, both with the reason. The entries are in the order of
// args, a folder's files sorted, a file's games in order: the list every
// shard of the batch (o.Shards) cuts alike. A log is one entry, fetched
// only by the shard that holds it. Files are read, and games replayed,
// o.Workers at a time.
func NewPlan(ctx context.Context, args []string, o BatchOptions) *Plan {
	var ins []input
	for _, a := range args {
		ins = append(ins, expand(a)...)
	}
	warn := o.Warn
	var warnMu sync.Mutex
	o.Warn = func(msg string) {
		if warn != nil {
			warnMu.Lock()
			defer warnMu.Unlock()
			warn(msg)
		}
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// The list: every input's entries, its files' games read, no log
	// fetched (a log is one entry whatever its server answers).
	listed := make([][]*planItem, len(ins))
	wp := pool.New().WithMaxGoroutines(workers)
	for i, in := range ins {
		wp.Go(func() { listed[i] = o.list(in) })
	}
	wp.Wait()
	p := &Plan{o: o}
	var all []*planItem
	for i, items := range listed {
		all = append(all, items...)
		if ins[i].path != "" {
			p.files = append(p.files, ins[i].path)
		}
	}
	p.total, p.to = len(all), len(all)
	if o.Shards > 0 {
		p.from, p.to = shard.Range(o.Shard, o.Shards, len(all))
	}
	p.items = all[p.from:p.to]
	// The plan's entries settled: logs fetched, seats picked, decisions
	// counted, reviews looked up in the cache.
	wp = pool.New().WithMaxGoroutines(workers)
	for _, it := range p.items {
		wp.Go(func() { o.settle(ctx, it) })
	}
	wp.Wait()
	p.skipRepeats()
	return p
}

// ShardRange returns the entries of the batch the plan holds, [from, to)
// of total (all of them without o.Shards).
func (p *Plan) ShardRange() (from, to, total int) { return p.from, p.to, p.total }

// Files returns the record files the batch lists, in order (the files
// given and those found in the folders given), for every shard.
func (p *Plan) Files() []string { return slices.Clone(p.files) }

// skipRepeats skips a game the batch holds twice (the same game in two
// files or formats, a log given twice) for the same seat: it is reviewed
// once, and counted once in the player's figures. A shard sees its own
// entries only; MergeShards skips the repeats across shards alike.
func (p *Plan) skipRepeats() {
	first := map[string]*planItem{}
	for _, it := range p.items {
		if it.digest == "" || it.Status == StatusSkipped || it.Status == StatusFailed {
			continue
		}
		it.repeat = fmt.Sprintf("%s %d", it.digest, it.seat)
		if f, ok := first[it.repeat]; ok {
			it.Status, it.Reason, it.Report, it.Cached, it.game = StatusSkipped, repeatReason(&f.GameEntry), nil, false, nil
			continue
		}
		first[it.repeat] = it
	}
}

// repeatReason is the reason of a game skipped as a repeat of first.
func repeatReason(first *GameEntry) string { return "the same game as " + first.Where() }

// expand lists the inputs of one argument.
func expand(arg string) []input {
	if arg != records.StdinPath {
		if _, err := os.Lstat(arg); err != nil {
			if ref, ok, err := ParseLogRef(arg); ok {
				if err != nil {
					return []input{{entry: &GameEntry{LogID: arg, Status: StatusFailed, Reason: err.Error()}}}
				}
				return []input{{log: &ref}}
			}
		}
	}
	files, explicit, skipped, problems := records.RecordFiles([]string{arg})
	var ins []input
	for _, f := range files {
		ins = append(ins, input{path: f, explicit: explicit[f]})
	}
	for _, s := range skipped {
		ins = append(ins, input{entry: &GameEntry{File: s.File, Status: StatusSkipped, Reason: s.Reason}})
	}
	for _, pr := range problems {
		ins = append(ins, input{entry: &GameEntry{File: pr.File, Status: StatusFailed, Reason: pr.What}})
	}
	return ins
}

// list lists the entries of one input: a file's games read, a log not
// yet fetched.
func (o *BatchOptions) list(in input) []*planItem {
	switch {
	case in.entry != nil:
		return []*planItem{{GameEntry: *in.entry}}
	case in.log != nil:
		return []*planItem{{GameEntry: GameEntry{LogID: in.log.ID}, log: in.log}}
	}
	return o.readFile(in.path, in.explicit)
}

// settle readies an item of the plan to review: its log fetched, its
// seat picked, its decisions counted, its review looked up in the cache.
func (o *BatchOptions) settle(ctx context.Context, it *planItem) {
	if it.log != nil {
		g, err := o.readLog(ctx, it.log)
		it.urlSeat, it.log = it.log.Seat, nil
		if err != nil {
			it.Status, it.Reason = StatusFailed, err.Error()
			return
		}
		it.game = g
	}
	if it.Status == "" && it.game != nil {
		o.newItem(it)
	}
}

// readLog reads a Tenhou log: from the cache if it holds it, else from
// the log server (into the cache: a log never changes).
func (o *BatchOptions) readLog(ctx context.Context, ref *LogRef) (*data.Game, error) {
	if o.Cache != nil {
		if b, err := o.Cache.loadLog(ref.ID); err != nil {
			o.Warn(err.Error())
		} else if b != nil {
			g, err := parseLog(b, ref.ID)
			if err == nil {
				return g, nil
			}
			o.Warn(fmt.Sprintf("%s: the cached log: %v; fetching it again", ref.ID, err))
		}
	}
	b, err := FetchLog(ctx, o.Client, o.LogServer, ref.ID)
	if err != nil {
		return nil, err
	}
	g, err := parseLog(b, ref.ID)
	if err != nil {
		return nil, fmt.Errorf("the log server's answer: %w", err)
	}
	if o.Cache != nil {
		if err := o.Cache.storeLog(ref.ID, b); err != nil {
			o.Warn(fmt.Sprintf("%s: the log was not kept in the cache: %v", ref.ID, err))
		}
	}
	return g, nil
}

// parseLog reads the one game of a fetched log.
func parseLog(b []byte, id string) (*data.Game, error) {
	r, _, err := records.NewReader(bytes.NewReader(b), id)
	if err != nil {
		return nil, err
	}
	if !r.Next() {
		if r.Err() == nil {
			return nil, errors.New("no game")
		}
		return nil, r.Err()
	}
	return r.Game(), nil
}

// readFile reads the games of a record file. As records.Verify does, a
// folder's file that holds no record is skipped, and a record cut short
// is a failed entry after the games before it.
func (o *BatchOptions) readFile(path string, explicit bool) []*planItem {
	name := path
	var f io.Reader
	if path == records.StdinPath {
		name, f = "stdin", o.Stdin
		if f == nil {
			f = strings.NewReader("")
		}
	} else {
		file, err := os.Open(path)
		if err != nil {
			return []*planItem{{GameEntry: GameEntry{File: path, Status: StatusFailed, Reason: err.Error()}}}
		}
		defer file.Close()
		f = file
	}
	entry := func(n int, status, reason string) *planItem {
		return &planItem{GameEntry: GameEntry{File: name, Number: n, Status: status, Reason: reason}}
	}
	r, _, err := records.NewReader(f, name)
	if err != nil {
		if !explicit && errors.Is(err, data.ErrSyntax) {
			return []*planItem{entry(0, StatusSkipped, "not a game record")}
		}
		return []*planItem{entry(0, StatusFailed, err.Error())}
	}
	var items []*planItem
	n := 0
	for r.Next() {
		n++
		if o.Game == 0 || o.Game == n {
			items = append(items, &planItem{GameEntry: GameEntry{File: name, Number: n}, game: r.Game(), urlSeat: -1})
		}
	}
	switch err := r.Err(); {
	case err != nil && n == 0 && !explicit && errors.Is(err, data.ErrNotRecord):
		return []*planItem{entry(0, StatusSkipped, "not a game record")}
	case err != nil:
		items = append(items, entry(n+1, StatusFailed, err.Error()))
	case o.Game > n:
		games := fmt.Sprintf("%d games", n)
		if n == 1 {
			games = "1 game"
		}
		items = append(items, entry(o.Game, StatusSkipped, fmt.Sprintf("no game %d: the file holds %s", o.Game, games)))
	}
	return items
}

// newItem picks the seat of the item's game, counts its decisions in the
// rounds asked and looks for its review in the cache.
func (o *BatchOptions) newItem(it *planItem) {
	g := it.game
	fail := func(status, reason string) {
		it.Status, it.Reason, it.game = status, reason, nil
	}
	if g.Players != 3 && g.Players != 4 {
		fail(StatusFailed, fmt.Sprintf("a %d-player game: the engine plays 3- and 4-player games", g.Players))
		return
	}
	switch seats := g.SeatsNamed(o.Name); {
	case o.Name == "":
		it.seat = o.Seat
		if it.seat < 0 {
			it.seat = max(it.urlSeat, 0)
		}
	case len(seats) == 0:
		fail(StatusSkipped, fmt.Sprintf("no player named %q (the players: %s)", o.Name, strings.Join(g.Names[:g.Players], ", ")))
		return
	case len(seats) > 1:
		fail(StatusSkipped, fmt.Sprintf("%d players are named %q (seats %s): give --seat", len(seats), o.Name, data.SeatList(seats)))
		return
	default:
		it.seat = seats[0]
	}
	decs, err := Collect(g, it.seat)
	if err != nil {
		fail(StatusFailed, err.Error())
		return
	}
	if decs, err = o.pick(g, decs); err != nil {
		fail(StatusSkipped, err.Error())
		return
	}
	it.decisions, it.digest = len(decs), RecordDigest(g)
	if o.Cache == nil {
		return
	}
	k := o.Cache.key(it.digest, it.seat, &o.Options)
	it.key = &k
	rep, err := o.Cache.load(&k, it.decisions)
	if err != nil {
		o.Warn(fmt.Sprintf("%s: %v; reviewing the game again", it.Where(), err))
	}
	if rep != nil {
		// The record goes with the report, as with one reviewed now: a
		// page needs it, and a record from standard input or a log
		// cannot be read again.
		rep.game = g
		it.Report, it.Status, it.Cached, it.game = rep, StatusOK, true, nil
	}
}
