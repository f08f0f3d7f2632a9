package data_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/mjrank/mjrank/data"
)

// Read an mjlog file game by game and list each round's wins (a game of
// mjrank's own bots, written by mjrank arena --records and converted).
func ExampleMjlogReader() {
	f, err := os.Open("testdata/selfplay.xml")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	r := data.NewMjlogReader(f, f.Name())
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

// Read a tenhou.net/6 game: the play order, tile ids and the results'
// details are rebuilt from the per-seat lists.
func ExampleTenhou6Reader() {
	f, err := os.Open("testdata/selfplay.json")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	r := data.NewTenhou6Reader(f, f.Name())
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

// Convert a record to mjai (the first lines shown).
func ExampleMjaiWriter() {
	f, err := os.Open("testdata/selfplay.json")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	r := data.NewTenhou6Reader(f, f.Name())
	var out bytes.Buffer
	w := data.NewMjaiWriter(&out)
	for r.Next() {
		if err := w.Write(r.Game()); err != nil {
			fmt.Println(err)
		}
	}
	lines := strings.Split(out.String(), "\n")
	fmt.Println(strings.Join(lines[2:6], "\n"))
	// Output:
	// {"type":"tsumo","actor":0,"pai":"1s"}
	// {"type":"dahai","actor":0,"pai":"N","tsumogiri":false}
	// {"type":"tsumo","actor":1,"pai":"7p"}
	// {"type":"dahai","actor":1,"pai":"N","tsumogiri":false}
}

// Errors name the file, the position and the round.
func ExampleParseError() {
	in := `<mjloggm ver="2.3"><GO type="169"/>
<INIT seed="0,0,0,2,3,135" ten="250,250,250,250" oya="0" hai0="0" hai1="" hai2="" hai3=""/>`
	r := data.NewMjlogReader(strings.NewReader(in), "bad.mjlog")
	for r.Next() {
	}
	fmt.Println(r.Err())
	// Output:
	// bad.mjlog:2:1: game 1 round 1 (E1-0): INIT: invalid value: hai0="0": want 13 tile ids
}

// NewReader picks the format from the first bytes; Check replays a game at
// the level of tile ids.
func ExampleNewReader() {
	raw, err := os.ReadFile("testdata/selfplay.mjson")
	if err != nil {
		panic(err)
	}
	r, format, err := data.NewReader(bytes.NewReader(raw), "selfplay.mjson")
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
