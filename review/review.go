// Package review runs every decision one player made in a game record
// through the Monte Carlo engine (mc) and reports, for each, the move
// played beside the engine's choice, what the difference costs in expected
// final rank and in Houou rank points, the top candidates, and per round
// and per game the agreement rate and the total and worst losses.
//
// The decisions are those [data.ReplayDecisions] yields: turn decisions
// (discard, riichi; with three players, kita) and the answers to discards
// the seat could call. A 3-player record is reviewed over its three seats
// (see docs/REVIEW.md, "Three players").
// Decision i of the seat is analysed with mc.Options{Seed: seed,
// Decision: i} and one worker, so a report depends only on the seed and
// the budget, not on how many decisions run at once.
//
// A batch ([NewPlan], [Plan.Run]) reviews one player in many games: record
// files, folders and Tenhou logs (fetched, [FetchLog]), the decisions of
// every game in one pool of workers, each game's report the one Run gives.
// A game that cannot be reviewed is an entry with its reason, never the
// batch's end. A [Cache] keeps finished reviews on disk under everything
// they depend on (the game's [RecordDigest], the seat, [Options], the
// engine's [EngineID]), so that a batch run again reviews only what it
// has not.
package review

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// DefaultSims is the default budget of one decision, chosen so that a
// seat of a hanchan reviews in seconds with verdicts that larger budgets
// rarely overturn (docs/REVIEW.md, "The budget").
const DefaultSims = 1000

// TopN is the number of candidates a decision reports.
const TopN = 3

// Options tune a review.
type Options struct {
	Sims    int    // simulations per decision (0: DefaultSims)
	Workers int    // decisions analysed at once (0: 1)
	Seed    uint64 // seed of the simulations
	// Progress, if set, is called after each decision with the number done
	// and the total (from several goroutines, one call at a time).
	Progress func(done, total int)
	// Engine to use (nil: mc.Default()).
	Engine *mc.Engine
	// Rounds picks the rounds reviewed (the zero value: all). A decision
	// keeps its index among all the seat's decisions, and so its seed.
	Rounds Rounds
}

// Candidate is one move of a decision with the engine's figures.
type Candidate struct {
	Move         string     `json:"move"`
	Sims         int        `json:"sims"`
	ExpectedRank float64    `json:"expected_rank"`
	RankDist     [4]float64 `json:"rank_distribution"`
	RankPoints   float64    `json:"rank_points"`
	PWin         float64    `json:"p_win"`
	PDealIn      float64    `json:"p_deal_in"`
	// Policy is the learned policy's probability that a Houou player
	// makes this move (mc.Candidate.Policy; 0 for a win).
	Policy float64 `json:"policy"`
}

// Decision is one reviewed decision.
type Decision struct {
	Index int    `json:"index"` // the seat's decision number in the game, 0-based (the engine's Decision key)
	Round string `json:"round"` // E1-0
	// RoundIndex is the round's index in the record, Event the event that
	// records the choice.
	RoundIndex int    `json:"round_index"`
	Event      int    `json:"event"`
	Turn       bool   `json:"turn"` // a turn decision (else: answering a discard)
	Kind       Kind   `json:"kind"` // KindOf its legal moves and the move played
	Hand       string `json:"hand"`
	Melds      string `json:"melds,omitempty"`
	Played     string `json:"played"`
	Best       string `json:"best"`
	// Verdict judges the played move against the engine's pick on the
	// same worlds (Judge); Agrees is Verdict.Agrees(): the pick, or a move
	// the simulations find as good or better.
	Verdict Verdict `json:"verdict"`
	Agrees  bool    `json:"agrees"`
	// RankLoss is the played move's expected rank minus the best's
	// (positive: the played move is worse), PointsLoss the best's expected
	// rank points minus the played one's, both over the worlds the two
	// moves were played in (mc.Options.Keep gives the played move the
	// pick's budget); RankLossSE and PointsLossSE are their standard
	// errors, absent when the verdict is unjudged.
	RankLoss     float64     `json:"rank_loss"`
	RankLossSE   *float64    `json:"rank_loss_se,omitempty"`
	PointsLoss   float64     `json:"points_loss"`
	PointsLossSE *float64    `json:"points_loss_se,omitempty"`
	PlayedC      Candidate   `json:"played_candidate"`
	Top          []Candidate `json:"top"`
	Legal        int         `json:"candidates"`
	// Why explains the played move against the pick (why.go).
	Why *Why `json:"why,omitempty"`

	played game.Action
	follow tile.Tile   // the discard after a chi or pon
	round  *game.Round // the position; nil once a batch has summed its game up (dropPositions)
	seat   int
	rules  game.Rules
}

