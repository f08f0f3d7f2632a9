package review

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mjrank/mjrank/mc"
)

// The status of a game in a batch.
const (
	StatusOK      = "ok"      // reviewed, now or from the cache
	StatusSkipped = "skipped" // not reviewable as asked: no player of that name, not the rounds asked, not a record
	StatusFailed  = "failed"  // a record, file or log that could not be read or replayed
)

// GameEntry is one game of a batch report: where it came from, its status
// and, when reviewed, its report.
type GameEntry struct {
	File   string `json:"file,omitempty"`         // the record file ("stdin" for -)
	LogID  string `json:"log_id,omitempty"`       // the Tenhou log fetched
	Number int    `json:"game_in_file,omitempty"` // 1-based; 0: the file or log as a whole
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"` // why skipped or failed
	Cached bool   `json:"cached,omitempty"` // the review was read from the cache
	*Report
}

// Where names the entry: "FILE game N", "FILE" or the log id.
func (e *GameEntry) Where() string {
	if e.File == "" {
		return e.LogID
	}
	if e.Number > 0 {
		return fmt.Sprintf("%s game %d", e.File, e.Number)
	}
	return e.File
}

// Problem is what the entry's reason says, with where, once: a reason
// that starts with its file's name (a parse error) is not prefixed again.
func (e *GameEntry) Problem() string {
	src := e.File
	if src == "" {
		src = e.LogID
	}
	if strings.HasPrefix(e.Reason, src+":") {
		return e.Reason
	}
	return e.Where() + ": " + e.Reason
}

// BatchReport is the review of a batch: every game, and the player's
// figures over the games reviewed.
type BatchReport struct {
	Games  []GameEntry `json:"games"`
	Player Player      `json:"player"`
	Batch  BatchTotals `json:"batch"`
}

// BatchTotals count the batch's games by status and the work done.
type BatchTotals struct {
	Games             int     `json:"games"`    // entries
	Reviewed          int     `json:"reviewed"` // ok, reviewed in this run
	Cached            int     `json:"cached"`   // ok, read from the cache
	Skipped           int     `json:"skipped"`
	Failed            int     `json:"failed"`
	DecisionsAnalysed int     `json:"decisions_analysed"` // in this run
	Seconds           float64 `json:"seconds"`
}

// OK reports whether no game failed.
func (r *BatchReport) OK() bool { return r.Batch.Failed == 0 }

// Entries returns the plan's entries as read (no review yet: Status is
// "" for a game to review).
func (p *Plan) Entries() []GameEntry {
	out := make([]GameEntry, len(p.items))
	for i, it := range p.items {
		out[i] = it.GameEntry
	}
	return out
}

// Pending returns how many games the plan has to review (neither skipped,
// failed nor cached) and their decisions.
func (p *Plan) Pending() (games, decisions int) {
	for _, it := range p.items {
		if it.Status == "" {
			games++
			decisions += it.decisions
		}
	}
	return games, decisions
}

// Run reviews the plan's games: the decisions of every game in one pool
// of o.Workers, game after game, so that short games keep every worker
// busy too. Decision i of a game is analysed as Run analyses it, so each
// game's report does not depend on the workers or on the other games. A
// game whose review fails is a failed entry and the others go on; Run
// stops early only when ctx is done, and returns its error. Run once.
func (p *Plan) Run(ctx context.Context) (*BatchReport, error) {
	start := time.Now()
	var analysed atomic.Int64
	if games, _ := p.Pending(); games > 0 {
		eng, err := p.o.engine()
		if err != nil {
			return nil, err
		}
		if err := p.review(ctx, eng, &analysed); err != nil {
			return nil, err
		}
	}
	rep := batchReport(p.Entries(), p.o.Name)
	rep.Batch.DecisionsAnalysed, rep.Batch.Seconds = int(analysed.Load()), time.Since(start).Seconds()
	return rep, nil
}

