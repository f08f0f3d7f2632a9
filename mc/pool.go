package mc

import (
	"math"
	"math/rand/v2"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// The pool of unseen tiles is drawn in order: the seat's and the
// opponents' draws from its start, the dead wall's indicators from its
// end (kanDoraAt, the ura dora); the tiles no draw reaches stand for the
// opponents' concealed hands. A uniform shuffle puts every unseen tile in
// the wall alike, but players keep the middle kinds and throw honours
// (opponent.HeldRatio): the wall holds fewer of the unseen copies of a
// tenpai hand's waits than a uniform split gives, and a rollout on a
// uniform pool draws its seat's waits too often (docs/ENGINE.md,
// "The seat's own play in the rollout"). The weighted pool orders the shuffled tiles by
// successive weighted picks, each tile weighted by its class (setPoolWeights).

// minPoolWeight keeps a class's weight positive when the opponents hold
// nearly all its unseen tiles.
const minPoolWeight = 0.05

// setPoolWeights weights the pool for the learned rollout (unless
// o.UniformPool, or with the oracle's truth, whose pool holds the wall
// alone). An unseen tile of class c should lie in the opponents' hands
// with chance HeldRatio·s, s the share of the unseen tiles they hold
// concealed. Successive weighted picks (weightPool) are exponential
// clocks of rate w raced: a tile's clock runs out before time 1 with
// chance 1 − e^(−w), so w_c = −ln(HeldRatio·s) puts a class's tiles among
// the wall's picks, which end near time 1, as often as the wall holds
// them (Rosén's approximation, good for a hundred tiles; a weight
// proportional to the wall's share falls well short of that).
func (r *root) setPoolWeights(v game.View, o *config) {
	if o.UniformPool || o.poolTruth() != nil || r.nUnseen == 0 {
		return
	}
	held := 0
	for s := range r.np {
		if s != r.me {
			held += 13 - 3*len(v.Melds(s))
		}
	}
	share := float64(held) / float64(r.nUnseen)
	if share <= 0 || share >= 1 {
		return
	}
	ratio := &opponent.HeldRatio[opponent.HeldStage(r.live)]
	for c := range r.poolW {
		r.poolW[c] = max(minPoolWeight, -math.Log(ratio[c]*share))
	}
	r.weighted = true
}

// kindClass is opponent.KindClass by table.
var kindClass = func() (c [tile.NumKinds]uint8) {
	for k := range tile.Kind(tile.NumKinds) {
		c[k] = uint8(opponent.KindClass(k))
	}
	return c
}()

// weightPool reorders the shuffled pool by successive picks, each of the
// tiles left with its class's weight r.poolW, through by (scratch as
// long as the pool). The first picks fill the pool's end, which the dead
// wall's indicators read (they are wall tiles too), the rest its start.
func (r *root) weightPool(rng *rand.Rand, pool []tile.Tile, by *[tile.NumTiles]tile.Tile) {
	// The shuffled tiles by class, each class in its shuffled order.
	var left, next [opponent.NumClasses]int
	for _, t := range pool {
		left[kindClass[t.Kind()]]++
	}
	for c := 1; c < len(next); c++ {
		next[c] = next[c-1] + left[c-1]
	}
	at := next
	for _, t := range pool {
		c := kindClass[t.Kind()]
		by[at[c]] = t
		at[c]++
	}
	n := len(pool)
	tail := min(2*maxDora, n)
	for i := range n {
		c := r.pickClass(rng, &left)
		pos := i - tail
		if i < tail {
			pos = n - 1 - i
		}
		pool[pos] = by[next[c]]
		next[c]++
		left[c]--
	}
}

// pickClass draws a class with chance r.poolW[c] × left[c] over their
// sum; some class must have tiles left.
func (r *root) pickClass(rng *rand.Rand, left *[opponent.NumClasses]int) int {
	total := 0.0
	for c, n := range left {
		total += r.poolW[c] * float64(n)
	}
	u := rng.Float64() * total
	last := 0
	for c, n := range left {
		if n == 0 {
			continue
		}
		last = c
		u -= r.poolW[c] * float64(n)
		if u < 0 {
			return c
		}
	}
	return last
}
