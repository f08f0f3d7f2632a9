package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/reliability"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/tile"
)

// EvalOptions tune Evaluate.
type EvalOptions struct {
	Workers  int                           // parallel files; 0 = GOMAXPROCS
	Progress func(done, total int)         // called after each file, in order
	Filter   func(g *dataset.GameRef) bool // games to evaluate; nil = all
	// FilterReason names the games Filter leaves out in the report's
	// Skipped ("" = "left out by the filter").
	FilterReason string
	// Stdin is read for the path "-" (nil = os.Stdin).
	Stdin io.Reader
	// Bootstrap is the number of resamples of the games behind every
	// standard error; 0 = DefaultBootstrap.
	Bootstrap int
	// Players is the number of seats of the games evaluated: 0 or 4, or 3
	// (the others are counted as skipped). The models must be of it.
	Players int
}

// players returns the number of seats of the games evaluated: 3 or 4.
func (opt *EvalOptions) players() int {
	if opt.Players == 3 {
		return 3
	}
	return 4
}

// DefaultBootstrap is the number of bootstrap resamples of the games.
const DefaultBootstrap = 200

// EvalReport holds every metric of the four models beside its baseline on
// the same samples. The baselines are the ones stored in the models' cards
// (see [Baselines]): fitted on the training games, never on the games
// evaluated. Every standard error is that of model − baseline over
// bootstrap resamples of the games (samples of one game are not
// independent).
type EvalReport struct {
	Files     int          `json:"files"`
	Games     int          `json:"games"`
	Skipped   []string     `json:"skipped"` // "reason: count"
	Rounds    int          `json:"rounds"`
	Bootstrap int          `json:"bootstrap_resamples"`
	Tenpai    TenpaiReport `json:"tenpai"`
	Wait      WaitReport   `json:"wait"`
	Value     ValueReport  `json:"value"`
	Rank      RankReport   `json:"rank"`
}

// Comparison is one metric of a model beside its baseline's.
type Comparison struct {
	Model    float64 `json:"model"`
	Baseline float64 `json:"baseline"`
	// DiffSE is the bootstrap standard error of Model − Baseline (0 with
	// fewer than two games).
	DiffSE         float64 `json:"diff_se"`
	HigherIsBetter bool    `json:"higher_is_better"`
	// Games is the number of games with samples of the metric.
	Games int `json:"games"`
	// NoVerdict, when not empty, says why the report does not judge the
	// model against the baseline: "no samples", "too few games" (fewer
	// than MinVerdictGames) or "no spread" (every bootstrap resample gave
	// the same difference: the games are copies of one another).
	NoVerdict string `json:"no_verdict,omitempty"`
	// Beats reports whether the model is better by more than 2 DiffSE
	// (always false without a verdict).
	Beats bool `json:"beats_baseline"`
}

// MinVerdictGames is the fewest games with samples of a metric on which a
// report judges a model against its baseline: with fewer, the bootstrap
// resamples of so few games understate the spread, and the figures are
// printed without a verdict.
const MinVerdictGames = 30

// ErrNoGames is the cause of Evaluate's error when no usable game was found.
var ErrNoGames = errors.New("no usable games")

// Gain returns how much better the model is (positive: better).
func (c Comparison) Gain() float64 {
	if c.HigherIsBetter {
		return c.Model - c.Baseline
	}
	return c.Baseline - c.Model
}

// TenpaiReport: P(tenpai) after each discard. Baseline: [TenpaiBaseline].
type TenpaiReport struct {
	Samples     int               `json:"samples"`
	Positives   int               `json:"positives"`
	AUC         Comparison        `json:"auc"`
	LogLoss     Comparison        `json:"log_loss"`
	ECE         Comparison        `json:"ece"`
	ECEFloor    ECEFloor          `json:"ece_floor"`
	Reliability []reliability.Bin `json:"reliability"`
}

// WaitReport: P(kind wins | tenpai) after every discard of a tenpai
// player (not those Tenhou made for a disconnected seat, which rons
// nothing): AUC over all (sample, kind) pairs, 34 per sample, labelled by
// whether the kind wins with a yaku on ron. Baseline: [Danger].
type WaitReport struct {
	Samples   int        `json:"tenpai_samples"`
	Pairs     int        `json:"pairs"`
	Positives int        `json:"winning_pairs"`
	AUC       Comparison `json:"auc"`
	// WithWin counts the tenpai samples with a kind they can ron on (not
	// in furiten; DiscardSample.Ron); Top5 is the share of them where such
	// a kind is among the 5 rated most likely
	// (ties at the fifth place broken uniformly at random, as an
	// expectation).
	WithWin int        `json:"samples_with_winning_kind"`
	Top5    Comparison `json:"top5"`
}