// batchReport sums up a batch's games for the player named name: the
// counts by status, each reviewed game's figures and the player's over
// them. The work done (decisions analysed, seconds) is the caller's.
func batchReport(games []GameEntry, name string) *BatchReport {
	rep := &BatchReport{Games: games, Player: Player{Name: name}}
	rep.Batch.Games = len(games)
	for i := range rep.Games {
		e := &rep.Games[i]
		switch {
		case e.Status == StatusOK && e.Cached:
			rep.Batch.Cached++
		case e.Status == StatusOK:
			rep.Batch.Reviewed++
		case e.Status == StatusSkipped:
			rep.Batch.Skipped++
		default:
			rep.Batch.Failed++
		}
		if e.Status == StatusOK {
			// A cached review is summed up again, so that its figures
			// are those of this build.
			e.Report.Figures = reportFigures(e.Report)
			rep.Player.Add(e.Report.Figures)
		}
	}
	rep.Player.Finish()
	rep.Player.compare()
	return rep
}

// gameRun is a game under review.
type gameRun struct {
	it    *planItem
	decs  []Decision
	left  atomic.Int64 // decisions not done
	start time.Time
	mu    sync.Mutex
	err   error // the first decision's error
}

func (g *gameRun) fail(err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err == nil {
		g.err = err
	}
}

func (g *gameRun) failed() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err != nil
}

// task is one decision to analyse.
type task struct {
	g *gameRun
	d *Decision
}

// review runs the pending games: one goroutine collects each game's
// decisions in turn and hands them to the workers; the worker that
// finishes a game's last decision sums the game up.
func (p *Plan) review(ctx context.Context, eng *mc.Engine, analysed *atomic.Int64) error {
	var prog BatchProgress
	prog.Games, prog.Decisions = p.Pending()
	var progMu sync.Mutex
	step := func(decisions, games int) {
		progMu.Lock()
		defer progMu.Unlock()
		prog.DecisionsDone += decisions
		prog.GamesDone += games
		if p.o.OnProgress != nil {
			p.o.OnProgress(prog)
		}
	}
	tasks := make(chan task)
	go func() {
		defer close(tasks)
		for _, it := range p.items {
			if it.Status != "" {
				continue
			}
			g := &gameRun{it: it, start: time.Now()}
			decs, err := Collect(it.game, it.seat)
			if err == nil {
				decs, err = p.o.pick(it.game, decs)
			}
			if err == nil && len(decs) != it.decisions {
				err = fmt.Errorf("%d decisions, %d when the batch was planned", len(decs), it.decisions)
			}
			if err != nil || len(decs) == 0 {
				g.err = err
				p.finish(ctx, g)
				step(it.decisions, 1)
				continue
			}
			g.decs = decs
			g.left.Store(int64(len(decs)))
			for i := range decs {
				select {
				case tasks <- task{g, &decs[i]}:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	var wg sync.WaitGroup
	for range max(p.o.Workers, 1) {
		wg.Go(func() {
			for t := range tasks {
				if !t.g.failed() && ctx.Err() == nil {
					if err := t.d.review(ctx, eng, &p.o.Options); err != nil {
						t.g.fail(err)
					} else {
						analysed.Add(1)
						t.g.it.analysed.Add(1)
					}
				}
				last := t.g.left.Add(-1) == 0
				if last {
					p.finish(ctx, t.g)
				}
				step(1, b2i(last))
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// finish sums a game up once its decisions are done (or it failed) and
// keeps its review in the cache.
func (p *Plan) finish(ctx context.Context, g *gameRun) {
	it := g.it
	defer func() { it.game = nil }() // the record is no longer needed
	if g.err == nil {
		g.err = ctx.Err() // an interrupted game is not reviewed
	}
	if g.err != nil {
		it.Status, it.Reason = StatusFailed, g.err.Error()
		return
	}
	rep := newReport(it.game, it.seat, &p.o.Options, g.decs)
	rep.Seconds = time.Since(g.start).Seconds()
	it.Report, it.Status = rep, StatusOK
	if p.o.Cache != nil && it.key != nil {
		if err := p.o.Cache.store(it.key, rep); err != nil {
			p.o.Warn(fmt.Sprintf("%s: the cache entry was not written: %v", it.Where(), err))
		}
	}
	if !p.o.KeepPositions {
		dropPositions(g.decs)
	}
}

// dropPositions lets the positions of a game's decisions go once the game
// is summed up: they are most of a decision's memory (a game.Round each),
// and a batch of a thousand games would otherwise hold them all. A page
// (WriteGameHTML) replays them from the record.
func dropPositions(decs []Decision) {
	for i := range decs {
		decs[i].round = nil
	}
}
