package data

// BuildWall lays a record's round out as sim/game's wall for the number of
// players.
var BuildWall = buildWall
