package reliability

import (
	"math"
	"testing"
)

func TestTable(t *testing.T) {
	tests := []struct {
		name   string
		p      []float32
		y      []bool
		counts [10]int
		ece    float64
	}{
		{"two bins", []float32{0.05, 0.05, 0.95, 0.95}, []bool{false, false, true, true}, [10]int{0: 2, 9: 2}, 0.05},
		{"one is the last bin", []float32{1, 0.5}, []bool{true, false}, [10]int{5: 1, 9: 1}, 0.25},
	}
	for _, tt := range tests {
		bins, ece := Table(tt.p, tt.y, 10)
		var counts [10]int
		for i, b := range bins {
			counts[i] = b.Count
		}
		if len(bins) != 10 || counts != tt.counts || math.Abs(ece-tt.ece) > 1e-6 {
			t.Errorf("%s: ece %g (want %g), counts %v (want %v)", tt.name, ece, tt.ece, counts, tt.counts)
		}
	}
}
