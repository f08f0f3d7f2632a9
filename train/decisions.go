package train

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// The decision models, indexed as policy.DecisionSpecs.
const (
	decRiichi = iota
	decCall
	decKan
	decKyuushu
	decRolloutRiichi
	decRolloutCall
	decKita // three players only: the last, so that the others keep their indices
	numDecisions
)

// decisionSpecs are the 4-player decision models' training setups:
// binary models over candidate actions, one row per candidate, labelled 1
// for the move made. The riichi and call models, with the most rows, grow
// deeper trees more slowly (depth 8, 400 rounds at eta 0.05); the kan and
// kyuushu models, with few rows, keep the shallower defaults (200
// rounds); the rollout's call model, asked at every call chance of a
// rollout, is smaller still. Where they were chosen: docs/MODELS.md,
// "Decision models: riichi, call, kan, kyuushu".
func decisionSpecs(seed, threads, rounds int) []spec {
	return decisionSpecsFor(4, seed, threads, rounds)
}

// decisionSpecsFor are the training setups of a number of players'
// decision models (decisionSpecs; with three players the kita model too,
// on the defaults), indexed as policy.DecisionSpecs.
func decisionSpecsFor(players, seed, threads, rounds int) []spec {
	specs := policy.SpecsFor(players)
	sp := make([]spec, len(specs))
	for i, d := range specs {
		extra := [][2]string{{"num_round", "200"}, {"eval_metric", "logloss"}}
		switch i {
		case decRiichi, decCall, decRolloutRiichi:
			extra = [][2]string{{"max_depth", "8"}, {"num_round", "400"}, {"eta", "0.05"}, {"eval_metric", "logloss"}}
		case decRolloutCall:
			extra = [][2]string{{"max_depth", "6"}, {"num_round", "80"}, {"eta", "0.2"}, {"eval_metric", "logloss"}}
		}
		sp[i] = spec{d.Name, d.Features, d.Schema,
			xgbParams(xgbmodel.BinaryLogistic, seed, threads, rounds, extra...), "", nil}
	}
	return sp
}

// decisionSet says which decision models (indexed as policy.DecisionSpecs)
// a run extracts rows for and trains.
type decisionSet [numDecisions]bool

// allDecisions is every 4-player decision model (all but the kita).
var allDecisions = decisionSet{true, true, true, true, true, true, false}

// decisionSetOf returns the decision models names names of a number of
// players (all of theirs for none), refusing a name that is not a
// decision model's, is repeated, or is a three-player model's in a
// 4-player run.
func decisionSetOf(names []string, players int) (decisionSet, error) {
	if len(names) == 0 {
		set := allDecisions
		set[decKita] = players == 3
		return set, nil
	}
	var set decisionSet
	for _, n := range names {
		i := slices.IndexFunc(policy.DecisionSpecs, func(d policy.DecisionSpec) bool { return d.Name == n })
		switch {
		case i < 0:
			return set, fmt.Errorf("train: %q is not a decision model (want %s)", n, strings.Join(DecisionNames(), ", "))
		case set[i]:
			return set, fmt.Errorf("train: decision model %q named twice", n)
		case policy.DecisionSpecs[i].ThreeOnly && players != 3:
			return set, fmt.Errorf("train: %q is a three-player decision model: train it on the 3-player games (Config.Players 3)", n)
		}
		set[i] = true
	}
	return set, nil
}

// DecisionNames lists the decision models' names, in training order (the
// kita, a three-player model, last).
func DecisionNames() []string { return decisionNamesFor(3) }

// decisionNamesFor lists the decision models' names of a number of
// players.
func decisionNamesFor(players int) []string {
	var names []string
	for _, d := range policy.SpecsFor(players) {
		names = append(names, d.Name)
	}
	return names
}

// decisionGame is one game's rows for every decision model: training rows,
// or for a held-out game its rows and one group line per decision
// (game, played candidate, baseline's candidate, candidate types), which
// the measurement reads back beside the rows.
type decisionGame struct {
	key    string
	rows   [numDecisions]bytes.Buffer
	groups [numDecisions]bytes.Buffer
	n      [numDecisions]int
	decs   [numDecisions]int
	fatal  error
}

// candidate is one action a decision may take, and its features.
type candidate struct {
	a game.Action
	x []float64
}

// decisionExtractor holds one game's extraction state.
type decisionExtractor struct {
	out     *decisionGame
	opp     *opponent.Models
	heldOut bool
	want    decisionSet // the models whose rows are written
	sit     policy.Situation
	cands   []candidate
	werr    error
}

