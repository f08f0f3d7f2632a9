package policy

import (
	"math"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestBestByStages: the rollout model ranks by stages, and its choice is
// the one every candidate scored on all the trees gives at all but a few
// of 2,000 real turns (3 on the shipped model).
func TestBestByStages(t *testing.T) {
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	m, err := DefaultRollout()
	if err != nil || m == nil {
		t.Fatalf("rollout model: %v", err)
	}
	if m.stage <= 0 || m.stage >= m.m.NumTrees() {
		t.Fatalf("rollout model's first stage %d of %d trees", m.stage, m.m.NumTrees())
	}
	turns, _ := recordedDecisions(t, 2000)
	var pos Position
	n, differ, staged := 0, 0, 0
	for _, r := range turns {
		pos.Reset(game.ViewOf(&r.before, r.seat), opp)
		got, ok := m.Best(&pos)
		if !ok {
			continue
		}
		full, fv := tile.NoKind, math.Inf(-1)
		for _, k := range pos.Kinds(nil) {
			if v := m.Score(&pos, k); v > fv {
				full, fv = k, v
			}
		}
		n++
		if pos.nd > stageKeep {
			staged++
		}
		if got != full {
			differ++
		}
	}
	t.Logf("%d turns (%d by stages): %d choices differ from all trees on every candidate", n, staged, differ)
	if n < 1900 || staged < n/2 || differ > n/200 {
		t.Errorf("%d turns, %d by stages, %d differ (at most %d)", n, staged, differ, n/200)
	}
}
