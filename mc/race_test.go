//go:build race

package mc

// raceEnabled: the tests run under the race detector, whose
// instrumentation makes allocation counts meaningless and every world
// several times slower.
const raceEnabled = true
