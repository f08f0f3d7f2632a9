package game

import (
	"math/rand/v2"

	"github.com/mjrank/mjrank/sim/tile"
)

// Wall layout, four players. The first 52 tiles are the deal (13 per seat,
// the dealer's first), live draws follow from index 52, and the last 14 are
// the dead wall: four rinshan tiles, five dora indicators, five ura dora
// indicators. A kan moves the end of the live wall one tile forward, as the
// dead wall is replenished from it.
//
// Three players ([Layout3]) use the first 108 entries of a [Wall] the same
// way, and w[108:] holds [tile.NoTile]. The 108 tiles are the 136 without
// 2m..8m (tile ids 4..31: the only red five of man, 16, goes with them):
//
//	w[0:39]    the deal, 13 per seat, the dealer's first
//	w[39:94]   the live draws in order, 55 without replacement draws
//	w[94:98]   the first four replacement draws
//	w[98:103]  the dora indicators, in the order they are revealed
//	w[103:108] the ura dora indicators, under them
//
// A replacement draw follows each kan and each North set aside (kita), in
// the order they are made, kans and kitas counted together; a round has at
// most 4 kans and 4 kitas, so 8 replacement draws. Each one moves the end
// of the live wall one tile forward: after R of them the last live draw is
// w[93-R], so 55−R live draws. The k-th replacement draw (k = 0, 1, …)
// takes w[[Layout.Replacement](k)]:
//
//	k      0   1   2   3   4   5   6   7
//	index 94  95  96  97  93  92  91  90
//
// that is the four rinshan tiles, then the tiles that moved from the live
// wall's end into the dead wall, the first moved first. The dead wall so
// always holds 14 tiles. Only a kan reveals a dora indicator; a kita does
// not. Four players use the same rule with k < 4.
const (
	DealSize     = 52
	DeadWallSize = 14
	RinshanIndex = tile.NumTiles - DeadWallSize // 122..125: rinshan draws
	DoraIndex    = RinshanIndex + 4             // 126..130: dora indicators
	UraIndex     = DoraIndex + 5                // 131..135: ura indicators
	// LiveTiles is the number of live draws in a round without kans.
	LiveTiles = RinshanIndex - DealSize
)

// Layout is where the parts of a wall lie for a number of players; see
// the layout above.
type Layout struct {
	Players int
	Tiles   int // tiles in play: w[:Tiles]; the rest are NoTile
	Deal    int // the deal, w[:Deal]
	Rinshan int // the first replacement draw
	Dora    int // the first dora indicator
	Ura     int // the first ura dora indicator
	// MaxReplacements is how many replacement draws a round can have: 4
	// kans, plus 4 kitas with three players.
	MaxReplacements int
}

// Layout4 and Layout3 are the layouts of a four- and a three-player wall.
var (
	Layout4 = Layout{Players: 4, Tiles: tile.NumTiles, Deal: DealSize,
		Rinshan: RinshanIndex, Dora: DoraIndex, Ura: UraIndex, MaxReplacements: 4}
	Layout3 = Layout{Players: 3, Tiles: tiles3, Deal: 39,
		Rinshan: tiles3 - DeadWallSize, Dora: tiles3 - DeadWallSize + 4,
		Ura: tiles3 - DeadWallSize + 9, MaxReplacements: 8}
)

// tiles3 is the number of tiles of a three-player game.
const tiles3 = tile.NumTiles - 7*4

// LayoutFor returns the layout for 3 players, else the four-player one.
func LayoutFor(players int) Layout {
	if players == 3 {
		return Layout3
	}
	return Layout4
}

// layoutOf is LayoutFor without the copy.
func layoutOf(players int) *Layout {
	if players == 3 {
		return &Layout3
	}
	return &Layout4
}

// Replacement returns the wall index of the k-th replacement draw of a
// round (k = 0 for the first), 0 <= k < MaxReplacements.
func (l *Layout) Replacement(k int) int { return replacementIndex(l.Rinshan, k) }

// replacementIndex is [Layout.Replacement] for the first replacement draw
// at wall index rinshan.
func replacementIndex(rinshan, k int) int {
	if k < 4 {
		return rinshan + k
	}
	return rinshan + 3 - k
}

// LiveEnd returns the wall index after the last live draw once r
// replacement draws have been made.
func (l *Layout) LiveEnd(r int) int { return l.Rinshan - r }

// LiveTiles returns the number of live draws in a round without
// replacement draws: 70, or 55 with three players.
func (l *Layout) LiveTiles() int { return l.Rinshan - l.Deal }

// InPlay reports whether tile t is used with l.Players players: every tile
// with four; with three, none of 2m..8m.
func (l *Layout) InPlay(t tile.Tile) bool {
	return t.Valid() && (l.Players != 3 || t.Kind().InSanma())
}

// Wall is the order of the tiles for one round (see the layout above).
type Wall [tile.NumTiles]tile.Tile

// NewWall shuffles a four-player wall from a seed and the round it is for:
// the same (seed, round, honba) always gives the same wall. It draws from
// Stream(seed, round, honba).
func NewWall(seed uint64, round, honba int) Wall {
	return NewWallFor(4, seed, round, honba)
}

// NewWallFor shuffles a wall for the number of players (3, else 4) as
// [NewWall] does; NewWallFor(4, …) is NewWall(…). A three-player wall
// holds its 108 tiles in w[:108] and NoTile after them.
func NewWallFor(players int, seed uint64, round, honba int) Wall {
	l := LayoutFor(players)
	var w Wall
	n := 0
	for i := range tile.NumTiles {
		if t := tile.Tile(i); l.InPlay(t) {
			w[n] = t
			n++
		}
	}
	for i := n; i < len(w); i++ {
		w[i] = tile.NoTile
	}
	src := Stream(seed, uint64(round), uint64(uint32(honba)))
	rand.New(&src).Shuffle(n, func(i, j int) { w[i], w[j] = w[j], w[i] })
	return w
}

// Valid reports whether w is a four-player wall: each of the 136 tiles
// exactly once.
func (w *Wall) Valid() bool { return w.ValidFor(4) }

// ValidFor reports whether w is a wall for the number of players (3, else
// 4): each tile in play exactly once in w[:Tiles], NoTile after.
func (w *Wall) ValidFor(players int) bool {
	l := LayoutFor(players)
	var seen [tile.NumTiles]bool
	for i, t := range w {
		if i >= l.Tiles {
			if t != tile.NoTile {
				return false
			}
			continue
		}
		if !l.InPlay(t) || seen[t] {
			return false
		}
		seen[t] = true
	}
	return true
}
