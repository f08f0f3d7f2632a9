// Package tablegen computes the suit tables behind package hand's shanten
// functions. It is run by go generate (see hand's gen_tables.go) and by hand's
// tests, which regenerate the tables and compare them with the embedded blob.
//
// For one suit, a hand is its counts of each kind (9 numbers for a suited
// suit, 7 for honours). For every such hand and every target "m sets and h
// pairs" (m = 0..4, h = 0..1) the table holds the least number of tiles that
// must be added to the suit so that it contains such a target, with at most
// four tiles of a kind. This is the per-suit quantity of tomohxx's exact
// shanten calculator; see the hand package doc.
//
// Only 126 distinct 10-value vectors occur among suited hands of at most 14
// tiles, so the payload stores each distinct vector once (a "class") and one
// class byte per hand.
//
// # Payload layout
//
// Every field is made of bytes.
//
//	Magic                     8 bytes, "MJSHTAB1"
//	nSuit                     number of suited classes
//	nSuit × 10                class vectors, v[m+5h]
//	nHonor                    number of honour classes
//	nHonor × 10               class vectors
//	SuitHands                 one class per suited hand with at most 14 tiles,
//	                          in increasing base-5 order (c0 + 5c1 + … + 5⁸c8)
//	HonorHands                one class per honour histogram, see HonorHistograms
//
// Classes are numbered in order of first appearance.
package tablegen

import "bytes"

// Magic starts every payload.
const Magic = "MJSHTAB1"

// Vector sizes.
const (
	MaxSets   = 4                 // sets a target may hold
	VectorLen = 2 * (MaxSets + 1) // entries per class vector, index m+5h
	MaxTiles  = 14                // tiles of one suit that the table covers
)

// SuitHands is the number of suited hands (9 counts of 0..4) with at most
// MaxTiles tiles.
const SuitHands = 405350

// Vector holds, at index m+5h, the least number of tiles to add so that a
// suit contains m sets and h pairs.
type Vector [VectorLen]uint8

// Histogram describes an honour hand up to the order of kinds: H[c] is the
// number of honour kinds held c times (c = 1..4; H[0] is unused).
type Histogram [5]int

// HonorHistograms calls yield for each honour histogram in payload order:
// n4 outermost, then n3, n2 and n1, each from 0, with n1+n2+n3+n4 ≤ 7.
func HonorHistograms(yield func(Histogram) bool) {
	for n4 := 0; n4 <= 7; n4++ {
		for n3 := 0; n3 <= 7-n4; n3++ {
			for n2 := 0; n2 <= 7-n4-n3; n2++ {
				for n1 := 0; n1 <= 7-n4-n3-n2; n1++ {
					if !yield(Histogram{0, n1, n2, n3, n4}) {
						return
					}
				}
			}
		}
	}
}

// Distances returns, for every hand of `kinds` kinds with 0..4 tiles each,
// indexed in base 5 (count of kind i times 5^i), the distance vector. If seqs
// is set, three consecutive kinds form a set too (a suited suit); otherwise
// only triplets do (honours).
func Distances(kinds int, seqs bool) []Vector {
	pow, digits := base5(kinds)
	has := contents(digits, pow, setsOf(kinds, seqs))
	return distances(digits, pow, has)
}

// base5 returns the powers 5^0..5^kinds and the base-5 digits (the
// counts of each kind) of every hand of `kinds` kinds.
func base5(kinds int) (pow []int, digits [][]uint8) {
	n := 1
	pow = make([]int, kinds+1)
	for i := range pow {
		pow[i] = n
		n *= 5
	}
	n = pow[kinds]
	digits = make([][]uint8, n)
	flat := make([]uint8, n*kinds)
	for x := 0; x < n; x++ {
		d := flat[x*kinds : (x+1)*kinds]
		y := x
		for i := range d {
			d[i] = uint8(y % 5)
			y /= 5
		}
		digits[x] = d
	}
	return pow, digits
}

// kindSet is a set of `width` kinds from `first`: a triplet (width 1, three
// of one kind) or a sequence (width 3).
type kindSet struct{ first, width int }

