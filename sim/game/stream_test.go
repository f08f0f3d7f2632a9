package game

import (
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

// legacyWall is NewWall as it was written before Stream existed.
func legacyWall(seed uint64, round, honba int) Wall {
	var w Wall
	for i := range w {
		w[i] = tile.Tile(i)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(round)<<32|uint64(uint32(honba))^0x9e3779b97f4a7c15))
	rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	return w
}

// TestNewWallKeepsItsShuffle compares NewWall with the formula it used
// before Stream existed, and pins a hash of many walls: arena results, the
// bench signature and the figures in docs/STRENGTH.md depend on them.
func TestNewWallKeepsItsShuffle(t *testing.T) {
	h := fnv.New64a()
	for seed := range uint64(50) {
		for round := range 12 {
			for honba := range 4 {
				w := NewWall(seed, round, honba)
				if w != legacyWall(seed, round, honba) {
					t.Fatalf("NewWall(%d, %d, %d) is not the wall it was", seed, round, honba)
				}
				for _, x := range w {
					h.Write([]byte{byte(x)})
				}
			}
		}
	}
	// A seed with high bits and large keys too.
	for _, k := range [][3]int{{1 << 40, 7, 3}, {12345678901, 1 << 20, 1 << 20}} {
		if NewWall(uint64(k[0]), k[1], k[2]) != legacyWall(uint64(k[0]), k[1], k[2]) {
			t.Errorf("NewWall%v is not the wall it was", k)
		}
	}
	const want = 0x258fca533b379061
	if got := h.Sum64(); got != want {
		t.Errorf("hash of 2,400 walls %#x, want %#x", got, uint64(want))
	}
}

// TestStreamKeys checks that keys differing in any word, high bits
// included, give different streams, and that a key always gives the same.
func TestStreamKeys(t *testing.T) {
	keys := [][3]uint64{
		{1, 0, 0}, {2, 0, 0}, {1, 1, 0}, {1, 0, 1},
		{1, 1 << 32, 0}, {1, 0, 1 << 32}, {1, 1 << 32, 1 << 32}, {1, 1<<32 + 1, 0},
		{1, 1<<63 | 5, 9}, {1, 5, 1<<63 | 9},
	}
	seen := map[uint64][3]uint64{}
	for _, k := range keys {
		s := Stream(k[0], k[1], k[2])
		again := Stream(k[0], k[1], k[2])
		x := s.Uint64()<<1 ^ s.Uint64()
		if y := again.Uint64()<<1 ^ again.Uint64(); x != y {
			t.Errorf("key %v gave two streams", k)
		}
		if o, dup := seen[x]; dup {
			t.Errorf("keys %v and %v give the same stream", o, k)
		}
		seen[x] = k
	}
}

func TestStreamAllocates(t *testing.T) {
	var sink uint64
	n := testing.AllocsPerRun(100, func() {
		s := Stream(1, 2, 3)
		sink += s.Uint64()
	})
	if n != 0 {
		t.Errorf("Stream allocates %v times", n)
	}
	_ = sink
}
