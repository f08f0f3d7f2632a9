package hand

import (
	"math/bits"

	"github.com/mjrank/mjrank/sim/tile"
)

// Ukeire returns, for c, a hand of 3n+1 concealed tiles, its shanten (the
// least over the forms that apply, as [Shanten]), the kinds whose draw lowers
// it, and how many tiles of those kinds are unseen: for each, 4 minus the
// copies in c minus the copies in visible (tiles seen elsewhere: discards,
// melds, dora indicators), floored at 0. A kind appears in tiles even when
// none is unseen; a kind c holds four of never does. visible may be nil.
//
// For other tile counts it returns [NoShanten], 0, 0. It does not allocate.
func Ukeire(c *tile.Counts, visible *tile.Counts) (shanten int8, tiles tile.KindSet, count int) {
	s, tiles, ok := ukeire(c)
	if !ok {
		return NoShanten, 0, 0
	}
	return s, tiles, unseen(c, visible, tiles)
}

// ukeire returns the shanten of c (3n+1 tiles) and the kinds whose draw
// lowers it; ok is false for other tile counts.
func ukeire(c *tile.Counts) (shanten int8, tiles tile.KindSet, ok bool) {
	total := tileCount(c)
	if total%3 != 1 || total > 13 {
		return NoShanten, 0, false
	}
	var st suitState
	st.load(c)
	var g grown
	for s := range 3 {
		st.grow(&g, s)
	}
	s, tiles := ukeireOf(c, &st, &g, total/3)
	return s, tiles, true
}

// ukeireOf does the work of ukeire for c of 3n+1 tiles, described by st and
// g.
func ukeireOf(c *tile.Counts, st *suitState, g *grown, n int) (shanten int8, tiles tile.KindSet) {
	w0, w1, w2, w3, w4 := words(c)
	normal, chi, kok := formShanten(c, st, n)
	s := min(normal, chi, kok)
	// A draw changes each form's shanten by at most one, so it lowers the
	// least exactly when it lowers a form that attains it.
	if normal == s {
		tiles = st.drawsTo(c, g, n, normal, allKinds&^fours(w0, w1, w2, w3, w4))
	}
	if chi == s || kok == s {
		once, twice := kindMasks(w0, w1, w2, w3, w4)
		absent := allKinds &^ once
		if chi == s {
			// A single becomes a pair; with fewer than seven kinds, any new
			// kind helps too.
			tiles |= once &^ twice
			if once.Len() < 7 {
				tiles |= absent
			}
		}
		if kok == s {
			// A missing terminal or honour; or, with no pair of them yet, a
			// second copy of one held.
			if twice&yaochuuKinds == 0 {
				tiles |= once & yaochuuKinds
			}
			tiles |= absent & yaochuuKinds
		}
	}
	return int8(s), tiles
}

// allKinds holds the 34 kinds.
const allKinds tile.KindSet = 1<<tile.NumKinds - 1

// unseen returns the number of tiles of the kinds ks that are neither in c
// nor in visible (which may be nil), each kind floored at 0.
func unseen(c, visible *tile.Counts, ks tile.KindSet) int {
	if visible == nil {
		visible = &noTiles
	}
	n := 0
	for ; ks != 0; ks &= ks - 1 {
		k := bits.TrailingZeros64(uint64(ks)) % tile.NumKinds
		n += max(0, 4-int(c[k])-int(visible[k]))
	}
	return n
}

// noTiles stands for a nil visible.
var noTiles tile.Counts

// unseenByKind returns, for each kind, 4 minus its copies in c and in
// visible (which may be nil), floored at 0.
func unseenByKind(c, visible *tile.Counts) tile.Counts {
	if visible == nil {
		visible = &noTiles
	}
	var left tile.Counts
	for k, v := range c {
		left[k] = uint8(max(0, 4-int(v)-int(visible[k])))
	}
	return left
}

// sumOver returns the sum of left over the kinds ks.
func sumOver(left *tile.Counts, ks tile.KindSet) int {
	n := 0
	for ; ks != 0; ks &= ks - 1 {
		n += int(left[bits.TrailingZeros64(uint64(ks))%tile.NumKinds])
	}
	return n
}

// Discard is one choice of discard from a hand of 3n+2 tiles and what the
// remaining 3n+1 tiles then accept (see [Ukeire]).
type Discard struct {
	Kind    tile.Kind    // the kind discarded
	Shanten int8         // shanten of the remaining hand
	Tiles   tile.KindSet // kinds that lower it
	Count   int          // unseen tiles of those kinds
}

