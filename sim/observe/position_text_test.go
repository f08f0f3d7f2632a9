package observe

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
)

// The JSON of each typed position below is written by hand from the
// rules of docs/OBSERVATION.md ("A position by hand"): the turns from the
// dealer, the seat's draws (the tile of a tsumogiri; else the last tile
// of the hand in tenhou order that is not the discard after it), the deal
// left over, kans on the seat's last turn that began with a draw.

// posTurnJSON: East 1, seat 2 (West) on its third turn, having drawn 3z;
// it drew and discarded 1m on its second.
const posTurnJSON = `{
 "round": 0, "honba": 0, "sticks": 0, "dealer": 0, "seat": 2,
 "scores": [25000, 25000, 25000, 25000],
 "hand": ["2m","3m","4m","4p","5p","6p","7s","8s","9s","9s","1z","1z","2z"],
 "dora_indicator": "5m",
 "events": [
  {"type":"draw","seat":0}, {"type":"discard","seat":0,"tile":"1z"},
  {"type":"draw","seat":1}, {"type":"discard","seat":1,"tile":"2z"},
  {"type":"draw","seat":2,"tile":"2z"}, {"type":"discard","seat":2,"tile":"9s"},
  {"type":"draw","seat":3}, {"type":"discard","seat":3,"tile":"7z"},
  {"type":"draw","seat":0}, {"type":"discard","seat":0,"tile":"9m","tsumogiri":true},
  {"type":"draw","seat":1}, {"type":"discard","seat":1,"tile":"8p","tsumogiri":true},
  {"type":"draw","seat":2,"tile":"1m"}, {"type":"discard","seat":2,"tile":"1m","tsumogiri":true},
  {"type":"draw","seat":3}, {"type":"discard","seat":3,"tile":"6z"},
  {"type":"draw","seat":0}, {"type":"discard","seat":0,"tile":"4p"},
  {"type":"draw","seat":1}, {"type":"discard","seat":1,"tile":"3s"},
  {"type":"draw","seat":2,"tile":"3z"}
 ]}`

