package hand

import (
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

// kinds parses a set of kinds in tenhou notation, e.g. "14m7p".
func kinds(s string) tile.KindSet {
	var ks tile.KindSet
	for k, v := range tile.MustParseCounts(s) {
		if v > 0 {
			ks |= 1 << k
		}
	}
	return ks
}

func TestWaitInfo(t *testing.T) {
	tests := []struct {
		name, hand    string
		waits, ownAll string
	}{
		{"nine gates", "1112345678999m", "123456789m", ""},
		{"thirteen-sided", "19m19p19s1234567z", "19m19p19s1234567z", ""},
		{"kokushi single", "19m19p19s1234566z", "7z", ""},
		{"chiitoitsu single", "1122m3344p5566s7z", "7z", ""},
		{"chiitoitsu and normal", "1122m3344p5566s99s", "", ""}, // 14 tiles: no waits
		{"ryanmen", "23m456p789s11122z", "14m", ""},
		{"nobetan and more", "2223m456p789s111z", "134m", ""},
		{"shanpon", "11m99p456p789s111z", "1m9p", ""},
		{"pure karaten", "1111m234p567p789s", "1m", "1m"},
		{"quad and a real wait", "1111234m567p789s", "14m", "1m"},
		{"four tiles, fifth copy", "5555m", "5m", "5m"},
		{"one tile", "7z", "7z", ""},
		{"not tenpai", "159m159p159s1357z", "", ""},
		{"three tiles", "123m", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tile.MustParseCounts(tt.hand)
			w, o := WaitInfo(&c)
			if w != kinds(tt.waits) || o != kinds(tt.ownAll) {
				t.Errorf("WaitInfo(%s) = %v, %v; want %s, %s", tt.hand, w, o, tt.waits, tt.ownAll)
			}
			if rw, ro := refWaits(&c); rw != w || ro != o {
				t.Errorf("reference: %v, %v", rw, ro)
			}
			if got := Waits(&c); got != w {
				t.Errorf("Waits = %v", got)
			}
		})
	}
}
