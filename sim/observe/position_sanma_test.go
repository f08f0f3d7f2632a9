package observe

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// posSanmaJSON: a 3-player East 1, seat 2 (West) on its second turn,
// having drawn 3z; seat 0 set a North aside on its first turn, and so did
// seat 2 (the North it drew), each followed by its replacement draw.
const posSanmaJSON = `{
 "rules": {"players": 3},
 "round": 0, "honba": 0, "sticks": 0, "dealer": 0, "seat": 2,
 "scores": [35000, 35000, 35000],
 "hand": ["1m","9m","1p","2p","3p","4p","5p","6p","7s","8s","9s","9s","1z"],
 "dora_indicator": "5p",
 "events": [
  {"type":"draw","seat":0}, {"type":"kita","seat":0,"tile":"4z"}, {"type":"draw","seat":0,"rinshan":true},
  {"type":"discard","seat":0,"tile":"1z"},
  {"type":"draw","seat":1}, {"type":"discard","seat":1,"tile":"2z"},
  {"type":"draw","seat":2,"tile":"4z"}, {"type":"kita","seat":2,"tile":"4z"}, {"type":"draw","seat":2,"rinshan":true,"tile":"1z"},
  {"type":"discard","seat":2,"tile":"9s"},
  {"type":"draw","seat":0}, {"type":"discard","seat":0,"tile":"9p"},
  {"type":"draw","seat":1}, {"type":"discard","seat":1,"tile":"8p","tsumogiri":true},
  {"type":"draw","seat":2,"tile":"3z"}
 ]}`

func sanmaPosition() *Position {
	p := typed("19m123456p789s11z", "3z", "5p", "E1", "W", -1, "", -1,
		[]string{"0:1z9p", "1:2z8p_", "2:9s"}, nil)
	p.Players, p.Kita = 3, "1,0,1"
	return p
}

// TestParsePositionSanma: a typed 3-player position with kitas builds the
// observation its JSON, written by hand, builds, and determinizes to a
// 3-player round.
func TestParsePositionSanma(t *testing.T) {
	got, warn, err := ParsePosition(sanmaPosition())
	if err != nil {
		t.Fatal(err)
	}
	if len(warn) > 0 {
		t.Errorf("warnings %q", warn)
	}
	want, err := ParseObservation([]byte(posSanmaJSON))
	if err != nil {
		t.Fatal(err)
	}
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if !bytes.Equal(gj, wj) {
		t.Errorf("typed position's JSON\n%s\nwant\n%s", gj, wj)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("the observations differ beyond their JSON")
	}
	if rules := got.Rules(); got.Kita(0) != 1 || got.Kita(2) != 1 || rules.Players() != 3 {
		t.Errorf("kitas %d,%d,%d, %d players", got.Kita(0), got.Kita(1), got.Kita(2), rules.Players())
	}
	r, err := got.Determinize(rand.New(rand.NewPCG(1, 2)), DeterminizeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Wall().ValidFor(3) || r.Kita(0) != 1 || r.Kita(2) != 1 {
		t.Errorf("determinized: 3-player wall %v, kitas %d and %d", r.Wall().ValidFor(3), r.Kita(0), r.Kita(2))
	}
}

// TestParsePositionSanmaErrors: what a 3-player table cannot hold is an
// error naming the field.
func TestParsePositionSanmaErrors(t *testing.T) {
	with := func(f func(p *Position)) *Position { p := sanmaPosition(); f(p); return p }
	cases := []struct {
		name string
		pos  *Position
		want string
	}{
		{"players 5", with(func(p *Position) { p.Players = 5 }), "players: 5: want 3 or 4"},
		{"kita with four players", with(func(p *Position) { p.Players = 4 }), `kita: "1,0,1": only a 3-player game sets Norths aside`},
		{"2m to 8m in the hand", with(func(p *Position) { p.Hand = "15m123456p789s11z" }), "hand: 5m is not in a 3-player game (no 2m to 8m)"},
		{"2m to 8m in a river", with(func(p *Position) { p.Rivers[1] = "1:2z3m_" }), "river 1: 3m is not in a 3-player game"},
		{"2m to 8m as dora", with(func(p *Position) { p.Dora = "8m" }), "dora: 8m is not in a 3-player game"},
		{"a fourth seat's river", with(func(p *Position) { p.Rivers = append(p.Rivers, "3:7z") }), `river: "3:7z": want SEAT:TILES, SEAT 0 to 2 or a wind (E, S, W)`},
		{"a North's river", with(func(p *Position) { p.Rivers[0] = "N:1z9p" }), "SEAT 0 to 2 or a wind (E, S, W)"},
		{"a fourth seat's melds", with(func(p *Position) { p.Melds = []string{"3:pon=777z"} }), `melds: "3:pon=777z": want SEAT:TILES, SEAT 0 to 2`},
		{"a fourth score", with(func(p *Position) { p.Scores = "35000,35000,35000,0" }), "scores: \"35000,35000,35000,0\": want 3 scores by seat"},
		{"a fourth kita", with(func(p *Position) { p.Kita = "1,0,1,0" }), "kita: \"1,0,1,0\": want 3 counts by seat"},
		{"a bad kita", with(func(p *Position) { p.Kita = "1,x,1" }), `kita: seat 1: "x": want 0 to 4 Norths`},
		{"five Norths", with(func(p *Position) { p.Kita = "2,0,2"; p.Hand = "19m123456p789s14z" }), "kita: 4 Norths set aside and 1 elsewhere"},
		{"the seat 3", with(func(p *Position) { p.Wind, p.Seat = "", 3 }), "seat: 3 is not a seat (0 to 2)"},
		{"the North's wind", with(func(p *Position) { p.Wind = "N" }), `wind: "N": want E, S or W`},
		{"a fourth hand", with(func(p *Position) { p.Round = "S4" }), `round: "S4": a 3-player game has three hands a wind`},
		{"the opposite seat's call", with(func(p *Position) { p.Rivers[0] = "0:1z=9p" }), "river 0: discard 1 (1z=): = marks a call by the opposite seat"},
		{"a chi", with(func(p *Position) { p.Hand = "19m456p789s11z"; p.Melds = []string{"2:chi=123p"} }), "melds 2: chi=123p: no chi in a 3-player game"},
		{"a kita with no turn", with(func(p *Position) {
			p.Hand, p.Draw, p.Wind, p.Seat, p.Kita = "19m123456p789s11z", "", "", 1, "0,0,1"
			p.Rivers = []string{"0:1z"}
		}), "kita: seat 2 has no turn that began with a draw to set a North aside on"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := ParsePosition(tc.pos)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "observe: position: ") {
				t.Errorf("got %v, want observe: position: …%s", err, tc.want)
			}
		})
	}
}