// posRiichiJSON: South 2 with one honba, seat 0 (North) answering seat
// 3's tsumogiri 3p after its riichi; scores and sticks typed as they are
// now (seat 3's stick paid), the JSON's at the round's start. cmd/mjrank's
// TestAnalyzeTypedSameAsJSON analyses it too.
var posRiichiJSON = func() string {
	b, err := os.ReadFile("testdata/riichi_answer.json")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// posCallsJSON: East 3, seat 1 (North) just after its pon of seat 3's
// 2m; seat 2's closed kan of East and seat 3's pon of 7p from seat 0,
// added to later, each on its owner's last turn that began with a draw.
const posCallsJSON = `{
 "round": 2, "honba": 0, "sticks": 0, "dealer": 2, "seat": 1,
 "scores": [25000, 25000, 25000, 25000],
 "hand": ["2m","2m","3m","4m","5m","6p","8p","9p","1s","2s","3s","4s","5z"],
 "dora_indicator": "3s",
 "events": [
  {"type":"draw","seat":2}, {"type":"discard","seat":2,"tile":"9m"},
  {"type":"draw","seat":3}, {"type":"discard","seat":3,"tile":"4z"},
  {"type":"draw","seat":0}, {"type":"discard","seat":0,"tile":"7p"},
  {"type":"pon","seat":3,"from":0,"tile":"7p","tiles":["7p","7p"]},
  {"type":"discard","seat":3,"tile":"1p"},
  {"type":"draw","seat":0}, {"type":"discard","seat":0,"tile":"9s"},
  {"type":"draw","seat":1,"tile":"5z"}, {"type":"discard","seat":1,"tile":"1s"},
  {"type":"draw","seat":2}, {"type":"ankan","seat":2,"tiles":["1z","1z","1z","1z"]},
  {"type":"dora","tile":"6p"}, {"type":"draw","seat":2,"rinshan":true},
  {"type":"discard","seat":2,"tile":"8p"},
  {"type":"draw","seat":3}, {"type":"kakan","seat":3,"tile":"7p"},
  {"type":"draw","seat":3,"rinshan":true}, {"type":"dora","tile":"4s"},
  {"type":"discard","seat":3,"tile":"2m"},
  {"type":"pon","seat":1,"from":3,"tile":"2m","tiles":["2m","2m"]}
 ]}`

// typed builds a Position from flag-like fields.
func typed(hand, draw, dora, round, wind string, seat int, scores string, sticks int, rivers, melds []string) *Position {
	return &Position{Hand: hand, Draw: draw, Dora: dora, Round: round, Wind: wind, Seat: seat,
		Scores: scores, Sticks: sticks, Rivers: rivers, Melds: melds}
}

func goodPositions() []struct {
	name string
	pos  *Position
	json string
} {
	return []struct {
		name string
		pos  *Position
		json string
	}{
		{"turn", typed("234m456p789s1122z", "3z", "5m", "E1", "W", -1, "", -1,
			[]string{"0:1z9m_4p", "1:2z8p_3s", "2:9s1m_", "3:7z6z"}, nil), posTurnJSON},
		{"turn-14-tiles", typed("234m456p789s1122z3z", "", "5m", "", "", 2, "25000,25000,25000,25000", 0,
			[]string{"E:1z9m_4p", "S:2z8p_3s", "W:9s1_m", "N:7z6z"}, nil), posTurnJSON},
		{"riichi", typed("12378m45p67s2266z", "", "3m", "S2-1", "N", -1, "30100,24000,22900,21000", 2,
			[]string{"1:9p1s_7z", "2:1z9m4z_", "3:2s8s*3p_", "0:9s5z"}, nil), posRiichiJSON},
		{"calls", typed("345m689p234s55z", "", "3s,6p,4s", "e3-0", "", 1, "", -1,
			[]string{"2:9m8p", "3:4z1p2m=", "0:7p+9s", "1:1s"},
			[]string{"2:ankan=1111z", "3:kakan=7777p", "1:pon=222m"}), posCallsJSON},
	}
}

// TestParsePosition: each typed position builds the observation its JSON,
// written by hand, builds.
func TestParsePosition(t *testing.T) {
	for _, tc := range goodPositions() {
		t.Run(tc.name, func(t *testing.T) {
			got, warn, err := ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if len(warn) > 0 {
				t.Errorf("warnings %q", warn)
			}
			want, err := ParseObservation([]byte(tc.json))
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
			if _, err := got.Determinize(rand.New(rand.NewPCG(1, 2)), DeterminizeOptions{}); err != nil {
				t.Errorf("determinize: %v", err)
			}
		})
	}
}

// TestParsePositionErrors: a position that cannot exist is an error that
// names the field and what is wrong.
func TestParsePositionErrors(t *testing.T) {
	base := func() *Position {
		return typed("234m456p789s1122z", "3z", "5m", "E1", "W", -1, "", -1,
			[]string{"0:1z9m_4p", "1:2z8p_3s", "2:9s1m", "3:7z6z"}, nil)
	}
	with := func(f func(p *Position)) *Position { p := base(); f(p); return p }
	cases := []struct {
		name string
		pos  *Position
		want string
	}{
		{"fifth copy", with(func(p *Position) { p.Rivers[3] = "3:7z6z1z1z" }),
			"a fifth 1z (hand: 2, river 0: 1, river 3: 2)"},
		{"fifth copy in dora", with(func(p *Position) { p.Hand, p.Dora = "234m456p789s1111z", "1z" }),
			"a fifth 1z (hand: 4, dora: 1, river 0: 1)"},
		{"second red five", with(func(p *Position) { p.Hand, p.Dora = "234m406p789s1122z", "0p" }),
			"a second red 5p, 0p (hand, dora)"},
		{"four plain fives", with(func(p *Position) { p.Hand = "234m455p789s1125z"; p.Rivers[3] = "3:5p5p" }),
			"four plain 5p"},
		{"hand too big", with(func(p *Position) { p.Hand = "234m456p789s11222z" }),
			"hand: 14 tiles with 0 melds and a draw: want 13"},
		{"hand wrong for melds", with(func(p *Position) { p.Draw = ""; p.Melds = []string{"2:chi=567p"} }),
			"hand: 13 tiles with 1 melds: want 10 (answering a discard) or 11"},
		{"river too long", with(func(p *Position) { p.Rivers[1] = "1:2z8p_3s4s" }),
			"river 1: 4 discards, but the turn comes to seat 2 after the last of its 2"},
		{"river too short", with(func(p *Position) { p.Rivers[1] = "1:2z8p_" }),
			"after these rivers seat 1 is to draw, not seat 2"},
		{"own discard last", with(func(p *Position) { p.Draw = ""; p.Rivers[2] = "2:9s1m3z" }),
			"the last discard is seat 2's own"},
		{"two riichi", with(func(p *Position) { p.Rivers[0] = "0:1z*9m_*4p" }),
			"river 0: 2 riichi tiles"},
		{"tedashi after riichi", with(func(p *Position) { p.Rivers[0] = "0:1z*9m_4p" }),
			"river 0, discard 3 (4p): a seat in riichi discards the tile it drew"},
		{"called without meld", with(func(p *Position) { p.Rivers[0] = "0:1z9m_4p-" }),
			"river 0, discard 3 (4p-): marked as called by seat 1, whose melds have no call left"},
		{"meld without mark", with(func(p *Position) { p.Hand = "234m456p789s1z"; p.Melds = []string{"2:pon=222z"} }),
			"melds 2: pon=222z: no discard is marked as called by seat 2 for it"},
		{"chi not from the left", with(func(p *Position) {
			p.Hand = "234m789s1122z"
			p.Rivers = []string{"0:1z9m_4p=", "1:2z8p_3s", "2:9s1m", "3:7z6z"}
			p.Melds = []string{"2:chi=456p"}
		}), "a chi calls the previous seat's discard"},
		{"called face differs", with(func(p *Position) {
			p.Hand = "234m789s1122z"
			p.Rivers = []string{"0:1z9m_4p", "1:2z8p_3s-", "2:9s1m", "3:7z6z"}
			p.Melds = []string{"2:chi=456p"}
		}), "called by seat 2, but its meld (melds 2: chi=456p) calls 4p"},
		{"too few dora for the kans", with(func(p *Position) { p.Hand = "234m789s1122z"; p.Melds = []string{"2:ankan=6666s"} }),
			"dora: 1 indicators, but melds 2: ankan=6666s shows one more"},
		{"too many dora", with(func(p *Position) { p.Dora = "5m,6m" }),
			"dora: 2 indicators, but the kans show 1"},
		{"kakan before its pon", with(func(p *Position) {
			p.Hand = "234m789s1122z"
			p.Rivers = []string{"0:1z6p=9m_", "1:2z8p_", "2:9s1m", "3:7z6z"}
			p.Melds = []string{"2:kakan=6666p@1"}
		}), "melds 2: kakan=6666p@1: @1: not a turn of seat 2 that began with a draw after its pon"},
		{"sticks below riichi", with(func(p *Position) { p.Rivers[3] = "3:7z*6z_"; p.Sticks = 0 }),
			"sticks: 0, but the riichi of this round put 1 on the table"},
		{"bad tile", with(func(p *Position) { p.Hand = "234m456p789s1128z" }), `hand: "234m456p789s1128z": no tile 8z`},
		{"bad mark", with(func(p *Position) { p.Rivers[0] = "0:1z9m_4p#" }), `unexpected '#' at offset 7`},
		{"bad round", with(func(p *Position) { p.Round = "X5" }), `round: "X5"`},
		{"round past the last", with(func(p *Position) { p.Round = "N1" }), `round 12`},
		{"bad seat key", with(func(p *Position) { p.Rivers[0] = "5:1z" }), `river: "5:1z": want SEAT:TILES`},
		{"seat twice", with(func(p *Position) { p.Rivers[0] = "2:1z" }), `river: seat 2 given twice`},
		{"no seat", with(func(p *Position) { p.Wind = "" }), "seat: missing"},
		{"seat and wind", with(func(p *Position) { p.Seat = 1 }), "seat: give the seat or its wind, not both"},
		{"scores", with(func(p *Position) { p.Scores = "25000,25000,25000" }), "scores: \"25000,25000,25000\": want 4 scores"},
		{"no dora", with(func(p *Position) { p.Dora = "" }), "dora: 0 indicators"},
		{"not a meld", with(func(p *Position) { p.Melds = []string{"2:chi=135m"} }), `melds 2: score: invalid meld "chi=135m": not three consecutive`},
		{"@ on a pon", with(func(p *Position) { p.Melds = []string{"2:pon=111p@2"} }), "@N places an ankan or a kakan only"},
		{"riichi with a meld", with(func(p *Position) {
			p.Hand = "234m789s1122z"
			p.Rivers = []string{"0:1z9m_4p", "1:2z3s-8p", "2:9s1m*", "3:7z6z"}
			p.Melds = []string{"2:chi=345s"}
		}), "river 2, discard 2 (1m*): riichi with an open hand"},
		{"riichi not tenpai", with(func(p *Position) { p.Hand = "234m456p789s1123z"; p.Rivers[2] = "2:9s*1m_" }),
			"river 2, discard 1 (9s*): riichi leaves 234m456p789s1123z not tenpai"},
		{"kuikae", with(func(p *Position) {
			p.Hand, p.Draw = "234m789s1122z", ""
			p.Rivers = []string{"0:1z9m_4p", "1:2z8p_3s-", "2:9s1m6s", "3:7z6z5z"}
			p.Melds = []string{"2:chi=345s"}
		}), "river 2, discard 3 (6s): kuikae: 6s may not be discarded after the call"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := ParsePosition(tc.pos)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.HasPrefix(err.Error(), "observe: position: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestParsePositionKanNow: an ankan @N one past the river is made on the
// deciding seat's turn now: its draw is then the rinshan tile, after the
// kan's indicator.
func TestParsePositionKanNow(t *testing.T) {
	p := typed("234m456p789s2z", "3z", "5m,6m", "E1", "W", -1, "", -1,
		[]string{"0:1z9m_4p", "1:2z8p_3s", "2:9s1m_", "3:7z6z"}, []string{"2:ankan=1111p@3"})
	o, _, err := ParsePosition(p)
	if err != nil {
		t.Fatal(err)
	}
	evs := o.Events()
	tail := evs[len(evs)-4:]
	if tail[0].Type != ObsDraw || tail[0].Rinshan || tail[1].Type != ObsAnkan || tail[2].Type != ObsDora ||
		tail[2].Tile.Kind().String() != "6m" || tail[3].Type != ObsDraw || !tail[3].Rinshan || tail[3].Tile.Kind().String() != "3z" {
		t.Errorf("the turn now ends %v, want a draw, the ankan, dora 6m, the rinshan draw of 3z", tail)
	}
	p.Melds = []string{"2:ankan=1111p@4"}
	if _, _, err := ParsePosition(p); err == nil || !strings.Contains(err.Error(), "@4: not a turn of seat 2 that began with a draw") {
		t.Errorf("ankan @4 past the turn now: %v", err)
	}
}

// TestParsePositionWarnings: scores that do not add up to the table's
// 100,000 with the sticks, or are not in hundreds, are warned of.
func TestParsePositionWarnings(t *testing.T) {
	p := goodPositions()[2].pos
	p.Scores = "30100,24000,22950,21000"
	_, warn, err := ParsePosition(p)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"scores: seat 2's 22950 is not a multiple of 100",
		"scores: with the 2 sticks on the table they make 100050, not 100000: a score mistyped?"}
	if !reflect.DeepEqual(warn, want) {
		t.Errorf("warnings %q, want %q", warn, want)
	}
}

// FuzzParsePosition: whatever is typed, ParsePosition never panics, and
// what it accepts writes JSON that reads back as the same observation.
func FuzzParsePosition(f *testing.F) {
	for _, tc := range goodPositions() {
		p := tc.pos
		f.Add(p.Hand, p.Draw, p.Dora, p.Round, strings.Join(p.Rivers, ";"), strings.Join(p.Melds, ";"), p.Scores, int8(p.Seat))
	}
	f.Add("123m", "", "1z", "E4-3", "0:1*2_3+4=5-6z", "1:kakan=0555p@2,chi=123m", "0,0,0,0", int8(3))
	f.Fuzz(func(t *testing.T, hand, draw, dora, round, rivers, melds, scores string, seat int8) {
		p := &Position{Hand: hand, Draw: draw, Dora: dora, Round: round, Seat: int(seat), Sticks: -1, Scores: scores}
		if rivers != "" {
			p.Rivers = strings.Split(rivers, ";")
		}
		if melds != "" {
			p.Melds = strings.Split(melds, ";")
		}
		o, _, err := ParsePosition(p)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "observe: position: ") {
				t.Fatalf("error without its prefix: %v", err)
			}
			return
		}
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseObservation(b)
		if err != nil {
			t.Fatalf("accepted position's JSON does not read: %v\n%s", err, b)
		}
		if !reflect.DeepEqual(back, o) {
			t.Fatalf("JSON round trip differs:\n%s", b)
		}
	})
}
