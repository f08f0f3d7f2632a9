package data

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/mjrank/mjrank/sim/game"
)

// ErrNoPosition is wrapped by the errors of [RoundBefore] and
// [FindRound] when a record has no such round or event.
var ErrNoPosition = errors.New("no such position")

// FindRound returns the index in g.Rounds of the round named name: its
// name as Round.Name gives it ("E3-1": East 3, one honba) or its 1-based
// position in the record ("5").
func FindRound(g *Game, name string) (int, error) {
	if n, err := strconv.Atoi(name); err == nil {
		if n < 1 || n > len(g.Rounds) {
			return 0, fmt.Errorf("%w: round %d of %d", ErrNoPosition, n, len(g.Rounds))
		}
		return n - 1, nil
	}
	for i := range g.Rounds {
		if g.Rounds[i].Name() == name {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%w: no round %q (the record's rounds are named like %q)", ErrNoPosition, name, g.Rounds[0].Name())
}

// RoundBefore replays g up to event index event of round ri and returns the
// engine's round just before that event: the position in which the event's
// seat decided (for a call, the caller answering the discard). The round
// holds full information; give a player only its game.View.
func RoundBefore(g *Game, ri, event int) (*game.Round, error) {
	if ri < 0 || ri >= len(g.Rounds) {
		return nil, fmt.Errorf("%w: round %d of %d", ErrNoPosition, ri+1, len(g.Rounds))
	}
	rd := &g.Rounds[ri]
	if event < 0 || event >= len(rd.Events) {
		return nil, fmt.Errorf("%w: %s has events 0..%d, not %d", ErrNoPosition, rd.Name(), len(rd.Events)-1, event)
	}
	// Only the wanted round is replayed: a game's earlier rounds do not
	// change its start, which the record gives.
	one := *g
	one.Rounds = g.Rounds[ri : ri+1]
	one.Owari = nil
	var found *game.Round
	var rep ReplayReport
	// The walk goes on to the round's end, whose mismatches make the
	// position an error too.
	for st := range ReplaySteps(&one, &rep) {
		if found == nil && st.Event == event {
			c := *st.Engine
			found = &c
		}
	}
	if rep.Err != nil {
		return nil, rep.Err
	}
	if len(rep.Mismatches) > 0 {
		return nil, fmt.Errorf("data: %s: the engine disagrees with the record: %v", rd.Name(), rep.Mismatches[0])
	}
	if found == nil {
		return nil, fmt.Errorf("%w: %s event %d was not reached", ErrNoPosition, rd.Name(), event)
	}
	return found, nil
}

// DiscardEvent returns the index of seat's n-th discard (1-based) in the
// round rd.
func DiscardEvent(rd *Round, seat, n int) (int, error) {
	k := 0
	for i, e := range rd.Events {
		if e.Type == EventDiscard && int(e.Seat) == seat {
			if k++; k == n {
				return i, nil
			}
		}
	}
	return 0, fmt.Errorf("%w: seat %d makes %d discards in %s, not %d", ErrNoPosition, seat, k, rd.Name(), n)
}