// ValueReport: points of a ron over tenpai samples with a winning kind.
// Baseline: the training samples' mean.
type ValueReport struct {
	Samples int        `json:"samples"`
	Mean    float64    `json:"mean"` // of the evaluated samples
	MAE     Comparison `json:"mae"`
}

// RankReport: final rank from each seat at each round start. Baseline:
// [RankBaseline].
type RankReport struct {
	Samples  int        `json:"samples"`
	LogLoss  Comparison `json:"log_loss"`
	Accuracy Comparison `json:"accuracy"`
	// ECE over the 4 (class, probability) pairs of every sample, 10 bins.
	ECE      Comparison `json:"ece"`
	ECEFloor ECEFloor   `json:"ece_floor"`
}

// collector holds one game's (or, merged, all games') predictions and
// their baselines'.
type collector struct {
	rounds           int
	tenP, tenB       []float32
	tenY             []bool
	tenGame          []int32
	waitP, waitH     []float32
	waitY            []bool
	waitGame         []int32
	waitSamples      int
	top5P, top5B     []float64 // per sample with a winning kind
	top5Game         []int32
	valP, valB, valY []float32
	valGame          []int32
	places           int // 3 or 4: the rank classes (0 before a rank sample)
	rankP, rankB     [][4]float32
	rankY            []uint8
	rankGame         []int32
}

// merge appends every prediction of o with its game index moved by
// offset (o holds one game, index 0, or several merged ones).
func (c *collector) merge(o *collector, offset int32) {
	shift := func(dst, src []int32) []int32 {
		for _, g := range src {
			dst = append(dst, g+offset)
		}
		return dst
	}
	c.rounds += o.rounds
	c.tenP, c.tenB, c.tenY = append(c.tenP, o.tenP...), append(c.tenB, o.tenB...), append(c.tenY, o.tenY...)
	c.tenGame = shift(c.tenGame, o.tenGame)
	c.waitP, c.waitH, c.waitY = append(c.waitP, o.waitP...), append(c.waitH, o.waitH...), append(c.waitY, o.waitY...)
	c.waitGame = shift(c.waitGame, o.waitGame)
	c.waitSamples += o.waitSamples
	c.top5P, c.top5B = append(c.top5P, o.top5P...), append(c.top5B, o.top5B...)
	c.top5Game = shift(c.top5Game, o.top5Game)
	c.valP, c.valB, c.valY = append(c.valP, o.valP...), append(c.valB, o.valB...), append(c.valY, o.valY...)
	c.valGame = shift(c.valGame, o.valGame)
	c.rankP, c.rankB, c.rankY = append(c.rankP, o.rankP...), append(c.rankB, o.rankB...), append(c.rankY, o.rankY...)
	c.places = max(c.places, o.places)
	c.rankGame = shift(c.rankGame, o.rankGame)
}

// Top5 returns the probability that a winning kind is among the 5 kinds
// with the highest scores, ties at the fifth place broken uniformly at
// random.
func Top5(scores *[tile.NumKinds]float64, win tile.KindSet) float64 {
	sorted := *scores
	slices.Sort(sorted[:])
	fifth := sorted[tile.NumKinds-5]
	above, tie, winTie := 0, 0, 0
	for k, s := range scores {
		switch {
		case s > fifth:
			if win.Has(tile.Kind(k)) {
				return 1
			}
			above++
		case s == fifth:
			tie++
			if win.Has(tile.Kind(k)) {
				winTie++
			}
		}
	}
	// P(none of the winTie winners among the 5−above picked from tie).
	miss := 1.0
	for i := range 5 - above {
		miss *= float64(tie-winTie-i) / float64(tie-i)
		if miss <= 0 {
			return 1
		}
	}
	return 1 - miss
}

