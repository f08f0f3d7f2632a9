package score_test

import (
	"errors"
	"fmt"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// A riichi pinfu tsumo by South with a red five, one dora and one honba.
func ExampleScore() {
	w := score.Win{
		WinTile: tile.MustParseTile("4m"),
		Tsumo:   true,
		Seat:    1, // South
		Dealer:  0,
		Round:   tile.East,
		Riichi:  true,
		Honba:   1,
	}
	w.SetHand(tile.MustParse("234m406p345s678s99m"))
	w.AddDora(tile.MustParseTile("8m")) // 9m is dora
	r := score.Tenhou()
	res, err := score.Score(&w, &r)
	if err != nil {
		panic(err)
	}
	for _, y := range res.YakuList() {
		fmt.Println(y)
	}
	fmt.Printf("%d han %d fu %v: %d points, payments %v\n", res.Han, res.Fu, res.Limit, res.Points, res.Payments)
	fmt.Println("tenhou yaku:", res.TenhouYaku(nil))
	// Output:
	// Riichi 1
	// Menzen Tsumo 1
	// Pinfu 1
	// Dora 2
	// Aka Dora 1
	// 6 han 20 fu haneman: 12000 points, payments [-6100 12300 -3100 -3100]
	// tenhou yaku: [1 1 0 1 7 1 52 2 54 1 53 0]
}

// Called melds, a yakuman and pao: West completes daisangen with a pon of
// chun fed by North, then wins by ron on East's discard.
func ExampleScore_pao() {
	w := score.Win{
		WinTile: tile.MustParseTile("2m"),
		Seat:    2,
		Dealer:  0,
		From:    0,
		Round:   tile.East,
		Pao:     true,
		PaoSeat: 3,
	}
	w.SetHand(tile.MustParse("234m99p555z"))
	w.AddMeld(score.MustParseMeld("pon=666z"))
	w.AddMeld(score.MustParseMeld("pon=777z"))
	r := score.Tenhou()
	res, _ := score.Score(&w, &r)
	fmt.Println(res.YakuList(), res.Limit, res.Points, res.Payments)
	// Output: [Daisangen yakuman] yakuman 32000 [-16000 0 32000 -16000]
}

func ExampleScore_noYaku() {
	w := score.Win{WinTile: tile.MustParseTile("4m"), Seat: 1, From: 0, Round: tile.East}
	w.SetHand(tile.MustParse("234m456p345s99m"))
	w.AddMeld(score.MustParseMeld("chi=678s"))
	r := score.Tenhou()
	_, err := score.Score(&w, &r)
	fmt.Println(err, errors.Is(err, score.ErrNoYaku))
	// Output: score: complete hand without a yaku true
}

func ExampleParseMeld() {
	m, err := score.ParseMeld("chi=406p")
	fmt.Println(m, m.Type, m.Tiles[0], m.Open(), err)
	_, err = score.ParseMeld("pon=556m")
	fmt.Println(err)
	// Output:
	// chi=406p chi 4p true <nil>
	// score: invalid meld "pon=556m": tiles of different kinds at offset 4
}

func ExampleParseRules() {
	r, err := score.ParseRules("tenhou,kiriage=true")
	fmt.Println(r, r.Kiriage, r == score.Tenhou(), err)
	// Output: tenhou,kiriage=true true false <nil>
}

// A 3-player tsumo: South wins a riichi pinfu tsumo with two Norths set
// aside (kita), each one dora. Only two seats pay (tsumo-son): the dealer
// 2·base, West 1·base, plus 100 each for the honba; seat 3 does not exist.
func ExampleTenhouSanma() {
	w := score.Win{
		WinTile: tile.MustParseTile("3s"),
		Tsumo:   true,
		Seat:    1, // South
		Dealer:  0,
		Round:   tile.East,
		Riichi:  true,
		Honba:   1,
		Kita:    2,
	}
	w.SetHand(tile.MustParse("123p456p789p345s99s"))
	w.AddDora(tile.MustParseTile("1m")) // in 3-player games 1m shows 9m: no dora here
	r := score.TenhouSanma()
	res, err := score.Score(&w, &r)
	if err != nil {
		panic(err)
	}
	fmt.Println(r)
	fmt.Printf("%d han %d fu %v: %d points, payments %v\n", res.Han, res.Fu, res.Limit, res.Points, res.Payments)
	fmt.Println("tenhou yaku:", res.TenhouYaku(nil))
	// Output:
	// tenhou-sanma
	// 7 han 20 fu haneman: 9000 points, payments [-6100 9200 -3100 0]
	// tenhou yaku: [1 1 0 1 7 1 24 2 52 2 53 0]
}
