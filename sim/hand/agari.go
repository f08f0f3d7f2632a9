package hand

import "github.com/mjrank/mjrank/sim/tile"

// SetType says whether a [Set] is a run or a group of equal tiles.
type SetType uint8

// Set types.
const (
	Sequence SetType = iota // three consecutive suited kinds, First..First+2
	Triplet                 // three of First
)

func (t SetType) String() string {
	if t == Sequence {
		return "sequence"
	}
	return "triplet"
}

// Set is one concealed set of a decomposition: a sequence starting at First,
// or a triplet of First.
type Set struct {
	Type  SetType
	First tile.Kind
}

// Has reports whether kind k is one of the set's tiles.
func (s Set) Has(k tile.Kind) bool {
	if s.Type == Triplet {
		return k == s.First
	}
	return k >= s.First && k <= s.First+2
}

// Decomposition is one way to split concealed tiles (3n+2 of them) into a
// pair and n sets. Called melds are not part of it.
type Decomposition struct {
	Pair    tile.Kind
	NumSets uint8
	Sets    [4]Set // Sets[:NumSets], in ascending order of First
}

// MaxDecompositions bounds the number of distinct decompositions of any hand
// of at most 14 tiles (the worst case, e.g. 66677778888999m, has 4, as a test
// shows by exhausting every suit; the bound leaves room). Callers can size a
// scratch array with it and never allocate.
const MaxDecompositions = 8

// Decompose appends to dst every decomposition of c into one pair and
// (tiles-2)/3 sets, and returns the extended slice. c must hold 3n+2 tiles
// (n ≤ 4); otherwise nothing is appended. With a dst of capacity
// [MaxDecompositions] it does not allocate. Chiitoitsu and kokushi are not
// decompositions; see [IsChiitoitsu] and [IsKokushi].
func Decompose(c *tile.Counts, dst []Decomposition) []Decomposition {
	n := c.Total()
	if n%3 != 2 || n > 14 {
		return dst
	}
	w := *c
	var d Decomposition
	for p := tile.Kind(0); p < tile.NumKinds; p++ {
		if w[p] < 2 {
			continue
		}
		w[p] -= 2
		d.Pair = p
		d.NumSets = 0
		dst = decomposeSets(&w, 0, &d, dst)
		w[p] += 2
	}
	return dst
}

// decomposeSets splits w (from kind `from` on; all lower kinds are zero) into
// sets, appending each complete decomposition. Every tile of the lowest kind
// k left belongs to a triplet of k or to a sequence starting at k, so the
// number of triplets at k (one or none) fixes the split of k; trying each
// once yields every decomposition exactly once, with sets in order.
func decomposeSets(w *tile.Counts, from tile.Kind, d *Decomposition, dst []Decomposition) []Decomposition {
	k := from
	for k < tile.NumKinds && w[k] == 0 {
		k++
	}
	if k == tile.NumKinds {
		return append(dst, *d)
	}
	v := int(w[k])
	for trips := min(v/3, 1); trips >= 0; trips-- {
		seqs := v - 3*trips
		if seqs > 0 && (k >= tile.East || k%9 > 6 || int(w[k+1]) < seqs || int(w[k+2]) < seqs) {
			continue
		}
		if int(d.NumSets)+trips+seqs > len(d.Sets) {
			continue // more sets than a hand of 14 tiles holds
		}
		n := d.NumSets
		if trips == 1 {
			d.Sets[d.NumSets] = Set{Triplet, k}
			d.NumSets++
		}
		for range seqs {
			d.Sets[d.NumSets] = Set{Sequence, k}
			d.NumSets++
		}
		w[k] = 0
		if seqs > 0 {
			w[k+1] -= uint8(seqs)
			w[k+2] -= uint8(seqs)
		}
		dst = decomposeSets(w, k+1, d, dst)
		w[k] = uint8(v)
		if seqs > 0 {
			w[k+1] += uint8(seqs)
			w[k+2] += uint8(seqs)
		}
		d.NumSets = n
	}
	return dst
}

// IsNormalAgari reports whether c (3n+2 tiles) splits into a pair and sets.
func IsNormalAgari(c *tile.Counts) bool {
	var buf [MaxDecompositions]Decomposition
	return len(Decompose(c, buf[:0])) > 0
}

// IsChiitoitsu reports whether c is seven distinct pairs (14 tiles; Tenhou
// does not count four of a kind as two pairs).
func IsChiitoitsu(c *tile.Counts) bool {
	pairs := 0
	for _, v := range c {
		switch v {
		case 0:
		case 2:
			pairs++
		default:
			return false
		}
	}
	return pairs == 7
}

// IsKokushi reports whether c is thirteen orphans: one of each terminal and
// honour plus one more of them (14 tiles).
func IsKokushi(c *tile.Counts) bool {
	pair := false
	n := 0
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		v := c[k]
		if !k.IsTerminalOrHonor() {
			if v != 0 {
				return false
			}
			continue
		}
		switch v {
		case 1:
		case 2:
			if pair {
				return false
			}
			pair = true
		default:
			return false
		}
		n += int(v)
	}
	return pair && n == 14
}

// IsAgari reports whether the concealed tiles c complete a hand in any form:
// normal (3n+2 tiles), or, with 14 concealed tiles, chiitoitsu or kokushi.
func IsAgari(c *tile.Counts) bool {
	return IsNormalAgari(c) || IsChiitoitsu(c) || IsKokushi(c)
}
