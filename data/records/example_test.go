package records_test

import (
	"bytes"
	"fmt"
	"os"

	"github.com/mjrank/mjrank/data/records"
)

// NewReader picks the format from the first bytes; Check replays a game at
// the level of tile ids.
func ExampleNewReader() {
	raw, err := os.ReadFile("../testdata/selfplay.mjson")
	if err != nil {
		panic(err)
	}
	r, format, err := records.NewReader(bytes.NewReader(raw), "selfplay.mjson")
	if err != nil {
		panic(err)
	}
	for r.Next() {
		g := r.Game()
		fmt.Println(format, len(g.Rounds), "round(s), check:", g.Check())
		a := g.Rounds[0].Agari[0]
		fmt.Println("hand", a.Hand, "win", a.WinTile, "yaku", a.Yaku, "ura", a.Ura)
	}
	// Output:
	// mjai 5 round(s), check: <nil>
	// hand [2m 2m 4m 4m 8m 8m 1s 1s 6s 6s 7s 7s 9s 9s] win 9s yaku [{1 1} {2 1} {0 1} {22 2} {53 0}] ura [8p]
}
