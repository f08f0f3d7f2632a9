package train

import (
	"context"
	"errors"
	"math"
	"runtime"
	"slices"
	"strconv"

	"github.com/sourcegraph/conc/stream"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// EvalOptions tune Evaluate.
type EvalOptions struct {
	Workers  int                   // parallel files; 0 = GOMAXPROCS
	Progress func(done, total int) // called after each file, in order
	Filter   func(g *GameRef) bool // games to evaluate; nil = all
}

// EvalReport holds every metric of the four models beside its baseline,
// computed on the same samples. Baselines are fitted on the evaluated
// samples themselves (in-sample), which can only flatter them.
type EvalReport struct {
	Files   int          `json:"files"`
	Games   int          `json:"games"`
	Skipped []string     `json:"skipped"` // "reason: count"
	Rounds  int          `json:"rounds"`
	Tenpai  TenpaiReport `json:"tenpai"`
	Wait    WaitReport   `json:"wait"`
	Value   ValueReport  `json:"value"`
	Rank    RankReport   `json:"rank"`
}

// TenpaiReport: P(tenpai) after each discard. Baseline: 1 after riichi,
// else the tenpai frequency by (turn, open melds).
type TenpaiReport struct {
	Samples       int     `json:"samples"`
	Positives     int     `json:"positives"`
	AUC           float64 `json:"auc"`
	AUCSE         float64 `json:"auc_se"`
	BaseAUC       float64 `json:"baseline_auc"`
	LogLoss       float64 `json:"log_loss"`
	BaseLogLoss   float64 `json:"baseline_log_loss"`
	LogLossDiffSE float64 `json:"log_loss_diff_se"`
	ECE           float64 `json:"ece"`
	BaseECE       float64 `json:"baseline_ece"`
	Reliability   []Bin   `json:"reliability"`
}

// WaitReport: P(kind wins | tenpai) over tenpai samples × 34 kinds.
// Baseline: a genbutsu/suji/visible-count danger heuristic.
type WaitReport struct {
	Samples   int     `json:"tenpai_samples"`
	Pairs     int     `json:"pairs"`
	Positives int     `json:"winning_pairs"`
	AUC       float64 `json:"auc"`
	AUCSE     float64 `json:"auc_se"`
	BaseAUC   float64 `json:"baseline_auc"`
	BaseAUCSE float64 `json:"baseline_auc_se"`
	// Top5 is the share of tenpai samples with a winning kind where one of
	// the winning kinds is among the 5 kinds rated most likely.
	WithWin  int     `json:"samples_with_winning_kind"`
	Top5     float64 `json:"top5"`
	BaseTop5 float64 `json:"baseline_top5"`
}

// ValueReport: points of a ron over tenpai samples with a winning kind.
// Baseline: the mean.
type ValueReport struct {
	Samples   int     `json:"samples"`
	Mean      float64 `json:"mean"`
	MAE       float64 `json:"mae"`
	BaseMAE   float64 `json:"baseline_mae"`
	MAEDiffSE float64 `json:"mae_diff_se"`
}

// RankReport: final rank from each seat at each round start. Baseline:
// P(final rank | current score order), a 4×4 frequency table.
type RankReport struct {
	Samples       int     `json:"samples"`
	LogLoss       float64 `json:"log_loss"`
	BaseLogLoss   float64 `json:"baseline_log_loss"`
	LogLossDiffSE float64 `json:"log_loss_diff_se"`
	Accuracy      float64 `json:"accuracy"`
	BaseAccuracy  float64 `json:"baseline_accuracy"`
	ECE           float64 `json:"ece"`
	BaseECE       float64 `json:"baseline_ece"`
}

// collector holds one game's (or, merged, all games') predictions.
type collector struct {
	rounds                            int
	tenP                              []float32
	tenY, tenRiichi                   []bool
	tenTurn, tenMelds                 []uint8
	tenGame                           []int32
	waitP, waitH                      []float32
	waitY                             []bool
	waitSamples, withWin, top5, top5H int
	valP, valY                        []float32
	valGame                           []int32
	rankP                             [][4]float32
	rankY, rankCur                    []uint8
	rankGame                          []int32
}

func (c *collector) merge(o *collector, gameID int32) {
	c.rounds += o.rounds
	c.tenP = append(c.tenP, o.tenP...)
	c.tenY = append(c.tenY, o.tenY...)
	c.tenRiichi = append(c.tenRiichi, o.tenRiichi...)
	c.tenTurn = append(c.tenTurn, o.tenTurn...)
	c.tenMelds = append(c.tenMelds, o.tenMelds...)
	for range o.tenP {
		c.tenGame = append(c.tenGame, gameID)
	}
	c.waitP = append(c.waitP, o.waitP...)
	c.waitH = append(c.waitH, o.waitH...)
	c.waitY = append(c.waitY, o.waitY...)
	c.waitSamples += o.waitSamples
	c.withWin += o.withWin
	c.top5 += o.top5
	c.top5H += o.top5H
	c.valP = append(c.valP, o.valP...)
	c.valY = append(c.valY, o.valY...)
	for range o.valP {
		c.valGame = append(c.valGame, gameID)
	}
	c.rankP = append(c.rankP, o.rankP...)
	c.rankY = append(c.rankY, o.rankY...)
	c.rankCur = append(c.rankCur, o.rankCur...)
	for range o.rankP {
		c.rankGame = append(c.rankGame, gameID)
	}
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

func topHit(scores *[tile.NumKinds]float64, win tile.KindSet) bool {
	var idx [tile.NumKinds]int
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx[:], func(a, b int) int {
		switch {
		case scores[a] > scores[b]:
			return -1
		case scores[a] < scores[b]:
			return 1
		}
		return 0
	})
	for _, k := range idx[:5] {
		if win.Has(tile.Kind(k)) {
			return true
		}
	}
	return false
}

// evalGame replays one game and collects every model's predictions.
func evalGame(g *data.Game, opp *opponent.Models, rk *rankmodel.Model) (*collector, error) {
	c := &collector{}
	var probs, heur [tile.NumKinds]float64
	err := VisitGame(g, Visitor{
		Discard: func(s *DiscardSample) {
			p := s.Pub
			c.tenP = append(c.tenP, float32(opp.Tenpai(p)))
			c.tenY = append(c.tenY, s.Tenpai)
			c.tenRiichi = append(c.tenRiichi, p.Riichi())
			c.tenTurn = append(c.tenTurn, uint8(min(p.Turn(), 24)))
			c.tenMelds = append(c.tenMelds, uint8(p.OpenMelds()))
			if !s.Tenpai {
				return
			}
			c.waitSamples++
			opp.Waits(p, &probs)
			for k := range tile.NumKinds {
				heur[k] = Danger(p, tile.Kind(k))
				c.waitP = append(c.waitP, float32(probs[k]))
				c.waitH = append(c.waitH, float32(heur[k]))
				c.waitY = append(c.waitY, s.Winning.Has(tile.Kind(k)))
			}
			if s.Winning == 0 {
				return
			}
			c.withWin++
			if topHit(&probs, s.Winning) {
				c.top5++
			}
			if topHit(&heur, s.Winning) {
				c.top5H++
			}
			c.valP = append(c.valP, float32(opp.Value(p)))
			c.valY = append(c.valY, float32(s.Value))
		},
		Rank: func(s *RankSample) {
			if s.Seat == 0 {
				c.rounds++
			}
			d := rk.Distribution(&s.Situation, s.Seat)
			c.rankP = append(c.rankP, [4]float32{float32(d[0]), float32(d[1]), float32(d[2]), float32(d[3])})
			c.rankY = append(c.rankY, uint8(s.Rank))
			c.rankCur = append(c.rankCur, uint8(game.Rank(s.Situation.Scores)[s.Seat]))
		},
	})
	return c, err
}

// Evaluate replays the usable games under paths (see [Usable]; duplicates
// of a log id counted once) and measures the models against their
// baselines.
func Evaluate(ctx context.Context, paths []string, opp *opponent.Models, rk *rankmodel.Model, opt EvalOptions) (*EvalReport, error) {
	files, _, err := data.ExpandPaths(paths)
	if err != nil {
		return nil, err
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rep := &EvalReport{}
	all := &collector{}
	skipped := map[string]int{}
	seen := map[string]bool{}
	s := stream.New().WithMaxGoroutines(workers)
	done := 0
	for _, f := range files {
		if ctx.Err() != nil {
			break
		}
		s.Go(func() stream.Callback {
			games, rerr := ReadFile(f)
			type res struct {
				key string
				c   *collector
				err error
			}
			var out []res
			for i := range games {
				gr := &games[i]
				if why := Usable(gr.Game); why != nil {
					out = append(out, res{key: gr.Key, err: why})
					continue
				}
				if opt.Filter != nil && !opt.Filter(gr) {
					continue
				}
				c, err := evalGame(gr.Game, opp, rk)
				out = append(out, res{key: gr.Key, c: c, err: err})
			}
			return func() {
				done++
				if opt.Progress != nil {
					opt.Progress(done, len(files))
				}
				if rerr != nil && len(games) == 0 {
					if errors.Is(rerr, data.ErrSyntax) {
						skipped["not a game record"]++
					} else {
						skipped["unreadable or cut file"]++
					}
					return
				}
				rep.Files++
				for _, r := range out {
					switch {
					case r.c == nil:
						skipped[r.err.Error()]++
					case seen[r.key]:
						skipped["duplicate log id"]++
					case r.err != nil:
						skipped["replay error"]++
					default:
						seen[r.key] = true
						all.merge(r.c, int32(rep.Games))
						rep.Games++
					}
				}
			}
		})
	}
	s.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for why, n := range skipped {
		rep.Skipped = append(rep.Skipped, why+": "+strconv.Itoa(n))
	}
	slices.Sort(rep.Skipped)
	rep.Rounds = all.rounds
	all.report(rep)
	return rep, nil
}

func (c *collector) report(rep *EvalReport) {
	// Tenpai.
	t := &rep.Tenpai
	t.Samples = len(c.tenP)
	if t.Samples > 0 {
		type cell struct{ n, pos float64 }
		var table [25][5]cell
		var riichiCell cell
		for i := range c.tenP {
			if c.tenRiichi[i] {
				riichiCell.n++
				if c.tenY[i] {
					riichiCell.pos++
				}
				continue
			}
			ce := &table[c.tenTurn[i]][min(c.tenMelds[i], 4)]
			ce.n++
			if c.tenY[i] {
				ce.pos++
			}
		}
		base := make([]float32, t.Samples)
		diff := make([]float64, t.Samples)
		for i := range c.tenP {
			ce := table[c.tenTurn[i]][min(c.tenMelds[i], 4)]
			if c.tenRiichi[i] {
				ce = riichiCell
			}
			base[i] = float32(ce.pos / ce.n)
			if c.tenY[i] {
				t.Positives++
			}
			l, bl := LogLoss(float64(c.tenP[i]), c.tenY[i]), LogLoss(float64(base[i]), c.tenY[i])
			t.LogLoss += l
			t.BaseLogLoss += bl
			diff[i] = l - bl
		}
		t.LogLoss /= float64(t.Samples)
		t.BaseLogLoss /= float64(t.Samples)
		t.LogLossDiffSE = pairedSE(diff, c.tenGame)
		t.AUC, t.AUCSE = AUC(c.tenP, c.tenY)
		t.BaseAUC, _ = AUC(base, c.tenY)
		t.Reliability, t.ECE = Reliability(c.tenP, c.tenY, 10)
		_, t.BaseECE = Reliability(base, c.tenY, 10)
	}
	// Waits.
	w := &rep.Wait
	w.Samples, w.Pairs, w.WithWin = c.waitSamples, len(c.waitP), c.withWin
	for _, y := range c.waitY {
		if y {
			w.Positives++
		}
	}
	if w.Pairs > 0 {
		w.AUC, w.AUCSE = AUC(c.waitP, c.waitY)
		w.BaseAUC, w.BaseAUCSE = AUC(c.waitH, c.waitY)
	}
	if w.WithWin > 0 {
		w.Top5 = float64(c.top5) / float64(w.WithWin)
		w.BaseTop5 = float64(c.top5H) / float64(w.WithWin)
	}
	// Value.
	v := &rep.Value
	v.Samples = len(c.valP)
	if v.Samples > 0 {
		for _, y := range c.valY {
			v.Mean += float64(y)
		}
		v.Mean /= float64(v.Samples)
		diff := make([]float64, v.Samples)
		for i := range c.valP {
			e, be := math.Abs(float64(c.valP[i]-c.valY[i])), math.Abs(v.Mean-float64(c.valY[i]))
			v.MAE += e
			v.BaseMAE += be
			diff[i] = e - be
		}
		v.MAE /= float64(v.Samples)
		v.BaseMAE /= float64(v.Samples)
		v.MAEDiffSE = pairedSE(diff, c.valGame)
	}
	// Rank.
	r := &rep.Rank
	r.Samples = len(c.rankP)
	if r.Samples > 0 {
		var table [4][4]float64
		var rows [4]float64
		for i, y := range c.rankY {
			table[c.rankCur[i]-1][y-1]++
			rows[c.rankCur[i]-1]++
		}
		for i := range table {
			for j := range table[i] {
				table[i][j] = (table[i][j] + 0.5) / (rows[i] + 2) // smoothed
			}
		}
		diff := make([]float64, r.Samples)
		var flatP, flatB []float32
		var flatY []bool
		for i, y := range c.rankY {
			p := c.rankP[i]
			b := table[c.rankCur[i]-1]
			l := -math.Log(math.Max(float64(p[y-1]), eps))
			bl := -math.Log(b[y-1])
			r.LogLoss += l
			r.BaseLogLoss += bl
			diff[i] = l - bl
			best, bestB := 0, 0
			for k := 1; k < 4; k++ {
				if p[k] > p[best] {
					best = k
				}
				if b[k] > b[bestB] {
					bestB = k
				}
			}
			if best == int(y-1) {
				r.Accuracy++
			}
			if bestB == int(y-1) {
				r.BaseAccuracy++
			}
			for k := range 4 {
				flatP = append(flatP, p[k])
				flatB = append(flatB, float32(b[k]))
				flatY = append(flatY, k == int(y-1))
			}
		}
		n := float64(r.Samples)
		r.LogLoss /= n
		r.BaseLogLoss /= n
		r.Accuracy /= n
		r.BaseAccuracy /= n
		r.LogLossDiffSE = pairedSE(diff, c.rankGame)
		_, r.ECE = Reliability(flatP, flatY, 10)
		_, r.BaseECE = Reliability(flatB, flatY, 10)
	}
}

// Metrics returns the report's figures for one model's card.
func (rep *EvalReport) Metrics(model string) []xgbmodel.Metric {
	switch model {
	case opponent.TenpaiModel:
		t := rep.Tenpai
		return []xgbmodel.Metric{
			{Name: "auc", Model: t.AUC, Baseline: t.BaseAUC, SE: t.AUCSE},
			{Name: "log_loss", Model: t.LogLoss, Baseline: t.BaseLogLoss, SE: t.LogLossDiffSE},
			{Name: "ece", Model: t.ECE, Baseline: t.BaseECE},
		}
	case opponent.WaitModel:
		w := rep.Wait
		return []xgbmodel.Metric{
			{Name: "auc", Model: w.AUC, Baseline: w.BaseAUC, SE: w.AUCSE},
			{Name: "top5", Model: w.Top5, Baseline: w.BaseTop5},
		}
	case opponent.ValueModel:
		v := rep.Value
		return []xgbmodel.Metric{{Name: "mae", Model: v.MAE, Baseline: v.BaseMAE, SE: v.MAEDiffSE}}
	case rankmodel.ModelName:
		r := rep.Rank
		return []xgbmodel.Metric{
			{Name: "log_loss", Model: r.LogLoss, Baseline: r.BaseLogLoss, SE: r.LogLossDiffSE},
			{Name: "accuracy", Model: r.Accuracy, Baseline: r.BaseAccuracy},
			{Name: "ece", Model: r.ECE, Baseline: r.BaseECE},
		}
	}
	return nil
}