// setsOf lists the sets of `kinds` kinds: the triplets, then the sequences
// if seqs is set.
func setsOf(kinds int, seqs bool) []kindSet {
	var sets []kindSet
	for k := 0; k < kinds; k++ {
		sets = append(sets, kindSet{k, 1})
	}
	if seqs {
		for k := 0; k+2 < kinds; k++ {
			sets = append(sets, kindSet{k, 3})
		}
	}
	return sets
}

// contents returns has: has[x] bit m+5h is set when hand x contains m sets
// and h pairs. Sets lie inside the hand, so hand x - set has a smaller
// index and is done first.
func contents(digits [][]uint8, pow []int, sets []kindSet) []uint16 {
	const (
		carry = 1<<5 | 1<<10 // where m = 4 lands when shifted to m+1
		all   = 1<<VectorLen - 1
	)
	has := make([]uint16, len(digits))
	for x := range digits {
		d := digits[x]
		b := uint16(1) // 0 sets, no pair
		for _, v := range d {
			if v >= 2 {
				b |= 1 << 5
				break
			}
		}
		for _, s := range sets {
			var idx int
			if s.width == 1 {
				if d[s.first] < 3 {
					continue
				}
				idx = 3 * pow[s.first]
			} else {
				if d[s.first] == 0 || d[s.first+1] == 0 || d[s.first+2] == 0 {
					continue
				}
				idx = pow[s.first] + pow[s.first+1] + pow[s.first+2]
			}
			b |= (has[x-idx] << 1) &^ carry & all
		}
		has[x] = b
	}
	return has
}

// distances returns dist: dist[x][j] = 0 if x contains target j (has[x]
// bit j), else 1 + the least dist over hands with one more tile. Adding a
// tile raises the index, so go down. (Every hand reaches every target, the
// full hand holding them all, so no distance exceeds 36 and up[j]+1 cannot
// wrap.)
func distances(digits [][]uint8, pow []int, has []uint16) []Vector {
	n := len(digits)
	dist := make([]Vector, n)
	for x := n - 1; x >= 0; x-- {
		d := digits[x]
		var best Vector
		for j := range best {
			best[j] = 255
		}
		for k, v := range d {
			if v == 4 {
				continue
			}
			up := &dist[x+pow[k]]
			for j := range best {
				best[j] = min(best[j], up[j]+1)
			}
		}
		for j := range best {
			if has[x]&(1<<j) != 0 {
				best[j] = 0
			}
		}
		dist[x] = best
	}
	return dist
}

// Payload computes the table payload described in the package doc.
func Payload() []byte {
	suit := Distances(9, true)
	honor := Distances(7, false)

	var suitClasses, honorClasses []Vector
	classOf := func(classes *[]Vector, v Vector) uint8 {
		for i, w := range *classes {
			if w == v {
				return uint8(i)
			}
		}
		*classes = append(*classes, v)
		if len(*classes) > 255 {
			panic("tablegen: more than 255 classes")
		}
		return uint8(len(*classes) - 1)
	}

	suitHands := make([]uint8, 0, SuitHands)
	for x, v := range suit {
		s := 0
		for y := x; y > 0; y /= 5 {
			s += y % 5
		}
		if s <= MaxTiles {
			suitHands = append(suitHands, classOf(&suitClasses, v))
		}
	}
	if len(suitHands) != SuitHands {
		panic("tablegen: wrong number of suited hands")
	}

	var honorHands []uint8
	for held := range HonorHistograms {
		// The representative hand: n4 kinds of 4, then n3 of 3, and so on.
		x, p := 0, 1
		for c := 4; c >= 1; c-- {
			for range held[c] {
				x += c * p
				p *= 5
			}
		}
		honorHands = append(honorHands, classOf(&honorClasses, honor[x]))
	}

	var b bytes.Buffer
	b.WriteString(Magic)
	for _, classes := range [][]Vector{suitClasses, honorClasses} {
		b.WriteByte(byte(len(classes)))
		for _, v := range classes {
			b.Write(v[:])
		}
	}
	b.Write(suitHands)
	b.Write(honorHands)
	return b.Bytes()
}
