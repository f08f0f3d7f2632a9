package opponent_test

import (
	"fmt"
	"os"
	"slices"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Replay a record and, at the first riichi after the eighth discard, ask the embedded models what
// the riichi player holds — from what any other seat can see.
func Example() {
	m, err := opponent.Default()
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
		e, ok := st.LastEvent()
		if !ok || e.Type != data.EventDiscard {
			continue
		}
		rr, seat := st.Engine, int(e.Seat)
		if !rr.InRiichi(seat) || len(rr.River(seat)) < 8 {
			continue
		}
		p := opponent.NewPublic(game.ViewOf(rr, seat), seat)
		fmt.Printf("seat %d declares riichi with %v after %d discards\n", seat, e.Tile.Kind(), p.Turn())
		fmt.Printf("P(tenpai) %.3f\n", m.Tenpai(p))
		var w [tile.NumKinds]float64
		m.Waits(p, &w)
		kinds := make([]tile.Kind, tile.NumKinds)
		for k := range kinds {
			kinds[k] = tile.Kind(k)
		}
		slices.SortStableFunc(kinds, func(a, b tile.Kind) int {
			switch {
			case w[a] > w[b]:
				return -1
			case w[a] < w[b]:
				return 1
			}
			return 0
		})
		fmt.Print("most dangerous:")
		for _, k := range kinds[:5] {
			fmt.Printf(" %v %.2f", k, w[k])
		}
		fmt.Printf("\nvalue of a ron: %.0f points\n", m.Value(p))
		fmt.Print("its waits (hidden):")
		for k := range rr.Waits(seat).Kinds {
			fmt.Printf(" %v %.2f (rank %d)", k, w[k], slices.Index(kinds, k)+1)
		}
		fmt.Println()
		break
	}
	if rep.Err != nil {
		fmt.Println(rep.Err)
	}
	// Output:
	// seat 1 declares riichi with 8s after 11 discards
	// P(tenpai) 1.000
	// most dangerous: 6p 0.17 5p 0.16 6s 0.14 8p 0.13 4s 0.13
	// value of a ron: 10785 points
	// its waits (hidden): 1s 0.07 (rank 14) 4s 0.13 (rank 5) 7s 0.07 (rank 13)
}
