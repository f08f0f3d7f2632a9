package review

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

func TestKindOf(t *testing.T) {
	d := game.Action{Type: game.Discard, Tile: tile.MustParseTile("1m")}
	r := game.Action{Type: game.Riichi, Tile: tile.MustParseTile("1m")}
	ak := game.Action{Type: game.Ankan, Tile: tile.MustParseTile("5p")}
	dk := game.Action{Type: game.Daiminkan}
	chi := game.Action{Type: game.Chi}
	pon := game.Action{Type: game.Pon}
	pass := game.Action{Type: game.Pass}
	ky := game.Action{Type: game.KyuushuKyuuhai}
	tsumo := game.Action{Type: game.Tsumo}
	ron := game.Action{Type: game.Ron}
	kita := game.Action{Type: game.Kita, Tile: tile.MustParseTile("4z")}
	for _, c := range []struct {
		name   string
		turn   bool
		legal  []game.Action
		played game.Action
		want   Kind
	}{
		{"discards only", true, []game.Action{d, d}, d, KindDiscard},
		{"a declined tsumo", true, []game.Action{d, tsumo}, d, KindDiscard},
		{"dama where riichi was legal", true, []game.Action{d, r}, d, KindRiichi},
		{"riichi", true, []game.Action{d, r}, r, KindRiichi},
		{"a discard where an ankan was legal", true, []game.Action{d, ak}, d, KindKan},
		{"riichi where an ankan was legal too", true, []game.Action{d, r, ak}, r, KindRiichi},
		{"dama where riichi and an ankan were legal", true, []game.Action{d, r, ak}, d, KindKan},
		{"play on at nine terminals", true, []game.Action{d, ky}, d, KindKyuushu},
		{"a pass of a chi", false, []game.Action{pass, chi}, pass, KindCall},
		{"a pon", false, []game.Action{pass, pon}, pon, KindCall},
		{"a declined ron", false, []game.Action{pass, pon, ron}, pass, KindCall},
		{"a pon where a daiminkan was legal", false, []game.Action{pass, pon, dk}, pon, KindKan},
		{"a daiminkan", false, []game.Action{pass, pon, dk}, dk, KindKan},
		{"a kita", true, []game.Action{d, kita}, kita, KindKita},
		{"a North kept", true, []game.Action{d, kita}, d, KindKita},
		{"dama where riichi and a kita were legal", true, []game.Action{d, r, kita}, d, KindRiichi},
		{"a kita where an ankan was legal", true, []game.Action{d, ak, kita}, kita, KindKan},
	} {
		if got := KindOf(c.turn, c.legal, c.played); got != c.want {
			t.Errorf("%s: KindOf = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestIsBad(t *testing.T) {
	for _, c := range []struct {
		v    Verdict
		loss float64
		want bool
	}{
		{VerdictWorse, BadMoveLoss, true},
		{VerdictWorse, 0.3, true},
		{VerdictWorse, BadMoveLoss - 1e-9, false}, // judged worse, but by little
		{VerdictAsGood, 0.3, false},               // a large loss within the simulations' error
		{VerdictBetter, 0.3, false},
		{VerdictUnjudged, 0.3, false},
		{VerdictBest, 0, false},
	} {
		d := Decision{Verdict: c.v, RankLoss: c.loss}
		if got := IsBad(&d); got != c.want {
			t.Errorf("IsBad(%s, loss %g) = %v, want %v", c.v, c.loss, got, c.want)
		}
	}
}

func TestScore(t *testing.T) {
	if s := Score(0); s != 100 {
		t.Errorf("Score(0) = %g, want 100", s)
	}
	if s := Score(-0.01); s != 100 {
		t.Errorf("Score(-0.01) = %g, want 100 (no loss)", s)
	}
	if s, want := Score(ScoreScale), 100/math.E; math.Abs(s-want) > 1e-12 {
		t.Errorf("Score(ScoreScale) = %g, want 100/e = %g", s, want)
	}
	prev := Score(0)
	for l := 0.0001; l < 1; l *= 1.5 {
		s := Score(l)
		if !(s < prev) || s < 0 {
			t.Fatalf("Score(%g) = %g after %g: not falling within 0..100", l, s, prev)
		}
		prev = s
	}
	// In a game's figures: making one decision's loss larger never raises
	// the score, and a worse verdict's loss lowers it.
	decs := figureDecisions()
	base := GameFigures(decs).Score
	for i := range decs {
		worse := append([]Decision(nil), decs...)
		worse[i].RankLoss += 0.05
		if s := GameFigures(worse).Score; s > base {
			t.Errorf("decision %d's loss raised by 0.05: score %g > %g", i, s, base)
		} else if decs[i].Verdict == VerdictWorse && s >= base {
			t.Errorf("decision %d (worse) loss raised by 0.05: score %g, not below %g", i, s, base)
		}
	}
}

// figureDecisions is a game of eight decisions with known figures.
func figureDecisions() []Decision {
	return []Decision{
		{Kind: KindDiscard, Verdict: VerdictBest, RankLoss: 0, PointsLoss: 0},
		{Kind: KindDiscard, Verdict: VerdictAsGood, RankLoss: 0.01, PointsLoss: 1},
		{Kind: KindDiscard, Verdict: VerdictWorse, RankLoss: 0.02, PointsLoss: 2},
		{Kind: KindDiscard, Verdict: VerdictWorse, RankLoss: 0.08, PointsLoss: 6},
		{Kind: KindRiichi, Verdict: VerdictBetter, RankLoss: -0.03, PointsLoss: -2},
		{Kind: KindRiichi, Verdict: VerdictWorse, RankLoss: 0.10, PointsLoss: 9},
		{Kind: KindCall, Verdict: VerdictBest, RankLoss: 0, PointsLoss: 0},
		{Kind: KindCall, Verdict: VerdictUnjudged, RankLoss: 0.2, PointsLoss: 10},
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func TestGameFiguresByKind(t *testing.T) {
	f := GameFigures(figureDecisions())
	if f.Games != 1 || f.Decisions != 8 || f.Agreed != 4 || f.BadMoves != 2 {
		t.Fatalf("game: games %d decisions %d agreed %d bad %d, want 1 8 4 2", f.Games, f.Decisions, f.Agreed, f.BadMoves)
	}
	if want := map[Verdict]int{VerdictBest: 2, VerdictAsGood: 1, VerdictWorse: 3, VerdictBetter: 1, VerdictUnjudged: 1}; len(f.Verdicts) != len(want) {
		t.Errorf("verdicts %v, want %v", f.Verdicts, want)
	} else {
		for v, n := range want {
			if f.Verdicts[v] != n {
				t.Errorf("verdict %s: %d, want %d", v, f.Verdicts[v], n)
			}
		}
	}
	if !near(f.RankLoss, 0.38) || !near(f.RankLossPerDecision, 0.38/8) || !near(f.PointsLoss, 26) || !near(f.JudgedLoss, 0.2) ||
		!near(f.Agreement, 0.5) || !near(f.Match, 0.25) || !near(f.BadMoveRate, 0.25) || !near(f.Score, Score(0.2/8)) {
		t.Errorf("game figures %+v", f)
	}
	for _, c := range []struct {
		k                        Kind
		decisions, agreed, bad   int
		rankLoss, judged, points float64
	}{
		{KindDiscard, 4, 2, 1, 0.11, 0.10, 9},
		{KindRiichi, 2, 1, 1, 0.07, 0.10, 7},
		{KindCall, 2, 1, 0, 0.2, 0, 10},
	} {
		k := f.ByKind[c.k]
		if k == nil {
			t.Errorf("no %s figures", c.k)
			continue
		}
		if k.Games != 1 || k.Decisions != c.decisions || k.Agreed != c.agreed || k.BadMoves != c.bad ||
			!near(k.RankLoss, c.rankLoss) || !near(k.JudgedLoss, c.judged) || !near(k.PointsLoss, c.points) ||
			!near(k.RankLossPerDecision, c.rankLoss/float64(c.decisions)) || !near(k.Score, Score(c.judged/float64(c.decisions))) {
			t.Errorf("%s: %+v, want %+v", c.k, k, c)
		}
	}
	if len(f.ByKind) != 3 {
		t.Errorf("kinds %v, want discard, riichi and call only", f.ByKind)
	}

	// Over two games: the second of one discard judged worse by 0.06.
	var p Player
	p.Add(f)
	p.Add(GameFigures([]Decision{{Kind: KindDiscard, Verdict: VerdictWorse, RankLoss: 0.06, PointsLoss: 5}}))
	p.Finish()
	if p.Games != 2 || p.Decisions != 9 || p.BadMoves != 3 || !near(p.RankLossPerGame, 0.44/2) || !near(p.PointsLossPerGame, 31.0/2) ||
		!near(p.BadMovesPerGame, 1.5) || !near(p.DecisionsPerGame, 4.5) {
		t.Errorf("two games: %+v", p)
	}
	d, r := p.ByKind[KindDiscard], p.ByKind[KindRiichi]
	if d.Decisions != 5 || d.BadMoves != 2 || d.Games != 2 || !near(d.BadMovesPerGame, 1) || !near(d.RankLossPerDecision, 0.17/5) {
		t.Errorf("two games, discards: %+v", d)
	}
	// A kind the second game lacks is counted per game over both games.
	if r.Decisions != 2 || r.Games != 2 || !near(r.DecisionsPerGame, 1) {
		t.Errorf("two games, riichi: %+v", r)
	}
}

func TestFiguresJSON(t *testing.T) {
	tab := NewHououTable([]*Report{{Decisions: figureDecisions()}, {Decisions: figureDecisions()[:3]}})
	rep := &Report{Decisions: figureDecisions()}
	rep.Figures = GameFigures(rep.Decisions)
	tab.Compare(rep.Figures)
	br := BatchReport{Games: []GameEntry{{Status: StatusOK, Report: rep}}}
	br.Player.Add(rep.Figures)
	br.Player.Finish()
	tab.Compare(&br.Player)
	b, err := json.Marshal(&br)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Games []struct {
			Figures map[string]any `json:"figures"`
		} `json:"games"`
		Player map[string]any `json:"player"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	check := func(where string, f map[string]any) {
		for _, k := range []string{"decisions", "agreement", "match", "rank_loss_per_decision", "rank_loss_per_game", "points_loss_per_game", "bad_moves", "score", "verdicts"} {
			if _, ok := f[k]; !ok {
				t.Errorf("%s: no %q in %v", where, k, f)
			}
		}
		houou, _ := f["houou"].(map[string]any)
		for _, k := range []string{"agreement", "match", "rank_loss_per_decision", "bad_moves_per_game", "score", "decisions_per_game"} {
			b, _ := houou[k].(map[string]any)
			for _, q := range []string{"p10", "median", "p90"} {
				if _, ok := b[q]; !ok {
					t.Errorf("%s: no houou.%s.%s in %v", where, k, q, houou)
				}
			}
		}
	}
	for _, f := range []struct {
		where string
		f     map[string]any
	}{{"player", got.Player}, {"game", got.Games[0].Figures}} {
		check(f.where, f.f)
		kinds, _ := f.f["by_kind"].(map[string]any)
		for _, k := range []string{"discard", "riichi", "call"} {
			kf, _ := kinds[k].(map[string]any)
			check(f.where+" by_kind "+k, kf)
		}
	}
}