// Summary totals a set of decisions.
type Summary struct {
	Name       string  `json:"name,omitempty"`
	Decisions  int     `json:"decisions"`
	Agreed     int     `json:"agreed"`
	Agreement  float64 `json:"agreement"`
	RankLoss   float64 `json:"rank_loss"`
	PointsLoss float64 `json:"points_loss"`
	WorstLoss  float64 `json:"worst_rank_loss"`
	Worst      int     `json:"worst_decision"` // index of the worst decision, -1 if none
}

// Report is the review of one seat's game.
type Report struct {
	Seat    int     `json:"seat"`
	Player  string  `json:"player"`
	Seed    uint64  `json:"seed"`
	Sims    int     `json:"sims_per_decision"`
	Seconds float64 `json:"seconds"`
	// Players is 3 for a 3-player game (seat 3 empty); 0, and absent
	// from JSON, for a 4-player one.
	Players int       `json:"players,omitempty"`
	Game    Summary   `json:"game"`
	Rounds  []Summary `json:"rounds"`
	// Figures are the player's figures in this game (GameFigures), with
	// the Houou players' beside them.
	Figures *Figures `json:"figures,omitempty"`
	// RankPointsNote is NoRankPoints in a 3-player game's report, whose
	// rank points (each decision's points_loss, each candidate's
	// rank_points) are 0, not computed.
	RankPointsNote string     `json:"rank_points_note,omitempty"`
	Decisions      []Decision `json:"decisions"`

	game *data.Game // the record reviewed, for WriteHTML (nil in a report decoded from JSON)
}

// Costliest returns the decisions by rank loss, largest first (ties by
// index).
func (r *Report) Costliest() []*Decision {
	out := make([]*Decision, len(r.Decisions))
	for i := range r.Decisions {
		out[i] = &r.Decisions[i]
	}
	slices.SortStableFunc(out, func(a, b *Decision) int {
		switch {
		case a.RankLoss > b.RankLoss:
			return -1
		case a.RankLoss < b.RankLoss:
			return 1
		}
		return 0
	})
	return out
}

// Collect returns the decisions of seat in g, in order, with their
// positions, without analysing them.
func Collect(g *data.Game, seat int) ([]Decision, error) {
	if g.Players != 3 && g.Players != 4 {
		return nil, fmt.Errorf("a %d-player game: the engine plays 3- and 4-player games", g.Players)
	}
	if seat < 0 || seat >= g.Players {
		return nil, fmt.Errorf("seat %d: want 0 to %d (a %d-player game)", seat, g.Players-1, g.Players)
	}
	rules := g.EngineRules()
	var decs []Decision
	var rep data.ReplayReport
	for st, dd := range data.ReplayDecisions(g, &rep) {
		if dd.Seat != seat {
			continue
		}
		d := Decision{Index: len(decs), Round: st.Round.Name(), RoundIndex: st.RoundIndex, Event: dd.Event, Turn: dd.Turn,
			played: dd.Played, follow: tile.NoTile, round: new(*st.Engine), seat: seat, rules: rules}
		if dd.Played.Type == game.Chi || dd.Played.Type == game.Pon {
			d.follow = st.Round.NextDiscard(dd.Event, seat)
		}
		decs = append(decs, d)
	}
	err := rep.Err
	if err == nil && len(rep.Mismatches) > 0 {
		err = fmt.Errorf("the engine disagrees with the record: %v", rep.Mismatches[0])
	}
	return decs, err
}

// Position returns the decision's round (the state just before it), its
// legal moves and the engine options Run uses for it. A decision of a
// batch's report has none unless BatchOptions.KeepPositions (HasPosition).
func (d *Decision) Position(o *Options) (*game.Round, []game.Action, mc.Options) {
	r := *d.round
	rules := d.rules
	return &r, r.Legal(d.seat, nil), mc.Options{Sims: o.sims(), Workers: 1, Seed: o.Seed, Decision: uint64(d.Index), Rules: &rules,
		Keep: []mc.Move{{Action: d.played, Discard: d.follow}}}
}

