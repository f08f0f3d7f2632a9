package hand

import (
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

func TestDecompose(t *testing.T) {
	tests := []struct {
		hand string
		n    int
	}{
		{"123456789m11122z", 1},
		{"111222333m44455p", 2},
		{"111222333444m55p", 3},
		{"66677778888999m", 4}, // the most any hand has
		{"11223344556677m", 3}, // also chiitoitsu, not counted here
		{"12345m", 0},
		{"123m11p", 1},
		{"11z", 1},
		{"1133557799m1357p", 0},
	}
	for _, tt := range tests {
		t.Run(tt.hand, func(t *testing.T) {
			c := tile.MustParseCounts(tt.hand)
			var buf [MaxDecompositions]Decomposition
			ds := Decompose(&c, buf[:0])
			if len(ds) != tt.n {
				t.Fatalf("%d decompositions, want %d: %+v", len(ds), tt.n, ds)
			}
			for _, d := range ds {
				var back tile.Counts
				back[d.Pair] += 2
				for _, s := range d.Sets[:d.NumSets] {
					if s.Type == Triplet {
						back[s.First] += 3
					} else {
						back[s.First]++
						back[s.First+1]++
						back[s.First+2]++
					}
				}
				if back != c {
					t.Errorf("decomposition %+v does not rebuild the hand", d)
				}
			}
		})
	}
}

func TestSpecialForms(t *testing.T) {
	tests := []struct {
		hand           string
		chiitoi, kokus bool
	}{
		{"1122m3344p5566s77z", true, false},
		{"1111m3344p5566s77z", false, false},
		{"19m19p19s12345677z", false, true},
		{"19m19p19s12345667z", false, true},
		{"11m19p19s12345677z", false, false},
	}
	for _, tt := range tests {
		c := tile.MustParseCounts(tt.hand)
		if IsChiitoitsu(&c) != tt.chiitoi || IsKokushi(&c) != tt.kokus {
			t.Errorf("%s: chiitoi %v kokushi %v", tt.hand, IsChiitoitsu(&c), IsKokushi(&c))
		}
		if !IsAgari(&c) && (tt.chiitoi || tt.kokus) {
			t.Errorf("%s: not agari", tt.hand)
		}
	}
}

func TestDecomposeAllocs(t *testing.T) {
	c := tile.MustParseCounts("111222333444m55p")
	var buf [MaxDecompositions]Decomposition
	if n := testing.AllocsPerRun(100, func() { Decompose(&c, buf[:0]) }); n != 0 {
		t.Errorf("%v allocs", n)
	}
}
