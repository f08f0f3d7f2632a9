package train

import "github.com/mjrank/mjrank/data"

// Absence tracks which seats are disconnected while a game is replayed:
// from a seat's data.EventBye until its data.EventReconnect Tenhou plays
// for it (tsumogiri, no calls, no riichi), so the decisions recorded for it
// then are the server's, not a player's, and are no labels. A
// disconnection can outlast its round, so one Absence follows a whole game.
// The zero value (nobody absent) is ready for use.
type Absence struct {
	gone [4]bool
	rd   *data.Round
	upTo int // events of rd already applied
}

// At reports whether seat is absent when event ei of round rd is decided:
// whether its last bye before ei (in this round or an earlier one) has no
// reconnection after it. Calls must come in replay order (rounds in order,
// events non-decreasing within a round), as data.ReplayObserved makes them.
func (a *Absence) At(rd *data.Round, ei, seat int) bool {
	if rd != a.rd {
		a.rd, a.upTo = rd, 0
	}
	for ; a.upTo < ei && a.upTo < len(rd.Events); a.upTo++ {
		e := rd.Events[a.upTo]
		switch e.Type {
		case data.EventBye:
			a.gone[e.Seat&3] = true
		case data.EventReconnect:
			a.gone[e.Seat&3] = false
		}
	}
	return a.gone[seat&3]
}
