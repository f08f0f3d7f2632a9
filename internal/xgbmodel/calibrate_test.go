package xgbmodel

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestFitIsotonic(t *testing.T) {
	// Labels drawn with P(y) = p², predictions p: the map must be monotone
	// and close to p² where there are many samples.
	r := rand.New(rand.NewPCG(1, 2))
	n := 200000
	p := make([]float64, n)
	y := make([]bool, n)
	for i := range p {
		p[i] = float64(float32(r.Float64()))
		y[i] = r.Float64() < p[i]*p[i]
	}
	c := FitIsotonic(p, y)
	if err := c.check(); err != nil {
		t.Fatal(err)
	}
	if c.Samples != n || len(c.X) < 10 {
		t.Fatalf("samples %d, knots %d", c.Samples, len(c.X))
	}
	for _, q := range []float64{0.2, 0.5, 0.8} {
		if got := c.Apply(q); math.Abs(got-q*q) > 0.02 {
			t.Errorf("Apply(%g) = %g, want ≈ %g", q, got, q*q)
		}
	}
	prev := -1.0
	for q := 0.0; q <= 1; q += 0.001 {
		v := c.Apply(q)
		if v < prev || v < calibrationClip || v > 1-calibrationClip {
			t.Fatalf("Apply(%g) = %g after %g: not monotone or not clipped", q, v, prev)
		}
		prev = v
	}
	// Same pairs in another order: the same map.
	r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i]; y[i], y[j] = y[j], y[i] })
	if c2 := FitIsotonic(p, y); c2.SHA256 != c.SHA256 {
		t.Error("the map depends on the order of the samples")
	}
}

func TestCalibrationApply(t *testing.T) {
	var nilMap *Calibration
	if nilMap.Apply(0.3) != 0.3 {
		t.Error("a nil map is not the identity")
	}
	c := &Calibration{Method: Isotonic, X: []float64{0.1, 0.5, 0.9}, Y: []float64{0.2, 0.4, 0.8}}
	c.SHA256 = c.Sum()
	for _, tc := range [][2]float64{{0, 0.2}, {0.1, 0.2}, {0.3, 0.3}, {0.5, 0.4}, {0.7, 0.6}, {0.95, 0.8}} {
		if got := c.Apply(tc[0]); math.Abs(got-tc[1]) > 1e-12 {
			t.Errorf("Apply(%g) = %g, want %g", tc[0], got, tc[1])
		}
	}
	if err := c.check(); err != nil {
		t.Fatal(err)
	}
	c.Y[1] = 0.41
	if err := c.check(); err == nil {
		t.Error("a changed knot passed the checksum")
	}
}
