package hand

import (
	"encoding/binary"
	"math/bits"

	"github.com/mjrank/mjrank/sim/tile"
)

// NoShanten is the shanten reported for a form that does not apply to the
// number of tiles held: chiitoitsu and kokushi with other than 13 or 14
// concealed tiles, and every form with a multiple of three tiles or more than
// 14. It is the largest int8, so the least over the forms ignores it.
const NoShanten = 127

// Forms holds a hand's shanten in each form; a form that does not apply is
// [NoShanten].
type Forms struct {
	Normal     int8 // four sets (fewer with called melds) and a pair
	Chiitoitsu int8 // seven distinct pairs
	Kokushi    int8 // thirteen orphans
}

// Min returns the least of the three, the hand's shanten.
func (f Forms) Min() int { return int(min(f.Normal, f.Chiitoitsu, f.Kokushi)) }

// ShantenNormal returns the shanten of c in the normal form: n sets and a
// pair from 3n+1 or 3n+2 concealed tiles (n ≤ 4; 4-n melds are called). It
// is exact (see the package doc): -1 for a complete hand, 0 for tenpai, and
// a hand whose only wait is a fifth copy of a kind it holds four of is not
// tenpai. With a multiple of three tiles or more than 14 it returns
// [NoShanten]. If a count exceeds four the result is meaningless and the call
// may panic.
func ShantenNormal(c *tile.Counts) int {
	total := tileCount(c)
	n := total / 3
	if total%3 == 0 || n > 4 {
		return NoShanten
	}
	return normalDistance(c, n) - 1
}

// ShantenChiitoitsu returns the shanten of c towards seven distinct pairs: 6
// minus the kinds held twice or more, plus one for each kind short of seven
// distinct. As on Tenhou, four of a kind counts as one pair. The form needs
// 13 or 14 concealed tiles; for other counts it returns [NoShanten].
func ShantenChiitoitsu(c *tile.Counts) int { return int(ShantenForms(c).Chiitoitsu) }

// ShantenKokushi returns the shanten of c towards thirteen orphans: 13 minus
// the distinct terminals and honours held, minus one if one of them is held
// twice or more. The form needs 13 or 14 concealed tiles; for other counts it
// returns [NoShanten].
func ShantenKokushi(c *tile.Counts) int { return int(ShantenForms(c).Kokushi) }

// Shanten returns the least shanten of c over the forms that apply to its
// tile count ([ShantenForms]), or [NoShanten] if none does.
func Shanten(c *tile.Counts) int { return ShantenForms(c).Min() }

// ShantenForms returns the shanten of c in each form, as [ShantenNormal],
// [ShantenChiitoitsu] and [ShantenKokushi] do. It does not allocate; the
// tables it reads are decoded on first use.
func ShantenForms(c *tile.Counts) Forms {
	// Five words of eight counts; each count fits in three bits.
	w0, w1, w2, w3, w4 := words(c)
	// The byte sums stay below 256 for counts of at most four.
	total := int(((w0 + w1 + w2 + w3 + w4) * lsb) >> 56)
	n := total / 3
	f := Forms{NoShanten, NoShanten, NoShanten}
	if total%3 == 0 || n > 4 {
		return f
	}
	f.Normal = int8(normalDistance(c, n) - 1)
	if n == 4 {
		chi, kok := specialForms(w0, w1, w2, w3, w4)
		f.Chiitoitsu, f.Kokushi = int8(chi), int8(kok)
	}
	return f
}

// suitState is what the tables need of a hand: for each suited suit the
// base-5 numbers of the counts of its kinds 1..5 (lo) and 6..9 (hi), the
// classes of the three suits and of the honours, and the honour key.
type suitState struct {
	lo, hi [3]int
	cls    [4]uint8
	key    int
}

func (st *suitState) load(c *tile.Counts) {
	tablesOnce.Do(loadTables)
	for s := range 3 {
		d := (*[9]uint8)(c[9*s : 9*s+9])
		st.lo[s] = int(d[0]) + 5*int(d[1]) + 25*int(d[2]) + 125*int(d[3]) + 625*int(d[4])
		st.hi[s] = int(d[5]) + 5*int(d[6]) + 25*int(d[7]) + 125*int(d[8])
		st.cls[s] = suitClassOf(st.lo[s], st.hi[s])
	}
	st.key = honorKey((*[7]uint8)(c[tile.East:]))
	st.cls[3] = honorClass[st.key]
}

