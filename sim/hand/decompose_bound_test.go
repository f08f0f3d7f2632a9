package hand

import (
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

// TestMaxDecompositionsBound proves MaxDecompositions by exhaustion. A
// decomposition splits each suit on its own, the pair in the one suit whose
// count is 2 mod 3, so a hand's count is the product of its suits' counts.
// The test finds, for every number of sets s, the most ways a single suited
// suit splits into s sets (withPair false) or s sets and a pair (true),
// over all suits of 3s or 3s+2 tiles; an honour suit splits at most one way.
// Then it takes the largest product over every split of at most four sets
// among the four suits.
func TestMaxDecompositionsBound(t *testing.T) {
	var most [2][5]int // [withPair][sets]
	var worst [2][5]tile.Counts
	buf := make([]Decomposition, 0, 64)
	var d [9]uint8
	var walk func(i, left int)
	walk = func(i, left int) {
		if i < 9 {
			for v := 0; v <= min(4, left); v++ {
				d[i] = uint8(v)
				walk(i+1, left-v)
			}
			return
		}
		var c tile.Counts
		copy(c[:9], d[:])
		n := c.Total()
		pair := 1
		switch n % 3 {
		case 0:
			// Sets only: lend the hand a pair of honours.
			if n > 12 {
				return
			}
			c[tile.Chun] = 2
			pair = 0
		case 1:
			return
		}
		ds := Decompose(&c, buf[:0])
		checkDecompositions(t, &c, ds)
		if pair == 1 && (len(ds) > 0) != (ShantenNormal(&c) == -1) {
			t.Errorf("%v: %d decompositions but normal shanten %d", c, len(ds), ShantenNormal(&c))
		}
		if got := len(ds); got > most[pair][n/3] {
			most[pair][n/3] = got
			copy(worst[pair][n/3][:9], d[:])
		}
	}
	walk(0, 14)

	bound := 0
	// s0..s2 sets in the suited suits, the rest in honours; the pair in
	// suited suit p or (p == 3) in honours.
	for s0 := range 5 {
		for s1 := range 5 - s0 {
			for s2 := range 5 - s0 - s1 {
				for p := range 4 {
					ways := 1
					for i, s := range [3]int{s0, s1, s2} {
						if i == p {
							ways *= most[1][s]
						} else {
							ways *= most[0][s]
						}
					}
					bound = max(bound, ways)
				}
			}
		}
	}
	t.Logf("most decompositions of one suit, sets only: %v; with a pair: %v", most[0], most[1])
	t.Logf("worst suit with a pair: %v", worst[1][4])
	t.Logf("bound over all hands: %d", bound)
	if bound != 4 {
		t.Errorf("bound %d, want 4 (the doc of MaxDecompositions says so)", bound)
	}
	if bound > MaxDecompositions {
		t.Errorf("a hand can have %d decompositions, more than MaxDecompositions = %d", bound, MaxDecompositions)
	}
}

// checkDecompositions reports decompositions of c that do not rebuild it,
// list their sets out of order, or repeat.
func checkDecompositions(t *testing.T, c *tile.Counts, ds []Decomposition) {
	t.Helper()
	for i, d := range ds {
		var back tile.Counts
		back[d.Pair] += 2
		for j, s := range d.Sets[:d.NumSets] {
			if j > 0 && s.First < d.Sets[j-1].First {
				t.Errorf("%v: sets out of order: %+v", c, d)
			}
			if s.Type == Triplet {
				back[s.First] += 3
			} else {
				back[s.First]++
				back[s.First+1]++
				back[s.First+2]++
			}
		}
		if back != *c {
			t.Errorf("%v: %+v does not rebuild the hand", c, d)
		}
		for _, e := range ds[:i] {
			if e == d {
				t.Errorf("%v: %+v twice", c, d)
			}
		}
	}
}
