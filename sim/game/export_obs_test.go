package game

// The external tests (package game_test), which may replay records from
// package data, use these helpers of the internal ones.
var (
	CheckInvariants = checkInvariants
	SamePublic      = samePublic
)
