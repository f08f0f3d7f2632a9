// Package analysis runs the Monte Carlo engine on one decision, read from a
// game record or from an observation, and gives the answer in the form
// `mjrank analyze --json` prints and `mjrank serve` returns: one code path
// for both, so a seed gives the same numbers through either.
package analysis

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/review"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
	"github.com/mjrank/mjrank/sim/tile"
)

// Position is one seat's decision, ready for the engine.
type Position struct {
	File       string // where it was read from, as errors and the output name it
	Name       string // round name (E1-0)
	RoundIndex int
	Event      int
	Seat       int
	Round      *game.Round
	Rules      game.Rules
	Legal      []game.Action
	Played     string // what the record's seat did ("" for an observation)
}

// ReadGame reads game gameN (1-based) of a record in any format (mjlog,
// plain or gzipped, tenhou.net/6 or mjai); name is the record's name in
// errors.
func ReadGame(r io.Reader, name string, gameN int) (*data.Game, error) {
	rd, _, err := records.NewReader(r, name)
	if err != nil {
		return nil, err
	}
	var g *data.Game
	n := 0
	for n < gameN && rd.Next() {
		g, n = rd.Game(), n+1
	}
	if err := rd.Err(); err != nil {
		return nil, err
	}
	if n < gameN {
		games := fmt.Sprintf("%d games", n)
		if n == 1 {
			games = "1 game"
		}
		return nil, fmt.Errorf("%s: no game %d: the file holds %s", name, gameN, games)
	}
	return g, nil
}

// RecordPosition finds a decision in game g of the record file: the round
// by name (E3-1) or 1-based number, then the event index (0-based) or,
// when turn > 0, the seat's turn-th discard of the round. seat < 0 means
// the event's actor.
func RecordPosition(g *data.Game, file, roundName string, event, turn, seat int) (*Position, error) {
	if g.Players != 3 && g.Players != 4 {
		return nil, fmt.Errorf("%s: a %d-player game: the engine plays 3- and 4-player games", file, g.Players)
	}
	ri, err := data.FindRound(g, roundName)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	rd := &g.Rounds[ri]
	if turn > 0 {
		if event, err = data.DiscardEvent(rd, seat, turn); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
	}
	round, err := data.RoundBefore(g, ri, event)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	e := rd.Events[event]
	if seat < 0 {
		seat = int(e.Seat)
		if e.Type == data.EventAgari && int(e.Index) < len(rd.Agari) {
			seat = rd.Agari[e.Index].Who
		}
	}
	if seat < 0 || seat >= g.Players {
		if e.Seat >= 0 && int(e.Seat) < g.Players {
			return nil, fmt.Errorf("%s: seat %d: a %d-player game has seats 0 to %d", file, seat, g.Players, g.Players-1)
		}
		return nil, fmt.Errorf("%s: %s event %d (%v) is no seat's decision", file, rd.Name(), event, e)
	}
	legal := round.Legal(seat, nil)
	if len(legal) == 0 {
		return nil, fmt.Errorf("%s: %s event %d: seat %d has no decision there (the round waits for seat %d, phase %v)",
			file, rd.Name(), event, seat, round.ToAct(), round.Phase())
	}
	return &Position{File: file, Name: rd.Name(), RoundIndex: ri, Event: event, Seat: seat, Round: round,
		Rules: g.EngineRules(), Legal: legal, Played: playedMove(rd, event, seat, legal)}, nil
}

