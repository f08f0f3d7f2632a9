package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/mc"
	"github.com/mjrank/mjrank/sim/tile"
)

var cmdAnalyze = &Command{
	Name:      "analyze",
	UsageLine: "(--log FILE --round R (--event N | --turn T) [--seat S] [--game G] | --observation FILE|-) [--sims N] [--time D] [--workers N] [--seed S] [--utility rank|points] [--json]",
	Short:     "rank every legal move of a position by expected final rank (the Monte Carlo engine)",
	Long: `
Analyze runs the Monte Carlo engine on one decision of a game record
(mjlog, tenhou.net/6 or mjai): for every legal move of the deciding seat it
simulates the rest of the round on the same sampled worlds, maps each
outcome through the final-rank model, and prints the moves best first with
their expected final rank (± its standard error), the final-rank
distribution, Tenhou Houou rank points (+90/+45/0/−135), the chances that
this round ends in the seat's win, its deal-in or an exhaustive draw, the
expected points change this round, and the simulations each move got
(successive halving spends them where the moves are close). The engine
starts from a prior move — the discard a learned policy expects a Houou
player to make (riichi when it makes the hand tenpai), pass on a call, a
win when legal — and plays another only when the simulations show it better
in the same worlds by two standard errors of the difference ("vs prior").
The "policy" column is that policy's score of each discard.

The position: --round names the round (E3-1 = East 3 with one honba, as
mjrank verify prints; or its 1-based number in the record), then either
--event N (the decision taken at the round's event N, 0-based: the state
just before it; the seat is the event's actor unless --seat says another
seat answering the same discard) or --seat S with --turn T (the seat's T-th
discard of the round). Only what the deciding seat could see is used.

Or --observation FILE (- for stdin): one seat's knowledge of a round as
observation JSON (docs/OBSERVATION.md: the seat's deal, its draws, every
public event), ending at the seat's decision. The hidden tiles are filled
in consistently with it (riichi hands tenpai) to build the round; the
engine still reads only the seat's view, so the fill does not matter.

The analysis is deterministic for a seed under a --sims budget, whatever
--workers; --time stops after the halving stage in which the time runs out
(the result then depends on the machine).
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		logFile := fs.String("log", "", "the game record")
		gameN := fs.Int("game", 1, "the game of the file (1-based), for files that hold several")
		round := fs.String("round", "", "the round: its name (E3-1) or 1-based number")
		event := fs.Int("event", -1, "the decision at this event index of the round (0-based)")
		turn := fs.Int("turn", 0, "the seat's discard number in the round (1-based; needs --seat)")
		seat := fs.Int("seat", -1, "the deciding seat (0..3; 0 is the first dealer)")
		sims := fs.Int("sims", mc.DefaultSims, fmt.Sprintf("simulation budget of the decision (1 to %d)", mc.MaxSims))
		limit := fs.Duration("time", 0, "stop after the halving stage in which this time runs out (0: no limit)")
		workers := fs.Int("workers", 0, "goroutines (default: one per CPU; the result does not depend on it)")
		seed := fs.Uint64("seed", 1, "seed of the simulations")
		utility := fs.String("utility", "rank", "what to maximise: rank (expected final rank) or points (Houou rank points +90/+45/0/-135)")
		asJSON := fs.Bool("json", false, "print the analysis as JSON")
		obsFile := fs.String("observation", "", "observation JSON of the seat's decision (a file, or - for stdin) instead of --log")
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", args[0])
			}
			var given []error // the flags that may be left out, checked when given
			if explicit(fs, "event") {
				given = append(given, atLeast("event", *event, 0))
			}
			if explicit(fs, "turn") {
				given = append(given, atLeast("turn", *turn, 1))
			}
			if explicit(fs, "seat") {
				given = append(given, intIn("seat", *seat, 0, 3))
			}
			if *obsFile != "-" {
				given = append(given, inputPath("observation", *obsFile, false))
			}
			timeErr := error(nil)
			if *limit < 0 {
				timeErr = usageErrorf("--time %v: must be 0 (no limit) or more", *limit)
			}
			if err := firstErr(append([]error{
				inputPath("log", *logFile, false),
				atLeast("game", *gameN, 1),
				intIn("sims", *sims, 1, mc.MaxSims),
				timeErr,
				workersFlag(*workers),
				oneOf("utility", *utility, "rank", "points"),
			}, given...)...); err != nil {
				return err
			}
			switch {
			case *obsFile != "" && (*logFile != "" || *round != "" || explicit(fs, "event") || explicit(fs, "turn") || explicit(fs, "seat") || explicit(fs, "game")):
				return usageErrorf("--observation replaces --log, --round, --event, --turn, --seat and --game")
			case *obsFile == "" && (*logFile == "" || *round == ""):
				return usageErrorf("--log and --round are required (or --observation)")
			case *obsFile == "" && explicit(fs, "event") == explicit(fs, "turn"):
				return usageErrorf("give one of --event N or --turn T")
			case explicit(fs, "turn") && !explicit(fs, "seat"):
				return usageErrorf("--turn needs --seat")
			}
			o := mc.Options{Sims: *sims, Time: *limit, Workers: *workers, Seed: *seed}
			if *utility == "points" {
				u := rankmodel.HououPoints
				o.Utility = &u
			}
			var pos *position
			var err error
			if *obsFile != "" {
				pos, err = observationPosition(env, *obsFile, *seed)
			} else {
				pos, err = loadPosition(*logFile, *gameN, *round, *event, *turn, *seat)
			}
			if err != nil {
				return err
			}
			eng, err := mc.Default()
			if err != nil {
				return err
			}
			o.Rules = &pos.rules
			o.Decision = uint64(pos.roundIndex)<<16 | uint64(pos.event)
			an, err := eng.Analyze(context.Background(), game.ViewOf(pos.round, pos.seat), pos.legal, o)
			if err != nil {
				return err
			}
			out := analysisOutput(pos, an, &o)
			if *asJSON {
				return writeJSON(env.Stdout, out)
			}
			return printAnalysis(env.Stdout, pos, out)
		}
	},
}

// position is a decision read from a record.
type position struct {
	file       string
	name       string // round name
	roundIndex int
	event      int
	seat       int
	round      *game.Round
	rules      game.Rules
	legal      []game.Action
	played     string
}

func loadPosition(file string, gameN int, roundName string, event, turn, seat int) (*position, error) {
	g, err := readGame(file, gameN)
	if err != nil {
		return nil, err
	}
	if g.Players != 4 {
		return nil, fmt.Errorf("%s: a %d-player game: the engine plays 4-player games", file, g.Players)
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
	if seat < 0 || seat > 3 {
		return nil, fmt.Errorf("%s: %s event %d (%v) is no seat's decision", file, rd.Name(), event, e)
	}
	legal := round.Legal(seat, nil)
	if len(legal) == 0 {
		return nil, fmt.Errorf("%s: %s event %d: seat %d has no decision there (the round waits for seat %d, phase %v)",
			file, rd.Name(), event, seat, round.ToAct(), round.Phase())
	}
	return &position{file: file, name: rd.Name(), roundIndex: ri, event: event, seat: seat, round: round,
		rules: g.EngineRules(), legal: legal, played: playedMove(rd, event, seat)}, nil
}

// observationPosition reads observation JSON and builds a round consistent
// with it.
func observationPosition(env *Env, file string, seed uint64) (*position, error) {
	var b []byte
	var err error
	if file == "-" {
		b, err = io.ReadAll(io.LimitReader(env.Stdin, 1<<22))
	} else {
		b, err = os.ReadFile(file)
	}
	if err != nil {
		return nil, err
	}
	o, err := game.ParseObservation(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	src := game.Stream(seed, 0x6f6273, 0)
	r, err := o.Determinize(rand.New(&src), game.DeterminizeOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	seat := o.Seat()
	legal := r.Legal(seat, nil)
	if len(legal) == 0 {
		return nil, fmt.Errorf("%s: the observation does not end at a decision of seat %d (the round waits for seat %d, phase %v)", file, seat, r.ToAct(), r.Phase())
	}
	name := (&data.Round{Number: o.Setup().Index, Honba: o.Setup().Honba}).Name()
	return &position{file: file, name: name, event: len(o.Events()), seat: seat, round: r, rules: o.Rules(), legal: legal}, nil
}

// playedMove describes what the record's seat did at the event: its own
// action, or "pass" when the event is another seat's (the seat let the
// discard go).
func playedMove(rd *data.Round, event, seat int) string {
	// The engine draws by itself once every seat has answered: a position
	// before the seat's draw is its turn after the draw.
	for event+1 < len(rd.Events) && rd.Events[event].Type == data.EventDraw && int(rd.Events[event].Seat) == seat {
		event++
	}
	e := rd.Events[event]
	switch e.Type {
	case data.EventAgari:
		if int(e.Index) < len(rd.Agari) && rd.Agari[e.Index].Who == seat {
			if rd.Agari[e.Index].From == seat {
				return "tsumo"
			}
			return "ron"
		}
		return "pass"
	case data.EventRiichi:
		if int(e.Seat) == seat && e.Step == 1 {
			for _, d := range rd.Events[event+1:] {
				if d.Type == data.EventDiscard {
					return "riichi " + d.Tile.String()
				}
			}
		}
	case data.EventDiscard:
		if int(e.Seat) == seat {
			return "discard " + e.Tile.String()
		}
	case data.EventCall:
		if int(e.Seat) == seat {
			return e.Meld.String()
		}
	}
	if int(e.Seat) != seat {
		return "pass"
	}
	return e.Type.String()
}

type candidateJSON struct {
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
}

type analysisJSON struct {
	File       string          `json:"file"`
	Round      string          `json:"round"`
	Event      int             `json:"event"`
	Seat       int             `json:"seat"`
	Hand       string          `json:"hand"`
	Played     string          `json:"played,omitempty"`
	Best       string          `json:"best"`
	Utility    string          `json:"utility"`
	Seed       uint64          `json:"seed"`
	Sims       int             `json:"sims"`
	Stages     int             `json:"stages"`
	Seconds    float64         `json:"seconds"`
	Candidates []candidateJSON `json:"candidates"`
}

func analysisOutput(pos *position, an *mc.Analysis, o *mc.Options) *analysisJSON {
	out := &analysisJSON{File: pos.file, Round: pos.name, Event: pos.event, Seat: pos.seat,
		Hand: tile.Format(pos.round.Hand(pos.seat)), Played: pos.played, Best: an.Best().String(),
		Utility: "expected rank", Seed: o.Seed, Sims: an.Sims, Stages: an.Stages, Seconds: an.Seconds}
	if o.Utility != nil {
		out.Utility = "Houou rank points"
	}
	for i := range an.Candidates {
		c := &an.Candidates[i]
		out.Candidates = append(out.Candidates, candidateJSON{Move: c.String(), Sims: c.Sims, ExpectedRank: c.ExpectedRank,
			RankSE: nanNull(c.RankSE), RankDist: c.RankDist, RankPoints: c.RankPoints, Utility: c.Utility, UtilitySE: nanNull(c.UtilitySE),
			PWin: c.PWin, PDealIn: c.PDealIn, PDraw: c.PDraw, ScoreChange: c.ScoreChange,
			Prior: c.Prior, Policy: c.Policy, Advantage: c.Advantage, AdvantageSE: nanZero(c.AdvantageSE)})
	}
	return out
}

func printAnalysis(w io.Writer, pos *position, a *analysisJSON) error {
	r := pos.round
	var dora []string
	for _, t := range r.DoraIndicators() {
		dora = append(dora, t.String())
	}
	fmt.Fprintf(w, "%s  %s event %d, seat %d (%s)\n", pos.file, pos.name, pos.event, pos.seat, r.SeatWind(pos.seat))
	fmt.Fprintf(w, "hand    %s", a.Hand)
	for _, m := range r.Melds(pos.seat) {
		fmt.Fprintf(w, " %s", m)
	}
	fmt.Fprintf(w, "\nscores  %v  sticks %d  honba %d  dora indicators %s  tiles left %d\n", r.Scores(), r.Sticks(), r.Honba(), strings.Join(dora, " "), r.LiveRemaining())
	fmt.Fprintf(w, "best    %s", a.Best)
	if a.Played != "" {
		fmt.Fprintf(w, "   (played: %s)", a.Played)
	}
	fmt.Fprintf(w, "\n%s in %s, %s, seed %d, maximising %s\n\n", plural(a.Sims, "simulation"), plural(a.Stages, "stage"),
		time.Duration(a.Seconds*float64(time.Second)).Round(time.Millisecond), a.Seed, a.Utility)
	t := newTable(w, "move", "E[rank]", "±", "vs prior", "1st", "2nd", "3rd", "4th", "rank pt", "win%", "deal-in%", "draw%", "Δscore", "policy", "sims")
	for _, c := range a.Candidates {
		adv := fmt.Sprintf("%+.4f ± %.4f", c.Advantage, c.AdvantageSE)
		if c.Prior {
			c.Move += " *"
			adv = "(prior)"
		}
		rankSE := "-"
		if c.RankSE != nil {
			rankSE = fmt.Sprintf("%.3f", *c.RankSE)
		}
		if err := t.Append([]string{c.Move, fmt.Sprintf("%.3f", c.ExpectedRank), rankSE, adv,
			pct(c.RankDist[0]), pct(c.RankDist[1]), pct(c.RankDist[2]), pct(c.RankDist[3]),
			fmt.Sprintf("%+.1f", c.RankPoints), pct(c.PWin), pct(c.PDealIn), pct(c.PDraw),
			fmt.Sprintf("%+.0f", c.ScoreChange), policyText(c.Policy), fmt.Sprint(c.Sims)}); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n* the prior move (the policy's discard; pass on a call; a win): played unless another beats it by %.0f standard errors of the difference\n", mc.DefaultMargin)
	return err
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

func pct(p float64) string { return fmt.Sprintf("%.1f", 100*p) }

// policyText prints a policy score, or nothing for moves it does not score.
func policyText(p float64) string {
	if p == 0 {
		return ""
	}
	return pct(p)
}