// evalGame replays one game and collects every model's and baseline's
// predictions.
func evalGame(g *data.Game, opp *opponent.Models, rk *rankmodel.Model, base *Baselines) (*collector, error) {
	c := &collector{}
	var probs, heur [tile.NumKinds]float64
	meanValue := float32(base.Value.Mean)
	err := VisitGame(g, Visitor{
		Discard: func(s *DiscardSample) {
			p := s.Pub
			c.tenP = append(c.tenP, float32(opp.Tenpai(p)))
			c.tenB = append(c.tenB, float32(base.Tenpai.Predict(p)))
			c.tenY = append(c.tenY, s.Tenpai)
			if !s.Tenpai {
				return
			}
			if !s.Away { // a disconnected seat rons nothing: no wait label
				c.waitSamples++
				opp.Waits(p, &probs)
				for k := range tile.NumKinds {
					if !opponent.InPlay(p.Players(), tile.Kind(k)) {
						heur[k] = 0 // no copy in a 3-player wall: no pair
						continue
					}
					heur[k] = Danger(p, tile.Kind(k))
					c.waitP = append(c.waitP, float32(probs[k]))
					c.waitH = append(c.waitH, float32(heur[k]))
					c.waitY = append(c.waitY, s.Ron.Has(tile.Kind(k)))
				}
				if s.Ron != 0 {
					c.top5P = append(c.top5P, Top5(&probs, s.Ron))
					c.top5B = append(c.top5B, Top5(&heur, s.Ron))
				}
			}
			if s.Winning == 0 {
				return
			}
			c.valP = append(c.valP, float32(opp.Value(p)))
			c.valB = append(c.valB, meanValue)
			c.valY = append(c.valY, float32(s.Value))
		},
		Rank: func(s *RankSample) {
			if s.Seat == 0 {
				c.rounds++
			}
			c.places = s.Situation.NumPlayers()
			d := rk.Distribution(&s.Situation, s.Seat)
			b := base.Rank.Predict(&s.Situation, s.Seat)
			c.rankP = append(c.rankP, [4]float32{float32(d[0]), float32(d[1]), float32(d[2]), float32(d[3])})
			c.rankB = append(c.rankB, [4]float32{float32(b[0]), float32(b[1]), float32(b[2]), float32(b[3])})
			c.rankY = append(c.rankY, uint8(s.Rank))
		},
	})
	// Every prediction belongs to this game: index 0 until merged.
	c.tenGame = make([]int32, len(c.tenP))
	c.waitGame = make([]int32, len(c.waitP))
	c.top5Game = make([]int32, len(c.top5P))
	c.valGame = make([]int32, len(c.valP))
	c.rankGame = make([]int32, len(c.rankP))
	return c, err
}

// Evaluate replays the usable games under paths (see [dataset.Usable]; duplicates
// of a log id counted once; "-" reads opt.Stdin) and measures the models
// against the baselines stored in their cards. Files and folders that
// cannot be read are counted in the report's Skipped; without a single
// usable game the error wraps [ErrNoGames] and says what was skipped.
func Evaluate(ctx context.Context, paths []string, opp *opponent.Models, rk *rankmodel.Model, opt EvalOptions) (*EvalReport, error) {
	rep, _, err := evaluate(ctx, paths, opp, rk, opt)
	if err == nil && rep.Games == 0 {
		why := "nothing skipped"
		if len(rep.Skipped) > 0 {
			why = "skipped: " + strings.Join(rep.Skipped, ", ")
		}
		return nil, fmt.Errorf("%w (%s)", ErrNoGames, why)
	}
	return rep, err
}

// evaluate is Evaluate, also returning the predictions behind the report.
func evaluate(ctx context.Context, paths []string, opp *opponent.Models, rk *rankmodel.Model, opt EvalOptions) (*EvalReport, *collector, error) {
	base, err := BaselinesOf(opp, rk)
	if err != nil {
		return nil, nil, err
	}
	files, unreadable, err := dataset.Files(paths)
	if err != nil {
		return nil, nil, err
	}
	t := &evalTally{rep: &EvalReport{Skipped: []string{}}, all: &collector{}, skipped: map[string]int{}, seen: map[string]bool{},
		filtered: opt.FilterReason}
	if len(unreadable) > 0 {
		t.skipped["unreadable folder"] = len(unreadable)
	}
	if t.filtered == "" {
		t.filtered = "left out by the filter"
	}
	done := 0
	err = records.ForEachFile(ctx, files, opt.Workers,
		func(f string) evalFile { return evalFileOf(f, opp, rk, base, &opt) },
		func(_ string, fr evalFile) {
			done++
			if opt.Progress != nil {
				opt.Progress(done, len(files))
			}
			t.add(&fr)
		})
	if err != nil {
		return nil, nil, err
	}
	rep := t.rep
	for why, n := range t.skipped {
		rep.Skipped = append(rep.Skipped, why+": "+strconv.Itoa(n))
	}
	slices.Sort(rep.Skipped)
	rep.Rounds = t.all.rounds
	rep.Bootstrap = opt.Bootstrap
	if rep.Bootstrap <= 0 {
		rep.Bootstrap = DefaultBootstrap
	}
	t.all.report(rep)
	return rep, t.all, nil
}

