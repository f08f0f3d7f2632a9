// Package mceval measures the Monte Carlo engine (mc) on real games it
// never trained on — the held-out tenth of the corpus (dataset.HeldOut):
//
//   - agreement: how often the engine's choice equals the recorded Houou
//     player's, for discards (which tile), riichi (declare or not, where
//     it is legal) and calls (which call, or pass, where one is legal),
//     beside the baseline bots on the same positions;
//   - fidelity: at the turn decisions, the engine's P(win), P(deal-in) and
//     P(exhaustive draw) this round and its expected points change for the
//     move actually played (simulated alone with the whole budget),
//     against what happened, beside a frequency
//     baseline (by turn and shanten, fitted on the training games) and,
//     with Oracle, beside the engine told the opponents' true hands.
package mceval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/reliability"
	"github.com/mjrank/mjrank/internal/shard"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// Config is one measurement.
type Config struct {
	Corpus []string
	// Fold selects the games measured: 0 the held-out tenth (FNV-1a of
	// the key mod 10 = 0, no model trained on it), 1 to 9 a tenth of the
	// training games, to tune the rollout's fitted rates on without
	// touching the held-out games. The baseline is fitted on the games of
	// neither.
	Fold     int
	MaxGames int // held-out games used, in file order (0: all)
	// Every analyses every Every-th decision of each kind (1: all).
	Every   int
	Sims    int // the engine's budget per decision
	Workers int // games at once (the engine runs on one goroutine each)
	Seed    uint64
	Bots    []string // baseline bots for agreement
	Oracle  bool     // also run the engine with the opponents' true hands
	// Lab holds the engine's measurement and ablation switches (the zero
	// Lab: the engine as it plays).
	Lab mc.Lab
	// Progress is called after each game with the games done and the total.
	Progress func(done, total int)
	// Shard and Shards: measure only the Shard-th (1-based) of Shards
	// consecutive slices of the games (in key order, after MaxGames;
	// shard.Range), for a run split over processes whose Parts
	// [Summarize] joins; 0 and 0: all the games.
	Shard, Shards int
	// Players picks the games measured by their seats: 4 (or 0), or 3 for
	// Tenhou's 3-player games (the same held-out split); the baseline is
	// fitted on the training games of that number of players.
	Players int
}

// Agreement counts one player's choices equal to the recorded player's.
type Agreement struct {
	Player         string `json:"player"`
	Discards       int    `json:"discards"`
	DiscardsAgreed int    `json:"discards_agreed"`
	Riichi         int    `json:"riichi"`
	RiichiAgreed   int    `json:"riichi_agreed"`
	Calls          int    `json:"calls"`
	CallsAgreed    int    `json:"calls_agreed"`
	// Kita and KitaAgreed count the turn decisions of a 3-player game
	// where a North could be set aside: set aside or kept, as the
	// player did (absent from 4-player reports).
	Kita       int `json:"kita,omitempty"`
	KitaAgreed int `json:"kita_agreed,omitempty"`
}

// Binary measures predicted probabilities of one event against outcomes.
type Binary struct {
	Samples  int               `json:"samples"`
	Rate     float64           `json:"observed_rate"`
	MeanPred float64           `json:"mean_prediction"`
	LogLoss  float64           `json:"log_loss"`
	Brier    float64           `json:"brier"`
	ECE      float64           `json:"ece"`
	Bins     []reliability.Bin `json:"reliability"`
}

// Fidelity is one predictor's figures.
type Fidelity struct {
	Predictor string  `json:"predictor"`
	Win       Binary  `json:"win"`
	DealIn    Binary  `json:"deal_in"`
	Draw      Binary  `json:"draw"`
	ScoreMAE  float64 `json:"score_change_mae"`
	ScoreBias float64 `json:"score_change_bias"` // mean prediction − outcome
}

// Report is the measurement.
type Report struct {
	// Players is 3 for a measurement of 3-player games; 0 (absent from
	// the JSON) for 4-player ones.
	Players   int         `json:"players,omitempty"`
	Games     int         `json:"games"`
	Decisions int         `json:"decisions"`
	Sims      int         `json:"sims_per_decision"`
	Fold      int         `json:"fold"` // 0: the held-out games
	Agreement []Agreement `json:"agreement"`
	Fidelity  []Fidelity  `json:"fidelity"`
	// Opponents sets the opponents' play in the rollouts of the moves
	// played beside the real rounds' (opponents.go).
	Opponents Opponents `json:"opponents"`
	// Stages sets the engine's predictions beside the outcomes by the
	// tiles left in the live wall at the decision: the means can be right
	// while the early positions of a round are predicted too slow and the
	// late ones too fast, and the log-loss pays for it.
	Stages []Stage `json:"stages"`
	// Calls sets the engine's predictions at the call decisions beside
	// the outcomes, by the move the player made.
	Calls   []CallFidelity `json:"calls"`
	Seconds float64        `json:"seconds"`
}

