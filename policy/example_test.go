package policy_test

import (
	"fmt"
	"os"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Replay a record and, at the first turn of seat 0 after its sixth discard,
// score every discard with the embedded policy.
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
		for _, k := range pos.Kinds(nil) {
			fmt.Printf("%v %.2f\n", k, m.Score(&pos, k))
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
	// 1p 0.24
	// 2p 0.05
	// 4s 0.34
	// 8s 0.08
	// 2z 0.15
	// 4p 0.00
	// 7p 0.00
	// 9p 0.03
	// 6s 0.00
	// 5p 0.00
	// 6p 0.00
	// policy: 4s
}
