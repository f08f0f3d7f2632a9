package xgbmodel

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"sort"
)

// Isotonic is the method of a calibration map fitted by [FitIsotonic].
const Isotonic = "isotonic"

// calibrationClip keeps calibrated probabilities away from 0 and 1 (an
// isotonic block without positives would otherwise predict exactly 0).
const calibrationClip = 1e-4

// Calibration is a monotone map from a binary model's probability to a
// calibrated probability, fitted on games the trees did not train on and
// stored in the model's card. It is the same definition at training and
// inference: [Calibration.Apply] interpolates linearly between the knots
// (X increasing, Y non-decreasing) and is constant beyond the first and
// last knots. SHA256 is over the knots' JSON encoding (see [Calibration.Sum])
// and is checked by [LoadFS].
type Calibration struct {
	Method  string    `json:"method"`
	Games   int       `json:"games"`   // calibration games
	Samples int       `json:"samples"` // calibration samples
	X       []float64 `json:"x"`       // model probability at each knot
	Y       []float64 `json:"y"`       // calibrated probability at each knot
	SHA256  string    `json:"sha256"`
}

// Apply maps a model probability to a calibrated one. A nil map is the
// identity.
func (c *Calibration) Apply(p float64) float64 {
	if c == nil || len(c.X) == 0 {
		return p
	}
	n := len(c.X)
	if p <= c.X[0] {
		return c.Y[0]
	}
	if p >= c.X[n-1] {
		return c.Y[n-1]
	}
	i := sort.SearchFloat64s(c.X, p) // c.X[i-1] < p <= c.X[i]
	x0, x1, y0, y1 := c.X[i-1], c.X[i], c.Y[i-1], c.Y[i]
	if x1 <= x0 {
		return y1
	}
	return y0 + (y1-y0)*(p-x0)/(x1-x0)
}

// Sum returns the SHA-256 of the knots' JSON encoding.
func (c *Calibration) Sum() string {
	b, _ := json.Marshal([2][]float64{c.X, c.Y})
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// check verifies the knots and their checksum.
func (c *Calibration) check() error {
	if c.Method != Isotonic {
		return fmt.Errorf("unknown calibration method %q", c.Method)
	}
	if len(c.X) == 0 || len(c.X) != len(c.Y) {
		return fmt.Errorf("calibration has %d x and %d y knots", len(c.X), len(c.Y))
	}
	for i := range c.X {
		if i > 0 && (c.X[i] < c.X[i-1] || c.Y[i] < c.Y[i-1]) {
			return fmt.Errorf("calibration knots are not monotone at %d", i)
		}
		if c.Y[i] < 0 || c.Y[i] > 1 {
			return fmt.Errorf("calibration value %g is not a probability", c.Y[i])
		}
	}
	if sum := c.Sum(); sum != c.SHA256 {
		return fmt.Errorf("calibration SHA-256 %s does not match its card (%s)", sum, c.SHA256)
	}
	return nil
}

// FitIsotonic fits an isotonic regression of the labels y on the
// probabilities p by pool-adjacent-violators (ties of p pooled first) and
// returns it as a map whose knots are each block's mean probability and
// label frequency, clipped to [1e-4, 1−1e-4]. The result depends only on
// the multiset of (p, y) pairs.
func FitIsotonic(p []float64, y []bool) *Calibration {
	idx := make([]int, len(p))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		if p[idx[a]] != p[idx[b]] {
			return p[idx[a]] < p[idx[b]]
		}
		return !y[idx[a]] && y[idx[b]]
	})
	type block struct{ sp, sy, n float64 }
	var bs []block
	for j := 0; j < len(idx); {
		b := block{}
		k := j
		for ; k < len(idx) && p[idx[k]] == p[idx[j]]; k++ {
			b.sp += p[idx[k]]
			if y[idx[k]] {
				b.sy++
			}
			b.n++
		}
		j = k
		bs = append(bs, b)
		for len(bs) > 1 {
			a, c := bs[len(bs)-2], bs[len(bs)-1]
			if a.sy/a.n < c.sy/c.n {
				break
			}
			bs = bs[:len(bs)-2]
			bs = append(bs, block{a.sp + c.sp, a.sy + c.sy, a.n + c.n})
		}
	}
	cal := &Calibration{Method: Isotonic, Samples: len(p)}
	for _, b := range bs {
		cal.X = append(cal.X, b.sp/b.n)
		cal.Y = append(cal.Y, math.Min(1-calibrationClip, math.Max(calibrationClip, b.sy/b.n)))
	}
	cal.SHA256 = cal.Sum()
	return cal
}
