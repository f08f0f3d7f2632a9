package data

// ReplayUnder replays g under the given engine rules (the 2009 rule tests
// turn one switch back to today's).
var ReplayUnder = replayUnder

// BuildWall lays a record's round out as sim/game's wall for the number of
// players.
var BuildWall = buildWall
