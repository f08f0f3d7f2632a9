package game_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/mjrank/mjrank/sim/game"
)

// tsumogiri wins when it can, otherwise passes or discards what it drew.
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

// Four players who never call or riichi rarely win: every round of this
// east-only game is drawn, nobody reaches 30,000, and the game runs through
// the South extension; ties rank by seat.
func ExamplePlayGame() {
	p := tsumogiri{}
	players := [game.NumSeats]game.Player{p, p, p, p}
	g, err := game.PlayGame(context.Background(), game.Tenhou(game.Tonpuusen), 7, &players)
	if err != nil {
		panic(err)
	}
	scores, points, rank := g.Final()
	fmt.Println(g.Rounds(), "rounds")
	fmt.Println(scores, points, rank)
	// Output:
	// 8 rounds
	// [25000 25000 25000 25000] [35 5 -15 -25] [1 2 3 4]
}

// Each Monte Carlo simulation, say, draws from its own stream: the same
// (seed, decision, simulation) gives the same numbers in any order, on any
// goroutine.
func ExampleStream() {
	const seed = 42
	for sim := range uint64(3) {
		src := game.Stream(seed, 7, sim) // decision 7, simulation sim
		fmt.Println(rand.New(&src).IntN(100))
	}
	// Output:
	// 23
	// 57
	// 33
}

// Hooks watch the play loop without changing it: here they count each
// round's decisions (the answers to discards included) and show how it
// ended.
func ExamplePlayGameHooked() {
	p := tsumogiri{}
	players := [game.NumSeats]game.Player{p, p, p, p}
	decisions := 0
	hooks := game.Hooks{
		Start: func(*game.Round) error { decisions = 0; return nil },
		Decision: func(*game.Round, int, []game.Action) error {
			decisions++
			return nil
		},
		End: func(r *game.Round) error {
			wind := [...]string{"East", "South", "West", "North"}[r.Index()/4]
			fmt.Printf("%s %d-%d: %d decisions, %d discards, %v\n",
				wind, r.Index()%4+1, r.Honba(), decisions, r.Turns(), r.Result().Kind)
			return nil
		},
	}
	if _, err := game.PlayGameHooked(context.Background(), game.Tenhou(game.Tonpuusen), 7, &players, &hooks); err != nil {
		fmt.Println(err)
	}
	// Output:
	// East 1-0: 79 decisions, 70 discards, exhaustive draw
	// East 2-1: 89 decisions, 70 discards, exhaustive draw
	// East 3-2: 81 decisions, 70 discards, exhaustive draw
	// East 4-3: 88 decisions, 70 discards, exhaustive draw
	// South 1-4: 82 decisions, 70 discards, exhaustive draw
	// South 2-5: 88 decisions, 70 discards, exhaustive draw
	// South 3-6: 85 decisions, 70 discards, exhaustive draw
	// South 4-7: 92 decisions, 70 discards, exhaustive draw
}
