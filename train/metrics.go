package train

import (
	"math"
	"math/rand/v2"
	"sort"

	"github.com/mjrank/mjrank/internal/reliability"
)

// AUC returns the area under the ROC curve of scores against labels (ties
// count one half) and its Hanley–McNeil standard error. NaN when a class is
// empty.
func AUC(scores []float32, labels []bool) (auc, se float64) {
	idx := make([]int32, len(scores))
	for i := range idx {
		idx[i] = int32(i)
	}
	sort.Slice(idx, func(a, b int) bool { return scores[idx[a]] < scores[idx[b]] })
	var pos, neg, rankSum float64
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && scores[idx[j]] == scores[idx[i]] {
			j++
		}
		mid := float64(i+j+1) / 2 // mean 1-based rank of the tie group
		for _, id := range idx[i:j] {
			if labels[id] {
				pos++
				rankSum += mid
			} else {
				neg++
			}
		}
		i = j
	}
	if pos == 0 || neg == 0 {
		return math.NaN(), math.NaN()
	}
	auc = (rankSum - pos*(pos+1)/2) / (pos * neg)
	q1 := auc / (2 - auc)
	q2 := 2 * auc * auc / (1 + auc)
	v := (auc*(1-auc) + (pos-1)*(q1-auc*auc) + (neg-1)*(q2-auc*auc)) / (pos * neg)
	return auc, math.Sqrt(math.Max(v, 0))
}

const eps = 1e-7

// LogLoss is the binary cross-entropy of p for label y.
func LogLoss(p float64, y bool) float64 {
	p = math.Min(math.Max(p, eps), 1-eps)
	if y {
		return -math.Log(p)
	}
	return -math.Log(1 - p)
}

// A statistic computes a metric with a weight per game (how often the game
// was drawn into a bootstrap resample; all ones for the point estimate).
type statistic func(w []float64) float64

// bootstrap resamples the games with replacement, from a fixed seed so
// that reports are reproducible.
type bootstrap struct {
	games   int
	weights [][]float64 // one per resample
	ones    []float64
}