// evalGameResult is one game of a file evaluated: its samples, or why
// it was left out.
type evalGameResult struct {
	key string
	c   *collector
	err error
}

// evalFile is one record file evaluated: the games replayed, and the
// count of those left out before replay, by reason (nothing is kept of
// them: a file may hold millions of empty games).
type evalFile struct {
	games    int
	rerr     error
	out      []evalGameResult
	skips    fileSkips
	filtered int // games the filter left out
}

// evalFileOf reads f and evaluates its usable games that pass the filter.
func evalFileOf(f string, opp *opponent.Models, rk *rankmodel.Model, base *Baselines, opt *EvalOptions) evalFile {
	var fr evalFile
	fr.games, fr.rerr = eachGame(f, opt.Stdin, func(gr *dataset.GameRef) bool {
		switch why := usableFor(gr.Game, opt.players()); {
		case why != nil:
			fr.skips.add(why.Error())
		case opt.Filter != nil && !opt.Filter(gr):
			fr.filtered++
		default:
			c, err := evalGame(gr.Game, opp, rk, base)
			fr.out = append(fr.out, evalGameResult{key: gr.Key, c: c, err: err})
		}
		return true
	})
	return fr
}

// evalTally gathers the files' results in file order: the samples of
// every game used once, and the count of each reason a game or file was
// left out.
type evalTally struct {
	rep      *EvalReport
	all      *collector
	skipped  map[string]int
	seen     map[string]bool
	filtered string // the filter's reason
}

func (t *evalTally) add(fr *evalFile) {
	if fr.rerr != nil && fr.games == 0 {
		if errors.Is(fr.rerr, data.ErrSyntax) {
			t.skipped["not a game record"]++
		} else {
			t.skipped["unreadable or cut file"]++
		}
		return
	}
	t.rep.Files++
	for why, n := range fr.skips {
		t.skipped[why] += n
	}
	if fr.filtered > 0 {
		t.skipped[t.filtered] += fr.filtered
	}
	for _, r := range fr.out {
		switch {
		case r.c == nil:
			t.skipped[r.err.Error()]++
		case t.seen[r.key]:
			t.skipped["duplicate game (same log id or wall seed)"]++
		case r.err != nil:
			t.skipped["replay error"]++
		default:
			t.seen[r.key] = true
			t.all.merge(r.c, int32(t.rep.Games))
			t.rep.Games++
		}
	}
}

