package rankmodel

import (
	"math"
	"testing"
)

func TestDefault(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if len(FeatureNames) != NumFeatures {
		t.Fatalf("%d names for %d features", len(FeatureNames), NumFeatures)
	}
	// South 4 (all last), seat 0 leads by 30,000: almost surely first.
	s := Situation{Index: 7, Scores: [4]int{50000, 20000, 15000, 15000}, Dealer: 3, Hanchan: true}
	d := m.Distribution(&s, 0)
	sum := d[0] + d[1] + d[2] + d[3]
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("distribution sums to %g", sum)
	}
	if d[0] < 0.9 {
		t.Errorf("a 30,000-point leader at all last: P(1st) = %.3f", d[0])
	}
	// East 1, equal scores: every rank about as likely.
	s = Situation{Index: 0, Scores: [4]int{25000, 25000, 25000, 25000}, Dealer: 0, Hanchan: true}
	for seat := range 4 {
		d := m.Distribution(&s, seat)
		for _, p := range d {
			if p < 0.15 || p > 0.35 {
				t.Errorf("seat %d at the start: %v", seat, d)
				break
			}
		}
	}
	if e := ExpectedRank([4]float64{1, 0, 0, 0}); e != 1 {
		t.Errorf("ExpectedRank = %g", e)
	}
	if u := TenhouUma.Expected([4]float64{0.25, 0.25, 0.25, 0.25}); u != 5 {
		t.Errorf("TenhouUma of a uniform distribution = %g, want 5 (the oka's share)", u)
	}
}

func BenchmarkDistribution(b *testing.B) {
	m, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	s := Situation{Index: 5, Honba: 1, Sticks: 1, Scores: [4]int{31000, 22000, 18000, 28000}, Dealer: 1, Hanchan: true}
	for b.Loop() {
		m.Distribution(&s, 2)
	}
}

// TestDistributionAllocatesNothing: the rank model on the engine's hot path
// allocates nothing.
func TestDistributionAllocatesNothing(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	s := Situation{Index: 5, Honba: 1, Sticks: 1, Scores: [4]int{31000, 22000, 18000, 28000}, Dealer: 1, Hanchan: true}
	if a := testing.AllocsPerRun(50, func() { m.Distribution(&s, 2) }); a != 0 {
		t.Errorf("%.1f allocations per call", a)
	}
}
