package data

import (
	"errors"
	"fmt"
)

// The readers' limits: far above any real record (a Tenhou game holds a
// few dozen rounds of a few hundred events; its mjlog file is ~15 KB), and
// low enough that a hostile input (a decompression bomb, endless tags or
// an endless line) fails with an error naming the limit instead of
// holding memory without bound.
const (
	MaxRoundsPerGame  = 256
	MaxEventsPerRound = 4096
	MaxLine           = 4 << 20   // an mjai line, an mjlog tag, a tenhou.net/6 JSON value
	MaxDecompressed   = 256 << 20 // what a gzip-compressed input may expand to
)

// ErrTooLarge is the cause of a reader's error on an input over one of its
// limits.
var ErrTooLarge = errors.New("over a reader's limit")

// CheckSize refuses a game grown past the limits on rounds and events; the
// readers call it as they add rounds and events.
func CheckSize(g *Game) error {
	if len(g.Rounds) > MaxRoundsPerGame {
		return fmt.Errorf("%w: more than %d rounds in a game", ErrTooLarge, MaxRoundsPerGame)
	}
	if n := len(g.Rounds); n > 0 && len(g.Rounds[n-1].Events) > MaxEventsPerRound {
		return fmt.Errorf("%w: more than %d events in a round", ErrTooLarge, MaxEventsPerRound)
	}
	return nil
}
