package train

import "github.com/mjrank/mjrank/data"

// absence says which seats of a game were disconnected at each event:
// between a seat's <BYE> (data.EventBye) and its reconnection
// (data.EventReconnect), Tenhou plays for it. In the corpus that play is
// always the same: every discard is the tile just drawn, and the seat
// neither calls, declares riichi nor wins, even on a ron it could take
// (12 ron chances passed, none taken, against 6,143 of 6,211 taken by
// connected seats of the same games). So its discards are not decisions
// a player made, and its waits win nothing while it is away.
//
// A disconnection can outlast its round (the <BYE> after a round's
// result, the reconnection rounds later), so the state is carried from
// round to round in record order, over every event, including those after
// a round's result that a replay does not visit.
//
// absence is nil for a game without disconnection (most games): a game
// with one holds a mask per event of the rounds concerned,
// absence[round][event] having bit s set when seat s is away as that
// event happens.
type absence [][]uint8

// absenceOf reads g's disconnections.
func absenceOf(g *data.Game) absence {
	var a absence
	var away uint8
	for ri := range g.Rounds {
		evs := g.Rounds[ri].Events
		for ei, e := range evs {
			switch e.Type {
			case data.EventBye:
				away |= 1 << (e.Seat & 3)
			case data.EventReconnect:
				away &^= 1 << (e.Seat & 3)
			}
			if away == 0 {
				continue
			}
			if a == nil {
				a = make(absence, len(g.Rounds))
			}
			if a[ri] == nil {
				a[ri] = make([]uint8, len(evs))
			}
			a[ri][ei] = away
		}
	}
	return a
}

// away reports whether seat was disconnected at event ei of round ri
// (0-based, in record order).
func (a absence) away(ri, ei, seat int) bool {
	return ri < len(a) && ei >= 0 && ei < len(a[ri]) && a[ri][ei]&(1<<seat) != 0
}
