package mceval

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mjrank/mjrank/sim/game"
)

// Part is the raw measurement of consecutive games of a run, in key order:
// what a shard of the run carries (Config.Shard), so that the parts of all
// shards, joined in order, give exactly the report of one run
// ([Summarize]). The report's means, log-losses and calibration tables
// are sums over samples in order, which floating point does not let one
// rebuild from per-shard figures: a part keeps every game's samples.
type Part struct {
	Sims    int      `json:"sims_per_decision"`
	Fold    int      `json:"fold"`
	Players []string `json:"players"` // the engine ("mc"), then the baseline bots
	// Seats is 3 for a part of 3-player games, 0 (absent) for 4-player
	// ones: Report.Players.
	Seats   int `json:"seats,omitempty"`
	Planned int `json:"planned"` // games of the whole run
	// From and To: the part holds the run's games [From, To).
	From    int          `json:"from"`
	To      int          `json:"to"`
	Games   []GameResult `json:"games"`
	Seconds float64      `json:"seconds"`
}

// GameResult is one measured game's counts and samples, in a Part.
type GameResult struct{ r gameResult }

// gameJSON is a GameResult in JSON. A sample is [P(win), P(deal-in),
// P(draw), points change, live tiles left]; an outcome [won, dealt in,
// draw (each 0 or 1), points change]; a call sample [the move played (its
// game.ActionType), then its sample, then its outcome]. Floating-point
// numbers make the round trip through JSON exactly.
type gameJSON struct {
	Decisions int            `json:"decisions"`
	Agreement []Agreement    `json:"agreement"`
	Samples   [3][][]float64 `json:"samples"` // engine, oracle, baseline
	Outcomes  [][]float64    `json:"outcomes"`
	Calls     [][]float64    `json:"calls"`
	Opponents Opponents      `json:"opponents"`
}

func (p pred) row() []float64 { return []float64{p.win, p.dealIn, p.draw, p.delta, float64(p.live)} }

func (o outcome) row() []float64 {
	return []float64{float64(b2i(o.won)), float64(b2i(o.dealtIn)), float64(b2i(o.draw)), o.delta}
}

