package hand

import (
	"math/bits"

	"github.com/mjrank/mjrank/sim/tile"
)

// Waits returns the kinds that complete c, a hand of 3n+1 concealed tiles,
// in any form: normal, chiitoitsu or kokushi. It includes a kind of which c
// already holds all four (see [WaitInfo]). For other tile counts it returns
// the empty set. It does not allocate.
func Waits(c *tile.Counts) tile.KindSet {
	w, _ := WaitInfo(c)
	return w
}

// WaitInfo returns the waits of c, a hand of 3n+1 concealed tiles, as
// [Waits] does, and ownAll, the waits of which c holds all four copies: a
// fifth copy would complete the shape, but none can come. A hand is tenpai
// (shanten 0) exactly when waits&^ownAll is not empty; waits == ownAll ≠ 0 is
// "pure karaten", which Tenhou scores as noten at an exhaustive draw. A wait
// whose copies are all visible elsewhere (in discards, melds or as dora
// indicators) is still tenpai; callers judge that with what they can see.
//
// For other tile counts both sets are empty. It does not allocate.
func WaitInfo(c *tile.Counts) (waits, ownAll tile.KindSet) {
	w0, w1, w2, w3, w4 := words(c)
	total := int(((w0 + w1 + w2 + w3 + w4) * lsb) >> 56)
	n := total / 3
	if total%3 != 1 || n > 4 {
		return 0, 0
	}
	var st suitState
	st.load(c)
	quads := fours(w0, w1, w2, w3, w4)
	if st.distance(n) == 1 {
		// A tile completes a hand only next to (or on) a kind held.
		once, _ := kindMasks(w0, w1, w2, w3, w4)
		cand := near(once) &^ quads
		var g grown
		for s := range 3 {
			if cand>>(9*s)&0x1FF != 0 {
				st.grow(&g, s)
			}
		}
		waits = st.drawsTo(c, &g, n, 0, cand)
	}
	if n == 4 {
		chi, kok := specialForms(w0, w1, w2, w3, w4)
		if chi == 0 {
			// Six pairs and a single: the single.
			once, twice := kindMasks(w0, w1, w2, w3, w4)
			waits |= once &^ twice
		}
		if kok == 0 {
			waits |= kokushiWaits(c)
		}
	}
	// A kind held four times: does a fifth complete the shape? Decompose
	// counts past four.
	for ; quads != 0; quads &= quads - 1 {
		k := bits.TrailingZeros64(uint64(quads))
		x := *c
		x[k%tile.NumKinds]++
		if IsNormalAgari(&x) {
			waits |= 1 << k
			ownAll |= 1 << k
		}
	}
	return waits, ownAll
}

// near returns ks with, for suited kinds, the kinds up to two steps away in
// the same suit.
func near(ks tile.KindSet) tile.KindSet {
	const (
		no9  tile.KindSet = 0x0FF | 0x0FF<<9 | 0x0FF<<18 // suited, not 9
		no89 tile.KindSet = 0x07F | 0x07F<<9 | 0x07F<<18 // suited, not 8 or 9
		no1  tile.KindSet = no9 << 1                     // suited, not 1
		no12 tile.KindSet = no89 << 2                    // suited, not 1 or 2
	)
	return ks | (ks&no9)<<1 | (ks&no89)<<2 | (ks&no1)>>1 | (ks&no12)>>2
}

// yaochuuKinds holds the 13 terminal and honour kinds.
const yaochuuKinds tile.KindSet = 1<<tile.Man1 | 1<<tile.Man9 | 1<<tile.Pin1 | 1<<tile.Pin9 |
	1<<tile.Sou1 | 1<<tile.Sou9 | (1<<7-1)<<tile.East

var yaochuuList = [13]tile.Kind{tile.Man1, tile.Man9, tile.Pin1, tile.Pin9, tile.Sou1, tile.Sou9,
	tile.East, tile.South, tile.West, tile.North, tile.Haku, tile.Hatsu, tile.Chun}

// kokushiWaits returns the waits of a kokushi tenpai: every terminal and
// honour if c holds each once, else the one it lacks.
func kokushiWaits(c *tile.Counts) tile.KindSet {
	var missing tile.KindSet
	for _, k := range yaochuuList {
		if c[k] == 0 {
			missing |= 1 << k
		}
	}
	if missing == 0 {
		return yaochuuKinds
	}
	return missing
}