func suitClassOf(lo, hi int) uint8 {
	return suitClass[int(rankHi[hi])+int(rankLo[lo])]
}

// plus returns the class of classes[x] ⊕ suited class s.
func plus(x, s uint8) uint8 { return comb[int(x)*suitStride+int(s&(suitStride-1))] }

// distanceWith returns the distance to n sets and a pair of the sum of
// classes[x] and honour class h.
func distanceWith(n int, x, h uint8) int {
	return int(final[n][int(x)*honorStride+int(h&(honorStride-1))])
}

// distance returns the least number of tiles to add for n sets and a pair.
func (st *suitState) distance(n int) int {
	return distanceWith(n, plus(plus(st.cls[0], st.cls[1]), st.cls[2]), st.cls[3])
}

// grown holds, for each suited kind k, the class of k's suit with one more
// tile of k (meaningless where the suit holds four k). It has 32 entries so
// that any five-bit index is in range.
type grown [32]uint8

// grow fills the entries of suit s in g.
func (st *suitState) grow(g *grown, s int) {
	lo, hi := st.lo[s%3], st.hi[s%3]
	e := (*[9]uint8)(g[9*(s%3):])
	for j := range e {
		e[j] = suitClassOf(lo+loStep[j], hi+hiStep[j])
	}
}

// drawsTo returns the kinds k in cand such that c plus one k is at distance
// want from n sets and a pair; st describes c and g its grown classes, and
// cand must exclude the kinds c holds four of.
func (st *suitState) drawsTo(c *tile.Counts, g *grown, n, want int, cand tile.KindSet) tile.KindSet {
	var ks tile.KindSet
	fin := &final[n]
	h := int(st.cls[3] & (honorStride - 1))
	// For each suit, the other two together.
	rest := [4]uint8{plus(st.cls[1], st.cls[2]), plus(st.cls[0], st.cls[2]), plus(st.cls[0], st.cls[1])}
	for m := cand & suitedKinds; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(uint64(m)) & 31
		x := plus(rest[k/9], g[k])
		// Without a branch: the outcome is a coin toss.
		miss := uint64(int(fin[int(x)*honorStride+h]) ^ want)
		ks |= tile.KindSet((miss-1)>>63) << k
	}
	if m := cand &^ suitedKinds; m != 0 {
		x := plus(rest[2], st.cls[2])
		for ; m != 0; m &= m - 1 {
			k := bits.TrailingZeros64(uint64(m))
			v := c[k%tile.NumKinds] & 3
			key := st.key - int(honorWeight[v]) + int(honorWeight[v+1])
			if distanceWith(n, x, honorClass[key&(honorKeys-1)]) == want {
				ks |= 1 << k
			}
		}
	}
	return ks
}

// suitedKinds holds the 27 suited kinds.
const suitedKinds tile.KindSet = 1<<tile.East - 1

// loStep and hiStep give the change in a suit's lo and hi numbers when one
// tile of its j-th kind is added.
var (
	loStep = [9]int{1, 5, 25, 125, 625, 0, 0, 0, 0}
	hiStep = [9]int{0, 0, 0, 0, 0, 1, 5, 25, 125}
)

// fours returns the kinds held four times or more, given c as five words.
func fours(w0, w1, w2, w3, w4 uint64) tile.KindSet {
	return gather(w0>>2&lsb) | gather(w1>>2&lsb)<<8 | gather(w2>>2&lsb)<<16 |
		gather(w3>>2&lsb)<<24 | gather(w4>>2&lsb)<<32
}

// normalDistance returns the least number of tiles to add to c for n sets
// and a pair.
func normalDistance(c *tile.Counts, n int) int {
	tablesOnce.Do(loadTables)
	m := suitClassAt((*[9]uint8)(c[0:9]))
	p := suitClassAt((*[9]uint8)(c[9:18]))
	s := suitClassAt((*[9]uint8)(c[18:27]))
	h := honorClass[honorKey((*[7]uint8)(c[27:34]))]
	return distanceWith(n, plus(plus(m, p), s), h)
}

