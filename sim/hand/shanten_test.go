package hand

import (
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

func TestShantenForms(t *testing.T) {
	const no = NoShanten
	tests := []struct {
		name, hand string
		want       Forms
	}{
		{"complete", "123m456p789s11122z", Forms{-1, 4, 8}},
		{"nine gates", "1112345678999m", Forms{0, 4, 10}},
		{"thirteen orphans tenpai", "19m19p19s1234567z", Forms{8, 6, 0}},
		{"thirteen orphans complete", "19m19p19s12345677z", Forms{7, 5, -1}},
		{"all isolated", "159m159p159s1357z", Forms{8, 6, 3}},
		{"chiitoitsu tenpai", "1122m3344p5566s7z", Forms{3, 0, 10}},
		{"chiitoitsu complete", "1122m3344p5566s77z", Forms{3, -1, 10}},
		{"four of a kind is one pair", "1111m3344p5566s77z", Forms{2, 1, 10}},
		{"two quads", "11112222m3344p55s", Forms{1, 3, 11}},
		// The only wait would be a fifth 1m: exact shanten says 1.
		{"quad tanki", "1111m234p567p789s", Forms{1, 5, 10}},
		{"one shanten", "23m67m456p789s115z", Forms{1, 5, 9}},
		// Called melds: fewer concealed tiles, other forms do not apply.
		{"one tile", "1m", Forms{0, no, no}},
		{"two tiles", "12m", Forms{0, no, no}},
		{"pair", "11m", Forms{-1, no, no}},
		{"four tiles", "123m4p", Forms{0, no, no}},
		{"four of a kind alone", "5555m", Forms{1, no, no}},
		{"seven tiles", "1234567m", Forms{0, no, no}},
		{"eleven tiles", "13m2468p1357s1z", Forms{3, no, no}},
		// No legal hand holds a multiple of three.
		{"three tiles", "123m", Forms{no, no, no}},
		{"sixteen tiles", "1234567899m123456p", Forms{no, no, no}},
		{"empty", "", Forms{no, no, no}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tile.MustParseCounts(tt.hand)
			got := ShantenForms(&c)
			if got != tt.want {
				t.Errorf("ShantenForms(%s) = %+v, want %+v", tt.hand, got, tt.want)
			}
			if ref := refForms(&c); ref != tt.want {
				t.Errorf("reference(%s) = %+v, want %+v", tt.hand, ref, tt.want)
			}
			if got := ShantenNormal(&c); got != int(tt.want.Normal) {
				t.Errorf("ShantenNormal = %d", got)
			}
			if got := ShantenChiitoitsu(&c); got != int(tt.want.Chiitoitsu) {
				t.Errorf("ShantenChiitoitsu = %d", got)
			}
			if got := ShantenKokushi(&c); got != int(tt.want.Kokushi) {
				t.Errorf("ShantenKokushi = %d", got)
			}
			if got, want := Shanten(&c), int(min(tt.want.Normal, tt.want.Chiitoitsu, tt.want.Kokushi)); got != want {
				t.Errorf("Shanten = %d, want %d", got, want)
			}
		})
	}
}

func TestShantenAllocs(t *testing.T) {
	c := tile.MustParseCounts("23m67m456p789s115z")
	d := tile.MustParseCounts("23m67m456p789s115z9m")
	q := tile.MustParseCounts("1111234m567p789s") // the fifth-copy path
	var visible tile.Counts
	dst := make([]Discard, 0, 14)
	for _, f := range []struct {
		name string
		fn   func()
	}{
		{"ShantenForms", func() { ShantenForms(&d) }},
		{"ShantenNormal", func() { ShantenNormal(&c) }},
		{"Shanten", func() { Shanten(&c) }},
		{"WaitInfo", func() { WaitInfo(&c) }},
		{"WaitInfo with a quad", func() { WaitInfo(&q) }},
		{"Ukeire", func() { Ukeire(&c, &visible) }},
		{"Discards", func() { Discards(&d, &visible, dst[:0]) }},
	} {
		if n := testing.AllocsPerRun(100, f.fn); n != 0 {
			t.Errorf("%s: %v allocs per run", f.name, n)
		}
	}
}