// HasPosition says whether the decision holds its position: one Collect
// returns, not one read back from JSON or dropped by a batch.
func (d *Decision) HasPosition() bool { return d.round != nil }

func (o *Options) sims() int {
	if o.Sims <= 0 {
		return DefaultSims
	}
	return o.Sims
}

// ErrNotFound is returned when the played move is none of the engine's
// candidates.
var ErrNotFound = errors.New("the played move is not among the engine's candidates")

// Find returns the candidate of an that plays a (followed by the discard
// follow after a chi or pon; tile.NoTile otherwise): a discard or riichi
// of the same face (red fives apart), the same call, or the pass.
func Find(an *mc.Analysis, a game.Action, follow tile.Tile) *mc.Candidate {
	same := func(x, y tile.Tile) bool { return x.Kind() == y.Kind() && x.Red() == y.Red() }
	for i := range an.Candidates {
		c := &an.Candidates[i]
		if c.Action.Type != a.Type {
			continue
		}
		switch a.Type {
		case game.Discard, game.Riichi, game.Ankan, game.Kakan:
			if same(c.Action.Tile, a.Tile) {
				return c
			}
		case game.Chi, game.Pon:
			if data.SameMeld(c.Action.Meld, a.Meld) && (c.Discard == tile.NoTile || follow == tile.NoTile || same(c.Discard, follow)) {
				return c
			}
		case game.Daiminkan:
			if data.SameMeld(c.Action.Meld, a.Meld) {
				return c
			}
		default:
			return c
		}
	}
	return nil
}

func candidate(c *mc.Candidate) Candidate {
	return Candidate{Move: c.String(), Sims: c.Sims, ExpectedRank: c.ExpectedRank, RankDist: c.RankDist,
		RankPoints: c.RankPoints, PWin: c.PWin, PDealIn: c.PDealIn, Policy: c.Policy}
}

// Fill sets the decision's figures from the engine's analysis of it.
func (d *Decision) Fill(an *mc.Analysis) error {
	p := Find(an, d.played, d.follow)
	if p == nil {
		return fmt.Errorf("%s event %d: %w", d.Round, d.Event, ErrNotFound)
	}
	b := an.Best()
	d.Legal = len(an.Candidates)
	d.Best = b.String()
	d.PlayedC = candidate(p)
	d.Played = d.PlayedC.Move
	d.Verdict = Judge(an, p)
	d.Agrees = d.Verdict.Agrees()
	d.explain(an, p)
	d.RankLoss, d.RankLossSE = p.VsBest.Rank, finite(p.VsBest.RankSE)
	d.PointsLoss, d.PointsLossSE = p.VsBest.RankPoints, finite(p.VsBest.RankPointsSE)
	if p == b || d.Verdict == VerdictUnjudged {
		// the pick against itself, or a move not kept: the plain
		// difference of means
		d.RankLoss = p.ExpectedRank - b.ExpectedRank
		d.PointsLoss = b.RankPoints - p.RankPoints
	}
	d.Top = d.Top[:0]
	for i := range an.Candidates[:min(TopN, len(an.Candidates))] {
		d.Top = append(d.Top, candidate(&an.Candidates[i]))
	}
	r := d.round
	d.Kind = KindOf(d.Turn, r.Legal(d.seat, nil), d.played)
	d.Hand = tile.Format(r.Hand(d.seat))
	d.Melds = ""
	for i, m := range r.Melds(d.seat) {
		if i > 0 {
			d.Melds += " "
		}
		d.Melds += m.String()
	}
	return nil
}

// finite returns &x, or nil for NaN (a standard error of fewer than two
// worlds), which JSON cannot hold.
func finite(x float64) *float64 {
	if math.IsNaN(x) {
		return nil
	}
	return &x
}

