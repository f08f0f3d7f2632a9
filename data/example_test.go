package data_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/mjrank/mjrank/data"
)

// Read an mjlog file game by game and list each round's wins.
func ExampleMjlogReader() {
	f, err := os.Open("testdata/2010012206gm-00a9-0000-5414f3c4.mjlog")
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
	// 2010012206gm-00a9-0000-5414f3c4 4 players, 4 rounds
	// E1-0: seat 0 wins 18000 points from seat 0 (pao -1), deltas [20000 -6000 -6000 -6000]
	// E1-1: seat 3 wins 12000 points from seat 3 (pao -1), deltas [-6100 -3100 -3100 13300]
	// E2-0: seat 1 wins 7700 points from seat 0 (pao -1), deltas [-7700 8700 0 0]
	// E2-1: seat 2 wins 32000 points from seat 2 (pao 0), deltas [-32300 0 32300 0]
	// final: [-2100 23600 47200 31300] [-52 -16 57 11]
}

// Read a tenhou.net/6 round: the play order, tile ids and the result's
// details are rebuilt from the per-seat lists.
func ExampleTenhou6Reader() {
	f, err := os.Open("testdata/kyushukyuhai.json")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	r := data.NewTenhou6Reader(f, f.Name())
	for r.Next() {
		rd := r.Game().Rounds[0]
		fmt.Println(rd.Name(), "dealer", rd.Dealer)
		for _, e := range rd.Events {
			fmt.Println(e)
		}
		fmt.Println(rd.Ryuukyoku.Type, rd.Ryuukyoku.Hands[0])
	}
	if err := r.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// E4-0 dealer 3
	// 3 draw 7s
	// 3 discard 2z
	// 0 draw 1z
	// ryuukyoku
	// yao9 [1m 5m 3p 3p 7p 9p 7s 9s 1z 3z 4z 5z 6z 7z]
}

// Convert a record to mjai.
func ExampleMjaiWriter() {
	f, err := os.Open("testdata/kyushukyuhai.json")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	r := data.NewTenhou6Reader(f, f.Name())
	w := data.NewMjaiWriter(os.Stdout)
	for r.Next() {
		if err := w.Write(r.Game()); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// {"type":"start_game","names":["Ⓢ福地誠","Ⓟ石橋伸洋","Cさん","Ⓟ鈴木たろう"],"kyoku_first":0,"aka_flag":true,"tenhou_type":9,"lobby":0,"dan":[0,0,0,0],"rate":[0,0,0,0],"sx":["","","",""]}
	// {"type":"start_kyoku","bakaze":"E","dora_marker":"8m","kyoku":4,"honba":0,"kyotaku":0,"oya":3,"scores":[28200,42000,21600,28200],"tehais":[["1m","5m","3p","3p","7p","9p","7s","9s","W","N","P","F","C"],["2m","2m","5m","5mr","9m","9m","2p","2p","3p","4p","3s","6s","6s"],["1m","1m","4m","7m","2p","5s","5s","5s","6s","7s","E","N","C"],["2m","3m","5p","7p","8p","1s","6s","8s","8s","E","S","P","F"]]}
	// {"type":"tsumo","actor":3,"pai":"7s"}
	// {"type":"dahai","actor":3,"pai":"S","tsumogiri":false}
	// {"type":"tsumo","actor":0,"pai":"E"}
	// {"type":"ryukyoku","tehais":[["1m","5m","3p","3p","7p","9p","7s","9s","E","W","N","P","F","C"],[],[],[]],"deltas":[0,0,0,0],"reason":"yao9"}
	// {"type":"end_kyoku"}
	// {"type":"end_game"}
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
	raw, err := os.ReadFile("testdata/confusing_nakis_7.json")
	if err != nil {
		panic(err)
	}
	r, format, err := data.NewReader(bytes.NewReader(raw), "confusing_nakis_7.json")
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
	// tenhou6 1 round(s), check: <nil>
	// hand [1m 2m 3m 1p 1p 2p 3p 3p 4p 4p 5p 1s 2s 3s] win 1p yaku [{1 1} {52 1} {53 0}] ura [4s]
}
