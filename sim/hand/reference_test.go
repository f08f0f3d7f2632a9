package hand

import (
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

// This file checks the table-driven functions against slow, independent
// references on many seeded random hands of every size.

// refDistance returns the least number of tiles that must be added to c so
// that it contains n sets and a pair with at most four tiles of a kind. It is
// a dynamic programme over the kinds in order, unrelated to the tables: the
// state is the number of sequences started one and two kinds back (they
// need a tile here), the sets placed and whether the pair is placed.
func refDistance(c *tile.Counts, n int) int {
	const inf = 1 << 20
	type dp [5][5][5][2]int // [back1][back2][sets][pair]
	var cur dp
	fill := func(d *dp) {
		for a := range d {
			for b := range d[a] {
				for s := range d[a][b] {
					d[a][b][s] = [2]int{inf, inf}
				}
			}
		}
	}
	fill(&cur)
	cur[0][0][0][0] = 0
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		var next dp
		fill(&next)
		maxSeq := 0
		if !k.IsHonor() && k.Number() <= 7 {
			maxSeq = 4
		}
		for b1 := range 5 {
			for b2 := range 5 {
				for sets := 0; sets <= n; sets++ {
					for pair := range 2 {
						cost := cur[b1][b2][sets][pair]
						if cost >= inf {
							continue
						}
						for trip := 0; trip <= 1; trip++ {
							for p := 0; p <= 1-pair; p++ {
								for seq := 0; seq <= maxSeq; seq++ {
									need := b1 + b2 + 3*trip + 2*p + seq
									ns := sets + trip + seq
									if need > 4 || ns > n {
										break
									}
									add := max(0, need-int(c[k]))
									e := &next[seq][b1][ns][pair+p]
									*e = min(*e, cost+add)
								}
							}
						}
					}
				}
			}
		}
		cur = next
	}
	return cur[0][0][n][1]
}

// refForms returns the shanten of every form the slow way.
func refForms(c *tile.Counts) Forms {
	f := Forms{NoShanten, NoShanten, NoShanten}
	total := c.Total()
	if total%3 == 0 || total > 14 {
		return f
	}
	f.Normal = int8(refDistance(c, total/3) - 1)
	if total < 13 {
		return f
	}
	kinds, pairs, orphans, orphanPair := 0, 0, 0, false
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		v := c[k]
		if v >= 1 {
			kinds++
		}
		if v >= 2 {
			pairs++
		}
		if k.IsTerminalOrHonor() && v >= 1 {
			orphans++
			if v >= 2 {
				orphanPair = true
			}
		}
	}
	f.Chiitoitsu = int8(6 - pairs + max(0, 7-kinds))
	f.Kokushi = int8(13 - orphans)
	if orphanPair {
		f.Kokushi--
	}
	return f
}

// testPools adds, to the benchmark pools, five kinds of one suit (quads
// everywhere) and the 789 of two suits with two honours, for awkward shapes.
var testPools = append(pools[:len(pools):len(pools)],
	0x1f<<tile.Sou1, // 1s..5s
	0x1c0|0x1c0<<9|(1<<tile.East|1<<tile.Haku), // 789m 789p E P
)

// randomComplete returns a random complete hand of n sets and a pair (with
// at most four of a kind) drawn from the kinds of pool.
func randomComplete(r *rand.Rand, n int, pool tile.KindSet) tile.Counts {
	var ks []tile.Kind
	for k := range pool.Kinds {
		ks = append(ks, k)
	}
	for {
		var c tile.Counts
		ok := true
		c[ks[r.IntN(len(ks))]] += 2
		for range n {
			k := ks[r.IntN(len(ks))]
			if r.IntN(2) == 0 && !k.IsHonor() && k.Number() <= 7 {
				c[k]++
				c[k+1]++
				c[k+2]++
			} else {
				c[k] += 3
			}
		}
		for _, v := range c {
			if v > 4 {
				ok = false
			}
		}
		if ok {
			return c
		}
	}
}

// removeRandom removes one random tile of c.
func removeRandom(r *rand.Rand, c *tile.Counts) {
	i := r.IntN(c.Total())
	for k, v := range c {
		if i < int(v) {
			c[k]--
			return
		}
		i -= int(v)
	}
}

// randomHands returns seeded random hands of every size 1..14: from the
// pools, and complete or one-short hands.
func randomHands(t *testing.T, perSize int) []tile.Counts {
	r := rand.New(rand.NewPCG(7, 11))
	var hs []tile.Counts
	for size := 1; size <= 14; size++ {
		for i := range perSize {
			pool := testPools[i%len(testPools)]
			switch {
			case size%3 == 2 && i%4 == 0:
				hs = append(hs, randomComplete(r, size/3, pool))
			case size%3 == 1 && i%4 == 0:
				c := randomComplete(r, size/3, pool)
				removeRandom(r, &c)
				hs = append(hs, c)
			default:
				hs = append(hs, randomHand(r, size, pool))
			}
		}
	}
	if testing.Short() {
		t.Logf("%d random hands (more without -short)", len(hs))
	}
	return hs
}