// Run reviews every decision of seat in g (in the rounds o picks).
func Run(ctx context.Context, g *data.Game, seat int, o Options) (*Report, error) {
	start := time.Now()
	decs, err := Collect(g, seat)
	if err != nil {
		return nil, err
	}
	if decs, err = o.pick(g, decs); err != nil {
		return nil, err
	}
	eng, err := o.engine()
	if err != nil {
		return nil, err
	}
	workers := max(o.Workers, 1)
	var done atomic.Int64
	var progressMu = make(chan struct{}, 1)
	p := pool.New().WithContext(ctx).WithMaxGoroutines(workers).WithCancelOnError().WithFirstError()
	for i := range decs {
		d := &decs[i]
		p.Go(func(ctx context.Context) error {
			if err := d.review(ctx, eng, &o); err != nil {
				return err
			}
			n := done.Add(1)
			if o.Progress != nil {
				progressMu <- struct{}{}
				o.Progress(int(n), len(decs))
				<-progressMu
			}
			return nil
		})
	}
	if err := p.Wait(); err != nil {
		return nil, err
	}
	rep := newReport(g, seat, &o, decs)
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

func (o *Options) engine() (*mc.Engine, error) {
	if o.Engine != nil {
		return o.Engine, nil
	}
	return mc.Default()
}

// ErrNoRound is returned when the rounds picked hold no decision of the
// seat.
var ErrNoRound = errors.New("no decision in the rounds picked")

// pick keeps the decisions of the rounds o picks; none is ErrNoRound,
// naming the game's rounds.
func (o *Options) pick(g *data.Game, decs []Decision) ([]Decision, error) {
	if o.Rounds.All() {
		return decs, nil
	}
	kept := decs[:0]
	for _, d := range decs {
		if o.Rounds.Has(d.Round) {
			kept = append(kept, d)
		}
	}
	if len(kept) == 0 {
		names := make([]string, len(g.Rounds))
		for i := range g.Rounds {
			names[i] = g.Rounds[i].Name()
		}
		return nil, fmt.Errorf("%w (%s; the game's rounds: %s)", ErrNoRound, o.Rounds, strings.Join(names, ", "))
	}
	return kept, nil
}

// review analyses the decision with eng and fills its figures.
func (d *Decision) review(ctx context.Context, eng *mc.Engine, o *Options) error {
	r, legal, mo := d.Position(o)
	an, err := eng.Analyze(ctx, game.ViewOf(r, d.seat), legal, mo)
	if err != nil {
		return fmt.Errorf("%s event %d: %w", d.Round, d.Event, err)
	}
	return d.Fill(an)
}

// newReport sums up the reviewed decisions of seat in g (Seconds unset).
func newReport(g *data.Game, seat int, o *Options, decs []Decision) *Report {
	rep := &Report{Seat: seat, Player: g.Names[seat], Seed: o.Seed, Sims: o.sims(), Decisions: decs, game: g}
	if g.Players == 3 {
		rep.Players, rep.RankPointsNote = 3, NoRankPoints
		for i := range decs {
			decs[i].dropRankPoints()
		}
	}
	rep.Game = summarize("game", decs)
	rep.Figures = reportFigures(rep)
	for lo := 0; lo < len(decs); {
		hi := lo
		for hi < len(decs) && decs[hi].RoundIndex == decs[lo].RoundIndex {
			hi++
		}
		rep.Rounds = append(rep.Rounds, summarize(decs[lo].Round, decs[lo:hi]))
		lo = hi
	}
	return rep
}

// NoRankPoints is why a 3-player game has no rank points: Tenhou's
// 3-player lobby pays the first place alone and charges the third, on a
// table whose Houou figures are not known (docs/REVIEW.md, "Three
// players"), and the 4-player scale is wrong in kind for it.
const NoRankPoints = "no rank points for 3-player games: Tenhou's 3-player rank-point table is not known"

// dropRankPoints zeroes the rank points of a decision of a 3-player game,
// whatever the engine gave: they are not computed (NoRankPoints).
func (d *Decision) dropRankPoints() {
	d.PointsLoss, d.PointsLossSE = 0, nil
	d.PlayedC.RankPoints = 0
	for i := range d.Top {
		d.Top[i].RankPoints = 0
	}
}

func summarize(name string, decs []Decision) Summary {
	s := Summary{Name: name, Decisions: len(decs), Worst: -1}
	for i := range decs {
		d := &decs[i]
		if d.Agrees {
			s.Agreed++
		}
		s.RankLoss += d.RankLoss
		s.PointsLoss += d.PointsLoss
		if s.Worst < 0 || d.RankLoss > s.WorstLoss {
			s.WorstLoss, s.Worst = d.RankLoss, d.Index
		}
	}
	if s.Decisions > 0 {
		s.Agreement = float64(s.Agreed) / float64(s.Decisions)
	}
	return s
}
