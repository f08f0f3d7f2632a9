package tile_test

import (
	"fmt"

	"github.com/mjrank/mjrank/sim/tile"
)

func ExampleParse() {
	ts, err := tile.Parse("406p123m1122z")
	if err != nil {
		panic(err)
	}
	fmt.Println(tile.Format(ts), len(ts), ts[1], ts[1].Red(), ts[1].Mjai())
	// Output: 123m406p1122z 10 0p true 5pr
}

func ExampleParse_error() {
	_, err := tile.Parse("123m8z")
	fmt.Println(err)
	// Output: tile: invalid tile notation: no tile 8z: "8" at offset 4 in "123m8z"
}
