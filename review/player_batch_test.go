package review

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestBatchFigures: a batch's player figures are the sum of its games'
// (each game's by kind too), the Houou figures sit beside them, and the
// games' positions are dropped unless KeepPositions.
func TestBatchFigures(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile("../data/testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.xml", "b.xml"} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, keep := range []bool{false, true} {
		o := BatchOptions{Options: Options{Sims: 5, Workers: 2, Rounds: mustRounds(t, "E1,E2")}, Seat: 1, KeepPositions: keep}
		rep, err := NewPlan(context.Background(), []string{filepath.Join(dir, "a.xml")}, o).Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		g := rep.Games[0].Report
		if g.Figures == nil || g.Figures.Decisions != len(g.Decisions) || g.Figures.Decisions == 0 {
			t.Fatalf("game figures %+v for %d decisions", g.Figures, len(g.Decisions))
		}
		p := &rep.Player
		if p.Games != 1 || p.Decisions != g.Figures.Decisions || p.Agreed != g.Figures.Agreed || p.BadMoves != g.Figures.BadMoves ||
			!near(p.RankLoss, g.Figures.RankLoss) || !near(p.Score, g.Figures.Score) {
			t.Errorf("player %+v, the game's %+v", p, g.Figures)
		}
		sum := 0
		for k, kf := range p.ByKind {
			sum += kf.Decisions
			if gk := g.Figures.ByKind[k]; gk == nil || gk.Decisions != kf.Decisions {
				t.Errorf("%s: player %d decisions, game %+v", k, kf.Decisions, gk)
			}
		}
		if sum != p.Decisions {
			t.Errorf("kinds sum to %d decisions, the player has %d", sum, p.Decisions)
		}
		if p.Houou == nil || g.Figures.Houou == nil || p.ByKind[KindDiscard].Houou == nil {
			t.Errorf("no Houou figures beside the player's or the game's")
		}
		for i := range g.Decisions {
			if d := &g.Decisions[i]; d.HasPosition() != keep || d.Kind == "" {
				t.Fatalf("KeepPositions %v: decision %d has a position: %v, kind %q", keep, i, d.HasPosition(), d.Kind)
			}
		}
	}
}
