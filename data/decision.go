package data

import (
	"slices"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
)

// Decision is one choice a recorded player made with a choice to make: a
// turn decision (which tile to discard, riichi or not) or the answer to a
// discard that it could chi, pon or kan (the call it made, or pass).
type Decision struct {
	Seat   int
	Event  int         // index of the event that records the choice
	Turn   bool        // a turn decision (else: answering a discard)
	Played game.Action // what the recorded player did
}

// DecisionsAt appends to dst the decisions that event ei of round rd
// records, in the position prev just before it (the round as
// [ReplayObserved] left it after event ei-1): a turn decision of the seat
// to move (discard or riichi; the discard after a riichi declaration is
// part of the riichi decision), or the answer of every seat that could
// chi, pon or kan the discard (the caller's call, the others' pass). Wins
// and the forced discards of a riichi hand are left out.
func DecisionsAt(prev *game.Round, rd *Round, ei int, dst []Decision) []Decision {
	e := rd.Events[ei]
	switch prev.Phase() {
	case game.PhaseTurn:
		seat := prev.Current()
		if int(e.Seat) != seat || prev.InRiichi(seat) {
			return dst
		}
		var played game.Action
		switch {
		case e.Type == EventRiichi && e.Step == 1:
			for _, d := range rd.Events[ei+1:] {
				if d.Type == EventDiscard {
					played = game.Action{Type: game.Riichi, Seat: uint8(seat), Tile: d.Tile}
					break
				}
			}
		case e.Type == EventDiscard:
			if ei > 0 && rd.Events[ei-1].Type == EventRiichi && int(rd.Events[ei-1].Seat) == seat {
				return dst // the riichi event was the decision
			}
			played = game.Action{Type: game.Discard, Seat: uint8(seat), Tile: e.Tile}
		default:
			return dst
		}
		if played.Type == game.Pass {
			return dst
		}
		return append(dst, Decision{Seat: seat, Event: ei, Turn: true, Played: played})
	case game.PhaseCall:
		if e.Type == EventAgari {
			return dst // a ron comes first: the calls were not the question
		}
		var buf [64]game.Action
		for s := range game.NumSeats {
			legal := prev.Legal(s, buf[:0])
			call := false
			for _, a := range legal {
				call = call || isCall(a.Type)
			}
			if !call {
				continue
			}
			played := game.Action{Type: game.Pass, Seat: uint8(s)}
			if e.Type == EventCall && int(e.Seat) == s {
				for _, a := range legal {
					if isCall(a.Type) && SameMeld(a.Meld, e.Meld) {
						played = a
					}
				}
			}
			dst = append(dst, Decision{Seat: s, Event: ei, Played: played})
		}
	}
	return dst
}

func isCall(t game.ActionType) bool {
	return t == game.Chi || t == game.Pon || t == game.Daiminkan
}

// SameMeld reports whether two melds are of one type and hold the same
// tiles, in any order.
func SameMeld(a, b score.Meld) bool {
	if a.Type != b.Type {
		return false
	}
	x, y := a.Tiles, b.Tiles
	slices.Sort(x[:a.Type.Size()])
	slices.Sort(y[:b.Type.Size()])
	return x == y
}