// decisionRows replays gr and describes every riichi, call, kan and
// kyuushu decision of a seat present at the table, for the models of
// want. A model's rows do not depend on which others are wanted.
func decisionRows(gr *dataset.GameRef, opp *opponent.Models, heldOut bool, want decisionSet) (*decisionGame, error) {
	ex := &decisionExtractor{out: &decisionGame{key: gr.Key}, opp: opp, heldOut: heldOut, want: want}
	away := absenceOf(gr.Game)
	var rep data.ReplayReport
	var legal []game.Action
	var decs []data.Decision
	for st := range data.ReplaySteps(gr.Game, &rep) {
		e, ok := st.NextEvent()
		if !ok {
			continue // the round's end
		}
		prev, ri, ei := st.Engine, st.RoundIndex, st.Event
		switch {
		case e.Type == data.EventBye || e.Type == data.EventReconnect || e.Type == data.EventNewDora:
			// Not an answer to the position: the decision is the next event's.
		case prev.Phase() == game.PhaseTurn:
			if seat := prev.Current(); !away.away(ri, ei, seat) {
				legal = prev.Legal(seat, legal[:0])
				ex.turn(prev, st.Round, ei, seat, legal)
			}
		case prev.Phase() == game.PhaseCall && (want[decCall] || want[decRolloutCall]):
			decs = st.Decisions(decs[:0])
			for _, d := range decs {
				if !away.away(ri, ei, d.Seat) {
					legal = prev.Legal(d.Seat, legal[:0])
					ex.call(prev, d, legal)
				}
			}
		}
	}
	err := rep.Err
	if err == nil && len(rep.Mismatches) > 0 {
		err = fmt.Errorf("%w: %v", ErrReplayMismatch, rep.Mismatches[0])
	}
	return ex.out, errors.Join(err, ex.werr)
}

// turn adds the decisions of seat's turn at event ei: kyuushu kyuuhai,
// ankan or kakan, and riichi, each where legal. The riichi is judged only
// when the seat neither called a kan nor aborted first, and not once its
// riichi is made.
func (ex *decisionExtractor) turn(prev *game.Round, rd *data.Round, ei, seat int, legal []game.Action) {
	e := rd.Events[ei]
	if int(e.Seat) != seat && e.Type != data.EventRyuukyoku {
		return
	}
	if e.Type == data.EventAgari || ei > 0 && rd.Events[ei-1].Type == data.EventRiichi && int(rd.Events[ei-1].Seat) == seat {
		return // a win, or the discard of a riichi already judged
	}
	played := rd.Played(ei, seat)
	switch played.Type {
	case game.Discard, game.Riichi, game.Ankan, game.Kakan, game.KyuushuKyuuhai, game.Kita:
	default:
		// The draw event: the replay shows the position after the draw
		// already, so the turn's decision is the next event's.
		return
	}
	v := game.ViewOf(prev, seat)
	reset := false
	sit := func() *policy.Situation {
		if !reset {
			ex.sit.Reset(v, ex.opp)
			reset = true
		}
		return &ex.sit
	}
	if ex.want[decKita] {
		ex.kita(v, sit, legal, played)
	}
	if played.Type == game.Kita {
		return // the turn goes on after the replacement draw: its decisions are the next event's
	}
	if ex.want[decKyuushu] && has(legal, game.KyuushuKyuuhai) {
		x := make([]float64, policy.NumKyuushuFeatures)
		sit().KyuushuFeatures(v, x)
		ex.add(decKyuushu, []candidate{{game.Action{Type: game.KyuushuKyuuhai}, x}}, played, -1)
	}
	if ex.want[decKan] && (has(legal, game.Ankan) || has(legal, game.Kakan)) {
		ex.cands = ex.cands[:0]
		var seen [2]tile.KindSet
		for _, a := range legal {
			if a.Type != game.Ankan && a.Type != game.Kakan {
				continue
			}
			i := b2i(a.Type == game.Kakan)
			if seen[i].Has(a.Tile.Kind()) {
				continue
			}
			seen[i] = seen[i].Add(a.Tile.Kind())
			x := make([]float64, policy.NumKanFeatures)
			sit().KanFeatures(v, a, x)
			ex.cands = append(ex.cands, candidate{a, x})
		}
		ex.add(decKan, ex.cands, played, -1)
	}
	if !ex.want[decRiichi] && !ex.want[decRolloutRiichi] || played.Type != game.Discard && played.Type != game.Riichi || prev.InRiichi(seat) {
		return
	}
	if t, ok := policy.RiichiCandidate(v, legal); ok {
		a := game.Action{Type: game.Riichi, Tile: t}
		if ex.want[decRiichi] {
			x := make([]float64, policy.NumRiichiFeatures)
			sit().RiichiFeatures(v, ex.opp, t, x)
			ex.add(decRiichi, []candidate{{a, x}}, played, 0)
		}
		if ex.want[decRolloutRiichi] {
			x := make([]float64, policy.NumRolloutRiichiFeatures)
			sit().RolloutRiichiFeatures(v, t, x)
			ex.add(decRolloutRiichi, []candidate{{a, x}}, played, 0)
		}
	}
}