// MarshalJSON writes g as gameJSON.
func (g GameResult) MarshalJSON() ([]byte, error) {
	r := &g.r
	j := gameJSON{Decisions: r.decisions, Agreement: r.agree, Opponents: r.opp,
		Outcomes: make([][]float64, 0, len(r.outcomes)), Calls: make([][]float64, 0, len(r.calls))}
	for i, ps := range r.samples {
		j.Samples[i] = make([][]float64, 0, len(ps))
		for _, p := range ps {
			j.Samples[i] = append(j.Samples[i], p.row())
		}
	}
	for _, o := range r.outcomes {
		j.Outcomes = append(j.Outcomes, o.row())
	}
	for _, c := range r.calls {
		j.Calls = append(j.Calls, slices.Concat([]float64{float64(c.played)}, c.p.row(), c.out.row()))
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads g from gameJSON, checking every row's shape.
func (g *GameResult) UnmarshalJSON(b []byte) error {
	var j gameJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	r := gameResult{decisions: j.Decisions, agree: j.Agreement, opp: j.Opponents}
	var err error
	for i, rows := range j.Samples {
		for k, row := range rows {
			p, e := predOf(row)
			err = firstError(err, e, fmt.Sprintf("samples[%d][%d]", i, k))
			r.samples[i] = append(r.samples[i], p)
		}
	}
	for k, row := range j.Outcomes {
		o, e := outcomeOfRow(row)
		err = firstError(err, e, fmt.Sprintf("outcomes[%d]", k))
		r.outcomes = append(r.outcomes, o)
	}
	for k, row := range j.Calls {
		var c callSample
		if len(row) != 10 || row[0] != float64(uint8(row[0])) {
			err = firstError(err, fmt.Errorf("want the move and 9 numbers, got %v", row), fmt.Sprintf("calls[%d]", k))
			continue
		}
		c.played = game.ActionType(row[0])
		c.p, _ = predOf(row[1:6])
		c.out, _ = outcomeOfRow(row[6:])
		r.calls = append(r.calls, c)
	}
	if err == nil && len(r.outcomes) != len(r.samples[0]) {
		err = fmt.Errorf("%d outcomes for %d samples", len(r.outcomes), len(r.samples[0]))
	}
	if err != nil {
		return fmt.Errorf("mceval: a game's result: %w", err)
	}
	g.r = r
	return nil
}

// firstError returns err, or else e (when not nil) placed at where.
func firstError(err, e error, where string) error {
	if err != nil || e == nil {
		return err
	}
	return fmt.Errorf("%s: %w", where, e)
}

func predOf(row []float64) (pred, error) {
	if len(row) != 5 || row[4] != float64(int(row[4])) {
		return pred{}, fmt.Errorf("want 4 numbers and the tiles left, got %v", row)
	}
	return pred{win: row[0], dealIn: row[1], draw: row[2], delta: row[3], live: int(row[4])}, nil
}

func outcomeOfRow(row []float64) (outcome, error) {
	if len(row) != 4 {
		return outcome{}, fmt.Errorf("want 3 flags and a points change, got %v", row)
	}
	var o outcome
	for i, f := range []*bool{&o.won, &o.dealtIn, &o.draw} {
		if row[i] != 0 && row[i] != 1 {
			return outcome{}, fmt.Errorf("flag %d is %v, want 0 or 1", i+1, row[i])
		}
		*f = row[i] == 1
	}
	o.delta = row[3]
	return o, nil
}

// Summarize joins parts of one run, given in order, into its report,
// exactly the report one run of all their games gives (Seconds the sum of
// the parts'). The parts must be of one run (the same budget, fold and
// players) and cover its games once, in order.
func Summarize(parts []*Part) (*Report, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("mceval: no part to summarize")
	}
	first := parts[0]
	next := 0
	for i, p := range parts {
		switch {
		case p.Sims != first.Sims || p.Fold != first.Fold || !slices.Equal(p.Players, first.Players) || p.Planned != first.Planned || p.Seats != first.Seats:
			return nil, fmt.Errorf("mceval: part %d is of another run than part 1", i+1)
		case p.From != next || p.To < p.From || len(p.Games) != p.To-p.From:
			return nil, fmt.Errorf("mceval: part %d holds games %d..%d (%d of them), want from %d", i+1, p.From, p.To, len(p.Games), next)
		case len(p.Players) == 0:
			return nil, fmt.Errorf("mceval: part %d has no player", i+1)
		}
		next = p.To
	}
	if next != first.Planned {
		return nil, fmt.Errorf("mceval: the parts hold games 0..%d of %d", next, first.Planned)
	}
	rep := &Report{Players: first.Seats, Sims: first.Sims, Fold: first.Fold}
	for _, p := range first.Players {
		rep.Agreement = append(rep.Agreement, Agreement{Player: p})
	}
	var all gameResult // every game's samples, in key order
	for i, p := range parts {
		for k := range p.Games {
			if len(p.Games[k].r.agree) != len(first.Players) {
				return nil, fmt.Errorf("mceval: part %d, game %d: %d agreement rows for %d players", i+1, k+1, len(p.Games[k].r.agree), len(first.Players))
			}
			rep.add(&p.Games[k].r, &all)
		}
		rep.Seconds += p.Seconds
	}
	rep.finish(&all)
	return rep, nil
}

// finish computes the report's figures from every game's samples.
func (rep *Report) finish(all *gameResult) {
	names := [3]string{"engine", "engine, opponents' hands known (oracle)", "baseline: frequency by turn and shanten"}
	for i, ps := range all.samples {
		if len(ps) == 0 {
			continue
		}
		rep.Fidelity = append(rep.Fidelity, fidelity(names[i], ps, all.outcomes))
	}
	if len(all.samples[0]) > 0 {
		rep.Stages = stages(all.samples[0], all.outcomes)
	}
	if len(all.calls) > 0 {
		rep.Calls = callFidelity(all.calls)
	}
}
