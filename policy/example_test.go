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
	// 1p +0.40 0.14
	// 2p -0.91 0.04
	// 4s +1.70 0.53
	// 8s -0.23 0.08
	// 2z +0.71 0.20
	// 4p -3.95 0.00
	// 7p -4.47 0.00
	// 9p -1.93 0.01
	// 6s -5.10 0.00
	// 5p -6.83 0.00
	// 6p -6.17 0.00
	// policy: 4s
}
