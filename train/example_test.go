package train_test

import (
	"context"
	"fmt"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/train"
)

// Measure the embedded models on a folder (here one record) of games,
// beside the baselines stored in their cards — what `mjrank models eval`
// prints. One game is far too few to tell model from baseline: every
// difference is within its noise.
func ExampleEvaluate() {
	opp, err := opponent.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	rk, err := rankmodel.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := train.Evaluate(context.Background(), []string{"../data/testdata/selfplay.xml"}, opp, rk, train.EvalOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d game, %d rounds, %d discards, %d of them tenpai\n", rep.Games, rep.Rounds, rep.Tenpai.Samples, rep.Tenpai.Positives)
	for _, c := range []struct {
		name string
		c    train.Comparison
	}{
		{"tenpai AUC", rep.Tenpai.AUC}, {"wait AUC", rep.Wait.AUC}, {"value MAE", rep.Value.MAE}, {"rank log-loss", rep.Rank.LogLoss},
	} {
		fmt.Printf("%-13s model %.4g, baseline %.4g, beats it: %v\n", c.name, c.c.Model, c.c.Baseline, c.c.Beats)
	}
	// Output:
	// 1 game, 5 rounds, 232 discards, 29 of them tenpai
	// tenpai AUC    model 0.9983, baseline 0.9941, beats it: false
	// wait AUC      model 0.8411, baseline 0.7186, beats it: false
	// value MAE     model 2280, baseline 1320, beats it: false
	// rank log-loss model 1.224, baseline 1.398, beats it: false
}
