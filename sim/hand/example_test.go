package hand_test

import (
	"fmt"

	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

func ExampleShantenForms() {
	c := tile.MustParseCounts("1122m3344p5566s7z")
	f := hand.ShantenForms(&c)
	fmt.Printf("%+v shanten %d\n", f, hand.Shanten(&c))

	// With two melds called, only the normal form applies.
	c = tile.MustParseCounts("23m456p11z")
	fmt.Printf("%+v\n", hand.ShantenForms(&c))
	// Output:
	// {Normal:3 Chiitoitsu:0 Kokushi:10} shanten 0
	// {Normal:0 Chiitoitsu:127 Kokushi:127}
}

func ExampleWaits() {
	for _, s := range []string{"1112345678999m", "19m19p19s1234567z", "1122m3344p5566s7z"} {
		c := tile.MustParseCounts(s)
		fmt.Println(s, "waits on", hand.Waits(&c))
	}
	// Output:
	// 1112345678999m waits on 123456789m
	// 19m19p19s1234567z waits on 19m19p19s1234567z
	// 1122m3344p5566s7z waits on 7z
}

func ExampleWaitInfo() {
	// The hand waits on 1m and 4m, but all four 1m are in it.
	c := tile.MustParseCounts("1111234m567p789s")
	waits, ownAll := hand.WaitInfo(&c)
	fmt.Println(waits, ownAll, "tenpai:", waits&^ownAll != 0)

	c = tile.MustParseCounts("1111m234p567p789s")
	waits, ownAll = hand.WaitInfo(&c)
	fmt.Println(waits, ownAll, "tenpai:", waits&^ownAll != 0)
	// Output:
	// 14m 1m tenpai: true
	// 1m 1m tenpai: false
}

func ExampleUkeire() {
	c := tile.MustParseCounts("23m67m456p789s115z")
	seen := tile.MustParseCounts("44m") // two 4m discarded
	s, tiles, count := hand.Ukeire(&c, &seen)
	fmt.Println(s, tiles, count)
	// Output: 1 1458m 14
}

func ExampleDiscards() {
	c := tile.MustParseCounts("23m67m9m456p789s115z")
	var buf [14]hand.Discard
	for _, d := range hand.Discards(&c, nil, buf[:0])[:4] {
		fmt.Printf("%v: shanten %d, %v, %d tiles\n", d.Kind, d.Shanten, d.Tiles, d.Count)
	}
	// Output:
	// 9m: shanten 1, 1458m, 16 tiles
	// 5z: shanten 1, 1458m, 16 tiles
	// 6m: shanten 1, 148m, 12 tiles
	// 2m: shanten 2, 123456789m15z, 36 tiles
}
