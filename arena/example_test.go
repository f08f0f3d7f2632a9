package arena_test

import (
	"context"
	"fmt"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/sim/game"
)

// A small duplicate arena: the efficiency bot against three thesis bots,
// every wall played four times with the entries rotated through the seats.
// The result depends only on the configuration, not on the worker count.
func ExampleRun() {
	res, err := arena.Run(context.Background(), arena.Config{
		Seats:  [game.NumSeats]string{"efficiency", "thesis", "thesis", "thesis"},
		Games:  8,
		Seed:   1,
		Rotate: true,
		Length: game.Tonpuusen,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Summary {
		fmt.Printf("%-10s %d games, average rank %.2f\n", s.Bot, s.Games, s.AvgRank.Mean)
	}
	fmt.Println("signature", res.Signature())
	// Output:
	// efficiency 8 games, average rank 1.88
	// thesis#2   8 games, average rank 2.88
	// thesis#3   8 games, average rank 2.75
	// thesis#4   8 games, average rank 2.50
	// signature 4ecf03b7ead7ffb0
}

// A 3-player arena (Tenhou's sanma): three bots, the fourth seat empty,
// every wall played in three seatings.
func ExampleRun_threePlayers() {
	res, err := arena.Run(context.Background(), arena.Config{
		Players: 3,
		Seats:   [game.NumSeats]string{"rulebot", "tsumogiri", "efficiency", ""},
		Games:   6,
		Seed:    1,
		Rotate:  true,
		Length:  game.Tonpuusen,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Players, "players,", res.Units, "walls")
	for _, s := range res.Summary {
		fmt.Printf("%-10s %d games, average rank %.2f\n", s.Bot, s.Games, s.AvgRank.Mean)
	}
	// Output:
	// 3 players, 2 walls
	// rulebot    6 games, average rank 1.67
	// tsumogiri  6 games, average rank 3.00
	// efficiency 6 games, average rank 1.33
}
