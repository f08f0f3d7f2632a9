package tenhou6

import (
	"errors"
	"testing"

	"github.com/mjrank/mjrank/data"
)

func TestT6Points(t *testing.T) {
	for _, c := range []struct {
		s                 string
		fu, points, limit int
		who, from, dealer int
		han               int
		players           int // 0: 4
	}{
		{"30符1飜1000点", 30, 1000, 0, 1, 0, 0, 1, 0},
		{"30符1飜300-500点", 30, 1100, 0, 1, 1, 0, 1, 0},
		{"30符1飜500点∀", 30, 1500, 0, 0, 0, 0, 1, 0},
		{"40符2飜700-1300点", 40, 2700, 0, 2, 2, 0, 2, 0},
		{"満貫8000点", 0, 8000, 1, 1, 0, 0, 5, 0},
		{"満貫2000-4000点", 0, 8000, 1, 1, 1, 0, 5, 0},
		{"跳満6000点∀", 0, 18000, 2, 0, 0, 0, 6, 0},
		{"役満16000-32000点", 0, 64000, 5, 1, 1, 0, 0, 0},
		{"三倍満24000点", 0, 24000, 4, 1, 0, 0, 11, 0},
		// 3 players: a tsumo is paid by the two others (tenhou.net's
		// texts of 2026011603gm-00b9-0000-bf06caeb, whose mjlog has
		// ten="40,1100,0" for the first).
		{"40符1飜400-700点", 40, 1100, 0, 2, 2, 0, 1, 3},
		{"倍満8000点∀", 0, 16000, 3, 0, 0, 0, 8, 3},
		{"倍満4000-8000点", 0, 12000, 3, 2, 2, 1, 8, 3},
		{"40符3飜2600点∀", 40, 5200, 0, 2, 2, 2, 3, 3},
		{"30符1飜1000点", 30, 1000, 0, 1, 0, 0, 1, 3},
	} {
		if c.players == 0 {
			c.players = 4
		}
		fu, points, limit, err := parseT6Points(c.s, c.players)
		if err != nil || fu != c.fu || points != c.points || limit != c.limit {
			t.Errorf("parseT6Points(%q) = %d %d %d %v, want %d %d %d", c.s, fu, points, limit, err, c.fu, c.points, c.limit)
		}
		a := &data.Agari{Who: c.who, From: c.from, Fu: fu, Points: points, Limit: limit}
		if c.han > 0 {
			a.Yaku = []data.Yaku{{ID: 1, Han: c.han}}
		}
		if got := t6PointsText(a, c.dealer, c.players); got != c.s {
			t.Errorf("t6PointsText = %q, want %q", got, c.s)
		}
	}
	for _, bad := range []string{"", "30符", "1000", "x点", "30符1飜1-2点∀"} {
		if _, _, _, err := parseT6Points(bad, 4); !errors.Is(err, data.ErrBadValue) {
			t.Errorf("parseT6Points(%q): %v, want ErrBadValue", bad, err)
		}
	}
}

func TestT6CallStrings(t *testing.T) {
	for _, c := range []struct {
		s    string
		seat int
		kind t6kind
		from int
	}{
		{"c282627", 1, t6Chi, 0},
		{"p292929", 2, t6Pon, 1},
		{"13p1313", 2, t6Pon, 0},
		{"3636p36", 2, t6Pon, 3},
		{"m39393939", 3, t6Minkan, 2},
		{"26m262626", 3, t6Minkan, 1},
		{"252552m25", 0, t6Minkan, 1},
		{"3636k3636", 0, t6Kakan, -1},
		{"151515a51", 0, t6Ankan, -1},
	} {
		it, err := parseT6Call(c.s, c.seat)
		if err != nil || it.kind != c.kind || (c.from >= 0 && int(it.from) != c.from) {
			t.Errorf("parseT6Call(%q, %d) = %+v %v", c.s, c.seat, it, err)
		}
	}
	for _, bad := range []string{"", "c2826", "p29292929", "x292929", "cc282627", "c28a2627", "p282828", "282828", "2", "c282699"} {
		if it, err := parseT6Call(bad, 0); err == nil && bad != "p282828" {
			t.Errorf("parseT6Call(%q) = %+v, want an error", bad, it)
		}
	}
}

// TestRulesDisp writes the rule text of each GO type and reads it back.
func TestRulesDisp(t *testing.T) {
	for _, typ := range []int{0xA9, 0xE1, 0xB9, 0x29, 0xA1, 0x01, 0x07, 0x841, 0x9} {
		r := data.RulesFromType(typ)
		players := data.PlayersFromType(typ)
		d := dispOf(r, players)
		back := rulesFromDisp(d, r.RedFives)
		back.Type = r.Type
		if back != r {
			t.Errorf("%#x: disp %q reads as %+v, want %+v", typ, d, back, r)
		}
		h := t6Header{Ratingc: "PF" + string(rune('0'+players))}
		h.Rule.Disp = d
		if h.players() != players {
			t.Errorf("%#x: disp %q reads as %d players, want %d", typ, d, h.players(), players)
		}
		h.Ratingc = ""
		if h.players() != players {
			t.Errorf("%#x: disp %q without ratingc reads as %d players, want %d", typ, d, h.players(), players)
		}
	}
	if d := dispOf(data.RulesFromType(0xE1), 4); d != "鳳東喰赤速" {
		t.Errorf("disp of 0xE1 = %q", d)
	}
	if d := dispOf(data.RulesFromType(0xB9), 3); d != "三鳳南喰赤" { // as tenhou.net writes Houou 3-player east-south
		t.Errorf("disp of 0xB9 = %q", d)
	}
}
