package review

import (
	"math"
	"testing"
)

func TestPercentile(t *testing.T) {
	xs := []float64{4, 1, 3, 2} // sorted: 1 2 3 4
	for _, c := range []struct{ p, want float64 }{
		{0, 1}, {0.1, 1.3}, {0.5, 2.5}, {0.9, 3.7}, {1, 4},
	} {
		if got := Percentile(xs, c.p); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Percentile(%v, %g) = %g, want %g", xs, c.p, got, c.want)
		}
	}
	if xs[0] != 4 {
		t.Errorf("Percentile sorted its argument: %v", xs)
	}
	if got := Percentile([]float64{7}, 0.9); got != 7 {
		t.Errorf("one value: %g, want 7", got)
	}
	if got := Percentile(nil, 0.5); !math.IsNaN(got) {
		t.Errorf("no value: %g, want NaN", got)
	}
}

// TestNewHououTable recomputes the bands of a small fixed set of seat-games
// by hand.
func TestNewHououTable(t *testing.T) {
	worse := func(k Kind, loss float64) Decision { return Decision{Kind: k, Verdict: VerdictWorse, RankLoss: loss} }
	best := func(k Kind) Decision { return Decision{Kind: k, Verdict: VerdictBest} }
	reps := []*Report{
		{Decisions: []Decision{best(KindDiscard), worse(KindDiscard, 0.1)}},                              // loss/dec .05, agreement .5
		{Decisions: []Decision{best(KindDiscard), best(KindDiscard), best(KindDiscard), best(KindCall)}}, // 0, 1
		{Decisions: []Decision{worse(KindDiscard, 0.02), best(KindDiscard), worse(KindCall, 0.07)}},      // .03, 1/3
	}
	tab := NewHououTable(reps)
	if tab.SeatGames != 3 || tab.Decisions != 9 || tab.Figures.SeatGames != 3 {
		t.Fatalf("seat-games %d decisions %d, want 3 9", tab.SeatGames, tab.Decisions)
	}
	band := func(xs ...float64) Band {
		return Band{P10: Percentile(xs, 0.1), Median: Percentile(xs, 0.5), P90: Percentile(xs, 0.9)}
	}
	same := func(what string, got, want Band) {
		if math.Abs(got.P10-want.P10) > 1e-12 || math.Abs(got.Median-want.Median) > 1e-12 || math.Abs(got.P90-want.P90) > 1e-12 {
			t.Errorf("%s: %+v, want %+v", what, got, want)
		}
	}
	same("agreement", tab.Figures.Agreement, Band{P10: 1.0/3 + 0.2*(0.5-1.0/3), Median: 0.5, P90: 0.5 + 0.8*0.5})
	same("rank loss per decision", tab.Figures.RankLossPerDecision, band(0.05, 0, 0.03))
	same("match", tab.Figures.Match, band(0.5, 1, 1.0/3))
	same("decisions per game", tab.Figures.DecisionsPerGame, Band{P10: 2.2, Median: 3, P90: 3.8})
	same("bad moves per game", tab.Figures.BadMovesPerGame, band(1, 0, 1))
	same("score", tab.Figures.Score, band(Score(0.05), 100, Score(0.09/3)))
	// By kind: the rates over the seat-games with a decision of the kind,
	// the figures per game over all of them.
	call := tab.ByKind[KindCall]
	if call == nil || call.SeatGames != 2 {
		t.Fatalf("call bands %+v, want 2 seat-games", call)
	}
	same("call agreement", call.Agreement, band(1, 0))
	same("call decisions per game", call.DecisionsPerGame, band(0, 1, 1))
	same("call rank loss per game", call.RankLossPerGame, band(0, 0, 0.07))
	if tab.ByKind[KindRiichi] != nil {
		t.Errorf("riichi bands %+v without a riichi decision", tab.ByKind[KindRiichi])
	}
}

// TestDefaultHououTable checks the shipped reference: it reads, it was
// made under this build's bad-move threshold and score scale (a change of
// either needs the reference made again), and its bands are ordered.
func TestDefaultHououTable(t *testing.T) {
	tab, err := DefaultHououTable()
	if err != nil {
		t.Fatal(err)
	}
	if tab.BadMoveLoss != BadMoveLoss || tab.ScoreScale != ScoreScale {
		t.Errorf("houou.json was made with bad-move loss %g and score scale %g; the build has %g and %g: make it again (houou_ref_test.go)",
			tab.BadMoveLoss, tab.ScoreScale, BadMoveLoss, ScoreScale)
	}
	if tab.Games < 1 || tab.SeatGames != 4*tab.Games || tab.Decisions < tab.SeatGames || tab.Sims != DefaultSims || tab.Command == "" || tab.Commit == "" {
		t.Errorf("houou.json: %d games, %d seat-games, %d decisions, %d sims, command %q, commit %q",
			tab.Games, tab.SeatGames, tab.Decisions, tab.Sims, tab.Command, tab.Commit)
	}
	ordered := func(what string, b Band) {
		if !(b.P10 <= b.Median && b.Median <= b.P90) {
			t.Errorf("%s: %+v not ordered", what, b)
		}
	}
	for name, bs := range map[string]*Bands{"all": tab.Figures, "discard": tab.ByKind[KindDiscard], "call": tab.ByKind[KindCall], "riichi": tab.ByKind[KindRiichi]} {
		if bs == nil {
			t.Errorf("%s: no bands", name)
			continue
		}
		for what, b := range map[string]Band{"agreement": bs.Agreement, "rank loss per decision": bs.RankLossPerDecision, "score": bs.Score, "bad moves per game": bs.BadMovesPerGame} {
			ordered(name+" "+what, b)
		}
	}
}
