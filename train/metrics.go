package train

import (
	"math"
	"sort"
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

// Bin is one row of a reliability table.
type Bin struct {
	Lo, Hi   float64 // prediction range
	Count    int
	MeanPred float64
	Observed float64 // fraction of positives
}

// Reliability returns the reliability table of probabilities p against
// labels y in n equal-width bins (empty bins included), and the expected
// calibration error: Σ count/N · |mean prediction − observed rate|.
func Reliability(p []float32, y []bool, n int) (bins []Bin, ece float64) {
	bins = make([]Bin, n)
	for i := range bins {
		bins[i].Lo, bins[i].Hi = float64(i)/float64(n), float64(i+1)/float64(n)
	}
	for i, v := range p {
		b := min(int(float64(v)*float64(n)), n-1)
		bins[b].Count++
		bins[b].MeanPred += float64(v)
		if y[i] {
			bins[b].Observed++
		}
	}
	for i := range bins {
		if c := float64(bins[i].Count); c > 0 {
			bins[i].MeanPred /= c
			bins[i].Observed /= c
			ece += c / float64(len(p)) * math.Abs(bins[i].MeanPred-bins[i].Observed)
		}
	}
	return bins, ece
}

// pairedSE returns the standard error of the mean of per-sample differences
// d, clustered by group (samples of one game are not independent): the
// groups' sums are treated as the independent units.
func pairedSE(d []float64, group []int32) float64 {
	if len(d) < 2 {
		return math.NaN()
	}
	sums := map[int32]float64{}
	for i, v := range d {
		sums[group[i]] += v
	}
	mean := 0.0
	for _, v := range d {
		mean += v
	}
	mean /= float64(len(d))
	// variance of the total over groups around the expected group total
	var ss float64
	counts := map[int32]int{}
	for _, g := range group {
		counts[g]++
	}
	for g, s := range sums {
		r := s - mean*float64(counts[g])
		ss += r * r
	}
	k := float64(len(sums))
	if k < 2 {
		return math.NaN()
	}
	return math.Sqrt(ss*k/(k-1)) / float64(len(d))
}
