package train

import (
	"encoding/json"
	"fmt"

	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// MaxBaselineTurn is the last turn row of the tenpai baseline's table;
// later turns share it.
const MaxBaselineTurn = 24

// Baselines are the simple predictors the models are compared with. The
// tables are fitted on the training games (every sample of them, not the
// subsample the models learn from) and stored in the model cards, so the
// evaluation on held-out games is out of sample for model and baseline
// alike. The wait baseline, [Danger], has no fitted part.
type Baselines struct {
	Tenpai TenpaiBaseline
	Value  ValueBaseline
	Rank   RankBaseline
}

// TenpaiBaseline predicts P(tenpai) from riichi, else from the turn and
// the number of open melds, as the smoothed tenpai frequency of the
// training samples in that cell: (tenpai + 0.5) / (samples + 1).
type TenpaiBaseline struct {
	Riichi Cell `json:"riichi"`
	// ByTurnMelds[turn][open melds] for players not in riichi; turn is
	// capped at MaxBaselineTurn, melds at 4.
	ByTurnMelds [MaxBaselineTurn + 1][5]Cell `json:"by_turn_melds"`
}

// Cell counts samples and positives.
type Cell struct {
	Samples int `json:"samples"`
	Tenpai  int `json:"tenpai"`
}

func (c Cell) rate() float64 { return (float64(c.Tenpai) + 0.5) / (float64(c.Samples) + 1) }

func (c *Cell) add(o Cell) { c.Samples += o.Samples; c.Tenpai += o.Tenpai }

// Predict returns the baseline's P(tenpai) for p.
func (b *TenpaiBaseline) Predict(p *opponent.Public) float64 {
	if p.Riichi() {
		return b.Riichi.rate()
	}
	return b.ByTurnMelds[min(p.Turn(), MaxBaselineTurn)][min(p.OpenMelds(), 4)].rate()
}

func (b *TenpaiBaseline) cell(p *opponent.Public) *Cell {
	if p.Riichi() {
		return &b.Riichi
	}
	return &b.ByTurnMelds[min(p.Turn(), MaxBaselineTurn)][min(p.OpenMelds(), 4)]
}

func (b *TenpaiBaseline) add(o *TenpaiBaseline) {
	b.Riichi.add(o.Riichi)
	for t := range b.ByTurnMelds {
		for m := range b.ByTurnMelds[t] {
			b.ByTurnMelds[t][m].add(o.ByTurnMelds[t][m])
		}
	}
}

// ValueBaseline predicts the mean points of the training samples.
type ValueBaseline struct {
	Samples   int     `json:"samples"`
	SumPoints float64 `json:"sum_points"`
	Mean      float64 `json:"mean_points"`
}

// RankBaseline predicts P(final rank | rank by the current scores) as the
// smoothed frequencies of the training samples: (count + 0.5) / (row +
// places/2), over the places of the game (4, or 3 for three players, whose
// fourth row and column stay empty and whose P(4th) is 0).
type RankBaseline struct {
	// Counts[current rank − 1][final rank − 1].
	Counts [4][4]int `json:"counts"`
}

// Predict returns the baseline's distribution of the final rank of seat.
func (b *RankBaseline) Predict(s *rankmodel.Situation, seat int) [4]float64 {
	np := s.NumPlayers()
	row := b.Counts[game.RankOf(s.Scores, np)[seat]-1]
	n := 0
	for _, c := range row[:np] {
		n += c
	}
	var d [4]float64
	for i, c := range row[:np] {
		d[i] = (float64(c) + 0.5) / (float64(n) + float64(np)/2)
	}
	return d
}

// WaitBaseline names the wait baseline: a fixed heuristic, nothing fitted.
type WaitBaseline struct {
	Heuristic string `json:"heuristic"`
}

const dangerDoc = "Danger: 0 for genbutsu; else 0.3 honour, 0.4 terminal, 0.7 two/eight, 1 other; ×0.2 if passed after riichi, ×0.4 if suji; ×(4 − visible)/4"

// fit adds a game's samples to the training tables.
type baselineFit struct {
	tenpai TenpaiBaseline
	value  ValueBaseline
	rank   RankBaseline
}

func (f *baselineFit) discard(s *DiscardSample) {
	c := f.tenpai.cell(s.Pub)
	c.Samples++
	if s.Tenpai {
		c.Tenpai++
	}
	if s.Winning != 0 {
		f.value.Samples++
		f.value.SumPoints += s.Value
	}
}

func (f *baselineFit) rankSample(s *RankSample) {
	f.rank.Counts[game.RankOf(s.Situation.Scores, s.Situation.NumPlayers())[s.Seat]-1][s.Rank-1]++
}

func (f *baselineFit) add(o *baselineFit) {
	f.tenpai.add(&o.tenpai)
	f.value.Samples += o.value.Samples
	f.value.SumPoints += o.value.SumPoints
	for i := range f.rank.Counts {
		for j := range f.rank.Counts[i] {
			f.rank.Counts[i][j] += o.rank.Counts[i][j]
		}
	}
}

// cardJSON returns the baseline stored in model name's card.
func (f *baselineFit) cardJSON(name string) (json.RawMessage, error) {
	var v any
	switch baseName(name) {
	case opponent.TenpaiModel:
		v = &f.tenpai
	case opponent.WaitModel:
		v = WaitBaseline{Heuristic: dangerDoc}
	case opponent.ValueModel:
		vb := f.value
		if vb.Samples > 0 {
			vb.Mean = vb.SumPoints / float64(vb.Samples)
		}
		v = vb
	case rankmodel.ModelName:
		v = &f.rank
	default:
		return nil, nil
	}
	return json.Marshal(v)
}

// BaselinesOf reads the fitted baselines from the models' cards.
func BaselinesOf(opp *opponent.Models, rk *rankmodel.Model) (*Baselines, error) {
	b := &Baselines{}
	for _, c := range append(append([]xgbmodel.Card{}, opp.Cards...), rk.Card) {
		var dst any
		switch baseName(c.Name) {
		case opponent.TenpaiModel:
			dst = &b.Tenpai
		case opponent.ValueModel:
			dst = &b.Value
		case rankmodel.ModelName:
			dst = &b.Rank
		default:
			continue
		}
		if len(c.Baseline) == 0 {
			return nil, fmt.Errorf("train: %s: the card holds no fitted baseline; retrain with `mjrank train`", c.File)
		}
		if err := json.Unmarshal(c.Baseline, dst); err != nil {
			return nil, fmt.Errorf("train: %s: baseline: %w", c.File, err)
		}
	}
	return b, nil
}

// Danger is the wait baseline: a hand-made danger score of kind k against
// the opponent (0 for genbutsu; lower for tiles passed after riichi, for
// suji, for honours and terminals, and as more copies are visible).
func Danger(p *opponent.Public, k tile.Kind) float64 {
	if p.Genbutsu(k) {
		return 0
	}
	var d float64
	switch {
	case k.IsHonor():
		d = 0.3
	case k.IsTerminal():
		d = 0.4
	case k.Number() == 2 || k.Number() == 8:
		d = 0.7
	default:
		d = 1
	}
	if p.Passed(k) {
		d *= 0.2
	}
	if p.Suji(k) {
		d *= 0.4
	}
	return d * float64(4-min(p.Visible(k), 4)) / 4
}
