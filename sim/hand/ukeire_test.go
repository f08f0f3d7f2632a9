package hand

import (
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

func TestUkeire(t *testing.T) {
	tests := []struct {
		name, hand, visible string
		shanten             int8
		tiles               string
		count               int
	}{
		// 1m and 9m: one left each; 2m-8m: three each.
		{"nine gates", "1112345678999m", "", 0, "123456789m", 1 + 7*3 + 1},
		{"thirteen-sided", "19m19p19s1234567z", "", 0, "19m19p19s1234567z", 13 * 3},
		// Two ryanmen to finish: 1m 4m 5m 8m, four each; two 4m seen.
		{"two ryanmen", "23m67m456p789s115z", "44m", 1, "1458m", 14},
		{"chiitoitsu", "1122m3344p5566s7z", "7z", 0, "7z", 2},
		{"chiitoitsu one shanten", "1122m3344p55s123z", "", 1, "123z", 9},
		// All four 5m seen: still listed, counted 0.
		{"exhausted", "23m67m456p789s115z", "5555m", 1, "1458m", 12},
		// Exact shanten 1; any kind but 1m pairs up for a tanki.
		{"quad tanki", "1111m234p567p789s", "", 1, "23456789m123456789p123456789s1234567z", 33*4 - 9},
		{"with a meld", "23m11z", "", 0, "14m", 8},
		{"fourteen tiles", "123m456p789s11122z", "", NoShanten, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tile.MustParseCounts(tt.hand)
			v := tile.MustParseCounts(tt.visible)
			s, tiles, count := Ukeire(&c, &v)
			if s != tt.shanten || tiles != kinds(tt.tiles) || count != tt.count {
				t.Errorf("Ukeire(%s) = %d, %v, %d; want %d, %s, %d", tt.hand, s, tiles, count, tt.shanten, tt.tiles, tt.count)
			}
		})
	}
}

// TestBestDiscard: BestDiscard is the first of Discards on hands of every
// size from every pool, with tiles seen elsewhere, and refuses other sizes.
func TestBestDiscard(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	var buf [14]Discard
	n := 0
	for _, size := range []int{14, 11, 8, 5, 2} {
		for i := range 3000 {
			c := randomHand(r, size, pools[i%len(pools)])
			var vis tile.Counts
			for k := range vis {
				vis[k] = uint8(r.IntN(5 - int(c[k])))
			}
			ds := Discards(&c, &vis, buf[:0])
			got, ok := BestDiscard(&c, &vis)
			if !ok || got != ds[0] {
				t.Fatalf("%v (seen %v): BestDiscard %+v %v, Discards %+v", c, vis, got, ok, ds[0])
			}
			n++
		}
	}
	odd := tile.MustParseCounts("23m67m456p789s115z")
	if _, ok := BestDiscard(&odd, nil); ok {
		t.Error("13 tiles: ok")
	}
	if want := 15000; n != want {
		t.Errorf("%d hands, want %d", n, want)
	}
}

func TestUkeireNilVisible(t *testing.T) {
	c := tile.MustParseCounts("23m67m456p789s115z")
	var none tile.Counts
	s1, t1, n1 := Ukeire(&c, nil)
	s2, t2, n2 := Ukeire(&c, &none)
	if s1 != s2 || t1 != t2 || n1 != n2 || n1 != 16 {
		t.Errorf("nil: %d %v %d; empty: %d %v %d", s1, t1, n1, s2, t2, n2)
	}
}

func TestDiscards(t *testing.T) {
	c := tile.MustParseCounts("23m67m9m456p789s115z")
	dst := make([]Discard, 0, 14)
	ds := Discards(&c, nil, dst)
	if len(ds) != 13 {
		t.Fatalf("%d discards, want 13 (one per kind): %+v", len(ds), ds)
	}
	// Cutting 9m or 5z keeps 1-shanten with 1458m (16 tiles); 9m first by
	// kind order.
	want := []Discard{
		{tile.Man9, 1, kinds("1458m"), 16},
		{tile.MustParseKind("5z"), 1, kinds("1458m"), 16},
	}
	for i, w := range want {
		if ds[i] != w {
			t.Errorf("ds[%d] = %+v, want %+v", i, ds[i], w)
		}
	}
	for i := 2; i < len(ds); i++ {
		if ds[i].Shanten < 1 || ds[i].Shanten == 1 && ds[i].Count > 16 {
			t.Errorf("ds[%d] = %+v beats the best", i, ds[i])
		}
	}
	if &ds[0] != &dst[:1][0] {
		t.Error("Discards did not use dst's array")
	}
	if got := Discards(&c, nil, ds); len(got) != 26 || got[13].Kind != tile.Man9 {
		t.Errorf("appending: %d entries, [13] = %+v", len(got), got[13])
	}
	odd := tile.MustParseCounts("23m67m456p789s115z")
	if got := Discards(&odd, nil, nil); got != nil {
		t.Errorf("13 tiles: %+v", got)
	}
}
