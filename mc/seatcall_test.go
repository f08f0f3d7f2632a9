package mc

import (
	"testing"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

func TestChooseCall(t *testing.T) {
	yakuhai := tile.KindSet(0).Add(tile.East).Add(tile.Haku).Add(tile.Haku + 1).Add(tile.Haku + 2)
	pon := func(s string) score.Meld {
		ts := tile.MustParse(s)
		return score.Meld{Type: score.Pon, Tiles: [4]tile.Tile{ts[0], ts[1], ts[2]}}
	}
	for _, tc := range []struct {
		name   string
		hand   string
		melds  []score.Meld
		called string
		left   bool
		threat bool
		want   Call
		ok     bool
	}{
		{"yakuhai pon far from tenpai", "258m258p258s1155z", nil, "5z", false, false, Call{score.Pon, tile.Haku, tile.Haku}, true},
		{"not its wind", "258m258p258s2255z", nil, "2z", false, false, Call{}, false},
		{"tanyao chi to tenpai", "234m345p8p2s46s678s", nil, "5s", true, false, Call{score.Chi, tile.MustParseKind("4s"), tile.MustParseKind("6s")}, true},
		{"no chi but from the left", "234m345p8p2s46s678s", nil, "5s", false, false, Call{}, false},
		{"no yaku: a terminal set and an honour pair", "123m345p678s2266z", nil, "6z", false, false, Call{}, false},
		{"too far for tanyao", "2468m2468p2468s5z", nil, "4m", true, false, Call{}, false},
		{"one from tenpai without riichi", "234m35p8p2s46s678s1z", nil, "5s", true, false, Call{score.Chi, tile.MustParseKind("4s"), tile.MustParseKind("6s")}, true},
		{"against riichi only to tenpai", "234m35p8p2s46s678s1z", nil, "5s", true, true, Call{}, false},
		{"an open yakuhai makes any call", "123m9p12s4z678s", []score.Meld{pon("777z")}, "3s", true, false, Call{score.Chi, tile.MustParseKind("1s"), tile.MustParseKind("2s")}, true},
		{"flush chi", "1235689m1z22z", []score.Meld{pon("111m")}, "7m", true, false, Call{score.Chi, tile.MustParseKind("5m"), tile.MustParseKind("6m")}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tile.MustParseCounts(tc.hand)
			h := CallHand{Counts: &c, Melds: tc.melds, Yakuhai: yakuhai, Threat: tc.threat}
			got, ok := ChooseCall(&h, tile.MustParseKind(tc.called), tc.left)
			if ok != tc.ok || ok && got != tc.want {
				t.Errorf("ChooseCall(%s, %s) = %v %v, want %v %v", tc.hand, tc.called, got, ok, tc.want, tc.ok)
			}
			if c != tile.MustParseCounts(tc.hand) {
				t.Errorf("ChooseCall changed the hand")
			}
		})
	}
}