// Stage is the engine's mean predictions and the observed rates over the
// turn decisions with From ≥ live tiles left > To (To = 0: ≥ 0).
type Stage struct {
	From      int        `json:"from_live"`
	To        int        `json:"to_live"`
	Samples   int        `json:"samples"`
	Observed  [3]float64 `json:"observed"`  // win, deal-in, draw
	Predicted [3]float64 `json:"predicted"` // the engine's means
}

// CallFidelity is the engine's mean predictions for the move played at
// the call decisions where the player made it (Played: pass, chi, pon,
// daiminkan; a chi or pon with the player's follow-up discard) beside
// what happened: whether the rollout values an open hand as the players'
// rounds went, where the engine's choice between calling and passing is
// made.
type CallFidelity struct {
	Played          string     `json:"played"`
	Samples         int        `json:"samples"`
	Observed        [3]float64 `json:"observed"`  // win, deal-in, draw
	Predicted       [3]float64 `json:"predicted"` // the engine's means
	PointsObserved  float64    `json:"points_change_observed"`
	PointsPredicted float64    `json:"points_change_predicted"`
}

// StageBounds are the live-wall bounds of the report's stages.
var StageBounds = []int{70, 55, 40, 25, 10, 0}

func stages(ps []pred, outs []outcome) []Stage {
	st := make([]Stage, len(StageBounds)-1)
	for i := range st {
		st[i].From, st[i].To = StageBounds[i], StageBounds[i+1]
	}
	for i, p := range ps {
		j := 0
		for j < len(st)-1 && p.live <= st[j].To {
			j++
		}
		x := &st[j]
		x.Samples++
		addEndings(&x.Predicted, &x.Observed, p, outs[i])
	}
	for i := range st {
		meanEndings(st[i].Samples, &st[i].Predicted, &st[i].Observed)
	}
	return st
}

// addEndings adds sample p's predicted endings (win, deal-in, draw) to
// pred and its outcome o's to obs.
func addEndings(pred, obs *[3]float64, p pred, o outcome) {
	for e, v := range [3]float64{p.win, p.dealIn, p.draw} {
		pred[e] += v
	}
	for e, v := range [3]bool{o.won, o.dealtIn, o.draw} {
		obs[e] += float64(b2i(v))
	}
}

// meanEndings divides sums of n samples by n (none: left at 0).
func meanEndings(n int, sums ...*[3]float64) {
	if n == 0 {
		return
	}
	for _, s := range sums {
		for e := range s {
			s[e] /= float64(n)
		}
	}
}

// pred is one fidelity sample: predictions and what happened.
type pred struct {
	win, dealIn, draw, delta float64
	live                     int // tiles left in the live wall at the decision
}

type outcome struct {
	won, dealtIn, draw bool
	delta              float64
}

// outcomeOf is how the ended round r went for seat, which had start
// points at the decision.
func outcomeOf(r *game.Round, seat, start int) outcome {
	res := r.Result()
	o := outcome{draw: res.Kind == game.ExhaustiveDraw, delta: float64(r.Scores()[seat] - start)}
	for _, w := range res.Wins[:res.NumWins] {
		o.won = o.won || int(w.Seat) == seat
		o.dealtIn = o.dealtIn || (!w.Tsumo && int(w.From) == seat)
	}
	return o
}

// gameResult is one game's counts and samples.
type gameResult struct {
	agree     []Agreement
	samples   [3][]pred // engine, oracle, baseline
	outcomes  []outcome
	calls     []callSample
	opp       Opponents
	decisions int
	err       error
}

// ErrNoGames is the cause of Run's error when the corpus holds no
// held-out game to measure on.
var ErrNoGames = errors.New("no held-out game")

