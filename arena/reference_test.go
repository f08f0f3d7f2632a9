package arena

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestReference: the Houou players' statistics over real games: every
// seat of every game counted once, rates in the ranges Houou play shows
// (docs/STRENGTH.md gives the whole corpus's), average rank exactly 2.5.
func TestReference(t *testing.T) {
	dir := filepath.Join(shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands"), "log-libraries", "logs")
	files, err := filepath.Glob(filepath.Join(dir, "*-00a9-*.txt"))
	if err != nil || len(files) < 20 {
		t.Fatalf("%d games in %s: %v", len(files), dir, err)
	}
	s, c, err := Reference(context.Background(), files[:20], false, 2)
	if err != nil {
		t.Fatal(err)
	}
	if c.Games != 4*20 || c.Rounds < 4*20*8 {
		t.Errorf("%d seat-games, %d seat-rounds from 20 hanchans", c.Games, c.Rounds)
	}
	if math.Abs(s.AvgRank.Mean-2.5) > 1e-9 {
		t.Errorf("average rank %v, want 2.5", s.AvgRank.Mean)
	}
	for _, r := range []struct {
		name      string
		v, lo, hi float64
	}{{"win", s.WinPct, 15, 30}, {"deal-in", s.DealInPct, 7, 18}, {"riichi", s.RiichiPct, 12, 30}, {"call", s.CallPct, 20, 45}} {
		if r.v < r.lo || r.v > r.hi {
			t.Errorf("%s rate %.1f %%, outside %v..%v", r.name, r.v, r.lo, r.hi)
		}
	}
	t.Logf("%+v", s)
}
