package game

// CheckInvariants lets the external tests (package game_test), which may
// replay records from package data, check a round's invariants.
var CheckInvariants = checkInvariants
