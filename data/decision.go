package data

import (
	"slices"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Decision is one choice a recorded player made with a choice to make: a
// turn decision (which tile to discard, riichi or not, in a 3-player game
// a North set aside or kept) or the answer to a discard that it could chi,
// pon or kan (the call it made, or pass).
type Decision struct {
	Seat   int
	Event  int         // index of the event that records the choice
	Turn   bool        // a turn decision (else: answering a discard)
	Played game.Action // what the recorded player did
}

// Decisions appends to dst the decisions that the step's event records,
// in the step's position: a turn decision of the seat to move (discard,
// riichi or, in a 3-player game, kita; the discard after a riichi
// declaration is part of the riichi decision), or the answer of every seat
// that could chi, pon or kan the discard (the caller's call, the others'
// pass). Wins, draws, kans, kyuushu kyuuhai and the moves of a riichi hand
// (its forced discards, its kitas) are left out; a round's end records
// none.
func (s *ReplayStep) Decisions(dst []Decision) []Decision {
	e, ok := s.NextEvent()
	if !ok {
		return dst
	}
	prev, rd, ei := s.Engine, s.Round, s.Event
	switch prev.Phase() {
	case game.PhaseTurn:
		seat := prev.Current()
		if int(e.Seat) != seat || prev.InRiichi(seat) {
			return dst
		}
		if e.Type == EventDiscard && ei > 0 && rd.Events[ei-1].Type == EventRiichi && int(rd.Events[ei-1].Seat) == seat {
			return dst // the riichi event was the decision
		}
		played := rd.Played(ei, seat)
		if played.Type != game.Discard && played.Type != game.Riichi && played.Type != game.Kita {
			return dst
		}
		return append(dst, Decision{Seat: seat, Event: ei, Turn: true, Played: played})
	case game.PhaseCall:
		if e.Type == EventAgari || e.Type == EventRyuukyoku {
			return dst // a ron or an abortive draw comes first: the calls were not the question
		}
		var buf [64]game.Action
		for s := range game.NumSeats {
			legal := prev.Legal(s, buf[:0])
			if !slices.ContainsFunc(legal, func(a game.Action) bool { return isCall(a.Type) }) {
				continue
			}
			played := game.Action{Type: game.Pass, Seat: uint8(s)}
			if rec := rd.Played(ei, s); isCall(rec.Type) {
				for _, a := range legal {
					if isCall(a.Type) && SameMeld(a.Meld, rec.Meld) {
						played = a
					}
				}
			}
			dst = append(dst, Decision{Seat: s, Event: ei, Played: played})
		}
	}
	return dst
}

// Played returns what seat did at event ei of the round, as the engine's
// action: a discard; a riichi (the declaration, with the tile of the
// seat's discard after it); a chi, pon or daiminkan (the recorded meld);
// an ankan or kakan (the meld's first tile, a kakan's added one); a kita
// (the North set aside, 3-player games); a tsumo
// or ron (the event's win is the seat's; the winning tile); or kyuushu
// kyuuhai, at a nine-terminals draw, which the record gives to no seat: it
// is the turn's seat's, whom the caller knows. Anything else (a draw,
// another seat's move, a riichi's acceptance) is a Pass.
func (rd *Round) Played(ei, seat int) game.Action {
	e := rd.Events[ei]
	a := game.Action{Type: game.Pass, Seat: uint8(seat)}
	if int(e.Seat) != seat && e.Type != EventAgari && e.Type != EventRyuukyoku {
		return a
	}
	switch e.Type {
	case EventDiscard:
		a.Type, a.Tile = game.Discard, e.Tile
	case EventRiichi:
		if t := rd.NextDiscard(ei, seat); e.Step == 1 && t != tile.NoTile {
			a.Type, a.Tile = game.Riichi, t
		}
	case EventCall:
		switch e.Meld.Type {
		case score.Ankan:
			a.Type, a.Tile = game.Ankan, e.Meld.Tiles[0]
		case score.Kakan:
			a.Type, a.Tile = game.Kakan, e.Meld.Tiles[3]
		default:
			a.Type, a.Meld = callAction(e.Meld.Type), e.Meld
		}
	case EventKita:
		a.Type, a.Tile = game.Kita, e.Tile
	case EventAgari:
		if int(e.Index) < len(rd.Agari) && rd.Agari[e.Index].Who == seat {
			w := &rd.Agari[e.Index]
			a.Type, a.Tile = game.Ron, w.WinTile
			if w.From == seat {
				a.Type = game.Tsumo
			}
		}
	case EventRyuukyoku:
		if rd.Ryuukyoku != nil && rd.Ryuukyoku.Type == NineTerminals {
			a.Type = game.KyuushuKyuuhai
		}
	}
	return a
}

// NextDiscard returns the tile of seat's first discard after event ei of
// the round (after a chi or pon, the discard that completes the move), or
// tile.NoTile.
func (rd *Round) NextDiscard(ei, seat int) tile.Tile {
	for _, e := range rd.Events[ei+1:] {
		if e.Type == EventDiscard && int(e.Seat) == seat {
			return e.Tile
		}
	}
	return tile.NoTile
}

// callAction is the action that makes an open meld of type t.
func callAction(t score.MeldType) game.ActionType {
	switch t {
	case score.Chi:
		return game.Chi
	case score.Pon:
		return game.Pon
	case score.Daiminkan:
		return game.Daiminkan
	}
	return game.Pass
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
