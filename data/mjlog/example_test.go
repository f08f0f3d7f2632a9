package mjlog_test

import (
	"fmt"
	"os"

	"github.com/mjrank/mjrank/data/mjlog"
)

// Read an mjlog file game by game and list each round's wins (a game of
// mjrank's own bots, written by mjrank arena --records and converted).
func ExampleReader() {
	f, err := os.Open("../testdata/selfplay.xml")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	r := mjlog.NewReader(f, f.Name())
	for r.Next() {
		g := r.Game()
		fmt.Println(g.Ref, g.Players, "players,", len(g.Rounds), "rounds")
		for _, rd := range g.Rounds {
			for _, a := range rd.Agari {
				fmt.Printf("%s: seat %d wins %d points from seat %d (pao %d), deltas %v\n", rd.Name(), a.Who, a.Points, a.From, a.Pao, a.Deltas)
			}
		}
		fmt.Println("final:", g.Owari.Scores, g.Owari.RankPt)
	}
	if err := r.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// mjrank-arena-5-0-0 4 players, 5 rounds
	// E1-0: seat 2 wins 8000 points from seat 2 (pao -1), deltas [-4000 -2000 9000 -2000]
	// E2-0: seat 2 wins 1500 points from seat 2 (pao -1), deltas [-400 -700 2500 -400]
	// E3-1: seat 3 wins 6400 points from seat 3 (pao -1), deltas [-1700 -1700 -3300 9700]
	// E4-0: seat 3 wins 11700 points from seat 3 (pao -1), deltas [-3900 -3900 -3900 12700]
	// final: [15000 12700 28300 44000] [-25 -37 8 54]
}
