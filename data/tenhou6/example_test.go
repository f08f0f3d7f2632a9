package tenhou6_test

import (
	"fmt"
	"os"

	"github.com/mjrank/mjrank/data/tenhou6"
)

// Read a tenhou.net/6 game: the play order, tile ids and the results'
// details are rebuilt from the per-seat lists.
func ExampleReader() {
	f, err := os.Open("../testdata/selfplay.json")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	r := tenhou6.NewReader(f, f.Name())
	for r.Next() {
		for _, rd := range r.Game().Rounds {
			fmt.Println(rd.Name(), "dealer", rd.Dealer, len(rd.Events), "events, first", rd.Events[0], "last", rd.Events[len(rd.Events)-1])
		}
	}
	if err := r.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// E1-0 dealer 0 32 events, first 0 draw 1s last 2 agari #0
	// E2-0 dealer 1 90 events, first 1 draw 4s last 2 agari #0
	// E3-0 dealer 2 148 events, first 2 draw 2m last ryuukyoku
	// E3-1 dealer 2 112 events, first 2 draw 1m last 3 agari #0
	// E4-0 dealer 3 106 events, first 3 draw 4s last 3 agari #0
}