// ObservationPosition reads observation JSON (docs/OBSERVATION.md) and
// builds a round consistent with it, the hidden tiles drawn from seed;
// file names the JSON in errors and the output.
func ObservationPosition(b []byte, file string, seed uint64) (*Position, error) {
	o, err := observe.ParseObservation(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	src := game.Stream(seed, 0x6f6273, 0)
	r, err := o.Determinize(rand.New(&src), observe.DeterminizeOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	seat := o.Seat()
	legal := r.Legal(seat, nil)
	if len(legal) == 0 || !endsAtDecision(o, r) {
		return nil, fmt.Errorf("%s: the observation does not end at a decision of seat %d (the round waits for seat %d, phase %v%s)", file, seat, r.ToAct(), r.Phase(), missingDraw(o, r))
	}
	name := (&data.Round{Number: o.Setup().Index, Honba: o.Setup().Honba}).Name()
	return &Position{File: file, Name: name, Event: len(o.Events()), Seat: seat, Round: r, Rules: o.Rules(), Legal: legal}, nil
}

// TypedPosition builds the observation of a position typed by hand
// (docs/OBSERVATION.md, "A position by hand") and from it, as
// ObservationPosition does from JSON, the position to analyse; the hidden
// tiles are drawn from seed. It returns the parser's warnings beside it.
// A position that cannot exist is an error naming the field at fault
// ("hand: ...", "river 2: ...").
func TypedPosition(p *observe.Position, file string, seed uint64) (*Position, []string, error) {
	obs, warnings, err := observe.ParsePosition(p)
	if err != nil {
		return nil, nil, err
	}
	b, err := json.Marshal(obs)
	if err != nil {
		return nil, nil, err
	}
	pos, err := ObservationPosition(b, file, seed)
	if err != nil {
		if evs := obs.Events(); len(evs) > 0 && evs[len(evs)-1].Type == observe.ObsDiscard && strings.Contains(err.Error(), "does not end at a decision") {
			last := evs[len(evs)-1]
			return nil, nil, fmt.Errorf("%s: it ends at seat %d's discard of %v, which seat %d can neither call nor win on: give its draw to analyse its turn", file, last.Seat, last.Tile.Kind(), obs.Seat())
		}
		return nil, nil, err
	}
	return pos, warnings, nil
}

// endsAtDecision reports whether the observation's last event leaves its
// seat to decide: on its turn only after its own draw or call (a round the
// engine moved on by drawing for the seat would analyse an invented tile),
// or answering a discard or kan it may call or rob.
func endsAtDecision(o *observe.Observation, r *game.Round) bool {
	seat := o.Seat()
	switch r.Phase() {
	case game.PhaseCall, game.PhaseChankan:
		return r.MustAnswer(seat)
	case game.PhaseTurn:
		evs := o.Events()
		for i := len(evs) - 1; i >= 0; i-- {
			switch e := evs[i]; e.Type {
			case observe.ObsDora, observe.ObsRiichiAccepted:
				continue
			case observe.ObsDraw, observe.ObsCall:
				return int(e.Seat) == seat && r.Current() == seat
			default:
				return false
			}
		}
	}
	return false
}

// missingDraw explains a turn whose draw the observation leaves out.
func missingDraw(o *observe.Observation, r *game.Round) string {
	if r.Phase() == game.PhaseTurn && r.Current() == o.Seat() {
		return fmt.Sprintf("; its draw is not in the observation: end it with {\"type\": \"draw\", \"seat\": %d, \"tile\": ...}", o.Seat())
	}
	return ""
}

// Run analyses the position with eng. The position sets o.Rules and
// o.Decision (the round and event key the random streams), so the same
// position and seed give the same numbers whoever calls.
func Run(ctx context.Context, eng *mc.Engine, pos *Position, o mc.Options) (*Result, *mc.Analysis, error) {
	o.Rules = &pos.Rules
	o.Decision = uint64(pos.RoundIndex)<<16 | uint64(pos.Event)
	an, err := eng.Analyze(ctx, game.ViewOf(pos.Round, pos.Seat), pos.Legal, o)
	if err != nil {
		return nil, nil, err
	}
	return Output(pos, an, &o), an, nil
}

// playedMove names what the record's seat did at the event (as
// data.Round.Played finds it) as the engine names its candidates
// (mc.Candidate.String: "discard 0m", "ankan 3m", "pon 777z, discard 3s",
// "kyuushu", "pass"), the action found among the seat's legal ones.
func playedMove(rd *data.Round, event, seat int, legal []game.Action) string {
	// The engine draws by itself once every seat has answered: a position
	// before the seat's draw is its turn after the draw.
	for event+1 < len(rd.Events) && rd.Events[event].Type == data.EventDraw && int(rd.Events[event].Seat) == seat {
		event++
	}
	c := mc.Candidate{Action: game.Action{Type: game.Pass, Seat: uint8(seat)}, Discard: tile.NoTile}
	p := rd.Played(event, seat)
	if p.Type == game.Pass {
		return c.String()
	}
	for _, a := range legal {
		if sameMove(a, p) {
			c.Action = a
			break
		}
	}
	if c.Action.Type == game.Chi || c.Action.Type == game.Pon {
		c.Discard = rd.NextDiscard(event, seat)
	}
	return c.String()
}

// sameMove reports whether the legal action a makes the recorded move p
// (the legal moves name one copy of each face): the same type, and the
// same face discarded, the same kind of kan or the same meld.
func sameMove(a, p game.Action) bool {
	if a.Type != p.Type {
		return false
	}
	switch a.Type {
	case game.Discard, game.Riichi:
		return a.Tile.Kind() == p.Tile.Kind() && a.Tile.Red() == p.Tile.Red()
	case game.Ankan, game.Kakan:
		return a.Tile.Kind() == p.Tile.Kind()
	case game.Chi, game.Pon, game.Daiminkan:
		return data.SameMeld(a.Meld, p.Meld)
	}
	return true // tsumo, ron, kyuushu kyuuhai
}

// Candidate is one move of a Result.
type Candidate struct {
	Move         string     `json:"move"`
	Sims         int        `json:"sims"`
	ExpectedRank float64    `json:"expected_rank"`
	RankSE       *float64   `json:"expected_rank_se"` // null: too few simulations to tell
	RankDist     [4]float64 `json:"rank_distribution"`
	RankPoints   float64    `json:"rank_points"`
	Utility      float64    `json:"utility"`
	UtilitySE    *float64   `json:"utility_se"`
	PWin         float64    `json:"p_win"`
	PDealIn      float64    `json:"p_deal_in"`
	PDraw        float64    `json:"p_draw"`
	ScoreChange  float64    `json:"score_change"`
	Prior        bool       `json:"prior,omitempty"`
	Policy       float64    `json:"policy,omitempty"`
	Advantage    float64    `json:"advantage"`
	AdvantageSE  float64    `json:"advantage_se"`
	// Why says in a player's words how the move differs from the engine's
	// pick (for the pick, from the runner-up): review.Explain's sentence.
	Why string `json:"why,omitempty"`
}

// Result is an analysis as JSON gives it: the position, the budget spent
// and the candidates, best first.
type Result struct {
	File       string      `json:"file"`
	Round      string      `json:"round"`
	Event      int         `json:"event"`
	Seat       int         `json:"seat"`
	Players    int         `json:"players,omitempty"` // 3 for a 3-player position; absent for 4
	Hand       string      `json:"hand"`
	Played     string      `json:"played,omitempty"`
	Best       string      `json:"best"`
	Utility    string      `json:"utility"`
	Seed       uint64      `json:"seed"`
	Sims       int         `json:"sims"`
	Stages     int         `json:"stages"`
	Seconds    float64     `json:"seconds"`
	Candidates []Candidate `json:"candidates"`
	// Why explains the played move (a record's position) against the
	// engine's pick, or the pick against the runner-up, in full: each
	// move's outcomes, the hand it leaves, its tile's risk.
	Why *review.Why `json:"why,omitempty"`
}

// Output turns the engine's analysis of pos under o into a Result, each
// move explained with the embedded opponent models (those the default
// engine reads); without them the moves go unexplained.
func Output(pos *Position, an *mc.Analysis, o *mc.Options) *Result {
	out := &Result{File: pos.File, Round: pos.Name, Event: pos.Event, Seat: pos.Seat,
		Hand: tile.Format(pos.Round.Hand(pos.Seat)), Played: pos.Played, Best: an.Best().String(),
		Utility: "expected rank", Seed: o.Seed, Sims: an.Sims, Stages: an.Stages, Seconds: an.Seconds}
	if pos.Rules.Players() == 3 {
		out.Players = 3
	}
	if o.Utility != nil {
		out.Utility = "Houou rank points"
	}
	opp, err := opponent.Default()
	for i := range an.Candidates {
		c := &an.Candidates[i]
		oc := Candidate{Move: c.String(), Sims: c.Sims, ExpectedRank: c.ExpectedRank,
			RankSE: nanNull(c.RankSE), RankDist: c.RankDist, RankPoints: c.RankPoints, Utility: c.Utility, UtilitySE: nanNull(c.UtilitySE),
			PWin: c.PWin, PDealIn: c.PDealIn, PDraw: c.PDraw, ScoreChange: c.ScoreChange,
			Prior: c.Prior, Policy: c.Policy, Advantage: c.Advantage, AdvantageSE: nanZero(c.AdvantageSE)}
		if err == nil {
			w := review.Explain(pos.Round, pos.Seat, an, c, opp)
			oc.Why = w.Sentence
			if oc.Move == pos.Played || pos.Played == "" && i == 0 {
				out.Why = w
			}
		}
		out.Candidates = append(out.Candidates, oc)
	}
	return out
}

func nanZero(x float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	return x
}

// nanNull is x, or nil (JSON null) for NaN: a standard error of fewer
// than two simulations.
func nanNull(x float64) *float64 {
	if math.IsNaN(x) {
		return nil
	}
	return &x
}