func (c *collector) report(rep *EvalReport) {
	bs := newBootstrap(rep.Games, rep.Bootstrap)
	// Every metric states its direction, with samples or without.
	rep.Tenpai.AUC, rep.Tenpai.LogLoss, rep.Tenpai.ECE = noSamples(true), noSamples(false), noSamples(false)
	rep.Wait.AUC, rep.Wait.Top5 = noSamples(true), noSamples(true)
	rep.Value.MAE = noSamples(false)
	rep.Rank.LogLoss, rep.Rank.Accuracy, rep.Rank.ECE = noSamples(false), noSamples(true), noSamples(false)
	// Tenpai.
	t := &rep.Tenpai
	t.Samples = len(c.tenP)
	for _, y := range c.tenY {
		if y {
			t.Positives++
		}
	}
	if t.Samples > 0 {
		games := countGames(c.tenGame)
		if t.Positives > 0 && t.Positives < t.Samples {
			t.AUC = bs.compare(true, games, weightedAUC(c.tenP, c.tenY, c.tenGame), weightedAUC(c.tenB, c.tenY, c.tenGame))
		}
		t.LogLoss = bs.compare(false, games, logLossMean(c.tenP, c.tenY, c.tenGame), logLossMean(c.tenB, c.tenY, c.tenGame))
		t.ECE = bs.compare(false, games, weightedECE(c.tenP, c.tenY, c.tenGame, 10), weightedECE(c.tenB, c.tenY, c.tenGame, 10))
		t.ECEFloor = ECEFloor{eceFloor(c.tenP, 1, 10), eceFloor(c.tenB, 1, 10)}
		t.Reliability, _ = reliability.Table(c.tenP, c.tenY, 10)
	}
	// Waits.
	w := &rep.Wait
	w.Samples, w.Pairs, w.WithWin = c.waitSamples, len(c.waitP), len(c.top5P)
	for _, y := range c.waitY {
		if y {
			w.Positives++
		}
	}
	if w.Positives > 0 && w.Positives < w.Pairs {
		w.AUC = bs.compare(true, countGames(c.waitGame), weightedAUC(c.waitP, c.waitY, c.waitGame), weightedAUC(c.waitH, c.waitY, c.waitGame))
	}
	if w.WithWin > 0 {
		w.Top5 = bs.compare(true, countGames(c.top5Game), gameMean(c.top5P, c.top5Game), gameMean(c.top5B, c.top5Game))
	}
	// Value.
	v := &rep.Value
	v.Samples = len(c.valP)
	if v.Samples > 0 {
		errM, errB := make([]float64, v.Samples), make([]float64, v.Samples)
		for i, y := range c.valY {
			v.Mean += float64(y)
			errM[i] = math.Abs(float64(c.valP[i] - y))
			errB[i] = math.Abs(float64(c.valB[i] - y))
		}
		v.Mean /= float64(v.Samples)
		v.MAE = bs.compare(false, countGames(c.valGame), gameMean(errM, c.valGame), gameMean(errB, c.valGame))
	}
	// Rank.
	r := &rep.Rank
	r.Samples = len(c.rankP)
	if r.Samples > 0 {
		llM, llB := make([]float64, r.Samples), make([]float64, r.Samples)
		accM, accB := make([]float64, r.Samples), make([]float64, r.Samples)
		var flatP, flatB []float32
		var flatY []bool
		var flatGame []int32
		for i, y := range c.rankY {
			p, b := c.rankP[i], c.rankB[i]
			llM[i] = -math.Log(math.Max(float64(p[y-1]), eps))
			llB[i] = -math.Log(math.Max(float64(b[y-1]), eps))
			accM[i] = b2f(argmax(p) == int(y-1))
			accB[i] = b2f(argmax(b) == int(y-1))
			for k := range c.places {
				flatP = append(flatP, p[k])
				flatB = append(flatB, b[k])
				flatY = append(flatY, k == int(y-1))
				flatGame = append(flatGame, c.rankGame[i])
			}
		}
		games := countGames(c.rankGame)
		r.LogLoss = bs.compare(false, games, gameMean(llM, c.rankGame), gameMean(llB, c.rankGame))
		r.Accuracy = bs.compare(true, games, gameMean(accM, c.rankGame), gameMean(accB, c.rankGame))
		r.ECE = bs.compare(false, games, weightedECE(flatP, flatY, flatGame, 10), weightedECE(flatB, flatY, flatGame, 10))
		r.ECEFloor = ECEFloor{eceFloor(flatP, c.places, 10), eceFloor(flatB, c.places, 10)}
	}
}

// argmax returns the first index of the largest value.
func argmax(p [4]float32) int {
	best := 0
	for k := 1; k < 4; k++ {
		if p[k] > p[best] {
			best = k
		}
	}
	return best
}

// Metrics returns the report's figures for one model's card.
func (rep *EvalReport) Metrics(model string) []xgbmodel.Metric {
	m := func(name string, c Comparison) xgbmodel.Metric {
		return xgbmodel.Metric{Name: name, Model: c.Model, Baseline: c.Baseline, SE: c.DiffSE, Beats: c.Beats, NoVerdict: c.NoVerdict}
	}
	switch baseName(model) {
	case opponent.TenpaiModel:
		t := rep.Tenpai
		return []xgbmodel.Metric{m("auc", t.AUC), m("log_loss", t.LogLoss), m("ece", t.ECE)}
	case opponent.WaitModel:
		w := rep.Wait
		return []xgbmodel.Metric{m("auc", w.AUC), m("top5", w.Top5)}
	case opponent.ValueModel:
		return []xgbmodel.Metric{m("mae", rep.Value.MAE)}
	case rankmodel.ModelName:
		r := rep.Rank
		return []xgbmodel.Metric{m("log_loss", r.LogLoss), m("accuracy", r.Accuracy), m("ece", r.ECE)}
	}
	return nil
}
