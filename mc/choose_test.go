package mc

import (
	"math"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestChoose: the decision rule on hand-made analyses. Candidate 0 is the
// prior in every case.
func TestChoose(t *testing.T) {
	disc := func(k tile.Kind, sims int, adv, se, pol float64) Candidate {
		return Candidate{Action: game.Action{Type: game.Discard, Tile: tile.Tile(4 * k)}, Sims: sims, Advantage: adv, AdvantageSE: se, Policy: pol}
	}
	prior := disc(0, 1000, 0, 0, 0.6)
	tests := []struct {
		name           string
		cands          []Candidate
		margin, weight float64
		want           int
	}{
		{"no evidence keeps the prior", []Candidate{prior, disc(1, 1000, 0.01, 0.01, 0.3)}, 2, 0, 0},
		{"a clear advantage replaces it", []Candidate{prior, disc(1, 1000, 0.05, 0.01, 0.3)}, 2, 0, 1},
		{"the largest lower bound wins", []Candidate{prior, disc(1, 1000, 0.05, 0.01, 0.3), disc(2, 1000, 0.06, 0.005, 0.3)}, 2, 0, 2},
		// The 83-simulation case of issue 21: a move dropped at the first
		// stage cannot win on its noisy advantage.
		{"a move dropped early does not compete", []Candidate{prior, disc(1, 83, 0.2, 0.03, 0.3), disc(2, 1000, 0.01, 0.01, 0.3)}, 2, 0, 0},
		{"the policy's doubt outweighs a small advantage", []Candidate{prior, disc(1, 1000, 0.05, 0.01, 0.006)}, 2, 0.02, 0},
		{"a large advantage beats the policy's doubt", []Candidate{prior, disc(1, 1000, 0.15, 0.01, 0.006)}, 2, 0.02, 1},
		{"no doubt between equally likely moves", []Candidate{prior, disc(1, 1000, 0.05, 0.01, 0.6)}, 2, 0.02, 1},
		{"moves the policy does not score are judged by the margin alone", []Candidate{prior, {Action: game.Action{Type: game.Ankan}, Sims: 1000, Advantage: 0.05, AdvantageSE: 0.01}}, 2, 1, 1},
		{"a NaN standard error never wins", []Candidate{prior, disc(1, 1000, 0.5, math.NaN(), 0.6)}, 2, 0, 0},
		{"a negative margin plays the best mean", []Candidate{{Sims: 10, Utility: -2.5}, {Sims: 10, Utility: -2.4}, {Sims: 0, Utility: 0}}, -1, 0, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := choose(tc.cands, 0, tc.margin, tc.weight); got != tc.want {
				t.Errorf("choose = %d, want %d", got, tc.want)
			}
		})
	}
}