// Discards appends to dst one [Discard] per distinct kind in c, a hand of 3n+2
// concealed tiles, and returns the extended slice, the new entries sorted
// best first: lower shanten, then higher Count, then lower Kind. Unseen
// counts subtract the whole hand c (the discarded tile included, since it
// goes to the discards where everyone sees it) and visible, which may be nil.
//
// For other tile counts nothing is appended. With a dst of spare capacity
// 14 it does not allocate.
func Discards(c *tile.Counts, visible *tile.Counts, dst []Discard) []Discard {
	total := tileCount(c)
	if total%3 != 2 || total > 14 {
		return dst
	}
	start := len(dst)
	// The suits' state and grown classes of the whole hand; a discard
	// changes one suit's.
	var st0 suitState
	st0.load(c)
	var g0 grown
	for s := range 3 {
		st0.grow(&g0, s)
	}
	left := unseenByKind(c, visible)
	w := *c
	for k, v := range w {
		if v == 0 {
			continue
		}
		w[k]--
		st, g := st0.without(k, v), g0
		if k < int(tile.East) {
			st.grow(&g, k/9)
		}
		s, tiles := ukeireOf(&w, &st, &g, total/3)
		w[k]++
		d := Discard{Kind: tile.Kind(k), Shanten: s, Tiles: tiles, Count: sumOver(&left, tiles)}
		// Insertion sort: at most 14 entries.
		i := len(dst)
		dst = append(dst, d)
		for ; i > start && better(&d, &dst[i-1]); i-- {
			dst[i] = dst[i-1]
		}
		dst[i] = d
	}
	return dst
}

// without returns st less one tile of kind k, of which the hand holds v.
func (st suitState) without(k int, v uint8) suitState {
	if s, j := k/9, k%9; k < int(tile.East) {
		st.lo[s] -= loStep[j]
		st.hi[s] -= hiStep[j]
		st.cls[s] = suitClassOf(st.lo[s], st.hi[s])
	} else {
		st.key += int(honorWeight[v-1]) - int(honorWeight[v])
		st.cls[3] = honorClass[st.key&(honorKeys-1)]
	}
	return st
}

// BestDiscard returns the entry [Discards] sorts first for c and visible
// (the least shanten, then the most unseen tiles that lower it, then the
// lowest kind), and false when c is not a hand of 3n+2 concealed tiles.
// It finds the least shanten first and works out the draws only of the
// discards that reach it, which costs less than Discards where the others
// are not needed (the policy's look-ahead asks it for every draw after
// every candidate discard). It does not allocate.
func BestDiscard(c, visible *tile.Counts) (Discard, bool) {
	total := tileCount(c)
	if total%3 != 2 || total > 14 {
		return Discard{}, false
	}
	n := total / 3
	var st0 suitState
	st0.load(c)
	// The shanten after each discard (NoShanten for a kind not held).
	var sh [tile.NumKinds]int8
	least := int8(NoShanten)
	w := *c
	for k, v := range w {
		sh[k] = NoShanten
		if v == 0 {
			continue
		}
		st := st0.without(k, v)
		w[k]--
		normal, chi, kok := formShanten(&w, &st, n)
		w[k]++
		sh[k] = int8(min(normal, chi, kok))
		least = min(least, sh[k])
	}
	var g0 grown
	for s := range 3 {
		st0.grow(&g0, s)
	}
	left := unseenByKind(c, visible)
	best := Discard{Count: -1}
	for k, s := range sh {
		if s != least {
			continue
		}
		st, g := st0.without(k, c[k]), g0
		if k < int(tile.East) {
			st.grow(&g, k/9)
		}
		w[k]--
		s, tiles := ukeireOf(&w, &st, &g, n)
		w[k]++
		// Kinds come in order: a tie keeps the lower.
		if cnt := sumOver(&left, tiles); cnt > best.Count {
			best = Discard{Kind: tile.Kind(k), Shanten: s, Tiles: tiles, Count: cnt}
		}
	}
	return best, true
}

// formShanten returns the shanten of c (3n+1 tiles, described by st) in
// each form: the normal one, and chiitoitsu and kokushi for a closed hand
// of 13 (NoShanten otherwise).
func formShanten(c *tile.Counts, st *suitState, n int) (normal, chi, kok int) {
	normal, chi, kok = st.distance(n)-1, NoShanten, NoShanten
	if n == 4 {
		chi, kok = specialForms(words(c))
	}
	return normal, chi, kok
}

// better reports whether a sorts before b in [Discards].
func better(a, b *Discard) bool {
	if a.Shanten != b.Shanten {
		return a.Shanten < b.Shanten
	}
	if a.Count != b.Count {
		return a.Count > b.Count
	}
	return a.Kind < b.Kind
}