func newBootstrap(games, resamples int) *bootstrap {
	b := &bootstrap{games: games, ones: make([]float64, games)}
	for i := range b.ones {
		b.ones[i] = 1
	}
	if games < 2 {
		return b
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range resamples {
		w := make([]float64, games)
		for range games {
			w[rng.IntN(games)]++
		}
		b.weights = append(b.weights, w)
	}
	return b
}

// compare computes model and baseline on all games and the standard error
// of their difference over the resamples; games is the number of games
// with samples of the metric (see [MinVerdictGames]).
func (b *bootstrap) compare(higherIsBetter bool, games int, model, base statistic) Comparison {
	c := Comparison{Model: model(b.ones), Baseline: base(b.ones), HigherIsBetter: higherIsBetter, Games: games}
	var n, sum, sum2 float64
	for _, w := range b.weights {
		d := model(w) - base(w)
		if math.IsNaN(d) {
			continue
		}
		n++
		sum += d
		sum2 += d * d
	}
	if n >= 2 {
		c.DiffSE = math.Sqrt(math.Max(sum2-sum*sum/n, 0) / (n - 1))
	}
	switch {
	case games < MinVerdictGames:
		c.NoVerdict = "too few games"
	case c.DiffSE <= 1e-9*(1+math.Abs(c.Model)+math.Abs(c.Baseline)):
		// Every resample gave the same difference: the games are alike
		// (copies of one game), and their spread says nothing.
		c.NoVerdict = "no spread"
	}
	c.Beats = c.NoVerdict == "" && c.Gain() > 2*c.DiffSE
	return c
}

// noSamples is the comparison of a metric without samples: no figures and
// no verdict, but its direction.
func noSamples(higherIsBetter bool) Comparison {
	return Comparison{HigherIsBetter: higherIsBetter, NoVerdict: "no samples"}
}

// countGames returns the number of distinct games in a per-sample game
// index.
func countGames(game []int32) int {
	seen := map[int32]bool{}
	for _, g := range game {
		seen[g] = true
	}
	return len(seen)
}

// gameMean returns the weighted mean of per-sample values.
func gameMean(v []float64, game []int32) statistic {
	var sums, counts []float64
	for i, x := range v {
		g := int(game[i])
		for len(sums) <= g {
			sums, counts = append(sums, 0), append(counts, 0)
		}
		sums[g] += x
		counts[g]++
	}
	return func(w []float64) float64 {
		var s, n float64
		for g := range sums {
			s += w[g] * sums[g]
			n += w[g] * counts[g]
		}
		return s / n
	}
}

// logLossMean returns the weighted mean binary log-loss.
func logLossMean(p []float32, y []bool, game []int32) statistic {
	l := make([]float64, len(p))
	for i := range p {
		l[i] = LogLoss(float64(p[i]), y[i])
	}
	return gameMean(l, game)
}

// weightedAUC returns the AUC (ties count one half) with sample weights
// from their games. The order is sorted once; each call is linear.
func weightedAUC(scores []float32, labels []bool, game []int32) statistic {
	idx := make([]int32, len(scores))
	for i := range idx {
		idx[i] = int32(i)
	}
	sort.SliceStable(idx, func(a, b int) bool { return scores[idx[a]] < scores[idx[b]] })
	var groups []int32 // end of each tie group in idx
	for i := range idx {
		if i+1 == len(idx) || scores[idx[i+1]] != scores[idx[i]] {
			groups = append(groups, int32(i+1))
		}
	}
	return func(w []float64) float64 {
		var negBelow, num, pos float64
		start := int32(0)
		for _, end := range groups {
			var gp, gn float64
			for _, i := range idx[start:end] {
				if labels[i] {
					gp += w[game[i]]
				} else {
					gn += w[game[i]]
				}
			}
			num += gp * (negBelow + gn/2)
			negBelow += gn
			pos += gp
			start = end
		}
		if pos == 0 || negBelow == 0 {
			return math.NaN()
		}
		return num / (pos * negBelow)
	}
}

// weightedECE returns the expected calibration error in n equal-width bins
// (see reliability.Table) with sample weights from their games.
func weightedECE(p []float32, y []bool, game []int32, n int) statistic {
	bin := make([]uint8, len(p))
	for i, v := range p {
		bin[i] = uint8(min(int(float64(v)*float64(n)), n-1))
	}
	return func(w []float64) float64 {
		cnt, pred, obs := make([]float64, n), make([]float64, n), make([]float64, n)
		var total float64
		for i, v := range p {
			wi := w[game[i]]
			if wi == 0 {
				continue
			}
			b := bin[i]
			cnt[b] += wi
			pred[b] += wi * float64(v)
			if y[i] {
				obs[b] += wi
			}
			total += wi
		}
		var ece float64
		for b := range cnt {
			if cnt[b] > 0 {
				ece += math.Abs(pred[b]-obs[b]) / total
			}
		}
		return ece
	}
}

// ECEFloor is the expected calibration error that perfectly calibrated
// predictors would show on the same samples from sampling noise alone:
// the mean ECE of each predictor's probabilities against labels drawn
// from those same probabilities.
type ECEFloor struct {
	Model    float64 `json:"model"`
	Baseline float64 `json:"baseline"`
}

// eceFloorDraws is the number of label draws behind an [ECEFloor].
const eceFloorDraws = 100

// eceFloor returns the mean binned ECE (n bins) of p against labels drawn
// as Bernoulli(p), or, with classes > 1, one class per group of classes
// consecutive probabilities drawn from them; fixed seed.
func eceFloor(p []float32, classes, n int) float64 {
	if len(p) == 0 {
		return 0
	}
	rng := rand.New(rand.NewPCG(3, 4))
	y := make([]bool, len(p))
	var sum float64
	for range eceFloorDraws {
		if classes <= 1 {
			for i, v := range p {
				y[i] = rng.Float64() < float64(v)
			}
		} else {
			for i := 0; i+classes <= len(p); i += classes {
				u, acc := rng.Float64(), 0.0
				picked := false
				for k := range classes {
					acc += float64(p[i+k])
					y[i+k] = !picked && (u < acc || k == classes-1)
					picked = picked || y[i+k]
				}
			}
		}
		_, ece := reliability.Table(p, y, n)
		sum += ece
	}
	return sum / eceFloorDraws
}
