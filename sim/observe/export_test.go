package observe

import "github.com/mjrank/mjrank/sim/tile"

// The external tests (package observe_test), which may replay records from
// package data, use these helpers of the internal ones.
var (
	CheckInvariants = checkInvariants
	SamePublic      = samePublic
	SameSanma       = sameSanma
)

// PassedSinceRiichi returns the kinds a seat in riichi could have won on
// since its declaration (the hard constraint on its waits).
func (o *Observation) PassedSinceRiichi(seat int) tile.KindSet { return o.seats[seat].passed }
