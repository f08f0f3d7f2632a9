package mceval

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/mc"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestDebugDecisions prints the engine's view of a few held-out turn
// decisions (MJRANK_DEBUG=1).
func TestDebugDecisions(t *testing.T) {
	if os.Getenv("MJRANK_DEBUG") == "" {
		t.Skip("set MJRANK_DEBUG=1")
	}
	dir := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands")
	eng, _ := mc.Default()
	files, _, err := data.ExpandPaths([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	_, held, err := fitBaseline(context.Background(), files, 2)
	if err != nil {
		t.Fatal(err)
	}
	hg := held[keys(held)[0]]
	decs, err := collectDecisions(hg.g, 3)
	if err != nil {
		t.Fatal(err)
	}
	rules := hg.g.EngineRules()
	eff, _ := bot.New("efficiency", 1)
	n := 0
	for i := range decs {
		d := &decs[i]
		if !d.turn {
			continue
		}
		legal := d.round.Legal(d.seat, nil)
		v := game.ViewOf(&d.round, d.seat)
		an, err := eng.Analyze(context.Background(), v, legal, mc.Options{Sims: 2000, Workers: 2, Seed: 1, Rules: &rules})
		if err != nil {
			t.Fatal(err)
		}
		e := eff.Act(v, legal)
		fmt.Printf("round %d seat %d hand %s river %d: played %v  mc %v  eff %v\n", d.round.Index(), d.seat, tile.Format(d.round.Hand(d.seat)), len(d.round.River(d.seat)), d.played.Tile, an.Best(), e.Tile)
		for j := range min(5, len(an.Candidates)) {
			c := &an.Candidates[j]
			fmt.Printf("    %-14v E %.4f ± %.4f win %.3f deal %.3f sims %d prior %v adv %.4f ± %.4f\n", c.String(), c.ExpectedRank, c.RankSE, c.PWin, c.PDealIn, c.Sims, c.Prior, c.Advantage, c.AdvantageSE)
		}
		if n++; n > 14 {
			break
		}
	}
}

// TestDebugAgreement runs Run on a few held-out games (MJRANK_DEBUG=1,
// MJRANK_SIMS, MJRANK_GAMES).
func TestDebugAgreement(t *testing.T) {
	if os.Getenv("MJRANK_DEBUG") == "" {
		t.Skip("set MJRANK_DEBUG=1")
	}
	sims, games := 5000, 10
	fmt.Sscan(os.Getenv("MJRANK_SIMS"), &sims)
	fmt.Sscan(os.Getenv("MJRANK_GAMES"), &games)
	rep, err := Run(context.Background(), Config{Corpus: []string{shareddata.Dir(t, "tenhou")}, MaxGames: games, Every: 4, Sims: sims, Workers: 2, Seed: 1,
		Bots: []string{"efficiency", "thesis"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range rep.Agreement {
		fmt.Printf("%-10s discards %d/%d = %.3f  riichi %d/%d  calls %d/%d\n", a.Player, a.DiscardsAgreed, a.Discards, float64(a.DiscardsAgreed)/float64(a.Discards), a.RiichiAgreed, a.Riichi, a.CallsAgreed, a.Calls)
	}
	for _, f := range rep.Fidelity {
		fmt.Printf("%s: win ll %.3f (rate %.3f pred %.3f), deal-in ll %.3f (rate %.3f pred %.3f), draw ll %.3f (rate %.3f pred %.3f), score MAE %.0f bias %+.0f\n",
			f.Predictor, f.Win.LogLoss, f.Win.Rate, f.Win.MeanPred, f.DealIn.LogLoss, f.DealIn.Rate, f.DealIn.MeanPred, f.Draw.LogLoss, f.Draw.Rate, f.Draw.MeanPred, f.ScoreMAE, f.ScoreBias)
	}
	fmt.Println(rep.Decisions, "decisions", rep.Seconds, "s")
}
