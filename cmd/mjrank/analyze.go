package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mjrank/mjrank/analysis"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
)

var cmdAnalyze = &Command{
	Name:      "analyze",
	UsageLine: "(--log FILE --round R (--event N | --turn T) [--seat S] [--game G] | --observation FILE|- | --hand TILES [--draw T] --dora T,... [--round R] (--seat S | --wind W) [--scores A,B,C,D] [--sticks N] [--river S:TILES]... [--melds S:MELDS]... [--players 3 [--kita A,B,C]]) [--sims N] [--time D] [--workers N] [--seed S] [--utility rank|points] [--json]",
	Short:     "rank every legal move of a position by expected final rank (the Monte Carlo engine)",
	Long: `
Analyze runs the Monte Carlo engine on one decision of a game record
(mjlog, tenhou.net/6 or mjai): for every legal move of the deciding seat it
simulates the rest of the round on the same sampled worlds, maps each
outcome through the final-rank model, and prints the moves best first with
their expected final rank (± its standard error), the final-rank
distribution, Tenhou Houou rank points (+90/+45/0/−135; four players
only: Tenhou's 3-player table is not known to mjrank), the chances that
this round ends in the seat's win, its deal-in or an exhaustive draw, the
expected points change this round, and the simulations each move got
(successive halving spends them where the moves are close). The engine
starts from a prior move — the move a learned policy expects a Houou
player to make (its discard, riichi or dama, call or pass, kan, kyuushu),
a win when legal — and plays another only when the simulations show it
better in the same worlds by two standard errors of the difference ("vs
prior") plus a margin that grows with how much less likely the policy
holds it (0.05 × ln of the policy's ratio, in expected ranks), and only a
move measured to the last halving stage. The "policy" column is the
policy's belief in each move, in percent. Under the table, one sentence a
move says why it differs from the best (the best: from the next), from the
same simulations and the hand each leaves (docs/REVIEW.md, "The why"); --json
gives each sentence as "why" and the figures behind the played move's (or
the best's) as the top-level "why".

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

Or the position typed by hand (docs/OBSERVATION.md, "A position by hand"),
tiles in tenhou notation (0 = red five): --hand the seat's concealed tiles,
--draw its drawn tile (or write 14 tiles, the draw last), --dora the dora
indicators (5m,1z), --round E1 or S3-2 (2 honba; default E1), --seat 0..3
or --wind E|S|W|N (the seat's wind this round), --scores the four scores
now by seat (default 25000 each) and --sticks the riichi sticks on the
table now (default: this round's). --river S:TILES, once per seat (S is
0..3 or its wind), lists the seat's discards in order, called ones
included, each followed by its marks: _ drawn and discarded (tsumogiri),
* the riichi tile, - = + called by the next, opposite or previous seat.
--melds S:MELD,... lists a seat's melds in the order made, as mjrank score
writes them (chi=435m, pon=055p, kan=1111z, kakan=5550s, ankan=9999s; an
ankan or kakan is placed on the seat's last turn that began with a draw,
or at its riichi, or @N: before its N-th discard). The turn follows from
the rivers: the position ends after the seat's draw, after its call, or
at a discard it answers. Quote the rivers (* is a shell wildcard):

  mjrank analyze --hand 234m456p789s1122z --draw 3z --dora 5m --wind W \
    --river 0:1z9m_4p --river 1:2z8p_3s --river 2:9s1m_ --river 3:7z6z

--players 3 types a 3-player position (Tenhou's sanma): seats 0..2 (E, S,
W), three scores (default 35000 each), no 2m..8m, no chi, river marks -
and + only; --kita A,B,C gives the Norths each seat has set aside, placed
on its first turn that began with a draw, each with its replacement draw.

The analysis is deterministic for a seed under a --sims budget, whatever
--workers; --time stops when the time runs out, within the chunks of 8
worlds already started (the result then depends on the machine).
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o analyzeOptions
		fs.StringVar(&o.logFile, "log", "", "the game record")
		fs.IntVar(&o.gameN, "game", 1, "the game of the file (1-based), for files that hold several")
		fs.StringVar(&o.round, "round", "", "the round: its name (E3-1) or 1-based number (with --hand: its name; default E1)")
		fs.IntVar(&o.event, "event", -1, "the decision at this event index of the round (0-based)")
		fs.IntVar(&o.turn, "turn", 0, "the seat's discard number in the round (1-based; needs --seat)")
		fs.IntVar(&o.seat, "seat", -1, "the deciding seat (0..3; 0 is the first dealer)")
		fs.IntVar(&o.sims, "sims", mc.DefaultSims, fmt.Sprintf("simulation budget of the decision (1 to %d)", mc.MaxSims))
		fs.DurationVar(&o.limit, "time", 0, "stop when this time runs out, within the worlds already started (0: no limit)")
		fs.IntVar(&o.workers, "workers", 0, "goroutines (default: one per CPU; the result does not depend on it)")
		fs.Uint64Var(&o.seed, "seed", 1, "seed of the simulations")
		fs.StringVar(&o.utility, "utility", "rank", "what to maximise: rank (expected final rank) or points (Houou rank points +90/+45/0/-135; four players only)")
		fs.BoolVar(&o.asJSON, "json", false, "print the analysis as JSON")
		fs.StringVar(&o.obsFile, "observation", "", "observation JSON of the seat's decision (a file, or - for stdin) instead of --log")
		fs.StringVar(&o.typed.Hand, "hand", "", "a typed position: the seat's concealed `tiles` (tenhou notation; 14 with the draw last)")
		fs.StringVar(&o.typed.Draw, "draw", "", "with --hand: the drawn `tile`")
		fs.StringVar(&o.typed.Dora, "dora", "", "with --hand: the dora `indicators`, comma-separated (5m,1z)")
		fs.StringVar(&o.typed.Wind, "wind", "", "with --hand: the seat's `wind` this round (E, S, W, N) instead of --seat")
		fs.StringVar(&o.typed.Scores, "scores", "", "with --hand: the `scores` now by seat, comma-separated (default 25000 each)")
		fs.IntVar(&o.typed.Sticks, "sticks", 0, "with --hand: riichi `sticks` on the table now (default: this round's riichi)")
		fs.Var(&o.rivers, "river", "with --hand: a seat's discards `S:TILES`, marked _ tsumogiri, * riichi, - = + called by the next, opposite, previous seat (repeat per seat)")
		fs.Var(&o.melds, "melds", "with --hand: a seat's melds `S:MELD,...` in the order made (chi=435m, pon=055p, kan=1111z, kakan=5550s, ankan=9999s@N; repeat per seat)")
		fs.IntVar(&o.typed.Players, "players", 4, "with --hand: the number of players, 4 or 3 (Tenhou's 3-player game)")
		fs.StringVar(&o.typed.Kita, "kita", "", "with --hand and --players 3: the Norths each seat has set aside, `A,B,C` by seat")
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", args[0])
			}
			if err := o.check(fs); err != nil {
				return err
			}
			return o.run(env)
		}
	},
}

// analyzeOptions are the analyze command's flags.
type analyzeOptions struct {
	logFile, round, utility, obsFile        string
	gameN, event, turn, seat, sims, workers int
	limit                                   time.Duration
	seed                                    uint64
	asJSON                                  bool
	typed                                   observe.Position // --hand and the flags of a typed position
	rivers, melds                           repeated
	sticksGiven                             bool
}

// repeated collects the values of a flag given several times.
type repeated []string

func (r *repeated) String() string { return strings.Join(*r, " ") }

func (r *repeated) Set(s string) error {
	*r = append(*r, s)
	return nil
}

// check checks every flag (those that may be left out only when given),
// then the flags together, before any work.
func (o *analyzeOptions) check(fs *flag.FlagSet) error {
	var given []error // the flags that may be left out, checked when given
	if explicit(fs, "event") {
		given = append(given, atLeast("event", o.event, 0))
	}
	if explicit(fs, "turn") {
		given = append(given, atLeast("turn", o.turn, 1))
	}
	if explicit(fs, "seat") {
		given = append(given, intIn("seat", o.seat, 0, 3))
	}
	if o.obsFile != "-" {
		given = append(given, inputPath("observation", o.obsFile, false))
	}
	if o.sticksGiven = explicit(fs, "sticks"); o.sticksGiven {
		given = append(given, intIn("sticks", o.typed.Sticks, 0, game.MaxSticks))
	}
	timeErr := error(nil)
	if o.limit < 0 {
		timeErr = usageErrorf("--time %v: must be 0 (no limit) or more", o.limit)
	}
	if err := firstErr(append([]error{
		inputPath("log", o.logFile, false),
		atLeast("game", o.gameN, 1),
		intIn("sims", o.sims, 1, mc.MaxSims),
		timeErr,
		workersFlag(o.workers),
		oneOf("utility", o.utility, "rank", "points"),
	}, given...)...); err != nil {
		return err
	}
	if o.typed.Hand != "" || explicitAny(fs, typedFlags...) {
		return o.checkTyped(fs)
	}
	switch {
	case o.obsFile != "" && (o.logFile != "" || o.round != "" || explicit(fs, "event") || explicit(fs, "turn") || explicit(fs, "seat") || explicit(fs, "game")):
		return usageErrorf("--observation replaces --log, --round, --event, --turn, --seat and --game")
	case o.obsFile == "" && (o.logFile == "" || o.round == ""):
		return usageErrorf("--log and --round are required (or --observation, or --hand)")
	case o.obsFile == "" && explicit(fs, "event") == explicit(fs, "turn"):
		return usageErrorf("give one of --event N or --turn T")
	case explicit(fs, "turn") && !explicit(fs, "seat"):
		return usageErrorf("--turn needs --seat")
	}
	return nil
}

// typedFlags are the flags of a typed position besides --hand, --round
// and --seat.
var typedFlags = []string{"draw", "dora", "wind", "scores", "sticks", "river", "melds", "players", "kita"}

func explicitAny(fs *flag.FlagSet, names ...string) bool {
	for _, n := range names {
		if explicit(fs, n) {
			return true
		}
	}
	return false
}

// checkTyped checks the flags of a typed position together; the position
// itself is checked when it is built.
func (o *analyzeOptions) checkTyped(fs *flag.FlagSet) error {
	switch {
	case o.typed.Hand == "":
		return usageErrorf("--draw, --dora, --wind, --scores, --sticks, --river, --melds, --players and --kita type a position: give --hand too")
	case o.logFile != "" || o.obsFile != "" || explicitAny(fs, "event", "turn", "game"):
		return usageErrorf("--hand replaces --log, --observation, --event, --turn and --game")
	case o.typed.Dora == "":
		return usageErrorf("--hand needs --dora (the dora indicators)")
	case explicit(fs, "seat") == (o.typed.Wind != ""):
		return usageErrorf("--hand needs one of --seat S or --wind W")
	}
	return nil
}

// run reads the position, analyses it and prints the analysis.
func (o *analyzeOptions) run(env *Env) error {
	opt := mc.Options{Sims: o.sims, Time: o.limit, Workers: o.workers, Seed: o.seed}
	if o.utility == "points" {
		u := rankmodel.HououPoints
		opt.Utility = &u
	}
	var pos *analysis.Position
	var err error
	switch {
	case o.typed.Hand != "":
		pos, err = o.typedPosition(env)
	case o.obsFile != "":
		pos, err = observationPosition(env, o.obsFile, o.seed)
	default:
		pos, err = loadPosition(o.logFile, o.gameN, o.round, o.event, o.turn, o.seat)
	}
	if err != nil {
		return err
	}
	eng, err := mc.Default()
	if err != nil {
		return err
	}
	out, _, err := analysis.Run(context.Background(), eng, pos, opt)
	if err != nil {
		return err
	}
	if o.asJSON {
		return writeJSON(env.Stdout, out)
	}
	return printAnalysis(env.Stdout, pos, out)
}

// typedPosition builds the typed position's observation and from it, as
// --observation does from its JSON, the position to analyse. A position
// that cannot exist is a usage error naming the flag.
func (o *analyzeOptions) typedPosition(env *Env) (*analysis.Position, error) {
	p := o.typed
	p.Round, p.Seat, p.Rivers, p.Melds = o.round, o.seat, o.rivers, o.melds
	if p.Wind != "" {
		p.Seat = -1
	}
	if !o.sticksGiven {
		p.Sticks = -1
	}
	pos, warnings, err := analysis.TypedPosition(&p, "typed position", o.seed)
	if err != nil {
		if strings.HasPrefix(err.Error(), "observe: position: ") {
			return nil, usageErrorf("%s", flagNamed(err))
		}
		return nil, errors.New(strings.Replace(err.Error(), "give its draw", "type its draw (--draw)", 1))
	}
	for _, w := range warnings {
		fmt.Fprintf(env.Stderr, "analyze: warning: --%s\n", w)
	}
	return pos, nil
}

// flagNamed writes a typed position's error with the flag it names as
// the flag ("river 2: ..." → "--river 2: ...").
func flagNamed(err error) string {
	msg := strings.TrimPrefix(err.Error(), "observe: position: ")
	for _, f := range append([]string{"hand", "round", "seat"}, typedFlags...) {
		if strings.HasPrefix(msg, f+" ") || strings.HasPrefix(msg, f+":") || strings.HasPrefix(msg, f+",") {
			return "--" + msg
		}
	}
	return msg
}

// loadPosition reads the decision from game gameN of a record file.
func loadPosition(file string, gameN int, roundName string, event, turn, seat int) (*analysis.Position, error) {
	g, err := readGame(file, gameN)
	if err != nil {
		return nil, err
	}
	return analysis.RecordPosition(g, file, roundName, event, turn, seat)
}

// observationPosition reads observation JSON (a file, or - for stdin) and
// builds a round consistent with it.
func observationPosition(env *Env, file string, seed uint64) (*analysis.Position, error) {
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
	return analysis.ObservationPosition(b, file, seed)
}

func printAnalysis(w io.Writer, pos *analysis.Position, a *analysis.Result) error {
	r := pos.Round
	var dora []string
	for _, t := range r.DoraIndicators() {
		dora = append(dora, t.String())
	}
	fmt.Fprintf(w, "%s  %s event %d, seat %d (%s)\n", pos.File, pos.Name, pos.Event, pos.Seat, r.SeatWind(pos.Seat))
	fmt.Fprintf(w, "hand    %s", a.Hand)
	for _, m := range r.Melds(pos.Seat) {
		fmt.Fprintf(w, " %s", m)
	}
	n := r.Players()
	scores := r.Scores()
	fmt.Fprintf(w, "\nscores  %v  sticks %d  honba %d  dora indicators %s  tiles left %d\n", scores[:n], r.Sticks(), r.Honba(), strings.Join(dora, " "), r.LiveRemaining())
	if n == 3 {
		kita := make([]string, n)
		for s := range n {
			kita[s] = fmt.Sprint(r.Kita(s))
		}
		fmt.Fprintf(w, "kita    %s by seat (3 players, 108 tiles)\n", strings.Join(kita, ","))
	}
	fmt.Fprintf(w, "best    %s", a.Best)
	if a.Played != "" {
		fmt.Fprintf(w, "   (played: %s)", a.Played)
	}
	fmt.Fprintf(w, "\n%s in %s, %s, seed %d, maximising %s\n\n", plural(a.Sims, "simulation"), plural(a.Stages, "stage"),
		time.Duration(a.Seconds*float64(time.Second)).Round(time.Millisecond), a.Seed, a.Utility)
	places := []string{"1st", "2nd", "3rd", "4th"}[:n]
	// Three players have no Houou rank points (mc.Analysis.NoRankPoints).
	points := []string{"rank pt"}[:n-3]
	t := newTable(w, append(append(append([]string{"move", "E[rank]", "±", "vs prior"}, places...), points...), "win%", "deal-in%", "draw%", "Δscore", "policy", "sims")...)
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
		row := []string{c.Move, fmt.Sprintf("%.3f", c.ExpectedRank), rankSE, adv}
		for _, q := range c.RankDist[:n] {
			row = append(row, pct(q))
		}
		if n == 4 {
			row = append(row, fmt.Sprintf("%+.1f", c.RankPoints))
		}
		row = append(row, pct(c.PWin), pct(c.PDealIn), pct(c.PDraw),
			fmt.Sprintf("%+.0f", c.ScoreChange), policyText(c.Policy), fmt.Sprint(c.Sims))
		if err := t.Append(row); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	printMoveWhys(w, a.Candidates)
	_, err := fmt.Fprintf(w, "\n* the prior move (the learned policy's; a win): played unless another, measured to the last stage, beats it by %.0f standard errors of the difference plus %.2f × ln(policy ratio)\n", mc.DefaultMargin, mc.DefaultPolicyWeight)
	return err
}

// printMoveWhys writes each move's why under a heading, the moves'
// names aligned as in the table.
func printMoveWhys(w io.Writer, cands []analysis.Candidate) {
	width := 0
	for _, c := range cands {
		width = max(width, len(c.Move))
	}
	head := "\nwhy (each move against the best; the best against the next)\n"
	for _, c := range cands {
		if c.Why != "" {
			fmt.Fprintf(w, "%s %-*s  %s\n", head, width, c.Move, c.Why)
			head = ""
		}
	}
}

func pct(p float64) string { return fmt.Sprintf("%.1f", 100*p) }

// policyText prints a policy score, or nothing for moves it does not score.
func policyText(p float64) string {
	if p == 0 {
		return ""
	}
	return pct(p)
}
