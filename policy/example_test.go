package policy_test

import (
	"fmt"
	"math"
	"os"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Replay a record and, at the first turn of seat 0 after its sixth discard,
// score every discard with the embedded policy: its score (efficiency
// order) and its share of the softmax.
func Example() {
	opp, err := opponent.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := policy.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := os.Open("../data/testdata/selfplay.xml")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	r, _, err := records.NewReader(f, "selfplay.xml")
	if err != nil || !r.Next() {
		fmt.Println(err, r.Err())
		return
	}
	var rep data.ReplayReport
	for st := range data.ReplaySteps(r.Game(), &rep) {
		rr := st.Engine
		if rr.Phase() != game.PhaseTurn || rr.Current() != 0 || len(rr.River(0)) < 6 || rr.InRiichi(0) {
			continue
		}
		var pos policy.Position
		pos.Reset(game.ViewOf(rr, 0), opp)
		fmt.Println("hand", tile.Format(rr.Hand(0)))
		// The scores rank the kinds of one position; a softmax over them
		// gives each a share (the engine's prior).
		ks := pos.Kinds(nil)
		scores := make([]float64, len(ks))
		sum := 0.0
		for i, k := range ks {
			scores[i] = m.Score(&pos, k)
			sum += math.Exp(scores[i])
		}
		for i, k := range ks {
			fmt.Printf("%v %+.2f %.2f\n", k, scores[i], math.Exp(scores[i])/sum)
		}
		best, _ := m.Best(&pos)
		fmt.Println("policy:", best)
		break
	}
	if rep.Err != nil {
		fmt.Println(rep.Err)
	}
	// Output:
	// hand 112245679p468s22z
	// 1p +0.48 0.07
	// 2p -1.00 0.02
	// 4s +2.85 0.72
	// 8s +0.66 0.08
	// 2z +0.81 0.09
	// 4p -3.57 0.00
	// 7p -4.87 0.00
	// 9p -0.95 0.02
	// 6s -2.72 0.00
	// 5p -6.31 0.00
	// 6p -6.44 0.00
	// policy: 4s
}
