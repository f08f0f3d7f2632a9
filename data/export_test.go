package data

// ReplayUnder replays g under the given engine rules (the 2009 rule tests
// turn one switch back to today's).
var ReplayUnder = replayUnder
