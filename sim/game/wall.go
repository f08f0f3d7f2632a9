package game

import (
	"math/rand/v2"

	"github.com/mjrank/mjrank/sim/tile"
)

// Wall layout. The first 52 tiles are the deal (13 per seat, the dealer's
// first), live draws follow from index 52, and the last 14 are the dead wall:
// four rinshan tiles, five dora indicators, five ura dora indicators. A kan
// moves the end of the live wall one tile forward, as the dead wall is
// replenished from it.
const (
	DealSize     = 52
	DeadWallSize = 14
	RinshanIndex = tile.NumTiles - DeadWallSize // 122..125: rinshan draws
	DoraIndex    = RinshanIndex + 4             // 126..130: dora indicators
	UraIndex     = DoraIndex + 5                // 131..135: ura indicators
	// LiveTiles is the number of live draws in a round without kans.
	LiveTiles = RinshanIndex - DealSize
)

// Wall is the order of the 136 tiles for one round (see the layout above).
type Wall [tile.NumTiles]tile.Tile

// NewWall shuffles a wall from a seed and the round it is for: the same
// (seed, round, honba) always gives the same wall. It draws from
// Stream(seed, round, honba).
func NewWall(seed uint64, round, honba int) Wall {
	var w Wall
	for i := range w {
		w[i] = tile.Tile(i)
	}
	src := Stream(seed, uint64(round), uint64(uint32(honba)))
	rand.New(&src).Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	return w
}

// Valid reports whether w holds each of the 136 tiles exactly once.
func (w *Wall) Valid() bool {
	var seen [tile.NumTiles]bool
	for _, t := range w {
		if !t.Valid() || seen[t] {
			return false
		}
		seen[t] = true
	}
	return true
}
