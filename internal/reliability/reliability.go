// Package reliability tabulates how well probabilities are calibrated: the
// reliability table of predictions against outcomes in equal-width bins,
// and the expected calibration error. The models' measurement (package
// train) and the engine's (package mceval) both report it.
package reliability

import "math"

// Bin is one row of a reliability table.
type Bin struct {
	Lo, Hi   float64 // prediction range
	Count    int
	MeanPred float64
	Observed float64 // fraction of positives
}

// Table returns the reliability table of probabilities p against
// labels y in n equal-width bins (empty bins included), and the expected
// calibration error: Σ count/N · |mean prediction − observed rate|.
func Table(p []float32, y []bool, n int) (bins []Bin, ece float64) {
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