// kita adds the kita decision of v's seat, when it may set a North aside
// outside riichi and sets one aside, discards or declares riichi (a win
// or a kan is another question): one candidate, the kita, the baseline
// the rule policy.KitaAction.
func (ex *decisionExtractor) kita(v game.View, sit func() *policy.Situation, legal []game.Action, played game.Action) {
	a, rule := policy.KitaAction(v, legal)
	if a.Type != game.Kita || v.InRiichi(v.Seat()) {
		return
	}
	switch played.Type {
	case game.Kita, game.Discard, game.Riichi:
	default:
		return
	}
	x := make([]float64, policy.NumKitaFeatures)
	sit().KitaFeatures(v, ex.opp, x)
	ex.add(decKita, []candidate{{a, x}}, played, b2i(rule)-1)
}

// call adds the decision of a seat that could chi, pon or daiminkan the
// discard: one candidate per call (tiles of a kind told apart by kind
// only, as the player's choice between a red and a plain five is no
// question of calling), the baseline being today's rule: pon a yakuhai.
// The rollout's call model sees the chis and pons only (its seat makes no
// daiminkan).
func (ex *decisionExtractor) call(prev *game.Round, d data.Decision, legal []game.Action) {
	v := game.ViewOf(prev, d.Seat)
	ex.sit.Reset(v, ex.opp)
	for _, model := range [...]int{decCall, decRolloutCall} {
		if !ex.want[model] {
			continue
		}
		ex.cands = ex.cands[:0]
		base := -1
		for _, a := range legal {
			if a.Type != game.Chi && a.Type != game.Pon && (a.Type != game.Daiminkan || model == decRolloutCall) {
				continue
			}
			dup := false
			for _, c := range ex.cands {
				dup = dup || sameCall(c.a, a)
			}
			if dup {
				continue
			}
			var x []float64
			if model == decCall {
				x = make([]float64, policy.NumCallFeatures)
				ex.sit.CallFeatures(v, a, x)
			} else {
				x = make([]float64, policy.NumRolloutCallFeatures)
				ex.sit.RolloutCallFeatures(v, a, x)
			}
			if base < 0 && a.Type == game.Pon && yakuhai(v, a.Meld.Tiles[0].Kind()) {
				base = len(ex.cands)
			}
			ex.cands = append(ex.cands, candidate{a, x})
		}
		ex.add(model, ex.cands, d.Played, base)
	}
}

// sameCall reports whether two actions are the same call up to faces.
func sameCall(a, b game.Action) bool {
	ta, ka := policy.CallKey(a)
	tb, kb := policy.CallKey(b)
	return ta == tb && ka == kb
}

// yakuhai reports whether kind k is a yakuhai of v's seat.
func yakuhai(v game.View, k tile.Kind) bool {
	return k.IsDragon() || k == v.SeatWind(v.Seat()) || k == v.RoundWind()
}

func has(legal []game.Action, t game.ActionType) bool {
	for _, a := range legal {
		if a.Type == t {
			return true
		}
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// matches reports whether candidate c is the move played.
func matches(model int, c, played game.Action) bool {
	switch model {
	case decCall, decRolloutCall:
		return sameCall(c, played)
	case decKan:
		return c.Type == played.Type && c.Tile.Kind() == played.Tile.Kind()
	}
	return c.Type == played.Type
}

// add writes one decision's rows (label 1 for the candidate played) and,
// held out, its group line.
func (ex *decisionExtractor) add(model int, cands []candidate, played game.Action, base int) {
	if len(cands) == 0 {
		return
	}
	out := ex.out
	hit := -1
	for i, c := range cands {
		y := matches(model, c.a, played)
		if y {
			hit = i
		}
		if err := libsvm(&out.rows[model], b2f(y), c.x); err != nil && ex.werr == nil {
			ex.werr = err
		}
	}
	out.n[model] += len(cands)
	out.decs[model]++
	if !ex.heldOut {
		return
	}
	g := &out.groups[model]
	g.WriteString(strconv.Itoa(len(cands)))
	g.WriteByte(' ')
	g.WriteString(strconv.Itoa(hit))
	g.WriteByte(' ')
	g.WriteString(strconv.Itoa(base))
	for _, c := range cands {
		g.WriteByte(' ')
		g.WriteString(strconv.Itoa(int(c.a.Type)))
	}
	g.WriteByte('\n')
}
