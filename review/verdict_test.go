package review

import (
	"math"
	"testing"

	"github.com/mjrank/mjrank/mc"
)

// TestJudge: the verdict on hand-made analyses, the pick first.
func TestJudge(t *testing.T) {
	loss := func(u, se float64, sims int) mc.Candidate {
		return mc.Candidate{Kept: true, VsBest: mc.Loss{Sims: sims, Utility: u, UtilitySE: se}}
	}
	tests := []struct {
		name   string
		played mc.Candidate
		want   Verdict
	}{
		{"worse by more than two errors", loss(0.05, 0.01, 1000), VerdictWorse},
		{"within two errors", loss(0.019, 0.01, 1000), VerdictAsGood},
		{"within two errors, below 0", loss(-0.019, 0.01, 1000), VerdictAsGood},
		{"better by more than two errors", loss(-0.021, 0.01, 1000), VerdictBetter},
		{"identical to the pick", loss(0, 0, 1000), VerdictAsGood},
		{"not kept", mc.Candidate{Sims: 70}, VerdictUnjudged},
		{"one world", loss(0.5, math.NaN(), 1), VerdictUnjudged},
	}
	for _, tc := range tests {
		an := &mc.Analysis{Candidates: []mc.Candidate{{Prior: true}, tc.played}}
		if got := Judge(an, &an.Candidates[1]); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
		if got := Judge(an, an.Best()); got != VerdictBest {
			t.Errorf("%s: the pick judged %s", tc.name, got)
		}
	}
	for v, want := range map[Verdict]bool{VerdictBest: true, VerdictBetter: true, VerdictAsGood: true, VerdictWorse: false, VerdictUnjudged: false} {
		if v.Agrees() != want {
			t.Errorf("%s agrees: %v, want %v", v, v.Agrees(), want)
		}
	}
}