func perSize() int {
	if testing.Short() {
		return 150
	}
	return 600
}

func TestShantenAgainstReference(t *testing.T) {
	for _, c := range randomHands(t, perSize()) {
		want := refForms(&c)
		if got := ShantenForms(&c); got != want {
			t.Errorf("%v (%d tiles): ShantenForms = %+v, reference %+v", c, c.Total(), got, want)
			continue
		}
		if got, want := ShantenNormal(&c), int(want.Normal); got != want {
			t.Errorf("%v: ShantenNormal = %d, want %d", c, got, want)
		}
		if got, want := Shanten(&c), want.Min(); got != want {
			t.Errorf("%v: Shanten = %d, want %d", c, got, want)
		}
	}
}

// refWaits tries every kind, a fifth copy included.
func refWaits(c *tile.Counts) (waits, ownAll tile.KindSet) {
	if c.Total()%3 != 1 {
		return 0, 0
	}
	for k := range c {
		x := *c
		x[k]++
		if IsAgari(&x) {
			waits |= 1 << k
			if c[k] == 4 {
				ownAll |= 1 << k
			}
		}
	}
	return waits, ownAll
}

func TestWaitsAgainstReference(t *testing.T) {
	tenpai := 0
	for _, c := range randomHands(t, perSize()) {
		wantW, wantO := refWaits(&c)
		w, o := WaitInfo(&c)
		if w != wantW || o != wantO {
			t.Errorf("%v: WaitInfo = %v, %v; want %v, %v", c, w, o, wantW, wantO)
		}
		if c.Total()%3 == 1 {
			if (refForms(&c).Min() == 0) != (w&^o != 0) {
				t.Errorf("%v: shanten %d but waits %v, own %v", c, refForms(&c).Min(), w, o)
			}
			if w != 0 {
				tenpai++
			}
		}
	}
	if tenpai < 100 {
		t.Errorf("only %d hands with waits; the test needs more", tenpai)
	}
}

func TestUkeireAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for _, c := range randomHands(t, perSize()/3) {
		var visible tile.Counts
		for k := range visible {
			visible[k] = uint8(r.IntN(5))
		}
		s, tiles, count := Ukeire(&c, &visible)
		if c.Total()%3 != 1 {
			if s != NoShanten || tiles != 0 || count != 0 {
				t.Errorf("%v: Ukeire of %d tiles = %d %v %d", c, c.Total(), s, tiles, count)
			}
			continue
		}
		want := refForms(&c).Min()
		var wantTiles tile.KindSet
		wantCount := 0
		for k := range c {
			if c[k] == 4 {
				continue
			}
			x := c
			x[k]++
			if refForms(&x).Min() < want {
				wantTiles |= 1 << k
				wantCount += max(0, 4-int(c[k])-int(visible[k]))
			}
		}
		if int(s) != want || tiles != wantTiles || count != wantCount {
			t.Errorf("%v: Ukeire = %d %v %d, want %d %v %d", c, s, tiles, count, want, wantTiles, wantCount)
		}
	}
}

func TestDiscardsAgainstUkeire(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 3))
	for _, c := range randomHands(t, perSize()/3) {
		if c.Total()%3 != 2 {
			if ds := Discards(&c, nil, nil); len(ds) != 0 {
				t.Errorf("%v: %d discards for %d tiles", c, len(ds), c.Total())
			}
			continue
		}
		var visible tile.Counts
		for k := range visible {
			visible[k] = uint8(r.IntN(3))
		}
		ds := Discards(&c, &visible, make([]Discard, 1, 15))[1:]
		kinds := 0
		for k, v := range c {
			if v == 0 {
				continue
			}
			kinds++
			x := c
			x[k]--
			s, tiles, _ := Ukeire(&x, nil)
			want := Discard{Kind: tile.Kind(k), Shanten: s, Tiles: tiles, Count: unseen(&c, &visible, tiles)}
			found := false
			for _, d := range ds {
				if d.Kind == tile.Kind(k) {
					found = true
					if d != want {
						t.Errorf("%v: discard %v = %+v, want %+v", c, tile.Kind(k), d, want)
					}
				}
			}
			if !found {
				t.Errorf("%v: no discard %v", c, tile.Kind(k))
			}
		}
		if len(ds) != kinds {
			t.Errorf("%v: %d discards, want %d", c, len(ds), kinds)
		}
		for i := 1; i < len(ds); i++ {
			if !better(&ds[i-1], &ds[i]) {
				t.Errorf("%v: discards out of order: %+v before %+v", c, ds[i-1], ds[i])
			}
		}
	}
}