// Run measures the engine: [Measure] and [Summarize].
func Run(ctx context.Context, cfg Config) (*Report, error) {
	p, err := Measure(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return Summarize([]*Part{p})
}

// Measure measures the engine on the games of cfg's shard (all of them
// without one) and returns their raw measurement, for [Summarize]. Every
// shard reads the whole corpus: the baseline is fitted on its training
// games, and the games measured are chosen among all of them.
func Measure(ctx context.Context, cfg Config) (*Part, error) {
	start := time.Now()
	if cfg.Every <= 0 {
		cfg.Every = 1
	}
	if cfg.Shards < 0 || (cfg.Shards == 0) != (cfg.Shard == 0) || cfg.Shard > cfg.Shards {
		return nil, fmt.Errorf("mceval: shard %d/%d", cfg.Shard, cfg.Shards)
	}
	players, err := seatsOf(cfg.Players)
	if err != nil {
		return nil, err
	}
	eng, err := mc.Default()
	if err != nil {
		return nil, err
	}
	files, _, err := dataset.Files(cfg.Corpus) // what cannot be read is left out, as in fitBaseline
	if err != nil {
		return nil, err
	}
	if cfg.Fold < 0 || cfg.Fold > 9 {
		return nil, fmt.Errorf("mceval: fold %d: want 0 (held out) to 9", cfg.Fold)
	}
	base, held, err := fitBaseline(ctx, files, cfg.Workers, uint64(cfg.Fold), players)
	if err != nil {
		return nil, err
	}
	order := keys(held)
	if len(order) == 0 {
		kind := ""
		if players == 3 {
			kind = " 3-player"
		}
		return nil, fmt.Errorf("mceval: %w under %s (of the usable%s games, those whose FNV-1a key mod 10 is %d)", ErrNoGames, strings.Join(cfg.Corpus, " "), kind, cfg.Fold)
	}
	if cfg.MaxGames > 0 && len(order) > cfg.MaxGames {
		order = order[:cfg.MaxGames]
	}
	bots := append([]string{"mc"}, cfg.Bots...)
	part := &Part{Sims: cfg.Sims, Fold: cfg.Fold, Players: bots, Seats: seatsField(players), Planned: len(order), To: len(order), Games: []GameResult{}}
	if cfg.Shards > 0 {
		part.From, part.To = shard.Range(cfg.Shard, cfg.Shards, len(order))
		order = order[part.From:part.To]
	}
	done := 0
	err = records.ForEachFile(ctx, order, cfg.Workers, func(key string) gameResult {
		return measureGame(ctx, eng, &cfg, held[key], base, bots)
	}, func(_ string, r gameResult) {
		done++
		if cfg.Progress != nil {
			cfg.Progress(done, len(order))
		}
		if r.err != nil && err == nil {
			err = r.err
		}
		part.Games = append(part.Games, GameResult{r})
	})
	if err != nil {
		return nil, err
	}
	part.Seconds = time.Since(start).Seconds()
	return part, nil
}

// add counts game r in the report and appends its samples to all's.
func (rep *Report) add(r, all *gameResult) {
	rep.Games++
	rep.Decisions += r.decisions
	for i := range r.agree {
		a, b := &rep.Agreement[i], r.agree[i]
		a.Discards += b.Discards
		a.DiscardsAgreed += b.DiscardsAgreed
		a.Riichi += b.Riichi
		a.RiichiAgreed += b.RiichiAgreed
		a.Calls += b.Calls
		a.CallsAgreed += b.CallsAgreed
		a.Kita += b.Kita
		a.KitaAgreed += b.KitaAgreed
	}
	for i := range all.samples {
		all.samples[i] = append(all.samples[i], r.samples[i]...)
	}
	all.outcomes = append(all.outcomes, r.outcomes...)
	all.calls = append(all.calls, r.calls...)
	rep.Opponents.Engine.Add(&r.opp.Engine)
	rep.Opponents.Real.Add(&r.opp.Real)
}

// heldOutGame is a held-out game and where it came from.
type heldOutGame struct {
	file string
	g    *data.Game
}

func keys(m map[string]heldOutGame) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// seatsOf reads Config.Players: 0 or 4 is 4, 3 is 3.
func seatsOf(players int) (int, error) {
	switch players {
	case 0, 4:
		return 4, nil
	case 3:
		return 3, nil
	}
	return 0, fmt.Errorf("mceval: players %d: 3 or 4", players)
}

// seatsField is Part.Seats and Report.Players of a measurement of games
// of players seats: 4 is left out of the JSON.
func seatsField(players int) int {
	if players == 3 {
		return 3
	}
	return 0
}

// usable reports whether g is a game to measure or fit on: a game of
// players seats that [dataset.Usable] takes, its conditions but the
// seats applied to a 3-player game (as train reads them).
func usable(g *data.Game, players int) bool {
	if g.Players != players {
		return false
	}
	c := *g
	c.Players = 4
	return dataset.Usable(&c) == nil
}

// fitBaseline reads the corpus: it fits the frequency baseline on the
// training games of players seats outside fold and returns the usable
// games of fold (0: the held-out ones) by key.
func fitBaseline(ctx context.Context, files []string, workers int, fold uint64, players int) (*baseline, map[string]heldOutGame, error) {
	measured := func(gr *dataset.GameRef) bool { return dataset.Hash(gr.Key)%10 == fold }
	b := &baseline{}
	held := map[string]heldOutGame{}
	seen := map[string]bool{}
	type fileOut struct {
		games []dataset.GameRef
		fit   *baseline
	}
	err := records.ForEachFile(ctx, files, workers, func(f string) fileOut {
		out := fileOut{fit: &baseline{}}
		dataset.EachFile(f, func(gr *dataset.GameRef) bool {
			if !usable(gr.Game, players) {
				return true
			}
			out.games = append(out.games, *gr)
			if !gr.HeldOut && !measured(gr) {
				out.fit.addGame(gr.Game)
			}
			return true
		})
		return out
	}, func(_ string, o fileOut) {
		for _, gr := range o.games {
			if seen[gr.Key] {
				continue
			}
			seen[gr.Key] = true
			if measured(&gr) {
				held[gr.Key] = heldOutGame{gr.File, gr.Game}
			}
		}
		b.merge(o.fit)
	})
	return b, held, err
}

// decision is a position of a held-out game where a seat chose.
type decision struct {
	round  game.Round // just before the event (full information)
	seat   int
	event  int
	turn   bool        // a turn decision (else: answering a discard)
	played game.Action // what the recorded player did
	// followUp is the discard the player made after its chi or pon.
	followUp tile.Tile
	out      outcome          // how the round ended for the seat
	real     mc.OpponentTally // the opponents' play after it (turn decisions)
}

// measureGame analyses the chosen decisions of one game.
func measureGame(ctx context.Context, eng *mc.Engine, cfg *Config, hg heldOutGame, base *baseline, players []string) (res gameResult) {
	res.agree = make([]Agreement, len(players))
	bots := make([]game.Player, len(players))
	for i, name := range players[1:] {
		p, err := bot.New(name, cfg.Seed)
		if err != nil {
			res.err = err
			return res
		}
		bots[i+1] = p
	}
	decs, err := collectDecisions(hg.g, cfg.Every)
	if err != nil {
		res.err = fmt.Errorf("%s: %w", hg.file, err)
		return res
	}
	rules := hg.g.EngineRules()
	for i := range decs {
		if ctx.Err() != nil {
			res.err = ctx.Err()
			return res
		}
		d := &decs[i]
		if measureDecision(ctx, eng, cfg, hg.file, d, base, players, bots, &res, &rules) {
			res.outcomes = append(res.outcomes, d.out)
		}
		res.decisions++
	}
	return res
}

// collectDecisions replays g and returns every every-th turn decision and
// every every-th call decision (counted apart), each with the outcome of
// its round for the deciding seat.
func collectDecisions(g *data.Game, every int) ([]decision, error) {
	var decs []decision
	var buf []data.Decision
	turnN, callN := 0, 0
	var open []int // decisions of the current round
	var log roundLog
	var rep data.ReplayReport
	called := [game.NumSeats]int{-1, -1, -1, -1} // a measured chi or pon awaiting its follow-up discard
	for st := range data.ReplaySteps(g, &rep) {
		log.observe(st)
		if st.Ended() {
			for _, i := range open {
				d := &decs[i]
				d.out = outcomeOf(st.Engine, d.seat, d.round.Scores()[d.seat])
				if d.turn {
					d.real = log.tally(d)
					ending(st.Engine, d.seat, &d.real)
				}
			}
			open = open[:0]
			called = [game.NumSeats]int{-1, -1, -1, -1}
			log.reset()
			continue
		}
		buf = st.Decisions(buf[:0])
		for _, dd := range buf {
			if i := called[dd.Seat]; dd.Turn && i >= 0 {
				decs[i].followUp = dd.Played.Tile
				called[dd.Seat] = -1
			}
			n := &callN
			if dd.Turn {
				n = &turnN
			}
			*n++
			if *n%every == 0 {
				decs = append(decs, decision{seat: dd.Seat, event: dd.Event, turn: dd.Turn, played: dd.Played, round: *st.Engine})
				open = append(open, len(decs)-1)
				if dd.Played.Type == game.Chi || dd.Played.Type == game.Pon {
					called[dd.Seat] = len(decs) - 1
				}
			}
		}
	}
	err := rep.Err
	if err == nil && len(rep.Mismatches) > 0 {
		err = fmt.Errorf("the engine disagrees with the record: %v", rep.Mismatches[0])
	}
	return decs, err
}

// agrees reports whether choice is the recorded move: the same discarded
// kind (riichi or not) for a turn decision, the same call (or pass)
// otherwise.
func agrees(d *decision, choice game.Action) (discard, riichi, call bool) {
	p := d.played
	if d.turn {
		isDiscard := choice.Type == game.Discard || choice.Type == game.Riichi
		return isDiscard && choice.Tile.Kind() == p.Tile.Kind(), (choice.Type == game.Riichi) == (p.Type == game.Riichi), false
	}
	if choice.Type != p.Type {
		return false, false, false
	}
	return false, false, p.Type == game.Pass || choice.Meld.Kind() == p.Meld.Kind()
}

// countAgreement counts choice at decision d in a: at a turn decision the
// discard where the player discarded (a North set aside is no discard),
// riichi or not where riichi was legal, a North set aside or kept where
// that was legal; else the call or pass.
func countAgreement(a *Agreement, d *decision, choice game.Action, riichiLegal, kitaLegal bool) {
	dis, rii, call := agrees(d, choice)
	if !d.turn {
		a.Calls++
		a.CallsAgreed += b2i(call)
		return
	}
	if d.played.Type != game.Kita {
		a.Discards++
		a.DiscardsAgreed += b2i(dis)
	}
	if riichiLegal {
		a.Riichi++
		a.RiichiAgreed += b2i(rii)
	}
	if kitaLegal {
		a.Kita++
		a.KitaAgreed += b2i((choice.Type == game.Kita) == (d.played.Type == game.Kita))
	}
}

// measureDecision runs the engine and the bots on one decision and records
// agreement and, for turn decisions, the fidelity samples. It reports
// whether fidelity samples were added.
func measureDecision(ctx context.Context, eng *mc.Engine, cfg *Config, file string, d *decision, base *baseline, players []string, bots []game.Player, res *gameResult, rules *game.Rules) bool {
	legal := d.round.Legal(d.seat, nil)
	if len(legal) < 2 {
		return false
	}
	v := game.ViewOf(&d.round, d.seat)
	o := mc.Options{Sims: cfg.Sims, Workers: 1, Seed: cfg.Seed, Rules: rules, Decision: decisionKey(file, d)}
	lab := cfg.Lab
	an, err := eng.AnalyzeLab(ctx, v, legal, o, lab)
	if err != nil {
		res.err = err
		return false
	}
	riichiLegal := slices.ContainsFunc(legal, func(a game.Action) bool { return a.Type == game.Riichi })
	kitaLegal := slices.ContainsFunc(legal, func(a game.Action) bool { return a.Type == game.Kita })
	for i := range players {
		choice := an.Best().Action
		if i > 0 {
			choice = bots[i].Act(v, legal)
		}
		countAgreement(&res.agree[i], d, choice, riichiLegal, kitaLegal)
	}
	if !d.turn {
		c, err := predictPlayed(ctx, eng, v, d.played, d.followUp, o, lab)
		if err != nil {
			res.err = fmt.Errorf("%s: %w", file, err)
			return false
		}
		res.calls = append(res.calls, callSample{d.played.Type, c, d.out})
		return false
	}
	if find(an, d.played) == nil {
		return false
	}
	lab.Tally = &res.opp.Engine
	c, err := predictPlayed(ctx, eng, v, d.played, tile.NoTile, o, lab)
	lab.Tally = nil
	if err != nil {
		res.err = err
		return false
	}
	c.live = d.round.LiveRemaining()
	res.samples[0] = append(res.samples[0], c)
	res.opp.Real.Add(&d.real)
	if cfg.Oracle {
		lab.Truth, lab.Oracle = &d.round, mc.OracleAll
		co, err := predictPlayed(ctx, eng, v, d.played, tile.NoTile, o, lab)
		if err != nil {
			res.err = err
			return false
		}
		res.samples[1] = append(res.samples[1], co)
	}
	cnt := d.round.Counts(d.seat)
	cnt[d.played.Tile.Kind()]--
	res.samples[2] = append(res.samples[2], base.predict(len(d.round.River(d.seat)), hand.Shanten(&cnt)))
	return true
}

// predictPlayed is the engine's prediction of the outcome of the move the
// player made (a chi or pon with the player's follow-up discard),
// simulated alone with the whole budget. In the analysis a move the
// halving dropped early has a few dozen simulations, and their noisy
// frequencies (often 0) would be scored as predictions (docs/ENGINE.md,
// "Fidelity").
func predictPlayed(ctx context.Context, eng *mc.Engine, v game.View, played game.Action, followUp tile.Tile, o mc.Options, lab mc.Lab) (pred, error) {
	c, err := eng.Predict(ctx, v, played, followUp, o, lab)
	if err != nil {
		return pred{}, err
	}
	return pred{win: c.PWin, dealIn: c.PDealIn, draw: c.PDraw, delta: c.ScoreChange}, nil
}

// callSample is one call decision's prediction of the move played and
// what happened.
type callSample struct {
	played game.ActionType
	p      pred
	out    outcome
}

// callMoves are the moves of Report.Calls, in its order.
var callMoves = []game.ActionType{game.Pass, game.Chi, game.Pon, game.Daiminkan}

// callFidelity sums the call samples by the move played.
func callFidelity(cs []callSample) []CallFidelity {
	out := make([]CallFidelity, len(callMoves))
	for i, m := range callMoves {
		out[i].Played = m.String()
	}
	for _, c := range cs {
		i := slices.Index(callMoves, c.played)
		if i < 0 {
			continue
		}
		x := &out[i]
		x.Samples++
		addEndings(&x.Predicted, &x.Observed, c.p, c.out)
		x.PointsPredicted += c.p.delta
		x.PointsObserved += c.out.delta
	}
	for i := range out {
		x := &out[i]
		meanEndings(x.Samples, &x.Predicted, &x.Observed)
		if x.Samples > 0 {
			x.PointsPredicted /= float64(x.Samples)
			x.PointsObserved /= float64(x.Samples)
		}
	}
	return out
}

// find returns the candidate of the analysis that plays a (the same type
// and the same face of tile), or nil.
func find(an *mc.Analysis, a game.Action) *mc.Candidate {
	for i := range an.Candidates {
		c := &an.Candidates[i]
		if c.Action.Type == a.Type && c.Action.Tile.Kind() == a.Tile.Kind() && c.Action.Tile.Red() == a.Tile.Red() {
			return c
		}
	}
	return nil
}

func decisionKey(file string, d *decision) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range []byte(file) {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h ^ uint64(d.round.Index())<<40 ^ uint64(d.round.Honba())<<32 ^ uint64(d.event)<<8 ^ uint64(d.seat)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fidelity scores predictions against outcomes.
func fidelity(name string, ps []pred, outs []outcome) Fidelity {
	f := Fidelity{Predictor: name}
	get := func(sel func(pred) float64, obs func(outcome) bool) Binary {
		p := make([]float32, len(ps))
		y := make([]bool, len(ps))
		var b Binary
		for i := range ps {
			p[i] = float32(min(max(sel(ps[i]), 1e-4), 1-1e-4))
			y[i] = obs(outs[i])
			b.MeanPred += float64(p[i])
			b.Rate += float64(b2i(y[i]))
			q := float64(p[i])
			if y[i] {
				b.LogLoss -= math.Log(q)
				b.Brier += (1 - q) * (1 - q)
			} else {
				b.LogLoss -= math.Log(1 - q)
				b.Brier += q * q
			}
		}
		n := float64(len(ps))
		b.Samples = len(ps)
		b.MeanPred /= n
		b.Rate /= n
		b.LogLoss /= n
		b.Brier /= n
		b.Bins, b.ECE = reliability.Table(p, y, 10)
		return b
	}
	f.Win = get(func(p pred) float64 { return p.win }, func(o outcome) bool { return o.won })
	f.DealIn = get(func(p pred) float64 { return p.dealIn }, func(o outcome) bool { return o.dealtIn })
	f.Draw = get(func(p pred) float64 { return p.draw }, func(o outcome) bool { return o.draw })
	for i := range ps {
		f.ScoreMAE += math.Abs(ps[i].delta - outs[i].delta)
		f.ScoreBias += ps[i].delta - outs[i].delta
	}
	f.ScoreMAE /= float64(len(ps))
	f.ScoreBias /= float64(len(ps))
	return f
}