// suitClassAt returns the class of the suited hand d.
func suitClassAt(d *[9]uint8) uint8 {
	lo := int(d[0]) + 5*int(d[1]) + 25*int(d[2]) + 125*int(d[3]) + 625*int(d[4])
	hi := int(d[5]) + 5*int(d[6]) + 25*int(d[7]) + 125*int(d[8])
	return suitClassOf(lo, hi)
}

// honorKey returns the honour key of the honours z (see honorWeight); it is
// below honorKeys.
func honorKey(z *[7]uint8) int {
	return (honorKeys - 1) & int(honorWeight[z[0]&7]+honorWeight[z[1]&7]+honorWeight[z[2]&7]+
		honorWeight[z[3]&7]+honorWeight[z[4]&7]+honorWeight[z[5]&7]+honorWeight[z[6]&7])
}

// specialForms returns the chiitoitsu and kokushi shanten of a hand given as
// five little-endian words of counts (kinds 0-7, 8-15, 16-23, 24-31, 32-33).
func specialForms(w0, w1, w2, w3, w4 uint64) (chiitoitsu, kokushi int) {
	// Gather the low bits of the five words' bytes into one word, word i at
	// bit i of each byte, and count them.
	h := held(w0) | held(w1)<<1 | held(w2)<<2 | held(w3)<<3 | held(w4)<<4
	p := paired(w0) | paired(w1)<<1 | paired(w2)<<2 | paired(w3)<<3 | paired(w4)<<4
	kinds, pairs := bits.OnesCount64(h), bits.OnesCount64(p)
	chiitoitsu = 6 - pairs + max(0, 7-kinds)
	kokushi = 13 - bits.OnesCount64(h&yaochuuBits)
	if p&yaochuuBits != 0 {
		kokushi--
	}
	return chiitoitsu, kokushi
}

// kindMasks returns the kinds held at least once and at least twice, given
// c as five words (see words).
func kindMasks(w0, w1, w2, w3, w4 uint64) (once, twice tile.KindSet) {
	once = gather(held(w0)) | gather(held(w1))<<8 | gather(held(w2))<<16 |
		gather(held(w3))<<24 | gather(held(w4))<<32
	twice = gather(paired(w0)) | gather(paired(w1))<<8 | gather(paired(w2))<<16 |
		gather(paired(w3))<<24 | gather(paired(w4))<<32
	return once, twice
}

// gather packs the low bits of the eight bytes of x (all other bits zero)
// into bits 0..7: byte j's bit lands at 56+j after the multiply, each
// partial product on its own bit, so nothing carries.
func gather(x uint64) tile.KindSet {
	return tile.KindSet((x * 0x0102040810204080) >> 56)
}

// words returns c as five little-endian words (kinds 0-7, 8-15, 16-23,
// 24-31, 32-33).
func words(c *tile.Counts) (w0, w1, w2, w3, w4 uint64) {
	return binary.LittleEndian.Uint64(c[0:8]), binary.LittleEndian.Uint64(c[8:16]),
		binary.LittleEndian.Uint64(c[16:24]), binary.LittleEndian.Uint64(c[24:32]),
		uint64(binary.LittleEndian.Uint16(c[32:34]))
}

// tileCount returns c.Total() quickly for counts of at most four.
func tileCount(c *tile.Counts) int {
	w0, w1, w2, w3, w4 := words(c)
	return int(((w0 + w1 + w2 + w3 + w4) * lsb) >> 56)
}

// lsb marks the low bit of every byte of a word.
const lsb = 0x0101010101010101

// yaochuuBits marks the terminals and honours in the gathered word of
// ShantenForms: kind 8i+j at bit 8j+i.
const yaochuuBits = 0x01<<0 | // 1m
	(0x0101)<<1 | // 9m 1p
	(0x010100)<<2 | // 9p 1s
	(0x0101010101010000)<<3 | // 9s E S W N P
	(0x0101)<<4 // F C

// held and paired mark, in the low bit of each byte of a word of counts, the
// kinds held at least once and at least twice (counts below eight).
func held(x uint64) uint64   { return (x | x>>1 | x>>2) & lsb }
func paired(x uint64) uint64 { return (x>>1 | x>>2) & lsb }
