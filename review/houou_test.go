package review

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
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

// TestDefaultHououTable checks the shipped references, houou.json and
// houou3.json: each reads, is of its games' players, was made under this
// build's bad-move threshold and score scale (a change of either needs
// the reference made again), every seat of its games, and its bands are
// ordered.
func TestDefaultHououTable(t *testing.T) {
	for _, players := range []int{4, 3} {
		tab, err := DefaultHououTableFor(players)
		if err != nil {
			t.Fatal(err)
		}
		checkHououTable(t, tab, players)
	}
	if _, err := DefaultHououTableFor(2); err == nil || !strings.Contains(err.Error(), "no Houou reference of 2-player games") {
		t.Errorf("a 2-player reference: %v", err)
	}
}

func checkHououTable(t *testing.T, tab *HououTable, players int) {
	t.Helper()
	name := shipped[players].name
	if tab.BadMoveLoss != BadMoveLoss || tab.ScoreScale != ScoreScale {
		t.Errorf("%s was made with bad-move loss %g and score scale %g; the build has %g and %g: make it again (houou_ref_test.go)",
			name, tab.BadMoveLoss, tab.ScoreScale, BadMoveLoss, ScoreScale)
	}
	if tab.Games < 1 || tab.SeatGames != players*tab.Games || tab.Decisions < tab.SeatGames || tab.Sims != DefaultSims || tab.Command == "" || tab.Commit == "" {
		t.Errorf("%s: %d games, %d seat-games, %d decisions, %d sims, command %q, commit %q",
			name, tab.Games, tab.SeatGames, tab.Decisions, tab.Sims, tab.Command, tab.Commit)
	}
	ordered := func(what string, b Band) {
		if !(b.P10 <= b.Median && b.Median <= b.P90) {
			t.Errorf("%s %s: %+v not ordered", name, what, b)
		}
	}
	kinds := map[string]*Bands{"all": tab.Figures, "discard": tab.ByKind[KindDiscard], "call": tab.ByKind[KindCall], "riichi": tab.ByKind[KindRiichi]}
	if players == 3 {
		kinds["kita"] = tab.ByKind[KindKita]
	} else if tab.ByKind[KindKita] != nil {
		t.Errorf("%s: kita bands in 4-player games", name)
	}
	for kind, bs := range kinds {
		if bs == nil {
			t.Errorf("%s %s: no bands", name, kind)
			continue
		}
		for what, b := range map[string]Band{"agreement": bs.Agreement, "rank loss per decision": bs.RankLossPerDecision, "score": bs.Score, "bad moves per game": bs.BadMovesPerGame} {
			ordered(kind+" "+what, b)
		}
	}
}

// TestShippedTableRefusesOtherPlayers reads the 4-player reference as
// if it were the 3-player one: refused, naming the file and the count.
func TestShippedTableRefusesOtherPlayers(t *testing.T) {
	s := &shippedTable{name: "houou3.json", players: 3, raw: hououJSON}
	if _, err := s.read(); err == nil || err.Error() != "review: the Houou reference houou3.json is of 4-player games, want 3" {
		t.Errorf("the 4-player table read as the 3-player one: %v", err)
	}
	s = &shippedTable{name: "houou3.json", players: 3, raw: []byte(`{"players": 3}`)}
	if _, err := s.read(); err == nil || !strings.Contains(err.Error(), "houou3.json holds no figures") {
		t.Errorf("a table without figures: %v", err)
	}
}

// TestCompareByPlayers: a game's figures stand beside the reference of
// its players, a batch's beside the one of its games when they are all
// of one kind, and a batch of both beside neither, with the note that
// says so.
func TestCompareByPlayers(t *testing.T) {
	four, err := DefaultHououTableFor(4)
	if err != nil {
		t.Fatal(err)
	}
	three, err := DefaultHououTableFor(3)
	if err != nil {
		t.Fatal(err)
	}
	decs := []Decision{{Kind: KindDiscard, Verdict: VerdictBest}, {Kind: KindKita, Verdict: VerdictBest}}
	game := func(players int) *Figures {
		return reportFigures(&Report{Players: map[int]int{3: 3, 4: 0}[players], Decisions: decs})
	}
	batch := func(games ...*Figures) *Figures {
		p := &Figures{}
		for _, g := range games {
			p.Add(g)
		}
		p.Finish()
		p.compare()
		return p
	}
	for _, c := range []struct {
		name string
		f    *Figures
		want *HououTable
		note string
		pts  string
	}{
		{"a 4-player game", game(4), four, "", ""},
		{"a 3-player game", game(3), three, "", NoRankPoints},
		{"4-player games", batch(game(4), game(4)), four, "", ""},
		{"3-player games", batch(game(3), game(3)), three, "", NoRankPoints},
		{"both", batch(game(4), game(3), game(3)), nil, "2 of the 3 games are 3-player: " + MixedHououNote,
			"rank points over the 4-player games alone (1 of the 3): " + NoRankPoints},
	} {
		f := c.f
		if f.RankPointsNote != c.pts {
			t.Errorf("%s: rank points note %q, want %q", c.name, f.RankPointsNote, c.pts)
		}
		var want *Bands
		if c.want != nil {
			want = c.want.Figures
		}
		if f.Houou != want || f.HououNote != c.note {
			t.Errorf("%s: compared with %p (houou.json %p, houou3.json %p), note %q, want %p and %q",
				c.name, f.Houou, four.Figures, three.Figures, f.HououNote, want, c.note)
		}
		var wantKita *Bands
		if c.want != nil {
			wantKita = c.want.ByKind[KindKita]
		}
		if got := f.ByKind[KindKita].Houou; got != wantKita {
			t.Errorf("%s: the kitas compared with %p, want %p", c.name, got, wantKita)
		}
	}
}

