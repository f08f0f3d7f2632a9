package data_test

import (
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/mjlog"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
	"github.com/mjrank/mjrank/sim/tile"
)

// What seat 1 knew just after drawing at event 97 of East 3 (the third
// round) of a self-play record, and a full round consistent with it.
func ExampleObservationAt() {
	f, err := os.Open("testdata/selfplay.xml")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	r := mjlog.NewReader(f, f.Name())
	if !r.Next() {
		panic(r.Err())
	}
	g := r.Game()
	o, err := data.ObservationAt(g, 2, 97, 1)
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Rounds[2].Name(), "event 97:", g.Rounds[2].Events[97])
	fmt.Println("hand", tile.Format(o.Hand()), "drew", o.Drawn(), "turn", o.Turn())
	for s := range game.NumSeats {
		fmt.Printf("seat %d: %d discards, melds %v, riichi %v\n", s, len(o.River(s)), o.Melds(s), o.InRiichi(s))
	}
	det, err := o.Determinize(rand.New(rand.NewPCG(5, 1)), observe.DeterminizeOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println("determinized:", det.Phase(), "seat", det.Current(), "live", det.LiveRemaining(), "seat 2 holds", tile.Format(det.Hand(2)))
	// Output:
	// E3-0 event 97: 1 draw 6p
	// hand 246p24456789s555z drew 6p turn 47
	// seat 0: 12 discards, melds [], riichi false
	// seat 1: 11 discards, melds [], riichi false
	// seat 2: 12 discards, melds [ankan=7777z chi=768p chi=607m], riichi false
	// seat 3: 12 discards, melds [], riichi false
	// determinized: turn seat 1 live 23 seat 2 holds 678s6z
}
