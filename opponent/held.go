package opponent

import "github.com/mjrank/mjrank/sim/tile"

// Kind classes of HeldRatio: what players keep differs by how a tile
// connects.
const (
	ClassHonour   = iota // winds and dragons
	ClassTerminal        // 1 and 9
	ClassNearEdge        // 2 and 8
	ClassMiddle          // 3 to 7
	NumClasses
)

// KindClass is the class of kind k (ClassHonour … ClassMiddle).
func KindClass(k tile.Kind) int {
	switch n := k % 9; {
	case k >= 27:
		return ClassHonour
	case n == 0 || n == 8:
		return ClassTerminal
	case n == 1 || n == 7:
		return ClassNearEdge
	}
	return ClassMiddle
}

// NumHeldStages is the number of stages of the round HeldRatio tells
// apart: the live wall's tiles left in tens (0–9, 10–19, …, 60 and more).
const NumHeldStages = 7

// HeldStage is the stage of HeldRatio with live tiles left in the wall.
func HeldStage(live int) int { return max(0, min(NumHeldStages-1, live/10)) }

// HeldRatio is, by stage of the round and kind class, how many of a
// class's unseen tiles the other three players hold concealed, as a
// multiple of a uniform share (their concealed tiles over all unseen
// tiles), seen by a player who has just discarded: players keep the
// middle kinds and throw honours, more so as the round goes on. Measured
// after the 5,272,150 discards of the training games (experiments/train's
// TestWaitsHeldTrial, which fails when these drift from the corpus by
// more than 0.01).
var HeldRatio = [NumHeldStages][NumClasses]float64{
	{0.590, 0.834, 1.016, 1.109},
	{0.544, 0.807, 1.025, 1.145},
	{0.533, 0.805, 1.033, 1.166},
	{0.542, 0.816, 1.043, 1.176},
	{0.575, 0.841, 1.056, 1.169},
	{0.673, 0.879, 1.067, 1.135},
	{0.882, 0.950, 1.039, 1.054},
}
