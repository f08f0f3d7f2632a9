package mceval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestRunSmall measures a few held-out games, of four players and of
// three: every count adds up, and the report is the same at 1 and 2
// workers.
func TestRunSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("replays the corpus")
	}
	dir := shareddata.Dir(t, "tenhou")
	for _, players := range []int{4, 3} {
		t.Run(fmt.Sprintf("%d players", players), func(t *testing.T) { runSmall(t, dir, players) })
	}
}

// runSmall measures two held-out games of players seats under dir and
// checks the report (TestRunSmall).
func runSmall(t *testing.T, dir string, players int) {
	var reps []*Report
	for _, w := range []int{1, 2} {
		rep, err := Run(context.Background(), Config{Corpus: []string{dir}, MaxGames: 2, Every: 7, Sims: 300, Workers: w, Seed: 1,
			Bots: []string{"efficiency", "thesis"}, Oracle: true, Players: players})
		if err != nil {
			t.Fatal(err)
		}
		rep.Seconds = 0
		reps = append(reps, rep)
	}
	a, b := reps[0], reps[1]
	checkSeats(t, a, players)
	if a.Games != 2 || a.Decisions == 0 || len(a.Agreement) != 3 || len(a.Fidelity) != 3 {
		t.Fatalf("report %+v", a)
	}
	for _, ag := range a.Agreement {
		if ag.Discards == 0 || ag.DiscardsAgreed > ag.Discards || ag.CallsAgreed > ag.Calls || ag.RiichiAgreed > ag.Riichi {
			t.Errorf("agreement %+v", ag)
		}
		t.Logf("%+v", ag)
	}
	for _, f := range a.Fidelity {
		if f.Win.Samples == 0 || f.Win.LogLoss <= 0 {
			t.Errorf("fidelity %+v", f)
		}
		t.Logf("%s: win ll %.3f (rate %.3f pred %.3f), deal-in ll %.3f (rate %.3f pred %.3f), draw ll %.3f, score MAE %.0f bias %+.0f",
			f.Predictor, f.Win.LogLoss, f.Win.Rate, f.Win.MeanPred, f.DealIn.LogLoss, f.DealIn.Rate, f.DealIn.MeanPred, f.Draw.LogLoss, f.ScoreMAE, f.ScoreBias)
	}
	// The opponents report: one real continuation and one tally of
	// rollouts for each fidelity sample; shares are shares.
	n := float64(a.Fidelity[0].Win.Samples)
	for _, tl := range []*mc.OpponentTally{&a.Opponents.Real, &a.Opponents.Engine} {
		total := 0.0
		for i := range tl.Discards {
			total += tl.Discards[i]
			if tl.Tenpai[i] > tl.Discards[i]+1e-9 || tl.Riichi[i] > tl.Discards[i]+1e-9 || tl.Open[i] > tl.Discards[i]+1e-9 {
				t.Errorf("turn %d: %.2f discards, %.2f tenpai, %.2f riichi, %.2f open", i+1, tl.Discards[i], tl.Tenpai[i], tl.Riichi[i], tl.Open[i])
			}
		}
		if tl.Rounds != n || total < n {
			t.Errorf("opponents tally of %.0f decisions (want %.0f), %.1f discards", tl.Rounds, n, total)
		}
		// Each round ends at most once by an opponent's tsumo or ron on
		// another; each such end is a win, worth at least 1,000 points.
		if tl.Tsumo+tl.RonOpponent > n+1e-9 || tl.Tsumo+tl.RonOpponent > tl.Wins+1e-9 || tl.Tsumo == 0 || tl.RonOpponent == 0 || tl.WinPoints < 1000*tl.Wins {
			t.Errorf("opponents' round ends: %.2f tsumo, %.2f ron on an opponent, %.2f wins worth %.0f, of %.0f decisions", tl.Tsumo, tl.RonOpponent, tl.Wins, tl.WinPoints, n)
		}
	}
	// The stages split the engine's samples: their counts add up, and
	// their means give back the overall ones.
	var sn int
	var win, obs float64
	for _, st := range a.Stages {
		sn += st.Samples
		win += st.Predicted[0] * float64(st.Samples)
		obs += st.Observed[2] * float64(st.Samples)
	}
	if sn != a.Fidelity[0].Win.Samples || math.Abs(win/n-a.Fidelity[0].Win.MeanPred) > 1e-3 || math.Abs(obs/n-a.Fidelity[0].Draw.Rate) > 1e-9 {
		t.Errorf("stages %+v: %d samples, mean win %.4f, draw rate %.4f; want %d, %.4f, %.4f", a.Stages, sn, win/n, obs/n, a.Fidelity[0].Win.Samples, a.Fidelity[0].Win.MeanPred, a.Fidelity[0].Draw.Rate)
	}
	// Every call decision measured has its move's prediction, and a
	// chi or pon was simulated with the player's follow-up discard.
	calls := 0
	for _, c := range a.Calls {
		calls += c.Samples
		sum := c.Predicted[0] + c.Predicted[1] + c.Predicted[2]
		if c.Samples > 0 && (sum > 1+1e-9 || sum <= 0 || c.Observed[0]+c.Observed[1]+c.Observed[2] > 1+1e-9) {
			t.Errorf("calls %+v: win, deal-in and draw are exclusive", c)
		}
	}
	if calls != a.Agreement[0].Calls || calls == 0 {
		t.Errorf("%d call predictions for %d call decisions", calls, a.Agreement[0].Calls)
	}
	if a.Decisions != b.Decisions || a.Agreement[0] != b.Agreement[0] || !reflect.DeepEqual(a.Fidelity, b.Fidelity) || !reflect.DeepEqual(a.Opponents, b.Opponents) || !reflect.DeepEqual(a.Stages, b.Stages) || !reflect.DeepEqual(a.Calls, b.Calls) {
		t.Errorf("1 and 2 workers differ:\n%+v\n%+v", a.Agreement, b.Agreement)
	}
}

