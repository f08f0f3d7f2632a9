package observe_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
	"github.com/mjrank/mjrank/sim/tile"
)

// tsumogiri wins when it can, otherwise passes or discards what it drew
// (sim/game's example player).
type tsumogiri struct{}

func (tsumogiri) Act(v game.View, legal []game.Action) game.Action {
	for _, a := range legal {
		if a.Type == game.Tsumo || a.Type == game.Ron {
			return a
		}
	}
	for _, a := range legal {
		if a.Type == game.Discard && a.Tile == v.Drawn() {
			return a
		}
	}
	return legal[0] // Pass, or the first discard after a call
}

// An Observer in the play loop's hooks keeps every seat's observation of
// the round up to date; a Decision hook reads the observation of the seat
// to act, here once, at seat 2's first decision after the 20th discard,
// and builds a world consistent with it.
func ExampleObserver() {
	rules := game.Tenhou(game.Hanchan)
	w := game.NewWall(7, 0, 0)
	r, err := game.NewRound(&rules, game.RoundSetup{Scores: [4]int{25000, 25000, 25000, 25000}}, &w)
	if err != nil {
		panic(err)
	}
	var ob observe.Observer
	hooks := ob.Hooks()
	shown := false
	hooks.Decision = func(r *game.Round, seat int, _ []game.Action) error {
		if shown || seat != 2 || r.Turns() < 20 {
			return nil
		}
		shown = true
		o := ob.Observation(seat)
		evs := o.Events()
		fmt.Println(len(evs), "events, the last:", evs[len(evs)-3:])
		fmt.Println("hand", tile.Format(o.Hand()), "turn", o.Turn(), "live", o.LiveRemaining())
		det, err := o.Determinize(rand.New(rand.NewPCG(1, 2)), observe.DeterminizeOptions{})
		if err != nil {
			return err
		}
		fmt.Println("a world: seat 3 holds", tile.Format(det.Hand(3)), "check:", det.Check())
		return nil
	}
	p := tsumogiri{}
	players := [game.NumSeats]game.Player{p, p, p, p}
	if err := r.PlayHooked(&players, nil, &hooks); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 45 events, the last: [seat 1 draw ? seat 1 discard 8p* seat 2 draw 3m]
	// hand 133344699m3p12s24z turn 22 live 47
	// a world: seat 3 holds 278m1789p66s1377z check: <nil>
}