// hououRows renders tab as the rows of docs/REVIEW.md's tables of the
// references: each kind's median [10th–90th percentile] of each figure.
func hououRows(tab *HououTable) []string {
	band := func(b Band, format string, scale float64) string {
		return fmt.Sprintf(format+" ["+format+"–"+format+"]", scale*b.Median, scale*b.P10, scale*b.P90)
	}
	row := func(name string, b *Bands) string {
		points := "" // the 3-player table has no rank points column
		if b.PointsLossPerGame != nil {
			points = " " + band(*b.PointsLossPerGame, "%.1f", 1) + " |"
		}
		return fmt.Sprintf("| %s | %d | %s | %s | %s | %s | %s |%s %s | %s | %s |", name, b.SeatGames,
			band(b.DecisionsPerGame, "%.0f", 1), band(b.Agreement, "%.1f", 100), band(b.Match, "%.0f", 100),
			band(b.RankLossPerDecision, "%.4f", 1), band(b.RankLossPerGame, "%.3f", 1), points,
			band(b.BadMovesPerGame, "%.1f", 1), band(b.BadMoveRate, "%.2f", 100), band(b.Score, "%.0f", 1))
	}
	rows := []string{row("all", tab.Figures)}
	for _, k := range Kinds {
		if b := tab.ByKind[k]; b != nil {
			rows = append(rows, row(string(k), b))
		}
	}
	return rows
}

// TestReviewDocHououTables: docs/REVIEW.md shows each shipped
// reference's figures as the reference holds them.
func TestReviewDocHououTables(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "REVIEW.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, players := range []int{4, 3} {
		tab, err := DefaultHououTableFor(players)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range hououRows(tab) {
			if !strings.Contains(string(doc), "\n"+row+"\n") {
				t.Errorf("docs/REVIEW.md has no row %s of %s", row, shipped[players].name)
			}
		}
	}
}

// TestHououTableRankPoints: the 4-player reference has the rank points
// lost of every kind, the 3-player one none (a 3-player game has no rank
// points: NoRankPoints), and a table made of 3-player reports leaves
// them out.
func TestHououTableRankPoints(t *testing.T) {
	for _, players := range []int{4, 3} {
		tab, err := DefaultHououTableFor(players)
		if err != nil {
			t.Fatal(err)
		}
		bands := map[string]*Bands{"all": tab.Figures}
		for k, b := range tab.ByKind {
			bands[string(k)] = b
		}
		for what, b := range bands {
			if has := b.PointsLossPerGame != nil; has != (players == 4) {
				t.Errorf("%s %s: rank points lost %v", shipped[players].name, what, b.PointsLossPerGame)
			}
		}
	}
	decs := []Decision{{Kind: KindDiscard, Verdict: VerdictWorse, RankLoss: 0.1, PointsLoss: 9}}
	if tab := NewHououTable([]*Report{{Decisions: decs}}); tab.Figures.PointsLossPerGame == nil || tab.Figures.PointsLossPerGame.Median != 9 {
		t.Errorf("4-player reports: rank points lost %v, want a median of 9", tab.Figures.PointsLossPerGame)
	}
	if tab := NewHououTable([]*Report{{Players: 3, Decisions: decs}}); tab.Figures.PointsLossPerGame != nil || tab.ByKind[KindDiscard].PointsLossPerGame != nil {
		t.Errorf("3-player reports: rank points lost %v", tab.Figures.PointsLossPerGame)
	}
}