// checkSeats checks what a report of games of players seats says of them:
// with three players the report says so, every player was asked at turns
// where a North could be set aside, and no chi was played; with four no
// kita.
func checkSeats(t *testing.T, r *Report, players int) {
	t.Helper()
	if want := map[int]int{3: 3, 4: 0}[players]; r.Players != want {
		t.Errorf("players %d, want %d", r.Players, want)
	}
	for _, ag := range r.Agreement {
		if (players == 3) != (ag.Kita > 0) || ag.KitaAgreed > ag.Kita {
			t.Errorf("%d players: %s agreed on %d of %d kita decisions", players, ag.Player, ag.KitaAgreed, ag.Kita)
		}
	}
	for _, c := range r.Calls {
		if players == 3 && c.Played == "chi" && c.Samples > 0 {
			t.Errorf("3 players: %d chi decisions", c.Samples)
		}
	}
}

// TestCountAgreement: at a turn decision the discard counts where the
// player discarded, riichi where it was legal, the kita (set aside or
// kept) where it was legal; a North set aside is no discard decision.
func TestCountAgreement(t *testing.T) {
	north, west := tile.MustParseTile("4z"), tile.MustParseTile("3z")
	discard := func(x tile.Tile) game.Action { return game.Action{Type: game.Discard, Tile: x} }
	kita := game.Action{Type: game.Kita, Tile: north}
	for _, tc := range []struct {
		name                string
		played, choice      game.Action
		riichiLegal, kitaOK bool
		want                Agreement
	}{
		{"a discard agreed", discard(west), discard(west), false, false, Agreement{Discards: 1, DiscardsAgreed: 1}},
		{"kept the North as the player", discard(west), discard(west), true, true, Agreement{Discards: 1, DiscardsAgreed: 1, Riichi: 1, RiichiAgreed: 1, Kita: 1, KitaAgreed: 1}},
		{"set aside, the player discarded", discard(west), kita, false, true, Agreement{Discards: 1, Kita: 1}},
		{"set aside as the player", kita, kita, false, true, Agreement{Kita: 1, KitaAgreed: 1}},
		{"the North discarded, the player set it aside", kita, discard(north), false, true, Agreement{Kita: 1}},
		{"the North discarded as the player", discard(north), discard(north), false, true, Agreement{Discards: 1, DiscardsAgreed: 1, Kita: 1, KitaAgreed: 1}},
	} {
		var got Agreement
		countAgreement(&got, &decision{turn: true, played: tc.played}, tc.choice, tc.riichiLegal, tc.kitaOK)
		if got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
	var call Agreement
	countAgreement(&call, &decision{played: game.Action{Type: game.Pass}}, game.Action{Type: game.Pass}, false, false)
	if call != (Agreement{Calls: 1, CallsAgreed: 1}) {
		t.Errorf("a pass agreed: %+v", call)
	}
}

// TestRunWithoutHeldOutGames: a corpus without a held-out game is an
// error, not a report of empty tables.
func TestRunWithoutHeldOutGames(t *testing.T) {
	// The bundled self-play game is not in the held-out tenth.
	_, err := Run(context.Background(), Config{Corpus: []string{"../data/testdata/selfplay.xml"}, Sims: 10})
	if !errors.Is(err, ErrNoGames) {
		t.Fatalf("%v, want ErrNoGames", err)
	}
	// Of three players: a 4-player game is none, wherever it falls.
	_, err = Run(context.Background(), Config{Corpus: []string{"../data/testdata/selfplay.xml"}, Sims: 10, Players: 3, Fold: 3})
	if !errors.Is(err, ErrNoGames) || !strings.Contains(err.Error(), "usable 3-player games, those whose FNV-1a key mod 10 is 3") {
		t.Errorf("3 players: %v, want ErrNoGames of 3-player games", err)
	}
	if _, err = Run(context.Background(), Config{Corpus: []string{"../data/testdata/selfplay.xml"}, Sims: 10, Players: 2}); err == nil || !strings.Contains(err.Error(), "players 2: 3 or 4") {
		t.Errorf("2 players: %v", err)
	}
}

// TestUsable: a game counts for the measurement of its number of players
// only, and a 3-player game under the same conditions as a 4-player one.
func TestUsable(t *testing.T) {
	four := &data.Game{Players: 4, Owari: &data.Owari{}}
	three := &data.Game{Players: 3, Owari: &data.Owari{}}
	cut := &data.Game{Players: 3}
	for _, tc := range []struct {
		g       *data.Game
		players int
		want    bool
	}{{four, 4, true}, {four, 3, false}, {three, 3, true}, {three, 4, false}, {cut, 3, false}} {
		if got := usable(tc.g, tc.players); got != tc.want {
			t.Errorf("a %d-player game (final result %v) for %d players: %v, want %v", tc.g.Players, tc.g.Owari != nil, tc.players, got, tc.want)
		}
	}
}

// TestStages: a sample goes to the stage whose bounds hold its live wall
// (From ≥ live > To; the last stage down to 0), and each stage's means are
// of its own samples.
func TestStages(t *testing.T) {
	ps := []pred{{win: 1, live: 70}, {dealIn: 1, live: 56}, {draw: 1, live: 55}, {win: 0.5, live: 10}, {draw: 1, live: 0}}
	outs := []outcome{{won: true}, {}, {draw: true}, {}, {draw: true}}
	st := stages(ps, outs)
	want := []int{2, 1, 0, 0, 2}
	for i, x := range st {
		if x.Samples != want[i] {
			t.Errorf("stage %d-%d: %d samples, want %d", x.From, x.To, x.Samples, want[i])
		}
	}
	if st[0].Predicted != [3]float64{0.5, 0.5, 0} || st[0].Observed != [3]float64{0.5, 0, 0} {
		t.Errorf("stage 70-56: %+v", st[0])
	}
	if st[4].Predicted != [3]float64{0.25, 0, 0.5} || st[4].Observed != [3]float64{0, 0, 0.5} {
		t.Errorf("stage 10-0: %+v", st[4])
	}
}

// TestCallFidelity: a call sample goes to the row of its move, and each
// row's means are of its own samples.
func TestCallFidelity(t *testing.T) {
	cs := []callSample{
		{game.Pass, pred{win: 0.2, delta: -500}, outcome{dealtIn: true, delta: -1000}},
		{game.Pass, pred{win: 0.4, draw: 0.2, delta: 500}, outcome{}},
		{game.Pon, pred{win: 0.5, dealIn: 0.1, delta: 2000}, outcome{won: true, delta: 3900}},
	}
	got := callFidelity(cs)
	want := []CallFidelity{
		{Played: "pass", Samples: 2, Observed: [3]float64{0, 0.5, 0}, Predicted: [3]float64{0.3, 0, 0.1}, PointsObserved: -500, PointsPredicted: 0},
		{Played: "chi"},
		{Played: "pon", Samples: 1, Observed: [3]float64{1, 0, 0}, Predicted: [3]float64{0.5, 0.1, 0}, PointsObserved: 3900, PointsPredicted: 2000},
		{Played: "daiminkan"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		close := g.Played == w.Played && g.Samples == w.Samples && math.Abs(g.PointsObserved-w.PointsObserved) < 1e-9 && math.Abs(g.PointsPredicted-w.PointsPredicted) < 1e-9
		for e := range 3 {
			close = close && math.Abs(g.Observed[e]-w.Observed[e]) < 1e-9 && math.Abs(g.Predicted[e]-w.Predicted[e]) < 1e-9
		}
		if !close {
			t.Errorf("row %d: %+v, want %+v", i, g, w)
		}
	}
}
