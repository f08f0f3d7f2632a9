package hand

import (
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

// benchHands returns a fixed set of 4096 hands of n tiles: a quarter each
// from the whole wall, one suit with honours, one suit only, and the
// terminals and honours, so that branches see realistic variety.
func benchHands(n int) []tile.Counts {
	r := rand.New(rand.NewPCG(1, uint64(n)))
	hs := make([]tile.Counts, 4096)
	for i := range hs {
		hs[i] = randomHand(r, n, pools[i%len(pools)])
	}
	return hs
}

// pools are the kinds a random hand may draw from.
var pools = [...]tile.KindSet{
	1<<tile.NumKinds - 1,           // everything
	1<<9 - 1 | (1<<7-1)<<tile.East, // manzu and honours
	(1<<9 - 1) << tile.Pin1,        // pinzu only
	0x1<<0 | 0x1<<8 | 0x1<<9 | 0x1<<17 | // terminals and honours
		0x1<<18 | 0x1<<26 | (1<<7-1)<<tile.East,
}

// randomHand draws n tiles (n ≤ 14) from the four copies of each kind in
// pool, without replacement.
func randomHand(r *rand.Rand, n int, pool tile.KindSet) tile.Counts {
	var wall [tile.NumTiles]tile.Kind
	w := 0
	for k := range pool.Kinds {
		for range 4 {
			wall[w] = k
			w++
		}
	}
	var c tile.Counts
	for i := 0; i < n; i++ {
		j := i + r.IntN(w-i)
		wall[i], wall[j] = wall[j], wall[i]
		c[wall[i]]++
	}
	return c
}

var sink int

func BenchmarkShantenForms14(b *testing.B) {
	hs := benchHands(14)
	b.ReportAllocs()
	s := 0
	for i := 0; b.Loop(); i++ {
		f := ShantenForms(&hs[i&4095])
		s += int(f.Normal) + int(f.Chiitoitsu) + int(f.Kokushi)
	}
	sink = s
}

func BenchmarkShantenNormal(b *testing.B) {
	hs := benchHands(14)
	b.ReportAllocs()
	s := 0
	for i := 0; b.Loop(); i++ {
		s += ShantenNormal(&hs[i&4095])
	}
	sink = s
}

// benchTenpai returns 4096 hands of 13 tiles, each a random complete hand
// less one tile: mostly tenpai, with varied waits.
func benchTenpai() []tile.Counts {
	r := rand.New(rand.NewPCG(2, 13))
	hs := make([]tile.Counts, 4096)
	for i := range hs {
		hs[i] = randomComplete(r, 4, pools[i%len(pools)])
		removeRandom(r, &hs[i])
	}
	return hs
}

// benchComplete returns 4096 complete hands of 14 tiles.
func benchComplete() []tile.Counts {
	r := rand.New(rand.NewPCG(3, 14))
	hs := make([]tile.Counts, 4096)
	for i := range hs {
		hs[i] = randomComplete(r, 4, pools[i%len(pools)])
	}
	return hs
}

func BenchmarkWaits(b *testing.B) {
	hs := benchTenpai()
	b.ReportAllocs()
	var s tile.KindSet
	for i := 0; b.Loop(); i++ {
		s ^= Waits(&hs[i&4095])
	}
	sink = int(s)
}

func BenchmarkUkeire(b *testing.B) {
	hs := benchHands(13)
	var visible tile.Counts
	b.ReportAllocs()
	s := 0
	for i := 0; b.Loop(); i++ {
		_, _, n := Ukeire(&hs[i&4095], &visible)
		s += n
	}
	sink = s
}

func BenchmarkDiscards(b *testing.B) {
	hs := benchHands(14)
	var visible tile.Counts
	var buf [14]Discard
	b.ReportAllocs()
	s := 0
	for i := 0; b.Loop(); i++ {
		s += len(Discards(&hs[i&4095], &visible, buf[:0]))
	}
	sink = s
}

func BenchmarkBestDiscard(b *testing.B) {
	hs := benchHands(14)
	var visible tile.Counts
	b.ReportAllocs()
	s := 0
	for i := 0; b.Loop(); i++ {
		d, _ := BestDiscard(&hs[i&4095], &visible)
		s += d.Count
	}
	sink = s
}

func BenchmarkDecompose(b *testing.B) {
	hs := benchComplete()
	var buf [MaxDecompositions]Decomposition
	b.ReportAllocs()
	s := 0
	for i := 0; b.Loop(); i++ {
		s += len(Decompose(&hs[i&4095], buf[:0]))
	}
	sink = s
}
