package observe_test

import (
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
	"github.com/mjrank/mjrank/sim/tile"
)

// Read seat 1's observation of South 1 (docs/OBSERVATION.md's example):
// seat 0 has a closed kan, seat 2 is in riichi, seat 3 has called three
// times, and seat 1 has just drawn.
func ExampleParseObservation() {
	b, err := os.ReadFile("testdata/observation.json")
	if err != nil {
		panic(err)
	}
	o, err := observe.ParseObservation(b)
	if err != nil {
		panic(err)
	}
	fmt.Println("hand", tile.Format(o.Hand()), "drew", o.Drawn())
	for s := range game.NumSeats {
		fmt.Printf("seat %d: %2d concealed, melds %v, riichi %v\n", s, o.Concealed(s), o.Melds(s), o.InRiichi(s))
	}
	fmt.Println("dora indicators", o.DoraIndicators(), "turn", o.Turn(), "live", o.LiveRemaining())
	fmt.Println("scores", o.Scores(), "sticks", o.Sticks())
	u := o.Unseen()
	fmt.Println(u.Total(), "tiles unseen, 5m:", u[tile.Man5])
	// Output:
	// hand 1235m4067p114s225z drew 4p
	// seat 0: 10 concealed, melds [ankan=1111z], riichi false
	// seat 1: 14 concealed, melds [], riichi false
	// seat 2: 13 concealed, melds [], riichi true
	// seat 3:  7 concealed, melds [kakan=8888p chi=456m], riichi false
	// dora indicators [3p 4s 7s] turn 13 live 56
	// scores [31000 22000 23000 22000] sticks 2
	// 97 tiles unseen, 5m: 2
}

// Determinize seat 1's observation: the other seats' hands and the wall
// are drawn from the tiles seat 1 has not seen, seat 2's riichi hand is
// tenpai, and the round waits for seat 1's move as the real one did.
func ExampleObservation_Determinize() {
	b, err := os.ReadFile("testdata/observation.json")
	if err != nil {
		panic(err)
	}
	o, err := observe.ParseObservation(b)
	if err != nil {
		panic(err)
	}
	r, err := o.Determinize(rand.New(rand.NewPCG(1, 2)), observe.DeterminizeOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Phase(), "seat", r.Current(), "drew", r.Drawn(), "live", r.LiveRemaining())
	for s := range game.NumSeats {
		line := fmt.Sprintf("seat %d: %s", s, tile.Format(r.Hand(s)))
		if w := r.Waits(s); w != 0 {
			line += " tenpai on " + w.String()
		}
		fmt.Println(line)
	}
	// Output:
	// turn seat 1 drew 4p live 56
	// seat 0: 679m369p3s567z
	// seat 1: 1235m4067p114s225z
	// seat 2: 3488m123p345678s tenpai on 25m
	// seat 3: 17m457p1s4z
}

// Feed seat 0's observation event by event as a round is played: the
// dealer's draw and discard, then seat 1's hidden draw. A draw out of turn
// is refused with its index and the reason.
func ExampleNewObservation() {
	dealt := [13]tile.Tile(tile.MustParse("129m456p789s1234z"))
	setup := game.RoundSetup{Scores: [4]int{25000, 25000, 25000, 25000}}
	o, err := observe.NewObservation(game.Tenhou(game.Hanchan), setup, 0, dealt, tile.MustParseTile("5z"))
	if err != nil {
		panic(err)
	}
	drawn := tile.MustParseTile("7m")
	for _, e := range []observe.ObsEvent{
		{Type: observe.ObsDraw, Seat: 0, Tile: drawn},
		{Type: observe.ObsDiscard, Seat: 0, Tile: drawn, Tsumogiri: true},
		{Type: observe.ObsDraw, Seat: 1, Tile: tile.NoTile},
		{Type: observe.ObsDraw, Seat: 2, Tile: tile.NoTile},
	} {
		if err := o.Append(e); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(tile.Format(o.Hand()), o.River(0), o.Concealed(1), o.LiveRemaining())
	// Output:
	// observe: observation event 3 (seat 2 draw ?): seat 1 is to act, not to draw
	// 129m456p789s1234z [{7m true false false 0}] 14 68
}
