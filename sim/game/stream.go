package game

import "math/rand/v2"

// streamMix is xored into the low word of every stream's PCG seed; it is
// what NewWall has always used, so walls stay as they were.
const streamMix = 0x9e3779b97f4a7c15

// Stream returns the random stream keyed by (seed, a, b): a PCG generator,
// as a value (no allocation; take its address for rand.New). The same key
// always gives the same stream, and for one seed distinct (a, b) give
// distinct PCG seeds. Every random choice of the engine and its players
// draws from such a stream, keyed by what it is for:
//
//   - a round's wall: (seed, round index, honba) — see [NewWall];
//   - a bot: (its seed, a constant naming the bot, 0);
//   - an arena seat: (the unit's wall seed, rotation, entry) for the bot's seed;
//   - a Monte Carlo simulation: (seed, decision, simulation index).
//
// Keys below 2³² (every one above in practice) seed the PCG with
// (seed, a·2³² + b xor a fixed constant); higher bits of a and b are mixed
// into the first word instead.
func Stream(seed, a, b uint64) rand.PCG {
	if hi := a>>32<<32 | b>>32; hi != 0 {
		seed ^= splitMix(hi)
	}
	var p rand.PCG
	p.Seed(seed, (a<<32|b&0xffffffff)^streamMix)
	return p
}

// splitMix is SplitMix64's finaliser: a bijection of uint64 that maps
// only 0 to 0, so a key with high bits always moves the seed.
func splitMix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
